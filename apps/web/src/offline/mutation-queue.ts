// The write queue: a write is checked with the domain rules, stored in the `mutations`
// store, and only then applied optimistically; a pass (one at a time, one tab at a time)
// sends due writes in parallel batches of 5, each write with its id as Idempotency-Key,
// keeps each entry until the server has answered, and keeps writes to one record in
// order. Four batches travel in one `POST /api/batch` request with an answer per write,
// three requests on their way at once (writes that cannot share a request, a file's bytes,
// go alone). Each write records its author; only the signed-in user's writes are sent
// (another user's wait for them).

import type { QueryKey } from '@tanstack/react-query';
import type { Transaction } from 'dexie';
import type {
  BatchedAnswer,
  BatchedWrite,
  ConflictChoice,
  ConflictDetails,
  WriteBase,
} from '@field/domain';
import {
  MESSAGES,
  WRITE_BASE_FIELD,
  conflictOf,
  resolutionWrite,
  QUEUE,
  QUERY,
  STORAGE,
  mutationFailedMessage,
  validateMutationPayload,
  writeBatchAnswerSchema,
} from '@field/domain';
import type { ApiClient } from '../api/client';
import { API_PATHS, ApiError, isTransient } from '../api/client';
import type { FieldDatabase, MutationRow } from './database';
import type {
  HandlerRegistry,
  MutationData,
  MutationHandler,
  WriteOrder,
} from './mutation-handlers';
import {
  PermanentMutationError,
  handlerKey,
  recordKeysOf,
  writeOrderOf,
} from './mutation-handlers';
import type { Paced } from './paced';
import { paced } from './paced';
import type { QueueLock } from './queue-lock';
import { createQueueLock } from './queue-lock';
import { SessionChangedError, belongsTo } from './session-user';
import { recoverFromQuotaError } from './storage-health';

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
 * Storing the write waited longer than section 9's 10 s lock timeout of a critical store
 * (another tab or a long transaction held the queue's store): it was given up, nothing is
 * queued, and the user is asked to retry (`Critical operation delayed, please retry.`).
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
  /** How long storing a write may wait for the store (default section 9's 10 s). */
  criticalLockTimeoutMs?: number;
  /**
   * The signed-in user (session-user.ts in the app). With it each write records its author
   * and only that user's writes are sent, listed and counted; another user's writes wait,
   * neither sent nor failed, until their author signs in again. Without it (tests of the
   * queue alone) writes have no author and any session sends them.
   */
  currentUser?: () => string | null;
}

/** How soon a tab that found the lock taken looks again (the drainer may have missed ours). */
const LOCK_BUSY_RETRY_MS = 2000;

const defaultBackoff = (retryCount: number): number =>
  Math.min(1000 * 2 ** Math.max(0, retryCount - 1), QUERY.backoffCapMs);

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}

// `conflict`: parked for the user's choice (neither sent nor failed).
type Outcome = 'sent' | 'failed' | 'retry' | 'stop' | 'skipped' | 'conflict';

class AuthRequiredError extends Error {}

/** One request of a pass: a batch, or a write that goes alone (a file's bytes). */
interface Outgoing {
  rows: MutationRow[];
  alone: boolean;
}

/** What a pass knows between its requests. */
interface Pass {
  /** The queue as last read, without the writes that left it. */
  rows: MutationRow[];
  /** Writes sent (or tried) in this pass: not sent again by it. */
  attempted: Set<string>;
  /** Requests answered and not yet settled in the store. */
  answered: { rows: MutationRow[]; outcomes: Outcome[] }[];
  sent: number;
  failed: number;
  stop: boolean;
}

/** A write's own failed answer inside a batch, as the error a request of its own gives. */
function answerError(answer: BatchedAnswer): ApiError {
  const body = answer.body;
  const text =
    typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string'
      ? body.error
      : MESSAGES.unexpectedError;
  return new ApiError(
    answer.status,
    text,
    answer.retryAfter === undefined ? {} : { retryAfterMs: answer.retryAfter * 1000 },
  );
}

