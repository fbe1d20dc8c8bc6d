// Connection state (docs/product.md, States): the browser's online/offline events plus a check
// every 30 s and on focus / visibility change; when the connection returns, after a 1 s debounce,
// the write queue is replayed and the outcome reported (syncing, success, or `Some changes failed
// to synchronize. Please check your Mutation Queue.`).

import { CONNECTION, MESSAGES } from '@field/domain';
import type { MutationQueue, PassResult } from './mutation-queue';
import { ENGINE_TEXTS } from './texts';

export type SyncNotice =
  | { kind: 'syncing'; message: string }
  | { kind: 'synced'; message: string }
  | { kind: 'sync-failed'; message: string }
  /** The replay reported as syncing is over, whatever came of it: "Syncing…" goes. */
  | { kind: 'sync-ended' };

export interface ConnectionMonitorOptions {
  queue: MutationQueue;
  /** Resolves whether the server answers (e.g. `GET /api/health`). */
  probe?: () => Promise<boolean>;
  notify?: (notice: SyncNotice) => void;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  doc?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  initialOnline?: boolean;
}

export interface ConnectionMonitor {
  isOnline: () => boolean;
  subscribe: (listener: (online: boolean) => void) => () => void;
  /** Replays the queue now, with the toasts. */
  syncNow(): Promise<PassResult>;
  stop(): void;
}

/** Probes the API's health route. */
export function healthProbe(
  baseUrl = '',
  timeoutMs: number = CONNECTION.probeTimeoutMs,
): () => Promise<boolean> {
  return async () => {
    try {
      const response = await fetch(`${baseUrl}/api/health`, {
        cache: 'no-store',
        signal: AbortSignal.timeout(timeoutMs),
      });
      return response.ok;
    } catch {
      return false;
    }
  };
}

export function startConnectionMonitor(options: ConnectionMonitorOptions): ConnectionMonitor {
  const target = options.target ?? window;
  const doc = options.doc ?? document;
  const listeners = new Set<(online: boolean) => void>();
  let online = options.initialOnline ?? navigator.onLine;
  let debounce: ReturnType<typeof setTimeout> | undefined;
  // Writes that something else sent while the returned connection's replay was due: a page
  // reopened offline has no access token, and the sign-in that comes back with the
  // connection sends the queue at once (main.tsx). The replay reports them all the same,
  // so the toasts do not depend on what the page saw before.
  let sentWhileDue = 0;
  const stopCounting = options.queue.subscribe((event) => {
    if (event.type === 'sent' && debounce !== undefined) sentWhileDue += 1;
  });

  async function syncNow(): Promise<PassResult> {
    const early = sentWhileDue;
    sentWhileDue = 0;
    const waiting = (await options.queue.list()).filter((m) => m.status === 'pending').length;
    const pending = waiting + early;
    if (pending > 0) options.notify?.({ kind: 'syncing', message: ENGINE_TEXTS.syncing });
    let result: PassResult;
    try {
      result = await options.queue.process();
    } finally {
      // A pass that parks a conflict, or leaves its writes for a retry, reports nothing
      // more: "Syncing…" stood over the conflict's panel on a phone until it timed out.
      if (pending > 0) options.notify?.({ kind: 'sync-ended' });
    }
    const failed = (await options.queue.list()).some((m) => m.status === 'failed');
    if (failed && result.failed > 0) {
      options.notify?.({ kind: 'sync-failed', message: MESSAGES.syncFailed });
    } else if (pending > 0 && result.sent + early > 0 && result.pending === 0) {
      options.notify?.({ kind: 'synced', message: ENGINE_TEXTS.syncSucceeded });
    }
    return result;
  }

  function set(next: boolean): void {
    if (next === online) return;
    online = next;
    for (const listener of listeners) listener(online);
    if (debounce !== undefined) clearTimeout(debounce);
    debounce = undefined;
    sentWhileDue = 0;
    if (online) {
      debounce = setTimeout(() => {
        debounce = undefined;
        syncNow().catch((error: unknown) => console.error('Sync after reconnecting failed', error));
      }, CONNECTION.syncDebounceMs);
    }
  }

  function check(): void {
    const probe = options.probe;
    if (probe === undefined) return;
    probe()
      .then((reachable) => {
        set(reachable);
        // Writes waiting on nothing but a trigger (a refreshed sign-in, another tab's
        // pass that ended) go out within one check; not while a returned connection's
        // replay is due, which reports syncing and success (sent here, it left that replay
        // nothing to report).
        if (reachable && debounce === undefined) options.queue.kick();
      })
      .catch(() => set(false));
  }

  const onOnline = (): void => {
    set(true);
    check();
  };
  const onOffline = (): void => set(false);
  const onVisible = (): void => {
    if (doc.visibilityState === 'visible') check();
  };
  target.addEventListener('online', onOnline);
  target.addEventListener('offline', onOffline);
  target.addEventListener('focus', check);
  doc.addEventListener('visibilitychange', onVisible);
  const interval = setInterval(check, CONNECTION.checkIntervalMs);
  check(); // `navigator.onLine` says only that there is a network, not that the server answers

  return {
    isOnline: () => online,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    syncNow,
    stop() {
      stopCounting();
      clearInterval(interval);
      if (debounce !== undefined) clearTimeout(debounce);
      target.removeEventListener('online', onOnline);
      target.removeEventListener('offline', onOffline);
      target.removeEventListener('focus', check);
      doc.removeEventListener('visibilitychange', onVisible);
    },
  };
}
