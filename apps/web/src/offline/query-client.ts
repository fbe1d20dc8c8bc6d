// The app's QueryClient and its retries (domain constants). One client is shared by the signed-in
// shell, the guest screens' few queries and the offline engine, which plugs in the persister's code
// it brings; none of it is part of the first load of /login (main.tsx).

import { QueryClient } from '@tanstack/react-query';
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

/** Exponential backoff capped at 30 s. */
function retryDelay(failureCount: number): number {
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

/** The app's one QueryClient, made when first asked for (query-provider.tsx, main.tsx). */
export function fieldQueryClient(): QueryClient {
  shared ??= createFieldQueryClient();
  return shared;
}
