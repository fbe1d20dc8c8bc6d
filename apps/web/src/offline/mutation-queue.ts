// The write queue: a write is checked with the domain rules, stored in the `mutations`
// store, and only then applied optimistically; a pass (one at a time, one tab at a time)
// sends due writes in parallel batches of 5, each write with its id as Idempotency-Key,
// keeps each entry until the server has answered, and keeps writes to one record in
// order. Four batches travel in one `POST /api/batch` request with an answer per write,
// three requests on their way at once (writes that cannot share a request, a file's bytes,
// go alone). Each write records its author; only the signed-in user's writes are sent
// (another user's wait for them). docs/offline.md describes it; its parts:
// queue-store.ts (the rows), queue-pass.ts (when passes run), queue-drain.ts (one pass),
// due-writes.ts (which writes go), queue-transport.ts (sending), write-failure.ts (what a
// failure does).

import type { QueryKey } from '@tanstack/react-query';
import type { ConflictChoice } from '@field/domain';
import { QUEUE, resolutionWrite, validateMutationPayload } from '@field/domain';
import type { FieldDatabase, MutationRow } from './database';
import type { MutationData } from './mutation-handlers';
import { handlerKey, recordKeysOf } from './mutation-handlers';
import { paced } from './paced';
import { QueueDrain } from './queue-drain';
import type { QueueLock } from './queue-lock';
import { createQueueLock } from './queue-lock';
import { QueuePasses } from './queue-pass';
import { dataOf, loadRows, queryKeysOf, storeWrite } from './queue-store';
import { QueueTransport } from './queue-transport';
import type {
  EnqueueInput,
  MutationQueueOptions,
  PassResult,
  QueueCore,
  QueueEvent,
} from './queue-types';
import {
  CriticalOperationDelayedError,
  EnqueueError,
  MutationValidationError,
} from './queue-types';
import { belongsTo } from './session-user';
import { recoverFromQuotaError } from './storage-health';

export type { PassResult, QueueEvent } from './queue-types';

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}

export class MutationQueue {
  private readonly db: FieldDatabase;
  private readonly lock: QueueLock;
  private readonly options: MutationQueueOptions;
  private readonly core: QueueCore;
  private readonly listeners = new Set<(event: QueueEvent) => void>();
  private readonly passes: QueuePasses;

  constructor(options: MutationQueueOptions) {
    this.options = options;
    this.db = options.db;
    this.lock = options.lock ?? createQueueLock(options.db);
    this.core = {
      db: options.db,
      options,
      now: options.now ?? (() => Date.now()),
      isOnline: options.isOnline ?? browserOnline,
      emit: (event) => this.emit(event),
      // Only the signed-in user's own writes are sent: one that records no author is
      // nobody's, never everyone's (queue-store.ts holdUnauthored).
      mine: (row) => {
        const current = options.currentUser;
        return current === undefined || (row.author !== undefined && row.author === current());
      },
      handlerOf: (row) => options.handlers.get(handlerKey(row.type, row.operation)),
    };
    // Refreshes the queries of sent writes, paced during a drain (paced.ts).
    const refreshes = paced<QueryKey>(options.refreshGapMs ?? QUEUE.refreshGapMs, (keys) =>
      this.invalidate(keys),
    );
    const transport = new QueueTransport(this.core, options.client);
    const drain = new QueueDrain(this.core, transport, refreshes);
    this.passes = new QueuePasses(this.core, this.lock, () => drain.run());
  }