export class MutationQueue {
  private readonly db: FieldDatabase;
  private readonly client: ApiClient;
  private readonly handlers: HandlerRegistry;
  private readonly lock: QueueLock;
  private readonly options: MutationQueueOptions;
  private readonly now: () => number;
  private readonly isOnline: () => boolean;
  private readonly listeners = new Set<(event: QueueEvent) => void>();
  private running: Promise<PassResult> | undefined;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  /** The last pass found another tab draining; look again soon in case it missed ours. */
  private lockBusy = false;
  private refreshing: Promise<boolean> | undefined;
  /** Refreshes the queries of sent writes, paced during a drain (paced.ts). */
  private readonly refreshes: Paced<QueryKey>;
  private readonly orders = new WeakMap<MutationRow, WriteOrder>();

  constructor(options: MutationQueueOptions) {
    this.options = options;
    this.db = options.db;
    this.client = options.client;
    this.handlers = options.handlers;
    this.lock = options.lock ?? createQueueLock(options.db);
    this.now = options.now ?? (() => Date.now());
    this.isOnline = options.isOnline ?? browserOnline;
    this.refreshes = paced(options.refreshGapMs ?? QUEUE.refreshGapMs, (keys) =>
      this.invalidate(keys),
    );
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
      row = await this.store(id, input);
    } catch (error) {
      if (error instanceof CriticalOperationDelayedError) throw error;
      // A full disk: drop the caches (never writes or drafts) and try once more.
      const cleared = await recoverFromQuotaError(this.db, error).catch(() => undefined);
      if (cleared === undefined) throw new EnqueueError(error);
      this.emit({ type: 'storage-cleared', message: cleared });
      try {
        row = await this.store(id, input);
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

  /**
   * Stores the write within the critical lock timeout. Past it the transaction is aborted
   * (or, not begun yet, refuses to run), so a write the user is told to retry is never
   * stored as well; one that committed meanwhile counts as stored.
   */
  private async store(id: string, input: EnqueueInput): Promise<MutationRow> {
    const timeoutMs = this.options.criticalLockTimeoutMs ?? STORAGE.criticalLockTimeoutMs;
    let abandoned = false;
    let transaction: Transaction | undefined;
    const stored = this.storeNow(id, input, (tx) => {
      if (abandoned) throw new CriticalOperationDelayedError();
      transaction = tx;
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), timeoutMs);
    });
    try {
      const first = await Promise.race([stored, late]);
      if (first !== 'late') return first;
    } finally {
      clearTimeout(timer);
    }
    abandoned = true;
    if (transaction === undefined) {
      stored.catch(() => undefined);
      throw new CriticalOperationDelayedError();
    }
    transaction.abort();
    try {
      return await stored;
    } catch {
      throw new CriticalOperationDelayedError();
    }
  }

  private storeNow(
    id: string,
    input: EnqueueInput,
    begin: (tx: Transaction) => void,
  ): Promise<MutationRow> {
    const author = this.options.currentUser?.() ?? undefined;
    return this.db.transaction('rw', this.db.mutations, async (tx) => {
      begin(tx);
      // Strictly after the last queued write, so order holds across tabs too.
      const last = await this.db.mutations.orderBy('timestamp').last();
      const stored: MutationRow = {
        ...(author === undefined ? {} : { author }),
        id,
        type: input.type,
        operation: input.operation,
        data: structuredClone(input.data),
        queryKeys: (input.queryKeys ?? []).map((key) => [...key]),
        timestamp: Math.max(this.now(), (last?.timestamp ?? 0) + 1),
        retryCount: 0,
        status: 'pending',
        ...(input.base === undefined ? {} : { base: structuredClone(input.base) }),
        recordKeys: recordKeysOf(input.type, input.data),
        inFlight: false,
        nextAttemptAt: 0,
      };
      await this.db.mutations.add(stored);
      return stored;
    });
  }

  /** Starts a pass in the background (errors are logged). */
  kick(): void {
    this.process().catch((error: unknown) => console.error('Queue pass failed', error));
  }

  /** Resumes after a start or reload: entries left in flight are sent again. */
  start(): void {
    this.stopped = false;
    this.kick();
  }

