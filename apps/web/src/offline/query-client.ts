// The app's QueryClient, its retries (domain constants) and what it takes for the connection
// (docs/offline.md). One client is shared by the signed-in shell, the guest screens' few
// queries and the offline engine, which plugs in the persister's code it brings; none of it is
// part of the first load of /login (main.tsx).

import { QueryClient, onlineManager } from '@tanstack/react-query';
import { QUERY } from '@field/domain';
import { ApiError } from '../api/errors';
import type { FieldQueryPersister } from './query-persister';

/** Up to 3 retries, 5 on 429, none on other 4xx (packages/domain/src/constants.ts). */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError) {
    if (error.kind === 'circuit-open') return false;
    if (error.status === 429) return failureCount < QUERY.retriesOn429;
    if (error.status >= 400 && error.status < 500 && error.status !== 408) return false;
  }
  return failureCount < QUERY.retries;
}

/** Direct mutations (outside the queue): up to 5 retries, none on 4xx. */
function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < QUERY.mutationRetries;
}

/**
 * Exponential backoff capped at 30 s; none offline, where the retry pauses at once until
 * the connection returns (TanStack's `onlineManager`), so a list that is not on the device
 * says so now rather than after a wait that cannot help.
 */
function retryDelay(failureCount: number): number {
  if (!onlineManager.isOnline()) return 0;
  return Math.min(1000 * 2 ** failureCount, QUERY.backoffCapMs);
}

/**
 * The app's QueryClient: stale after 5 min, kept 24 h, refetched every 5 min while online,
 * the domain's retries, and every query persisted per query.
 */
export function createFieldQueryClient(persister?: FieldQueryPersister): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY.staleTimeMs,
        gcTime: QUERY.cacheTimeMs,
        refetchInterval: QUERY.refetchIntervalMs,
        refetchIntervalInBackground: false,
        retry: shouldRetryQuery,
        retryDelay,
        // Restore from the device first, even offline.
        networkMode: 'offlineFirst',
        ...(persister === undefined ? {} : { persister: persister.persisterFn }),
      },
      mutations: { retry: shouldRetryMutation, retryDelay },
    },
  });
}

let shared: QueryClient | undefined;

/**
 * The app's one QueryClient, made when first asked for (query-provider.tsx, main.tsx). It
 * starts offline when the browser has no network: TanStack assumes a connection until the
 * browser's `offline` event, which a page opened offline never gets, and its lists then
 * retried for about 9 s before saying they were not on the device (docs/offline.md).
 */
export function fieldQueryClient(): QueryClient {
  if (shared === undefined && !navigator.onLine) onlineManager.setOnline(false);
  shared ??= createFieldQueryClient();
  return shared;
}

/**
 * TanStack's connection state (`onlineManager`) follows the browser's `online` and `offline`
 * events, as by default, except that back online without an access token (the app was
 * opened offline; the token lives in memory only) it says so once the session has
 * refreshed: the lists that waited for the connection then go with a token, not into a 401
 * that no retry would mend. Returns what puts the plain events back (the engine's stop).
 */
export function followConnection(session: {
  hasToken: () => boolean;
  refresh?: (() => Promise<boolean>) | undefined;
}): () => void {
  const listen = (refresh: (() => Promise<boolean>) | undefined) =>
    onlineManager.setEventListener((setOnline) => {
      // Each event counts; a refresh that ends after the signal went again says nothing.
      let events = 0;
      const online = (): void => {
        events += 1;
        const event = events;
        if (refresh === undefined || session.hasToken()) setOnline(true);
        else
          void refresh()
            .catch(() => false)
            .finally(() => {
              if (event === events) setOnline(true);
            });
      };
      const offline = (): void => {
        events += 1;
        setOnline(false);
      };
      window.addEventListener('online', online);
      window.addEventListener('offline', offline);
      return () => {
        window.removeEventListener('online', online);
        window.removeEventListener('offline', offline);
      };
    });
  listen(session.refresh);
  return () => listen(undefined);
}
