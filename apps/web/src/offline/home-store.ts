// The device store of homes' records (issue 11): one row per home holding each list the
// user reads (`homeRecords`), and a small summary row per home (`homeSync`) for the
// readiness view and eviction. Screens read one home's list through the query persister
// here (never the whole store); a screen's fetch, a confirmed queued write and the sync
// ahead write into it. Writes go to the database at once (no debounce to lose on unload);
// the sync's thousands of rows are written in slices of about 2 MB, each home turned into
// JSON text in its slice, so no main-thread task runs long.

import type { Query, QueryPersister } from '@tanstack/react-query';
import { notifyManager } from '@tanstack/react-query';
import type {
  FieldDatabase,
  HomeLists,
  HomeRecordsRow,
  HomeSyncRow,
  StoredRecord,
} from './database';
import type { HomeListTarget } from './home-list-key';
import { homeListOfKey } from './home-list-key';
import { yieldToMain } from '../lib/yield-to-main';

export type { StoredRecord } from './database';

/** A home as a sync pass brought it: every list of the pass, records grouped. */
export interface SyncedHome {
  homeId: string;
  lists: Record<string, StoredRecord[]>;
}

interface SyncPassInfo {
  /** When the pass started (ms); the lists are at least this fresh. */
  at: number;
  /** The lists the pass brought for every home. */
  resources: readonly string[];
  signal?: AbortSignal;
  /** The homes' summaries before the pass, when the caller read them already (one read). */
  previous?: ReadonlyMap<string, HomeSyncRow>;
}

interface StoredList {
  records: StoredRecord[];
  /** When the list was last read from the server (ms). */
  syncedAt: number;
}

export interface HomeStore {
  /** One home's list, read through the primary key of its row; undefined if never stored. */
  read(target: HomeListTarget): Promise<StoredList | undefined>;
  /**
   * The given lists of many homes, one row read per home (a view across homes: the calendar,
   * the items across homes); a home with no row is left out. Parsed in short tasks.
   */
  readHomes(
    homeIds: readonly string[],
    resources: readonly string[],
  ): Promise<Map<string, Record<string, StoredRecord[]>>>;
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
  /** At most this many home rows per transaction when a sync pass writes (default 500). */
  sliceSize?: number;
  /** About this many bytes of records (text) per transaction (default 2 MB, a ~15 ms task on a quiet machine: a busy phone stretches it). */
  sliceBytes?: number;
}

/**
 * The sync worker's store (sync-chunk.worker.ts): its tasks hold up no screen, so a
 * transaction takes 8 MB, fewer and larger writes. bench/sync-ahead, first sync of 2,800
 * homes: 1.78-1.93x the one-blob write against 1.97-2.24x with the page's 2 MB.
 */
