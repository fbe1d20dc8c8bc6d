// Sync ahead (issue 11): while online, every list the user reads of every home they carry
// comes onto the device, so a screen never opened online still shows its home's records
// offline. Homes go in chunks of 500 (the batch lookups' limit), one `listByHomes` call per
// resource and chunk, job schedules by their jobs (`listByJobs`); the answers' bytes go
// to the sync worker (sync-chunk-runner.ts), which checks them record by record and writes
// the home store, rewriting only the homes whose lists changed. Passes run when a plan first arrives (sign-in), every refetch
// interval while the page is visible, when the connection returns, and on demand.

import type { QueryClient } from '@tanstack/react-query';
import type { Resource } from '@field/domain';
import { CONNECTION, LOOKUPS, MAX_BATCH_IDS, QUERY, apiPath, lookupQueryKey } from '@field/domain';
import type { ApiClient } from '../api/client';
import type { FieldDatabase } from './database';
import { homeListOfKey } from './home-list-key';
import type { HomeStore, SyncedHome } from './home-store';
import type { ChunkKeep } from './sync-chunk';
import type { ChunkRunner } from './sync-chunk-runner';
import { createPageChunkRunner } from './sync-chunk-runner';
import { KEEP_HOMES_KEY } from './storage-health';

interface SyncList {
  /** What it is, for errors (`employees`). */
  name: string;
  run(signal: AbortSignal): Promise<unknown>;
}

export interface SyncPlan {
  /** Whose plan it is: another user's starts afresh. */
  userId: string;
  /** The homes the user carries: their Offline Homes, and homes pinned "Keep offline". */
  homeIds: readonly string[];
  /** Every resource with a home lookup the user may read. */
  resources: readonly Resource[];
  /** Whether job schedules come too (by the jobs of the homes). */
  jobSchedules: boolean;
  /** Whole lists brought up to date first (employees, vendors: differentially). */
  lists?: readonly SyncList[];
  /**
   * Runs after each chunk is stored (photo thumbnails of its items), with the records of
   * `afterChunkReads` that carry a list in its field (the rest stays in the database).
   */
  afterChunk?: (homes: readonly SyncedHome[], signal: AbortSignal) => Promise<void>;
  afterChunkReads?: ChunkKeep['withList'];
}

type SyncState = 'idle' | 'syncing' | 'failed';

export interface SyncStatus {
  state: SyncState;
  /** Homes of the pass under way that are stored; total of the pass. */
  done: number;
  total: number;
  /** When the last complete pass of the current plan started; null before one. */
  lastSyncedAt: number | null;
  /** Why the last pass stopped, when it failed. */
  error?: string;
}

export interface SyncAhead {
  /** The plan to keep (null when signed out: a pass under way stops). */
  setPlan(plan: SyncPlan | null): void;
  /** A full pass now (or the one under way); resolves when it ends, rejects when it fails. */
  syncNow(): Promise<void>;
  status(): SyncStatus;
  subscribe(listener: () => void): () => void;
  /** Stops the pass under way and resolves once it wrote its last row (before a sign-out clears). */
  settle(): Promise<void>;
  stop(): void;
}

export interface SyncAheadOptions {
  client: ApiClient;
  db: FieldDatabase;
  store: HomeStore;
  queryClient: QueryClient;
  isOnline: () => boolean;
  /** Calls back with the connection's state when it changes. */
  onConnectionChange: (listener: (online: boolean) => void) => () => void;
  intervalMs?: number;
  chunkSize?: number;
  /** Requests in flight at once within a chunk. */
  parallel?: number;
  now?: () => number;
  /** Whether the page is visible (periodic passes wait while it is hidden). */
  visible?: () => boolean;
  /** How long after the connection returns a pass starts (default 2 s). */
  reconnectDelayMs?: number;
  /** After each chunk is stored (the engine checks storage pressure). */
  onStored?: () => Promise<unknown>;
  /** Where a chunk's answers are checked and stored (default: on this thread). */
  runner?: ChunkRunner;
}

const LAST_PASS_KEY = 'sync-ahead:last';
function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    out.push(items.slice(start, start + size));
  return out;
}

