// The device store of homes' records (issue 11): one row per home holding each list the
// user reads (`homeRecords`), and a small summary row per home (`homeSync`) for the
// readiness view and eviction. Screens read one home's list through the query persister
// here (never the whole store); a screen's fetch, a confirmed queued write and the sync
// ahead write into it. Writes go to the database at once (no debounce to lose on unload);
// the sync's thousands of rows are written in slices so no main-thread task runs long.

import type { Query, QueryPersister } from '@tanstack/react-query';
import { notifyManager } from '@tanstack/react-query';
import type { FieldDatabase, HomeRecordsRow, HomeSyncRow, StoredRecord } from './database';
import type { HomeListTarget } from './home-list-key';
import { homeListOfKey } from './home-list-key';

export type { StoredRecord } from './database';

/** A home as a sync pass brought it: every list of the pass, records grouped. */
export interface SyncedHome {
  homeId: string;
  lists: Record<string, StoredRecord[]>;
}

export interface SyncPassInfo {
  /** When the pass started (ms); the lists are at least this fresh. */
  at: number;
  /** The lists the pass brought for every home. */
  resources: readonly string[];
  signal?: AbortSignal;
}

export interface StoredList {
  records: StoredRecord[];
  /** When the list was last read from the server (ms). */
  syncedAt: number;
}

export interface HomeStore {
  /** One home's list, read through the primary key of its row; undefined if never stored. */
  read(target: HomeListTarget): Promise<StoredList | undefined>;
  /** Stores a home's list as the server gave it (a screen's fetch). */
  write(target: HomeListTarget, records: readonly StoredRecord[], syncedAt?: number): Promise<void>;
  /** Changes a stored list in place (a confirmed write); nothing when the list is not stored. */
  apply(target: HomeListTarget, change: (records: StoredRecord[]) => StoredRecord[]): Promise<void>;
  /**
   * Stores the homes of a sync pass: homes whose lists changed since the last pass are
   * written (in slices), every home's summary is brought up to date. Resolves with the
   * number of homes written.
   */
  putSynced(homes: readonly SyncedHome[], pass: SyncPassInfo): Promise<number>;
  /** The summaries of the given homes (or of every home on the device). */
  summaries(homeIds?: readonly string[]): Promise<HomeSyncRow[]>;
  /** Removes homes' records and summaries (eviction). */
  remove(homeIds: readonly string[]): Promise<void>;
  /** Forgets every home (sign-out); a fetch started before does not store its answer. */
  clear(): Promise<void>;
  /** Resolves once every write started so far is in the database (page hiding, tests). */
  flush(): Promise<void>;
  /** The query persister of home lists; other queries go to `fallback` (the cache). */
  persisterFn: QueryPersister;
}

export interface HomeStoreOptions {
  now?: () => number;
  /** Home rows per transaction when a sync pass writes (default 50). */
  sliceSize?: number;
}

/** Yields the main thread between slices of work (scheduler.yield where there is one). */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Approximate stored size of a list: a few records measured, times the count. */
export function estimateBytes(records: readonly StoredRecord[]): number {
  if (records.length === 0) return 0;
  const step = Math.max(1, Math.floor(records.length / 8));
  let sampled = 0;
  let bytes = 0;
  for (let i = 0; i < records.length; i += step) {
    bytes += JSON.stringify(records[i]).length;
    sampled += 1;
  }
  return Math.round((bytes / sampled) * records.length);
}

/** FNV-1a of a string, as 8 hex digits: a short fingerprint of a home's lists. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * What a home's lists look like at a glance: per list its count and newest `updatedAt`
 * (the server stamps every change; a delete changes the count), fingerprinted.
 */
export function homeStamp(
  lists: Readonly<Record<string, readonly StoredRecord[] | undefined>>,
): string {
  const parts: string[] = [];
  for (const resource of Object.keys(lists).sort()) {
    const records = lists[resource] ?? [];
    let newest = '';
    for (const record of records) {
      const updated = record['updatedAt'];
      if (typeof updated === 'string' && updated > newest) newest = updated;
    }
    parts.push(`${resource}:${records.length}:${newest}`);
  }
  return fingerprint(parts.join('|'));
}

function summarize(row: HomeRecordsRow): Pick<HomeSyncRow, 'records' | 'bytes'> {
  let records = 0;
  let bytes = 0;
  for (const list of Object.values(row.lists)) {
    if (list === undefined) continue;
    records += list.length;
    bytes += estimateBytes(list);
  }
  return { records, bytes };
}

function emptySync(homeId: string): HomeSyncRow {
  return { homeId, syncedAt: 0, resources: [], records: 0, bytes: 0, stamps: {}, openedAt: 0 };
}

const STAMP = 'all';

