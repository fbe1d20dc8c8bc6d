// Cached reads: TanStack Query persisted PER QUERY to the `cache` store (version tag v4,
// 24 h, writes debounced 500 ms; cache-storage.ts), so one edit rewrites one row and a
// screen opened offline reads only its own queries, never the whole cache as one blob.
// A home's list of a resource goes to the home store instead (home-store.ts), where the
// sync ahead puts every list of the user's homes.

import type { Query, QueryClient, QueryKey, QueryPersister } from '@tanstack/react-query';
import { notifyManager } from '@tanstack/react-query';
import { PERSISTED_CACHE } from '@field/domain';
import type { CacheStorage, PersistedQuery } from './cache-storage';
import { createCacheStorage } from './cache-storage';
import type { FieldDatabase } from './database';
import { homeListOfKey } from './home-list-key';

export const QUERY_CACHE_PREFIX = 'field-app-query';

export interface FieldQueryPersister {
  /** Pass as the queries' `persister`: restores a query from the device, else fetches it. */
  persisterFn: QueryPersister;
  persistQuery(query: Query): void;
  /** Puts every stored query of `queryKey` (prefix) into the client, e.g. before a screen. */
  restoreQueries(queryClient: QueryClient, queryKey?: QueryKey): Promise<number>;
  /** Removes expired and other-version entries. */
  gc(): Promise<void>;
  /**
   * Forgets every stored query (sign-out): waiting writes are dropped, and an answer to a
   * fetch started before is not stored.
   */
  clear(): Promise<void>;
  storage: CacheStorage;
}

function startsWith(key: QueryKey, prefix: QueryKey): boolean {
  return prefix.every((part, index) => JSON.stringify(part) === JSON.stringify(key[index]));
}

/**
 * The per-query persister (the idea of TanStack's experimental_createQueryPersister, on
 * this app's query-core: the persist-client package pins an older copy of it).
 */
export function createFieldQueryPersister(
  db: FieldDatabase,
  options: {
    debounceMs?: number;
    maxAgeMs?: number;
    buster?: string;
    now?: () => number;
    /** Where home lists are kept (home-store.ts); without it they are cached per query too. */
    homeLists?: QueryPersister;
  } = {},
): FieldQueryPersister {
  const storage = createCacheStorage(db, options.debounceMs);
  const buster = options.buster ?? PERSISTED_CACHE.versionTag;
  const maxAge = options.maxAgeMs ?? PERSISTED_CACHE.maxAgeMs;
  const now = options.now ?? (() => Date.now());
  const storageKey = (hash: string): string => `${QUERY_CACHE_PREFIX}-${hash}`;
  /** Counts clears: a fetch that started before the last one keeps its answer to itself. */
  let generation = 0;

  const usable = (stored: PersistedQuery): boolean =>
    stored.buster === buster &&
    stored.state.dataUpdatedAt > 0 &&
    now() - stored.state.dataUpdatedAt <= maxAge;

  async function retrieve(hash: string): Promise<PersistedQuery | undefined> {
    const stored = await storage.getItem(storageKey(hash));
    if (stored === undefined) return undefined;
    if (!usable(stored)) {
      storage.removeItem(storageKey(hash));
      return undefined;
    }
    return stored;
  }

  const homeLists = options.homeLists;
  const isHomeList = (query: Query): boolean =>
    homeLists !== undefined && homeListOfKey(query.queryKey) !== undefined;

  function persistQuery(query: Query): void {
    if (query.state.status !== 'success' || query.state.data === undefined) return;
    // Home lists live in the home store; an optimistic change there waits for the server.
    if (isHomeList(query)) return;
    storage.setItem(storageKey(query.queryHash), {
      buster,
      queryHash: query.queryHash,
      queryKey: query.queryKey,
      state: {
        data: query.state.data,
        dataUpdatedAt: query.state.dataUpdatedAt,
        status: query.state.status,
      },
    });
  }

  const persisterFn: QueryPersister = async (queryFn, context, query) => {
    if (homeLists !== undefined && isHomeList(query)) return homeLists(queryFn, context, query);
    const started = generation;
    if (query.state.data === undefined) {
      const stored = await retrieve(query.queryHash);
      if (stored !== undefined) {
        notifyManager.schedule(() => {
          query.setState({ dataUpdatedAt: stored.state.dataUpdatedAt });
          if (query.isStale()) void query.fetch().catch(() => undefined);
        });
        return stored.state.data;
      }
    }
    const data = await queryFn(context);
    notifyManager.schedule(() => {
      if (started === generation) persistQuery(query);
    });
    return data;
  };

  return {
    persisterFn,
    persistQuery,
    async restoreQueries(queryClient, queryKey = []) {
      let restored = 0;
      for (const [key, stored] of await storage.entries()) {
        if (!usable(stored)) {
          storage.removeItem(key);
          continue;
        }
        if (!startsWith(stored.queryKey, queryKey)) continue;
        queryClient.setQueryData(stored.queryKey, stored.state.data, {
          updatedAt: stored.state.dataUpdatedAt,
        });
        restored += 1;
      }
      return restored;
    },
    async gc() {
      // By the index of write times, reading no values: a start never reads the whole cache.
      // Entries of another version tag are dropped when they are read.
      await storage.flush();
      await db.cache
        .where('updatedAt')
        .below(now() - maxAge)
        .delete();
    },
    async clear() {
      generation += 1;
      await storage.clear();
    },
    storage,
  };
}

/**
 * Also persists data set by hand (optimistic changes of queued writes, the differential
 * sync's merges), so they survive a reload before the server confirms them. Returns an
 * unsubscribe.
 */
export function persistManualUpdates(
  queryClient: QueryClient,
  persister: FieldQueryPersister,
): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (!event.action.manual) return;
    // Safe: the cache's events carry `Query<any>`; the persister reads only state and key.
    persister.persistQuery(event.query as Query);
  });
}

/** Applies an optimistic change to one cached query (a helper for write hooks). */
export function updateCachedQuery<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  update: (current: T | undefined) => T | undefined,
): void {
  queryClient.setQueryData<T>(queryKey, (current) => update(current));
}
