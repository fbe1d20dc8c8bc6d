import { describe, expect, it, vi } from 'vitest';
import { filterByAddress } from '@field/domain';
import { afterNextPaint } from '../../ui/after-next-paint';
import { addressIndex } from './home-picker';

const homes = [
  { id: '1', Address: '2100 Meadowlark Lane, Fort Collins' },
  { id: '2', Address: '4809 CEDAR Hollow Drive, Johnstown' },
  { id: '3', Address: '12 Élan Court, Loveland' },
  { id: '4', Address: '2109 Meadowlark Lane, Fort Collins' },
];

describe('the home picker search', () => {
  it.each(['', '  ', 'meadow', 'MEADOWLARK LANE', 'cedar h', 'élan', '2109', 'nowhere', ' fort '])(
    'finds what the domain rule finds for %j, in the same order',
    (query) => {
      const search = addressIndex(homes);
      expect(search(query)).toEqual(filterByAddress(homes, query));
    },
  );
});

describe('filtering after the keystroke is painted', () => {
  it('runs the filter only after a frame, and only for the latest of a burst of keys', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames.push(callback);
      return frames.length;
    });
    vi.stubGlobal('cancelAnimationFrame', (handle: number) => {
      frames[handle - 1] = () => undefined;
    });
    const filtered: string[] = [];
    const cancelFirst = afterNextPaint(() => filtered.push('m'));
    cancelFirst();
    afterNextPaint(() => filtered.push('me'));
    expect(filtered).toEqual([]);
    // The frame paints the field; the filter runs in the task after it.
    for (const frame of frames) frame(0);
    expect(filtered).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(filtered).toEqual(['me']);
    vi.unstubAllGlobals();
  });
});