  /** Stops scheduled passes (a running one finishes). */
  stop(): void {
    this.stopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /**
   * Runs one pass, or joins the running one (which then goes round again to pick up
   * anything queued meanwhile).
   */
  process(): Promise<PassResult> {
    if (this.running !== undefined) {
      this.again = true;
      return this.running;
    }
    const pass = this.runPasses().finally(() => {
      this.running = undefined;
    });
    this.running = pass;
    return pass;
  }

  private async runPasses(): Promise<PassResult> {
    let total: PassResult = { ran: false, sent: 0, failed: 0, pending: 0 };
    // A write queued while this runs joins it (process() sets `again`), also while the next
    // pass is being scheduled: that await is still inside the running pass, so a write
    // stored then would otherwise wait for a timer that scheduleNext never set for it.
    do {
      do {
        this.again = false;
        const result = await this.onePass();
        total = {
          ran: total.ran || result.ran,
          sent: total.sent + result.sent,
          failed: total.failed + result.failed,
          pending: result.pending,
        };
        if (!result.ran) break;
      } while (this.again);
      await this.scheduleNext();
    } while (this.again && !this.stopped);
    return total;
  }

  private async onePass(): Promise<PassResult> {
    if (!this.isOnline()) {
      return { ran: false, sent: 0, failed: 0, pending: await this.pendingCount() };
    }
    const locked = await this.lock.runExclusive(() => this.drain());
    this.lockBusy = !locked.acquired;
    if (!locked.acquired) {
      return { ran: false, sent: 0, failed: 0, pending: await this.pendingCount() };
    }
    return locked.value;
  }

  /**
   * Sends the due writes with up to `requestsInFlight` batch requests (and `batchSize`
   * writes that go alone) on their way at once: as soon as one request is answered, its
   * writes leave the queue and the next ones are claimed, in one transaction, while the
   * others are still on their way. (Rounds that waited for all of their requests left the
   * connection and the server idle behind the slowest one and the page's bookkeeping.)
   */
  private async drain(): Promise<PassResult> {
    this.emit({ type: 'pass-start' });
    // The table is read once, then only the rows a request touched; it is read again when
    // nothing is left to send or on its way, to pick up writes queued meanwhile.
    const pass: Pass = {
      rows: await this.loadRows(),
      attempted: new Set(),
      answered: [],
      sent: 0,
      failed: 0,
      stop: false,
    };
    const running = new Set<Promise<void>>();
    const free = {
      shared: this.options.requestsInFlight ?? QUEUE.requestsInFlight,
      alone: this.batchSize,
    };
    try {
      for (;;) {
        const picking = !pass.stop && this.isOnline();
        const requests = await this.settleAndClaim(pass, picking ? free : undefined, running.size);
        for (const request of requests) {
          const slot = request.alone ? 'alone' : 'shared';
          free[slot] -= 1;
          const sending: Promise<void> = this.sendRequest(request)
            .then((outcomes) => {
              pass.answered.push({ rows: request.rows, outcomes });
            })
            .finally(() => {
              free[slot] += 1;
              running.delete(sending);
            });
          running.add(sending);
        }
        if (pass.answered.length > 0) continue;
        if (running.size === 0) break;
        await Promise.race(running);
      }
    } finally {
      // Never leave the lock with requests on their way (their rows stay in flight).
      await Promise.allSettled(running);
    }
    // The pass is over: what is left to refresh goes now.
    this.refreshes.release();
    await this.refreshes.idle();
    const result = {
      ran: true,
      sent: pass.sent,
      failed: pass.failed,
      pending: await this.pendingCount(),
    };
    this.emit({ type: 'pass-end', result });
    return result;
  }

  /**
   * One transaction: the answered writes leave the queue (only now, with the server's
   * answers in hand), the others are read again, and the next due writes that fit in
   * `free` are marked in flight. Answers the requests to send them in.
   */
  private async settleAndClaim(
    pass: Pass,
    free: { shared: number; alone: number } | undefined,
    running: number,
  ): Promise<Outgoing[]> {
    const answered = pass.answered.splice(0);
    const done = answered.flatMap((a) => a.rows.filter((_row, i) => a.outcomes[i] === 'sent'));
    const sentIds = new Set(done.map((row) => row.id));
    const others = answered.flatMap((a) => a.rows.filter((row) => !sentIds.has(row.id)));
    for (const a of answered) {
      pass.failed += a.outcomes.filter((outcome) => outcome === 'failed').length;
      if (a.outcomes.includes('stop')) pass.stop = true;
    }
    const room = pass.stop ? undefined : free;
    let picked: MutationRow[] = [];
    const claimed = await this.db.transaction('rw', this.db.mutations, async () => {
      if (done.length > 0) await this.db.mutations.bulkDelete([...sentIds]);
      let rows = pass.rows.filter((row) => !sentIds.has(row.id));
      if (others.length > 0) {
        rows = await this.refreshRows(
          rows,
          others.map((row) => row.id),
        );
      }
      if (room !== undefined) {
        picked = this.dueWrites(rows, pass.attempted, room);
        if (picked.length === 0 && running === 0) {
          rows = await this.loadRows();
          picked = this.dueWrites(rows, pass.attempted, room);
        }
      }
      pass.rows = rows;
      return this.claim(picked);
    });
    pass.sent += done.length;
    for (const row of done) this.emit({ type: 'sent', mutation: row });
    const invalidations = done.flatMap((row) => this.queryKeysOf(row));
    if (invalidations.length > 0) this.refreshes.add(invalidations);
    for (const row of picked) pass.attempted.add(row.id);
    // A write gone meanwhile (discarded, or sent by another tab) is answered at once.
    const gone = picked.filter((row) => !claimed.has(row.id));
    if (gone.length > 0) pass.answered.push({ rows: gone, outcomes: gone.map(() => 'skipped') });
    return this.requestsOf(picked.filter((row) => claimed.has(row.id)));
  }

  private loadRows(): Promise<MutationRow[]> {
    return this.db.mutations.orderBy('timestamp').toArray();
  }

  /** The rows with those of `ids` read again (gone when sent or discarded). */
  private async refreshRows(rows: MutationRow[], ids: string[]): Promise<MutationRow[]> {
    const fresh = new Map<string, MutationRow>();
    for (const row of await this.db.mutations.bulkGet(ids)) {
      if (row !== undefined) fresh.set(row.id, row);
    }
    const touched = new Set(ids);
    return rows.flatMap((row) => {
      if (!touched.has(row.id)) return [row];
      const current = fresh.get(row.id);
      return current === undefined ? [] : [current];
    });
  }

  private get batchSize(): number {
    return this.options.batchSize ?? QUEUE.batchSize;
  }

  /** Writes one batch request carries. */
  private get requestSize(): number {
    return this.batchSize * (this.options.parallelBatches ?? QUEUE.parallelBatches);
  }

  /**
   * The due writes that fill the `free` batch requests and the `free` places of writes
   * that go alone, none behind an earlier write (on its way or not) holding a record or
   * file it needs: its own, or one it refers to (mutation-handlers.ts writeOrderOf).
   */
  private dueWrites(
    rows: readonly MutationRow[],
    attempted: Set<string>,
    free: { shared: number; alone: number },
  ): MutationRow[] {
    const now = this.now();
    const busy = new Set<string>();
    const round: MutationRow[] = [];
    let shared = this.requestSize * free.shared;
    let alone = free.alone;
    if (shared <= 0 && alone <= 0) return round;
    for (const row of rows) {
      // Read from the write itself, not the stored recordKeys: rows queued by an older
      // version carry keys of another form (mutation-handlers.ts writeOrderOf).
      const order = this.orderOf(row);
      const blocked = order.needs.some((key) => busy.has(key));
      if (
        !blocked &&
        row.status === 'pending' &&
        this.mine(row) &&
        row.nextAttemptAt <= now &&
        !attempted.has(row.id)
      ) {
        const batchable = this.handlerOf(row)?.batch !== undefined;
        if (batchable && shared > 0) {
          round.push(row);
          shared -= 1;
        } else if (!batchable && alone > 0) {
          round.push(row);
          alone -= 1;
        }
        if (shared === 0 && alone === 0) break;
      }
      for (const key of order.holds) busy.add(key);
    }
    return round;
  }

  /**
   * The write's order, worked out once per row read (a pass looks at every queued write
   * each time a request is answered; an edited write is a new row object).
   */
  private orderOf(row: MutationRow): WriteOrder {
    let order = this.orders.get(row);
    if (order === undefined) {
      order = writeOrderOf(row.type, this.dataOf(row));
      this.orders.set(row, order);
    }
    return order;
  }

  /** The signed-in user's write (or one without an author): the only kind sent or listed. */
  private mine(row: MutationRow): boolean {
    const current = this.options.currentUser;
    return current === undefined || belongsTo(row.author, current());
  }

  /**
   * Sends `rows` that are still the signed-in user's (checked again right before a request,
   * after any wait or refresh); another user's go back to waiting, `skipped`.
   */
  private async ownRows(
    rows: MutationRow[],
    send: (own: MutationRow[]) => Promise<Outcome[]>,
  ): Promise<Outcome[]> {
    const own = rows.filter((row) => this.mine(row));
    const foreign = rows.filter((row) => !this.mine(row));
    if (foreign.length > 0) {
      await this.db.mutations.bulkUpdate(
        foreign.map((row) => ({ key: row.id, changes: { inFlight: false } })),
      );
    }
    if (own.length === 0) return rows.map((): Outcome => 'skipped');
    const outcomes = await send(own);
    const byId = new Map(own.map((row, index) => [row.id, outcomes[index] ?? 'retry']));
    return rows.map((row) => byId.get(row.id) ?? 'skipped');
  }

  private handlerOf(row: MutationRow): MutationHandler | undefined {
    return this.handlers.get(handlerKey(row.type, row.operation));
  }

  /**
   * The claimed writes as requests: `parallelBatches` batches of `batchSize` to a request,
   * and the writes that go alone.
   */
  private requestsOf(rows: MutationRow[]): Outgoing[] {
    const requests: Outgoing[] = [];
    const shared: MutationRow[] = [];
    for (const row of rows) {
      if (this.handlerOf(row)?.batch === undefined) requests.push({ rows: [row], alone: true });
      else shared.push(row);
    }
    for (let start = 0; start < shared.length; start += this.requestSize) {
      requests.push({ rows: shared.slice(start, start + this.requestSize), alone: false });
    }
    return requests;
  }

  /** Sends one request; answers one outcome per row. */
  private async sendRequest(request: Outgoing): Promise<Outcome[]> {
    const [row] = request.rows;
    if (request.alone && row !== undefined) return [await this.sendOne(row)];
    return this.sendBatch(request.rows);
  }

  /** One batch request; each write's own answer decides its outcome. */
  private sendBatch(rows: MutationRow[], refreshed = false): Promise<Outcome[]> {
    return this.ownRows(rows, (own) => this.sendOwnBatch(own, refreshed));
  }

  private async sendOwnBatch(rows: MutationRow[], refreshed: boolean): Promise<Outcome[]> {
    const writes: BatchedWrite[] = rows.map((row) => {
      // Safe: sendRound only batches rows whose handler has `batch`.
      const request = (this.handlerOf(row) as Required<MutationHandler>).batch(
        this.requestDataOf(row),
      );
      return {
        key: row.id,
        method: request.method,
        path: request.path,
        ...(request.body === undefined ? {} : { body: request.body }),
      };
    });
    let results: BatchedAnswer[];
    try {
      try {
        ({ results } = await this.client.post(API_PATHS.batch, { writes }, writeBatchAnswerSchema));
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 401) || refreshed) throw error;
        if (!(await this.refreshSession())) throw new AuthRequiredError();
        return await this.sendBatch(rows, true);
      }
    } catch (error) {
      const refused =
        error instanceof ApiError &&
        error.status >= 400 &&
        error.status !== 401 &&
        !isTransient(error);
      // The request itself was refused, not the writes (too large for one body, or a server
      // without batches): each goes alone and gets its own answer.
      if (refused) return Promise.all(rows.map((row) => this.sendOne(row)));
      const failure =
        error instanceof ApiError && error.status === 401 ? new AuthRequiredError() : error;
      return Promise.all(rows.map((row) => this.afterError(row, failure)));
    }
    const byKey = new Map(results.map((answer) => [answer.key, answer]));
    const unauthorized = rows.filter((row) => byKey.get(row.id)?.status === 401);
    let again = new Map<string, Outcome>();
    if (unauthorized.length > 0) {
      // The session ended while the batch ran: those writes go again after a refresh.
      const retried =
        !refreshed && (await this.refreshSession())
          ? await this.sendBatch(unauthorized, true)
          : await Promise.all(
              unauthorized.map((row) => this.afterError(row, new AuthRequiredError())),
            );
      again = new Map(unauthorized.map((row, index) => [row.id, retried[index] ?? 'retry']));
    }
    return Promise.all(
      rows.map((row) => {
        const retried = again.get(row.id);
        if (retried !== undefined) return Promise.resolve(retried);
        const answer = byKey.get(row.id);
        if (answer === undefined) {
          return this.afterError(row, new ApiError(0, MESSAGES.unexpectedError));
        }
        if (answer.status >= 200 && answer.status < 300) {
          const refused = this.handlerOf(row)?.checkAnswer?.(answer.body);
          return refused === undefined
            ? Promise.resolve<Outcome>('sent')
            : this.afterError(row, refused);
        }
        const conflict = answer.status === 409 ? conflictOf(answer.body) : undefined;
        if (conflict !== undefined) return this.park(row, conflict.conflict, conflict.error);
        return this.afterError(row, answerError(answer));
      }),
    );
  }

  private queryKeysOf(row: MutationRow): QueryKey[] {
    const handler = this.handlers.get(handlerKey(row.type, row.operation));
    const data = this.dataOf(row);
    return [...row.queryKeys, ...(handler?.queryKeys?.(data) ?? [])];
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

  /** The data a handler sends: the write's, with its base when it has one. */
  private requestDataOf(row: MutationRow): MutationData {
    const data = this.dataOf(row);
    return row.base === undefined ? data : { ...data, [WRITE_BASE_FIELD]: row.base };
  }

  /** Parks a write the server refused for its stale base: not failed, never sent again. */
  private async park(
    row: MutationRow,
    conflict: ConflictDetails,
    message: string,
  ): Promise<Outcome> {
    const changes = {
      status: 'conflict' as const,
      conflict,
      error: message,
      inFlight: false,
    };
    await this.db.mutations.update(row.id, changes);
    this.emit({ type: 'conflict', mutation: { ...row, ...changes }, message });
    return 'conflict';
  }

  private dataOf(row: MutationRow): MutationData {
    // Safe: enqueue and edit store only objects that passed the payload check.
    return typeof row.data === 'object' && row.data !== null ? (row.data as MutationData) : {};
  }

  private async sendOne(row: MutationRow): Promise<Outcome> {
    const [outcome] = await this.ownRows([row], async ([own]) =>
      own === undefined ? [] : [await this.sendOwnOne(own)],
    );
    return outcome ?? 'skipped';
  }

  private async sendOwnOne(row: MutationRow): Promise<Outcome> {
    const handler = this.handlerOf(row);
    if (handler === undefined) {
      await this.fail(row, MESSAGES.noHandler, MESSAGES.noHandler);
      return 'failed';
    }
    const context = { client: this.client, headers: { 'Idempotency-Key': row.id } };
    const data = this.requestDataOf(row);
    try {
      try {
        await handler.send(data, context);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 401)) throw error;
        if (!(await this.refreshSession())) throw new AuthRequiredError();
        // The refresh may have brought another user's session: the write waits for its own.
        if (!this.mine(row)) throw new SessionChangedError();
        await handler.send(data, context);
      }
      return 'sent';
    } catch (error) {
      return this.afterError(row, error);
    }
  }

  /** Marks a batch in flight in one transaction; answers the ids still queued. */
  private claim(batch: MutationRow[]): Promise<Set<string>> {
    if (batch.length === 0) return Promise.resolve(new Set());
    return this.db.transaction('rw', this.db.mutations, async () => {
      const current = await this.db.mutations.bulkGet(batch.map((row) => row.id));
      const present = current.filter((row): row is MutationRow => row !== undefined);
      await this.db.mutations.bulkPut(present.map((row) => ({ ...row, inFlight: true })));
      return new Set(present.map((row) => row.id));
    });
  }

  /** One refresh for all the writes of a batch that met a 401 together. */
  private refreshSession(): Promise<boolean> {
    const refresh = this.options.refreshSession;
    if (refresh === undefined) return Promise.resolve(false);
    this.refreshing ??= refresh().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async afterError(row: MutationRow, error: unknown): Promise<Outcome> {
    const conflict =
      error instanceof ApiError && error.status === 409 ? conflictOf(error.body) : undefined;
    if (conflict !== undefined) return this.park(row, conflict.conflict, conflict.error);
    if (error instanceof AuthRequiredError) {
      await this.db.mutations.update(row.id, { inFlight: false });
      this.emit({ type: 'auth-required' });
      return 'stop';
    }
    if (error instanceof SessionChangedError) {
      // Another user signed in while this write waited: it waits for its author, uncounted.
      await this.db.mutations.update(row.id, { inFlight: false });
      return 'stop';
    }
    if (error instanceof PermanentMutationError) {
      await this.fail(row, error.message, error.message);
      return 'failed';
    }
    const lostConnection =
      error instanceof ApiError && error.kind === 'network' && !this.isOnline();
    if ((error instanceof ApiError && error.kind === 'circuit-open') || lostConnection) {
      // Not the write's fault: it waits for the connection (or the breaker) uncounted.
      await this.db.mutations.update(row.id, { inFlight: false });
      return 'stop';
    }
    if (error instanceof ApiError && !isTransient(error)) {
      // A 4xx other than 401, 408 and 429 cannot succeed by sending it again.
      await this.fail(row, error.message, error.message);
      return 'failed';
    }
    const text = error instanceof Error ? error.message : MESSAGES.unexpectedError;
    const retryCount = row.retryCount + 1;
    if (retryCount > (this.options.maxRetries ?? QUEUE.maxRetries)) {
      await this.fail(row, text, mutationFailedMessage(row.id), retryCount);
      return 'failed';
    }
    const wait =
      error instanceof ApiError && error.retryAfterMs !== undefined
        ? error.retryAfterMs
        : (this.options.backoffMs ?? defaultBackoff)(retryCount);
    await this.db.mutations.update(row.id, {
      inFlight: false,
      retryCount,
      error: text,
      nextAttemptAt: this.now() + wait,
    });
    return 'retry';
  }

  private async fail(
    row: MutationRow,
    error: string,
    message: string,
    retryCount = row.retryCount,
  ): Promise<void> {
    const changes = { status: 'failed' as const, error, inFlight: false, retryCount };
    await this.db.mutations.update(row.id, changes);
    this.emit({ type: 'failed', mutation: { ...row, ...changes }, message });
  }

  /** The signed-in user's pending writes (another user's wait for them, not for us). */
  private pendingCount(): Promise<number> {
    return this.db.mutations
      .where('status')
      .equals('pending')
      .filter((row) => this.mine(row))
      .count();
  }

  /** A timer for the earliest retry time, so a waiting write goes out on its own. */
  private async scheduleNext(): Promise<void> {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.stopped) return;
    const pending = (await this.db.mutations.where('status').equals('pending').toArray()).filter(
      (row) => this.mine(row),
    );
    const waiting = pending.map((row) => row.nextAttemptAt).filter((at) => at > this.now());
    if (this.lockBusy && pending.length > 0) waiting.push(this.now() + LOCK_BUSY_RETRY_MS);
    if (waiting.length === 0) return;
    const delay = Math.max(0, Math.min(...waiting) - this.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.kick();
    }, delay);
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
          data: this.dataOf(row),
          base: { updatedAt },
        };
      }
    } else {
      const data = this.dataOf(row);
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
    await this.invalidate(this.queryKeysOf(row));
    this.kick();
  }

  /** The current record's values of the fields the parked write carried. */
  private carriedOf(row: MutationRow, current: Record<string, unknown>): MutationData {
    const data = this.dataOf(row);
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
    if (row.inFlight && row.status === 'pending' && this.running !== undefined) {
      throw new Error('The write is being sent; try again in a moment');
    }
    await this.db.mutations.delete(id);
    await this.invalidate(this.queryKeysOf(row));
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
    await this.running?.catch(() => undefined);
    const locked = await this.lock.runExclusive(() =>
      this.db.transaction('rw', this.db.mutations, async () => {
        if (this.running !== undefined) return 0;
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

  /** The signed-in user's queued writes, oldest first (another user's are not shown). */
  async list(): Promise<MutationRow[]> {
    return (await this.db.mutations.orderBy('timestamp').toArray()).filter((row) => this.mine(row));
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
      if (!waiting || !this.isOnline() || Date.now() >= deadline) return left;
      // A retry time, or another tab draining: look again shortly.
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
