// The device database `field-app-db` (name and stores in the domain constants): the write queue,
// drafts, files, thumbnails, the persisted query cache and small metadata, in one Dexie database;
// since version 5 also the records of homes kept on the device (home-store.ts, issue 11).

import Dexie from 'dexie';
import type { EntityTable } from 'dexie';
import type { ConflictDetails, Draft, FileRecord, QueuedMutation, WriteBase } from '@field/domain';
import { LOCAL_DB, MESSAGES } from '@field/domain';
import { homeListOfKey } from './home-list-key';

/** A queued write as stored: the spec's fields plus what ordering and resuming need. */
export interface MutationRow extends QueuedMutation {
  /** Records this write touches (`phoneCall:abc`, `file:walk-items/x.jpg`); later writes wait. */
  recordKeys: string[];
  /** A request was started; the write stays until the server answers (sub-state of pending). */
  inFlight: boolean;
  /** Not sent before this time (Retry-After, backoff). 0 when due now. */
  nextAttemptAt: number;
  /**
   * The id of the user who made the write (unindexed, so no schema change): it is sent
   * only under that user's session. Missing on writes queued without a signed-in user.
   */
  author?: string;
  /**
   * What the user edited from (an update's or delete's base: the record's updatedAt and
   * the changed fields' values as they saw them), sent with the write (unindexed).
   */
  base?: WriteBase;
  /** Set with status `conflict`: the server's answer to a stale base (unindexed). */
  conflict?: ConflictDetails;
}

/** A draft as stored: the spec's fields plus whether it was an autosave. */
export interface DraftRow extends Draft {
  autosave: boolean;
  /**
   * Set when its user signed out keeping it on the device: only that user sees it again.
   * Missing on the signed-in user's own drafts (unindexed).
   */
  author?: string;
  /**
   * Device files (ids in `files`) this draft holds a reference to (unindexed): taken when it
   * is stored, given back when it is replaced or deleted (drafts.ts).
   */
  files?: string[];
}

/** One persisted query of the read cache (stored per query, never as one blob). */
export interface CacheRow {
  key: string;
  value: unknown;
  updatedAt: number;
}

interface MetadataRow {
  key: string;
  value: unknown;
}

interface ThumbnailRow {
  fileId: string;
  thumbnail: string;
}

/** A record as the device keeps it: the server's fields, its id among them. */
export type StoredRecord = Record<string, unknown> & { id: string };

/**
 * One home's records on the device: each list the user reads (resource -> records), as the
 * server last gave it with confirmed writes applied, kept as one JSON text (`HomeLists`).
 * One row per home, not per record, and text, not objects: a first sync of thousands of
 * homes writes thousands of rows instead of hundreds of thousands, and IndexedDB copies a
 * string in one piece where it clones thousands of small objects field by field
 * (docs/decisions.md, "Sync ahead"). A home's text is about 20 KB: parsing it to read one
 * list takes well under a millisecond.
 */
export interface HomeRecordsRow {
  homeId: string;
  /** JSON text of a `HomeLists`. */
  json: string;
}

/** What a home row's text holds. */
export interface HomeLists {
  lists: Record<string, StoredRecord[]>;
  /** When each list was last read from the server (ms since epoch). */
  syncedAt: Record<string, number>;
  /** When a confirmed write last changed each list here (ms since epoch); absent if never. */
  changedAt?: Record<string, number>;
}

/** What the readiness view and eviction need of a home, without reading its records. */
export interface HomeSyncRow {
  homeId: string;
  /** When a sync-ahead pass last brought every list of `resources`; 0 when none has. */
  syncedAt: number;
  /** The lists that pass brought, comma-separated (one string: thousands are written). */
  resources: string;
  records: number;
  /** Bytes of the home's records as JSON text. */
  bytes: number;
  /** Count and newest change of each list, fingerprinted; '' when unknown. */
  stamp: string;
  /**
   * When a screen last opened (fetched) one of its lists or a confirmed write changed it:
   * eviction keeps recent ones longer, and a sync pass started before leaves the row be.
   */
  openedAt: number;
}