export function createHomeStore(db: FieldDatabase, options: HomeStoreOptions = {}): HomeStore {
  const now = options.now ?? (() => Date.now());
  const sliceSize = options.sliceSize ?? 50;
  const inFlight = new Set<Promise<unknown>>();
  /** Counts clears: an answer to a fetch started before the last one is not stored. */
  let generation = 0;

  function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work);
    const done = () => inFlight.delete(work);
    work.then(done, done);
    return work;
  }

  async function read(target: HomeListTarget): Promise<StoredList | undefined> {
    const [row, sync] = await db.transaction('r', db.homeRecords, db.homeSync, () =>
      Promise.all([db.homeRecords.get(target.homeId), db.homeSync.get(target.homeId)]),
    );
    const records = row?.lists[target.resource];
    if (row === undefined || records === undefined) return undefined;
    const own = row.syncedAt[target.resource] ?? 0;
    const pass = sync !== undefined && sync.resources.includes(target.resource) ? sync.syncedAt : 0;
    return { records, syncedAt: Math.max(own, pass) };
  }

  async function change(
    target: HomeListTarget,
    update: (row: HomeRecordsRow) => boolean,
  ): Promise<void> {
    await db.transaction('rw', db.homeRecords, db.homeSync, async () => {
      const row = (await db.homeRecords.get(target.homeId)) ?? {
        homeId: target.homeId,
        lists: {},
        syncedAt: {},
      };
      if (!update(row)) return;
      const sync = (await db.homeSync.get(target.homeId)) ?? emptySync(target.homeId);
      await db.homeRecords.put(row);
      await db.homeSync.put({
        ...sync,
        ...summarize(row),
        stamps: { [STAMP]: homeStamp(row.lists) },
        openedAt: now(),
      });
    });
  }

  function write(
    target: HomeListTarget,
    records: readonly StoredRecord[],
    syncedAt: number = now(),
  ): Promise<void> {
    return track(
      change(target, (row) => {
        row.lists[target.resource] = [...records];
        row.syncedAt[target.resource] = syncedAt;
        return true;
      }),
    );
  }

  function apply(
    target: HomeListTarget,
    update: (records: StoredRecord[]) => StoredRecord[],
  ): Promise<void> {
    return track(
      change(target, (row) => {
        const list = row.lists[target.resource];
        if (list === undefined) return false;
        row.lists[target.resource] = update(list);
        return true;
      }),
    );
  }

  async function putSynced(homes: readonly SyncedHome[], pass: SyncPassInfo): Promise<number> {
    const ids = homes.map((home) => home.homeId);
    const before = await db.homeSync.bulkGet(ids);
    const changed: HomeRecordsRow[] = [];
    const summaries: HomeSyncRow[] = [];
    const listTimes = Object.fromEntries(pass.resources.map((resource) => [resource, pass.at]));
    homes.forEach((home, index) => {
      const previous = before[index];
      const stamp = homeStamp(home.lists);
      const row: HomeRecordsRow = { homeId: home.homeId, lists: home.lists, syncedAt: listTimes };
      if (previous === undefined || previous.stamps[STAMP] !== stamp) changed.push(row);
      summaries.push({
        homeId: home.homeId,
        syncedAt: pass.at,
        resources: [...pass.resources],
        ...summarize(row),
        stamps: { [STAMP]: stamp },
        openedAt: previous?.openedAt ?? 0,
      });
    });
    for (let start = 0; start < changed.length; start += sliceSize) {
      if (pass.signal?.aborted === true) throw new DOMException('Aborted', 'AbortError');
      const slice = changed.slice(start, start + sliceSize);
      await track(db.homeRecords.bulkPut(slice));
      await yieldToMain();
    }
    await track(db.homeSync.bulkPut(summaries));
    return changed.length;
  }

  const persisterFn: QueryPersister = async (queryFn, context, query: Query) => {
    const target = homeListOfKey(query.queryKey);
    if (target === undefined) return queryFn(context);
    const started = generation;
    if (query.state.data === undefined) {
      const stored = await read(target);
      if (stored !== undefined) {
        notifyManager.schedule(() => {
          query.setState({ dataUpdatedAt: stored.syncedAt });
          if (query.isStale()) void query.fetch().catch(() => undefined);
        });
        return stored.records;
      }
    }
    const data: unknown = await queryFn(context);
    if (started === generation && Array.isArray(data)) {
      // Safe: a home list's answer is checked with the resource's list schema (records with ids).
      void write(target, data as StoredRecord[]).catch((error: unknown) =>
        console.error('Storing a home list failed', error),
      );
    }
    return data;
  };

  return {
    read,
    write,
    apply,
    putSynced,
    async summaries(homeIds) {
      if (homeIds === undefined) return db.homeSync.toArray();
      const rows = await db.homeSync.bulkGet([...homeIds]);
      return rows.filter((row): row is HomeSyncRow => row !== undefined);
    },
    async remove(homeIds) {
      await db.transaction('rw', db.homeRecords, db.homeSync, async () => {
        await db.homeRecords.bulkDelete([...homeIds]);
        await db.homeSync.bulkDelete([...homeIds]);
      });
    },
    async clear() {
      generation += 1;
      await Promise.allSettled([...inFlight]);
      await db.transaction('rw', db.homeRecords, db.homeSync, async () => {
        await db.homeRecords.clear();
        await db.homeSync.clear();
      });
    },
    async flush() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    persisterFn,
  };
}
