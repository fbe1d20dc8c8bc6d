// "A new service worker takes over mid-write" (field lessons): before the page reloads into
// a new version it waits until no tab is sending queued writes, by taking the write queue's
// Web Lock. Writes are durable and resumed after a reload either way, so a drain that takes
// longer than the wait does not block the update for ever.

import { QUEUE_LOCK_NAME } from '../../offline/queue-lock';

const DEFAULT_WAIT_MS = 60_000;

/** The part of the Web Locks API (navigator.locks) used here. */
export interface LockRequester {
  request<T>(
    name: string,
    options: { signal: AbortSignal },
    callback: () => Promise<T>,
  ): Promise<T>;
}

export function whenQueueIdle<T>(
  task: () => Promise<T>,
  waitMs: number = DEFAULT_WAIT_MS,
  locks: LockRequester | undefined = navigator.locks,
): Promise<T> {
  // `navigator.locks` is typed as always present; older browsers lack it, and there the
  // queue uses a lease in IndexedDB that a reload does not need to wait for.
  if (locks === undefined || locks === null) return task();
  const signal = AbortSignal.timeout(waitMs);
  let granted = false;
  return locks
    .request(QUEUE_LOCK_NAME, { signal }, () => {
      granted = true;
      return task();
    })
    .catch((error: unknown) => {
      if (!granted && signal.aborted) return task();
      throw error;
    });
}