export type FieldDatabase = Dexie & {
  files: EntityTable<FileRecord, 'id'>;
  thumbnails: EntityTable<ThumbnailRow, 'fileId'>;
  drafts: EntityTable<DraftRow, 'key'>;
  mutations: EntityTable<MutationRow, 'id'>;
  cache: EntityTable<CacheRow, 'key'>;
  metadata: EntityTable<MetadataRow, 'key'>;
  homeRecords: EntityTable<HomeRecordsRow, 'homeId'>;
  homeSync: EntityTable<HomeSyncRow, 'homeId'>;
};

/**
 * The device database's own version after the specified schema (version 4, six stores):
 * version 5 adds the two stores of homes kept on the device and keeps every other store
 * and its data.
 */
const DEVICE_DB_VERSION = LOCAL_DB.version + 1;

/** Thrown where the browser has no IndexedDB; its message is the spec's text. */
export class IndexedDbUnsupportedError extends Error {
  constructor() {
    super(MESSAGES.noIndexedDb);
    this.name = 'IndexedDbUnsupportedError';
  }
}

export function isIndexedDbSupported(): boolean {
  return typeof indexedDB !== 'undefined' && indexedDB !== null;
}

/**
 * Opens (creating or upgrading) the device database. Tests pass their own name so each
 * gets a fresh database; the app uses the default.
 */
export function openFieldDatabase(name: string = LOCAL_DB.name): FieldDatabase {
  if (!isIndexedDbSupported()) throw new IndexedDbUnsupportedError();
  // Safe: the stores declared below are exactly the tables of FieldDatabase.
  const db = new Dexie(name) as FieldDatabase;
  db.version(LOCAL_DB.version).stores({
    files: 'id, opfsPath',
    thumbnails: 'fileId',
    drafts: 'key, [homeRID+formTitle], expirationTime, creationTime',
    mutations: 'id, status, timestamp, *recordKeys',
    cache: 'key, updatedAt',
    metadata: 'key',
  });
  db.version(DEVICE_DB_VERSION)
    .stores({ homeRecords: 'homeId', homeSync: 'homeId' })
    .upgrade(async (tx) => {
      // Lists of homes persisted per query by earlier versions move into the home rows, so
      // a device updated offline still opens what it opened before.
      const rows = await tx.table<CacheRow, string>('cache').toArray();
      const homes = new Map<string, HomeLists>();
      const moved: string[] = [];
      for (const row of rows) {
        const list = legacyHomeList(row);
        if (list === undefined) continue;
        const home = homes.get(list.homeId) ?? { lists: {}, syncedAt: {} };
        home.lists[list.resource] = list.records;
        home.syncedAt[list.resource] = list.syncedAt;
        homes.set(list.homeId, home);
        moved.push(row.key);
      }
      await tx
        .table<HomeRecordsRow, string>('homeRecords')
        .bulkPut([...homes].map(([homeId, home]) => ({ homeId, json: JSON.stringify(home) })));
      await tx.table<CacheRow, string>('cache').bulkDelete(moved);
    });
  return db;
}

/** A query of a home's list stored by an earlier version (`[/api{base}, listByHome, id]`). */
function legacyHomeList(
  row: CacheRow,
): { resource: string; homeId: string; records: StoredRecord[]; syncedAt: number } | undefined {
  const value: unknown = row.value;
  if (typeof value !== 'object' || value === null) return undefined;
  if (!('queryKey' in value) || !('state' in value)) return undefined;
  const target = homeListOfKey(value.queryKey);
  const state: unknown = value.state;
  if (target === undefined || typeof state !== 'object' || state === null) return undefined;
  const data: unknown = 'data' in state ? state.data : undefined;
  const updatedAt: unknown = 'dataUpdatedAt' in state ? state.dataUpdatedAt : undefined;
  if (!Array.isArray(data)) return undefined;
  const items: unknown[] = data;
  const records = items.filter(
    (item): item is StoredRecord =>
      typeof item === 'object' && item !== null && 'id' in item && typeof item.id === 'string',
  );
  return { ...target, records, syncedAt: typeof updatedAt === 'number' ? updatedAt : 0 };
}

let shared: FieldDatabase | undefined;

/** The app's one database, opened on first use. Throws IndexedDbUnsupportedError. */
export function getFieldDatabase(): FieldDatabase {
  shared ??= openFieldDatabase();
  return shared;
}
