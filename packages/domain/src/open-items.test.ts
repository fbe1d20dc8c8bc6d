// The summary counts of open items, written from the spec's words and our reading of item status
// (docs/entities.md, walk item: `Outstanding` | `Complete`), not from the code: each case lists
// items and the six counts a reader of the spec expects.

import { describe, expect, it } from 'vitest';
import { isOpenItem, openItemCounts } from './open-items.js';

const NONE = {
  'Open Items': 0,
  'Open Frame Punch Items': 0,
  'Open Final Punch Items': 0,
  'Open NHP Items': 0,
  'Open WHO Items': 0,
  'Open Post Close Items': 0,
};

const open = (Walk: string) => ({ Walk, Status: 'Outstanding' });
const done = (Walk: string) => ({ Walk, Status: 'Complete' });

const CASES: Array<{
  name: string;
  items: Array<Record<string, unknown>>;
  expected: Partial<typeof NONE>;
}> = [
  { name: 'no items: every count is 0', items: [], expected: {} },
  {
    name: 'an outstanding frame punch item',
    items: [open('frame-punch')],
    expected: { 'Open Items': 1, 'Open Frame Punch Items': 1 },
  },
  {
    name: 'an outstanding final punch item',
    items: [open('final-punch')],
    expected: { 'Open Items': 1, 'Open Final Punch Items': 1 },
  },
  {
    name: 'an outstanding new home presentation item',
    items: [open('nhp')],
    expected: { 'Open Items': 1, 'Open NHP Items': 1 },
  },
  {
    name: 'an outstanding welcome home orientation item',
    items: [open('who')],
    expected: { 'Open Items': 1, 'Open WHO Items': 1 },
  },
  {
    name: 'an outstanding post-close item',
    items: [open('post-close')],
    expected: { 'Open Items': 1, 'Open Post Close Items': 1 },
  },
  {
    name: 'complete items are not open',
    items: [done('frame-punch'), done('final-punch'), done('nhp'), done('who'), done('post-close')],
    expected: {},
  },
  {
    name: 'Open Items is the sum over every walk type',
    items: [
      open('frame-punch'),
      open('frame-punch'),
      open('final-punch'),
      done('final-punch'),
      open('nhp'),
      open('who'),
      open('who'),
      open('who'),
      open('post-close'),
      done('post-close'),
    ],
    expected: {
      'Open Items': 8,
      'Open Frame Punch Items': 2,
      'Open Final Punch Items': 1,
      'Open NHP Items': 1,
      'Open WHO Items': 3,
      'Open Post Close Items': 1,
    },
  },
  {
    name: 'an item without a status is new, so open',
    items: [{ Walk: 'nhp' }],
    expected: { 'Open Items': 1, 'Open NHP Items': 1 },
  },
  {
    name: 'a deleted item is not counted',
    items: [{ ...open('who'), deletedAt: '2025-03-01T00:00:00.000Z' }],
    expected: {},
  },
  {
    name: 'an item of an unknown walk type is not counted',
    items: [open('landscape'), { Status: 'Outstanding' }],
    expected: {},
  },
];

describe('open-item counts', () => {
  it.each(CASES)('$name', ({ items, expected }) => {
    expect(openItemCounts(items)).toEqual({ ...NONE, ...expected });
  });

  it('leaves out the walk types the caller may not see, in Open Items too', () => {
    const items = [open('final-punch'), open('post-close'), open('post-close')];
    expect(openItemCounts(items, (type) => type === 'post-close')).toEqual({
      ...NONE,
      'Open Items': 2,
      'Open Post Close Items': 2,
    });
  });

  it.each([
    [{ Status: 'Outstanding' }, true],
    [{ Status: 'Complete' }, false],
    [{}, true],
    [{ Status: 'Outstanding', deletedAt: null }, true],
    [{ Status: 'Outstanding', deletedAt: '2025-01-01T00:00:00.000Z' }, false],
  ])('isOpenItem(%j) is %s', (item, expected) => {
    expect(isOpenItem(item)).toBe(expected);
  });
});