export const WORKER_STORE_OPTIONS: HomeStoreOptions = { sliceBytes: 8 * 1024 * 1024 };

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
function homeStamp(lists: Readonly<Record<string, readonly StoredRecord[] | undefined>>): string {
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

/** A home row's lists (an unreadable text counts as empty: the next sync replaces it). */
function parseHome(row: HomeRecordsRow | undefined): HomeLists {
  if (row === undefined) return { lists: {}, syncedAt: {} };
  try {
    const value: unknown = JSON.parse(row.json);
    if (typeof value === 'object' && value !== null && 'lists' in value && 'syncedAt' in value) {
      // Safe: only this module writes the text, from a HomeLists.
      return value as HomeLists;
    }
  } catch {
    // Falls through to empty.
  }
  return { lists: {}, syncedAt: {} };
}

function countOf(lists: Readonly<Record<string, readonly StoredRecord[]>>): number {
  let records = 0;
  for (const list of Object.values(lists)) records += list.length;
  return records;
}

function emptySync(homeId: string): HomeSyncRow {
  return { homeId, syncedAt: 0, resources: '', records: 0, bytes: 0, stamp: '', openedAt: 0 };
}

export function createHomeStore(db: FieldDatabase, options: HomeStoreOptions = {}): HomeStore {
  const now = options.now ?? (() => Date.now());
  const sliceSize = options.sliceSize ?? 500;
  const sliceBytes = options.sliceBytes ?? 2 * 1024 * 1024;
  const inFlight = new Set<Promise<unknown>>();
  /** Counts clears: an answer to a fetch started before the last one is not stored. */
  let generation = 0;

  function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work);
    const done = () => inFlight.delete(work);
    work.then(done, done);
    return work;
  }

  /** One row read by its key: nothing else is opened to show a home's screen. */
  async function read(target: HomeListTarget): Promise<StoredList | undefined> {
    const home = parseHome(await db.homeRecords.get(target.homeId));
    const records = home.lists[target.resource];
    if (records === undefined) return undefined;
    return { records, syncedAt: home.syncedAt[target.resource] ?? 0 };
  }

  async function readHomes(
    homeIds: readonly string[],
    resources: readonly string[],
  ): Promise<Map<string, Record<string, StoredRecord[]>>> {
    const homes = new Map<string, Record<string, StoredRecord[]>>();
    let started = performance.now();
    // A hundred rows at a time, parsed in short tasks: the items across homes read 10,000.
    for (let i = 0; i < homeIds.length; i += 100) {
      const rows = await db.homeRecords.bulkGet(homeIds.slice(i, i + 100));
      for (const row of rows) {
        if (row === undefined) continue;
        const { lists } = parseHome(row);
        const wanted: Record<string, StoredRecord[]> = {};
        for (const resource of resources) {
          const records = lists[resource];
          if (records !== undefined) wanted[resource] = records;
        }
        homes.set(row.homeId, wanted);
        if (performance.now() - started > 8) {
          await yieldToMain();
          started = performance.now();
        }
      }
    }
    return homes;
  }

  async function change(target: HomeListTarget, update: (home: HomeLists) => boolean) {
    await db.transaction('rw', db.homeRecords, db.homeSync, async () => {
      const home = parseHome(await db.homeRecords.get(target.homeId));
      if (!update(home)) return;
      const json = JSON.stringify(home);
      const sync = (await db.homeSync.get(target.homeId)) ?? emptySync(target.homeId);
      await db.homeRecords.put({ homeId: target.homeId, json });
      await db.homeSync.put({
        ...sync,
        records: countOf(home.lists),
        bytes: json.length,
        // Unknown now: the next pass writes this home again with the server's lists.
        stamp: '',
        // Also when the row was last written here: a pass started before keeps it.
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
      change(target, (home) => {
        home.lists[target.resource] = [...records];
        home.syncedAt[target.resource] = syncedAt;
        return true;
      }),
    );
  }

  function apply(
    target: HomeListTarget,
    update: (records: StoredRecord[]) => StoredRecord[],
  ): Promise<void> {
    return track(
      change(target, (home) => {
        const list = home.lists[target.resource];
        if (list === undefined) return false;
        home.lists[target.resource] = update(list);
        home.changedAt = { ...home.changedAt, [target.resource]: now() };
        return true;
      }),
    );
  }

  async function previousOf(homes: readonly SyncedHome[]): Promise<Map<string, HomeSyncRow>> {
    const rows = await db.homeSync.bulkGet(homes.map((home) => home.homeId));
    return new Map(rows.flatMap((row) => (row === undefined ? [] : [[row.homeId, row]])));
  }

  async function putSynced(homes: readonly SyncedHome[], pass: SyncPassInfo): Promise<number> {
    const before = pass.previous ?? (await previousOf(homes));
    const resources = pass.resources.join(',');
    const listTimes = Object.fromEntries(pass.resources.map((resource) => [resource, pass.at]));
    const summaries: HomeSyncRow[] = [];
    const newer: SyncedHome[] = [];
    const writes: Array<Promise<unknown>> = [];
    let slice: HomeRecordsRow[] = [];
    let sliceTotal = 0;
    let written = 0;
    // Each slice is started without waiting for the one before (the database queues
    // them); the main thread only yields between slices.
    const writeSlice = async (): Promise<void> => {
      if (slice.length === 0) return;
      if (pass.signal?.aborted === true) throw new DOMException('Aborted', 'AbortError');
      writes.push(track(db.homeRecords.bulkPut(slice)));
      written += slice.length;
      slice = [];
      sliceTotal = 0;
      await yieldToMain();
    };
    for (const home of homes) {
      const previous = before.get(home.homeId);
      if (previous !== undefined && previous.openedAt > pass.at) {
        // Written on the device since the pass started (a screen's fetch, a confirmed
        // write): its lists written since are newer than the pass's answer, which may
        // predate the write. They stay; the pass gives the home its other lists.
        newer.push(home);
        continue;
      }
      const stamp = homeStamp(home.lists);
      const changed = previous?.stamp !== stamp;
      const json = changed ? JSON.stringify({ lists: home.lists, syncedAt: listTimes }) : '';
      summaries.push({
        homeId: home.homeId,
        syncedAt: pass.at,
        resources,
        records: countOf(home.lists),
        // An unchanged home keeps its size.
        bytes: changed ? json.length : (previous?.bytes ?? 0),
        stamp,
        openedAt: previous?.openedAt ?? 0,
      });
      if (!changed) continue;
      slice.push({ homeId: home.homeId, json });
      sliceTotal += json.length;
      if (sliceTotal >= sliceBytes || slice.length >= sliceSize) await writeSlice();
    }
    await writeSlice();
    // The summaries say a home's lists are stored (readiness, and an unchanged stamp skips
    // the rewrite): written only once the lists are. The two stores' transactions commit
    // apart, so a summary written beside its lists could commit alone when the page went
    // (a reload, a tap elsewhere), and the home would stay without its lists, ready.
    await Promise.all(writes);
    await track(db.homeSync.bulkPut(summaries));
    await Promise.all(newer.map((home) => track(mergeNewer(home, pass, resources))));
    return written + newer.length;
  }

  /**
   * A pass's lists of a home written on the device since the pass started: each list
   * written since stays as it is, each other list is the pass's. The home is then synced
   * as of the pass, with its stamp unknown (the next pass compares it again).
   */
  async function mergeNewer(home: SyncedHome, pass: SyncPassInfo, resources: string) {
    await db.transaction('rw', db.homeRecords, db.homeSync, async () => {
      const stored = parseHome(await db.homeRecords.get(home.homeId));
      for (const resource of pass.resources) {
        const fresh = home.lists[resource];
        const since = Math.max(stored.syncedAt[resource] ?? 0, stored.changedAt?.[resource] ?? 0);
        if (since > pass.at || fresh === undefined) continue;
        stored.lists[resource] = fresh;
        stored.syncedAt[resource] = pass.at;
      }
      const json = JSON.stringify(stored);
      const sync = (await db.homeSync.get(home.homeId)) ?? emptySync(home.homeId);
      await db.homeRecords.put({ homeId: home.homeId, json });
      await db.homeSync.put({
        ...sync,
        syncedAt: pass.at,
        resources,
        records: countOf(stored.lists),
        bytes: json.length,
        stamp: '',
      });
    });
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
    readHomes,
    write,
    apply,
    putSynced,
    async summaries(homeIds) {
      if (homeIds === undefined) return db.homeSync.toArray();
      if (homeIds.length > 100) {
        // One read of every small row beats thousands of single reads.
        const wanted = new Set(homeIds);
        return (await db.homeSync.toArray()).filter((row) => wanted.has(row.homeId));
      }
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
