// What the write queue's callers and its parts share: its options, events, results and
// errors, and the state one queue's parts work on (mutation-queue.ts wires them together;
// docs/offline.md describes the queue).

import type { QueryKey } from '@tanstack/react-query';
import type { WriteBase } from '@field/domain';
import { MESSAGES } from '@field/domain';
import type { ApiClient } from '../api/client';
import type { FieldDatabase, MutationRow } from './database';
import type { HandlerRegistry, MutationData, MutationHandler } from './mutation-handlers';
import type { QueueLock } from './queue-lock';

/** A write refused by the domain rules before it was stored; the message is the spec's. */
export class MutationValidationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MutationValidationError';
  }
}

/** The write could not be stored: nothing was queued and nothing changed on screen. */
export class EnqueueError extends Error {
  constructor(cause: unknown) {
    super(MESSAGES.enqueueFailed, { cause });
    this.name = 'EnqueueError';
  }
}

/**
 * Storing the write waited longer than the 10 s lock timeout of a critical store
 * (`STORAGE.criticalLockTimeoutMs`; another tab or a long transaction held the queue's
 * store): it was given up, nothing is queued, and the user is asked to retry
 * (`Critical operation delayed, please retry.`).
 */
export class CriticalOperationDelayedError extends Error {
  constructor() {
    super(MESSAGES.criticalOperationDelayed);
    this.name = 'CriticalOperationDelayedError';
  }
}

export type QueueEvent =
  | { type: 'failed'; mutation: MutationRow; message: string }
  /** The server refused the write's stale base: it waits for the user's choice. */
  | { type: 'conflict'; mutation: MutationRow; message: string }
  /** The server has the write and it left the queue. */
  | { type: 'sent'; mutation: MutationRow }
  | { type: 'pass-start' }
  | { type: 'pass-end'; result: PassResult }
  | { type: 'auth-required' }
  /** Storage was full: caches were cleared so the write could be stored. */
  | { type: 'storage-cleared'; message: string };

export interface PassResult {
  /** false when another tab holds the lock (it drains instead). */
  ran: boolean;
  sent: number;
  failed: number;
  /** Pending writes left (waiting for a retry time, a connection or an earlier write). */
  pending: number;
}

export interface EnqueueInput {
  type: string;
  operation: string;
  data: MutationData;
  /** Queries refreshed once the server has the write. */
  queryKeys?: QueryKey[];
  /** Applies the change to cached data; runs only after the write is stored. */
  optimistic?: () => void | Promise<void>;
  /** The mutation id (the Idempotency-Key); a random UUID by default. */
  id?: string;
  /**
   * What the user edited from (updates and deletes): sent with the write, so the server
   * refuses it (409, parked as a conflict) when someone else changed the same fields.
   */
  base?: WriteBase;
}

export interface MutationQueueOptions {
  db: FieldDatabase;
  client: ApiClient;
  handlers: HandlerRegistry;
  /** Defaults to Web Locks, or a lease in the database where they are missing. */
  lock?: QueueLock;
  /** TanStack Query's `queryClient.invalidateQueries` for each key, typically. */
  invalidate?: (queryKeys: QueryKey[]) => void | Promise<void>;
  /** Gets a new token after a 401; resolves false when the user must sign in again. */
  refreshSession?: () => Promise<boolean>;
  isOnline?: () => boolean;
  now?: () => number;
  /** Delay before retry number `retryCount` when the server gave no Retry-After. */
  backoffMs?: (retryCount: number) => number;
  batchSize?: number;
  /** Batches of `batchSize` one request carries. */
  parallelBatches?: number;
  /** Batch requests on their way at once. */
  requestsInFlight?: number;
  /** Least time between two refreshes of queries during a drain. */
  refreshGapMs?: number;
  maxRetries?: number;
  /** Start a pass after each enqueue (default true). */
  processOnEnqueue?: boolean;
  /** How long storing a write may wait for the store (default `STORAGE.criticalLockTimeoutMs`). */
  criticalLockTimeoutMs?: number;
  /**
   * The signed-in user (session-user.ts in the app). With it each write records its author
   * and only that user's writes are sent, listed and counted; another user's writes wait,
   * neither sent nor failed, until their author signs in again. Without it (tests of the
   * queue alone) writes have no author and any session sends them.
   */
  currentUser?: () => string | null;
}

/**
 * What became of one write in a pass. `conflict`: parked for the user's choice (neither
 * sent nor failed); `stop`: it waits uncounted and the pass sends nothing more;
 * `skipped`: not sent (gone meanwhile, or another user's).
 */
export type Outcome = 'sent' | 'failed' | 'retry' | 'stop' | 'skipped' | 'conflict';

/** What the parts of one queue share (mutation-queue.ts builds it from the options). */
export interface QueueCore {
  readonly db: FieldDatabase;
  readonly options: MutationQueueOptions;
  now(): number;
  isOnline(): boolean;
  emit(event: QueueEvent): void;
  /** The signed-in user's own write (never one without an author): the only kind sent. */
  mine(row: MutationRow): boolean;
  handlerOf(row: MutationRow): MutationHandler | undefined;
}