/** A pool running `work` over `items`, `parallel` at a time. */
async function eachLimited<T>(
  items: readonly T[],
  parallel: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      if (item !== undefined) await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

interface PassRequest {
  /** Only these homes (new in the plan); undefined: every home of the plan. */
  homes?: readonly string[];
}

export function createSyncAhead(options: SyncAheadOptions): SyncAhead {
  const { client, db, queryClient } = options;
  const runner = options.runner ?? createPageChunkRunner(options.store);
  const now = options.now ?? (() => Date.now());
  const chunkSize = Math.min(options.chunkSize ?? MAX_BATCH_IDS, MAX_BATCH_IDS);
  const parallel = options.parallel ?? 3;
  const intervalMs = options.intervalMs ?? QUERY.refetchIntervalMs;
  const reconnectDelayMs = options.reconnectDelayMs ?? 2 * CONNECTION.syncDebounceMs;
  const visible =
    options.visible ??
    (() => typeof document === 'undefined' || document.visibilityState !== 'hidden');

  let plan: SyncPlan | null = null;
  let status: SyncStatus = { state: 'idle', done: 0, total: 0, lastSyncedAt: null };
  const listeners = new Set<() => void>();
  let running: { promise: Promise<void>; abort: AbortController; full: boolean } | undefined;
  let queued:
    | {
        request: PassRequest;
        waiters: Array<{ resolve: () => void; reject: (error: unknown) => void }>;
      }
    | undefined;
  let stopped = false;

  /** Drops the passes waiting their turn (their callers see them end). */
  function dropQueued(): void {
    for (const waiter of queued?.waiters ?? []) waiter.resolve();
    queued = undefined;
  }

  function set(next: Partial<SyncStatus>): void {
    status = { ...status, ...next };
    if (next.state !== undefined && next.state !== 'failed') delete status.error;
    for (const listener of listeners) listener();
  }

  /** The answers of one batch lookup per item of `ids`, `parallel` at a time, as bytes. */
  async function fetchBodies<T>(
    items: readonly T[],
    call: (item: T) => { path: string; body: unknown },
    signal: AbortSignal,
  ): Promise<ArrayBuffer[]> {
    const bodies: ArrayBuffer[] = new Array<ArrayBuffer>(items.length);
    await eachLimited([...items.keys()], parallel, async (index) => {
      const item = items[index];
      if (item === undefined) return;
      const { path, body } = call(item);
      bodies[index] = await client.postBytes(path, body, { signal });
    });
    return bodies;
  }

  /** A chunk of homes: one call per resource, then schedules by their jobs, then stored. */
  function syncChunk(
    current: SyncPlan,
    homeIds: readonly string[],
    at: number,
    signal: AbortSignal,
  ) {
    const resources: string[] = [...current.resources];
    if (current.jobSchedules) resources.push('jobSchedules');
    const { path, param } = LOOKUPS.home.batch;
    const jobs = LOOKUPS.job.batch;
    return fetchBodies(
      current.resources,
      (resource) => ({ path: `${apiPath(resource)}/${path}`, body: { [param]: homeIds } }),
      signal,
    ).then((bodies) =>
      runner.store(
        { homeIds, resources: current.resources, bodies, jobSchedules: current.jobSchedules },
        (jobIds) =>
          fetchBodies(
            chunks(jobIds, MAX_BATCH_IDS),
            (ids) => ({
              path: `${apiPath('jobSchedules')}/${jobs.path}`,
              body: { [jobs.param]: ids },
            }),
            signal,
          ),
        {
          at,
          resources,
          keep: {
            homeIds: shownHomes(),
            ...(current.afterChunkReads === undefined ? {} : { withList: current.afterChunkReads }),
          },
        },
        signal,
      ),
    );
  }

  /** The homes whose lists a screen shows now (their queries hold data). */
  function shownHomes(): string[] {
    const homes = new Set<string>();
    for (const query of queryClient.getQueryCache().getAll()) {
      const target = homeListOfKey(query.queryKey);
      if (target !== undefined && query.state.data !== undefined) homes.add(target.homeId);
    }
    return [...homes];
  }

  /**
   * Screens showing a home of the chunk see the new lists at once, unless a list on screen
   * is newer than the pass (fetched, or changed by a write, after the pass started): the
   * pass's answer may predate that write, and laid over it would bring back what the write
   * changed (an item reopened on the server showing complete again).
   */
  function refreshQueries(homes: readonly SyncedHome[], at: number): void {
    const byId = new Map(homes.map((home) => [home.homeId, home]));
    for (const query of queryClient.getQueryCache().getAll()) {
      const target = homeListOfKey(query.queryKey);
      if (target === undefined || query.state.data === undefined) continue;
      if (query.state.dataUpdatedAt > at) continue;
      const records = byId.get(target.homeId)?.lists[target.resource];
      if (records === undefined) continue;
      queryClient.setQueryData(lookupQueryKey(target.resource, 'home', target.homeId), records, {
        updatedAt: at,
      });
    }
  }

  async function pass(current: SyncPlan, request: PassRequest, signal: AbortSignal): Promise<void> {
    const at = now();
    const homeIds = request.homes ?? current.homeIds;
    set({ state: 'syncing', done: 0, total: homeIds.length });
    for (const list of current.lists ?? []) await list.run(signal);
    let done = 0;
    for (const chunk of chunks(homeIds, chunkSize)) {
      const kept = await syncChunk(current, chunk, at, signal);
      refreshQueries(kept.shown, at);
      await options.onStored?.();
      if (current.afterChunk !== undefined) await current.afterChunk(kept.listed, signal);
      done += chunk.length;
      set({ done });
    }
    if (request.homes === undefined) {
      await db.metadata.put({ key: LAST_PASS_KEY, value: { userId: current.userId, at } });
      set({ lastSyncedAt: at });
    }
  }

  function merge(a: PassRequest | undefined, b: PassRequest): PassRequest {
    if (a === undefined) return b;
    if (a.homes === undefined || b.homes === undefined) return {};
    return { homes: [...new Set([...a.homes, ...b.homes])] };
  }

  function start(request: PassRequest): Promise<void> {
    const current = plan;
    if (current === null || stopped) return Promise.resolve();
    if (running !== undefined) {
      // One pass at a time: a full pass under way covers any request; others wait their turn.
      if (running.full && !running.abort.signal.aborted) return running.promise;
      const next = queued ?? { request, waiters: [] };
      next.request = merge(queued?.request, request);
      queued = next;
      return new Promise((resolve, reject) => next.waiters.push({ resolve, reject }));
    }
    const abort = new AbortController();
    const promise = pass(current, request, abort.signal).then(
      () => set({ state: 'idle', done: 0, total: 0 }),
      (error: unknown) => {
        if (isAbort(error) || abort.signal.aborted) {
          set({ state: 'idle', done: 0, total: 0 });
          return;
        }
        set({ state: 'failed', error: error instanceof Error ? error.message : String(error) });
        throw error;
      },
    );
    running = { promise, abort, full: request.homes === undefined };
    const after = (): void => {
      running = undefined;
      const next = queued;
      queued = undefined;
      if (next === undefined) return;
      const started = plan === null ? Promise.resolve() : start(next.request);
      for (const waiter of next.waiters) started.then(waiter.resolve, waiter.reject);
    };
    promise.then(after, after);
    return promise;
  }

  /** When the user's last complete pass started, as this device stored it. */
  async function lastPassOf(userId: string): Promise<number | null> {
    const stored = await db.metadata.get(LAST_PASS_KEY);
    const last: unknown = stored?.value;
    return typeof last === 'object' &&
      last !== null &&
      'userId' in last &&
      last.userId === userId &&
      'at' in last &&
      typeof last.at === 'number'
      ? last.at
      : null;
  }

  /**
   * A full pass when online and due (none complete yet, or the last older than the
   * interval). The stored time of the last pass is shown first, online or not: a new page
   * (offline, or before its own pass ends) still says when the homes were last synced.
   */
  async function passIfDue(force: boolean): Promise<void> {
    const current = plan;
    if (current === null) return;
    const last = await lastPassOf(current.userId);
    // Signed out or another user meanwhile: their own plan decides.
    if (plan?.userId !== current.userId) return;
    if (last !== null && status.lastSyncedAt === null) set({ lastSyncedAt: last });
    if (!options.isOnline()) return;
    if (!force && last !== null && now() - last < intervalMs) return;
    await start({});
  }

  const timer = setInterval(() => {
    if (visible()) void passIfDue(false).catch(() => undefined);
  }, intervalMs);
  // After the connection returns the queue drains first (it waits 1 s): the pass then
  // reads the server with this device's writes in it.
  let reconnect: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = options.onConnectionChange((online) => {
    if (reconnect !== undefined) clearTimeout(reconnect);
    reconnect = undefined;
    if (online) {
      reconnect = setTimeout(() => void passIfDue(true).catch(() => undefined), reconnectDelayMs);
    }
  });

  return {
    setPlan(next) {
      const previous = plan;
      plan = next;
      if (next === null) {
        running?.abort.abort();
        dropQueued();
        set({ state: 'idle', done: 0, total: 0, lastSyncedAt: null });
        return;
      }
      void db.metadata
        .put({ key: KEEP_HOMES_KEY, value: [...next.homeIds] })
        .catch(() => undefined);
      const sameUser = previous !== null && previous.userId === next.userId;
      const sameLists =
        sameUser &&
        previous.jobSchedules === next.jobSchedules &&
        previous.resources.length === next.resources.length &&
        previous.resources.every((resource) => next.resources.includes(resource));
      if (!sameUser) {
        running?.abort.abort();
        dropQueued();
        set({ lastSyncedAt: null });
        void passIfDue(false).catch(() => undefined);
        return;
      }
      if (!sameLists) {
        void passIfDue(true).catch(() => undefined);
        return;
      }
      const known = new Set(previous.homeIds);
      const added = next.homeIds.filter((homeId) => !known.has(homeId));
      if (added.length > 0 && options.isOnline())
        void start({ homes: added }).catch(() => undefined);
    },
    syncNow: () => start({}),
    async settle() {
      running?.abort.abort();
      dropQueued();
      await running?.promise.catch(() => undefined);
    },
    status: () => status,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    stop() {
      stopped = true;
      clearInterval(timer);
      if (reconnect !== undefined) clearTimeout(reconnect);
      unsubscribe();
      running?.abort.abort();
      dropQueued();
      runner.stop();
    },
  };
}
