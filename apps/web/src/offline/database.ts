// The device database `field-app-db` (section 9): the write queue, drafts, files,
// thumbnails, the persisted query cache and small metadata, in one Dexie database.

import Dexie from 'dexie';
import type { EntityTable } from 'dexie';
import type { Draft, FileRecord, QueuedMutation } from '@field/domain';
import { LOCAL_DB, MESSAGES } from '@field/domain';

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

export interface MetadataRow {
  key: string;
  value: unknown;
}

export interface ThumbnailRow {
  fileId: string;
  thumbnail: string;
}

export type FieldDatabase = Dexie & {
  files: EntityTable<FileRecord, 'id'>;
  thumbnails: EntityTable<ThumbnailRow, 'fileId'>;
  drafts: EntityTable<DraftRow, 'key'>;
  mutations: EntityTable<MutationRow, 'id'>;
  cache: EntityTable<CacheRow, 'key'>;
  metadata: EntityTable<MetadataRow, 'key'>;
};

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
  return db;
}

let shared: FieldDatabase | undefined;

/** The app's one database, opened on first use. Throws IndexedDbUnsupportedError. */
export function getFieldDatabase(): FieldDatabase {
  shared ??= openFieldDatabase();
  return shared;
}