  /** Listens to failures and passes; returns an unsubscribe. */
  subscribe(listener: (event: QueueEvent) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private emit(event: QueueEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        console.error('A queue listener failed', error);
      }
    }
  }

  /**
   * Validates, stores, then applies optimistically. Throws MutationValidationError (bad
   * input, nothing stored) or EnqueueError (`Failed to enqueue change.`, nothing stored
   * and the optimistic change not applied).
   */
  async enqueue(input: EnqueueInput): Promise<MutationRow> {
    const check = validateMutationPayload(input.type, input.operation, input.data);
    if (!check.ok) throw new MutationValidationError(check.message);
    const id = input.id ?? crypto.randomUUID();
    let row: MutationRow;
    try {
      row = await storeWrite(this.core, id, input);
    } catch (error) {
      if (error instanceof CriticalOperationDelayedError) throw error;
      // A full disk: drop the caches (never writes or drafts) and try once more.
      const cleared = await recoverFromQuotaError(this.db, error).catch(() => undefined);
      if (cleared === undefined) throw new EnqueueError(error);
      this.emit({ type: 'storage-cleared', message: cleared });
      try {
        row = await storeWrite(this.core, id, input);
      } catch (again) {
        throw new EnqueueError(again);
      }
    }
    if (input.optimistic !== undefined) {
      try {
        await input.optimistic();
      } catch (error) {
        // The write is stored and will reach the server; only the preview failed.
        console.error('Applying an optimistic change failed', error);
      }
    }
    if (this.options.processOnEnqueue !== false) this.kick();
    return row;
  }

  /** Starts a pass in the background (errors are logged). */
  kick(): void {
    this.passes.kick();
  }

  /** Resumes after a start or reload: entries left in flight are sent again. */
  start(): void {
    this.passes.start();
  }

  /** Stops scheduled passes (a running one finishes). */
  stop(): void {
    this.passes.stop();
  }

  /**
   * Runs one pass, or joins the running one (which then goes round again to pick up
   * anything queued meanwhile).
   */
  process(): Promise<PassResult> {
    return this.passes.process();
  }

  private async invalidate(keys: QueryKey[]): Promise<void> {
    const seen = new Set<string>();
    const unique = keys.filter((key) => {
      const text = JSON.stringify(key);
      if (seen.has(text)) return false;
      seen.add(text);
      return true;
    });
    try {
      await this.options.invalidate?.(unique);
    } catch (error) {
      console.error('Invalidating queries after a write failed', error);
    }
  }

  // The Mutation Queue view's actions.

  /** Sends a failed (or waiting) write again from a fresh retry count. */
  async retry(id: string): Promise<void> {
    await this.db.mutations.update(id, {
      status: 'pending',
      retryCount: 0,
      error: undefined,
      nextAttemptAt: 0,
    });
    this.kick();
  }

  /** Replaces a failed write's data (checked with the domain rules) and sends it again. */
  async edit(id: string, data: MutationData): Promise<void> {
    const row = await this.db.mutations.get(id);
    if (row === undefined) return;
    if (row.status !== 'failed') throw new Error('Only a failed write can be edited');
    const check = validateMutationPayload(row.type, row.operation, data);
    if (!check.ok) throw new MutationValidationError(check.message);
    await this.db.mutations.update(id, {
      data: structuredClone(data),
      recordKeys: recordKeysOf(row.type, data),
      status: 'pending',
      retryCount: 0,
      error: undefined,
      nextAttemptAt: 0,
    });
    this.kick();
  }

  /**
   * Resolves a conflict: the parked write leaves the queue and, unless the record already
   * holds what was chosen, a new write (its own key) based on the current record takes its
   * place. An update keeps my value or takes theirs per field (`choose`); a delete is done
   * anyway (`mine`) or dropped (`theirs`).
   */
  async resolve(id: string, choose: (field: string) => ConflictChoice): Promise<void> {
    const row = await this.db.mutations.get(id);
    if (row?.status !== 'conflict' || row.conflict === undefined) return;
    const conflict = row.conflict;
    const current = conflict.current;
    const updatedAt = typeof current['updatedAt'] === 'string' ? current['updatedAt'] : '';
    let next: EnqueueInput | undefined;
    if (row.operation === 'delete') {
      if (choose('') === 'mine') {
        next = {
          type: row.type,
          operation: row.operation,
          data: dataOf(row),
          base: { updatedAt },
        };
      }
    } else {
      const data = dataOf(row);
      const { id: recordId, ...mine } = data;
      const resolution = resolutionWrite(mine, conflict, choose);
      if (resolution !== undefined) {
        // The other fields the mutation carries (a call's notes) are the current record's,
        // and their base says so: the server leaves them as they are.
        const carried = this.carriedOf(row, current);
        next = {
          type: row.type,
          operation: row.operation,
          data: { ...carried, ...resolution.changes, id: recordId },
          base: { ...resolution.base, fields: { ...carried, ...resolution.base.fields } },
        };
      }
    }
    if (next !== undefined) await this.enqueue({ ...next, queryKeys: row.queryKeys });
    await this.db.mutations.delete(id);
    await this.invalidate(queryKeysOf(this.core, row));
    this.kick();
  }

  /** The current record's values of the fields the parked write carried. */
  private carriedOf(row: MutationRow, current: Record<string, unknown>): MutationData {
    const data = dataOf(row);
    const required: MutationData = {};
    for (const field of Object.keys(data)) {
      if (field !== 'id' && field in current) required[field] = current[field];
    }
    return required;
  }

  /** Drops a write that is not being sent; its queries refresh to undo the preview. */
  async discard(id: string): Promise<void> {
    const row = await this.db.mutations.get(id);
    if (row === undefined) return;
    if (row.inFlight && row.status === 'pending' && this.passes.busy) {
      throw new Error('The write is being sent; try again in a moment');
    }
    await this.db.mutations.delete(id);
    await this.invalidate(queryKeysOf(this.core, row));
    this.kick();
  }

  /**
   * The health check's repair: writes marked in flight while nobody holds the queue's lease
   * (a tab closed or a pass that died mid-request) go back to waiting and are sent again.
   * Does nothing while a pass in this or another tab holds the lease. Answers how many.
   */
  async recoverStuck(): Promise<number> {
    // This tab's own pass first (an offline one ends at once); a pass that is sending
    // holds the lease itself, and what it holds in flight is not stuck.
    await this.passes.settled();
    const locked = await this.lock.runExclusive(() =>
      this.db.transaction('rw', this.db.mutations, async () => {
        if (this.passes.busy) return 0;
        const stuck = await this.db.mutations.filter((row) => row.inFlight).primaryKeys();
        await this.db.mutations.bulkUpdate(
          stuck.map((key) => ({ key, changes: { inFlight: false, nextAttemptAt: 0 } })),
        );
        return stuck.length;
      }),
    );
    const recovered = locked.acquired ? locked.value : 0;
    if (recovered > 0) this.kick();
    return recovered;
  }

  /**
   * The signed-in user's queued writes, oldest first, and those that record no author
   * (held for the user's attention, never sent); another user's are not shown.
   */
  async list(): Promise<MutationRow[]> {
    const current = this.options.currentUser;
    return (await loadRows(this.db)).filter(
      (row) => current === undefined || belongsTo(row.author, current()),
    );
  }

  /**
   * Sign-out's "Send now": makes each of the signed-in user's writes due now (failed ones
   * again from a fresh retry count), replays until none of them is pending (sent, or failed
   * for good) or `timeoutMs` passes or the connection drops, and answers those left.
   */
  async sendAllNow(timeoutMs = 60_000): Promise<MutationRow[]> {
    const own = await this.list();
    await this.db.mutations.bulkUpdate(
      own.map((row) => ({
        key: row.id,
        changes:
          row.status === 'failed'
            ? { status: 'pending' as const, retryCount: 0, error: undefined, nextAttemptAt: 0 }
            : { nextAttemptAt: 0 },
      })),
    );
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.process();
      const left = await this.list();
      const waiting = left.some((row) => row.status === 'pending');
      if (!waiting || !this.core.isOnline() || Date.now() >= deadline) return left;
      // A retry time, or another tab draining: look again shortly.
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
