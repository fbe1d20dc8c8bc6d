// What a write handler is given and answers, and what a record write tells those who
// listen (write-pipeline.ts): the types every write route and its listeners share.

import type { Transaction } from 'kysely';
import type { HistoryEntry, WriteBase } from '@field/domain';
import type { Database } from '../db/schema.js';
import type { AuthUser } from './auth.js';
import type { WriteRequest, WriteResult } from './idempotency.js';

export interface WriteContext {
  /** The write's request: its own, or one write of a batch. */
  request: WriteRequest;
  user: AuthUser;
  trx: Transaction<Database>;
  now: string;
  /** Runs `work` once the write is committed (never for a failed write or a replay). */
  afterCommit(work: () => void): void;
  /**
   * What the client edited from (the body's `base`, stripped before the handler reads
   * the body): updates and deletes refuse a stale one that conflicts (409).
   * Undefined for older clients: the write applies as before.
   */
  base?: WriteBase;
}

export type WriteHandler = (ctx: WriteContext) => Promise<WriteResult>;

/** One record created, changed or deleted by a write, as its history keeps it. */
export interface RecordWrite {
  kind: string;
  recordId: string;
  userId: string;
  operation: HistoryEntry['operation'];
  /** The fields the write changed (none for a delete). */
  fields: readonly string[];
  /** The client's fields before (null for a create) and after (null for a delete). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  at: string;
}

/** What follows a record write, in its transaction (history, kept lists, notifications). */
export type RecordWriteListener = (ctx: WriteContext, write: RecordWrite) => Promise<void>;
