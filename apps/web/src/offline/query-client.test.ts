import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryObserver, onlineManager } from '@tanstack/react-query';
import { ApiError } from '../api/errors';
import { neverLoaded } from '../data/queued-records';
import { fieldQueryClient, followConnection } from './query-client';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

describe('the app’s query client on a page opened offline', () => {
  it('says at once that a list is not on the device, and fetches it when the connection returns', async () => {
    // The browser has no network; no `offline` event came, as none comes to a page opened so.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const client = fieldQueryClient();
    client.mount();
    let signal = false;
    const queryFn = vi.fn(() =>
      signal
        ? Promise.resolve([{ id: 'n1' }])
        : Promise.reject(new ApiError(0, 'Failed to fetch', { kind: 'network' })),
    );
    const observer = new QueryObserver(client, { queryKey: ['notes', 'h1'], queryFn });
    const states: Array<{ data: unknown; fetchStatus: string; isError: boolean }> = [];
    const unsubscribe = observer.subscribe((result) => states.push(result));
    try {
      // One try, then it waits for the connection with no backoff first: no retries spent
      // on a network that is not there (they took about 9 s), and the screen can say why
      // the list is empty. 10 ms of the clock, where the first backoff alone is 2 s.
      await vi.advanceTimersByTimeAsync(10);
      expect(queryFn).toHaveBeenCalledTimes(1);
      expect(observer.getCurrentResult().fetchStatus).toBe('paused');
      expect(neverLoaded(observer.getCurrentResult())).toBe(true);

      signal = true;
      vi.useRealTimers();
      window.dispatchEvent(new Event('online'));
      await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual([{ id: 'n1' }]));
      expect(states.some((state) => state.isError)).toBe(false);
    } finally {
      unsubscribe();
      client.unmount();
    }
  });
});

describe('followConnection', () => {
  it('back online without an access token, says so once the session has refreshed', async () => {
    let refreshed: (ok: boolean) => void = () => undefined;
    const refresh = vi.fn(() => new Promise<boolean>((resolve) => (refreshed = resolve)));
    let token = false;
    const restore = followConnection({ hasToken: () => token, refresh });
    try {
      window.dispatchEvent(new Event('offline'));
      expect(onlineManager.isOnline()).toBe(false);
      window.dispatchEvent(new Event('online'));
      expect(refresh).toHaveBeenCalledTimes(1);
      expect(onlineManager.isOnline()).toBe(false);
      token = true;
      refreshed(true);
      await vi.waitFor(() => expect(onlineManager.isOnline()).toBe(true));

      // Signal that goes again while the session refreshes: still offline after it.
      token = false;
      window.dispatchEvent(new Event('offline'));
      window.dispatchEvent(new Event('online'));
      window.dispatchEvent(new Event('offline'));
      expect(refresh).toHaveBeenCalledTimes(2);
      token = true;
      refreshed(true);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(onlineManager.isOnline()).toBe(false);

      // With a token, the connection counts at once, and no refresh is asked for.
      window.dispatchEvent(new Event('offline'));
      window.dispatchEvent(new Event('online'));
      expect(onlineManager.isOnline()).toBe(true);
      expect(refresh).toHaveBeenCalledTimes(2);
    } finally {
      restore();
    }
  });
});
