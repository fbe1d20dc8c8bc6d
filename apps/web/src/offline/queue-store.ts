// The write queue's rows in the `mutations` store: a write stored within the critical lock
// timeout, rows read and claimed for a pass, a failure's decision stored, and what a row
// carries (its data, the queries to refresh after it).

import type { QueryKey } from '@tanstack/react-query';
import type { Transaction } from 'dexie';
import { MESSAGES, STORAGE, WRITE_BASE_FIELD } from '@field/domain';
import type { FieldDatabase, MutationRow } from './database';
import type { MutationData } from './mutation-handlers';
import { recordKeysOf } from './mutation-handlers';
import type { EnqueueInput, Outcome, QueueCore } from './queue-types';
import { CriticalOperationDelayedError } from './queue-types';
import type { WriteFailure } from './write-failure';

export function dataOf(row: MutationRow): MutationData {
  // Safe: enqueue and edit store only objects that passed the payload check.
  return typeof row.data === 'object' && row.data !== null ? (row.data as MutationData) : {};
}

/** The data a handler sends: the write's, with its base when it has one. */
export function requestDataOf(row: MutationRow): MutationData {
  const data = dataOf(row);
  return row.base === undefined ? data : { ...data, [WRITE_BASE_FIELD]: row.base };
}

/** The queries refreshed once the server has the write: the caller's and the handler's. */
export function queryKeysOf(core: QueueCore, row: MutationRow): QueryKey[] {
  return [...row.queryKeys, ...(core.handlerOf(row)?.queryKeys?.(dataOf(row)) ?? [])];
}

/**
 * Stores the write within the critical lock timeout. Past it the transaction is aborted
 * (or, not begun yet, refuses to run), so a write the user is told to retry is never
 * stored as well; one that committed meanwhile counts as stored.
 */
export async function storeWrite(
  core: QueueCore,
  id: string,
  input: EnqueueInput,
): Promise<MutationRow> {
  const timeoutMs = core.options.criticalLockTimeoutMs ?? STORAGE.criticalLockTimeoutMs;
  let abandoned = false;
  let transaction: Transaction | undefined;
  const stored = storeNow(core, id, input, (tx) => {
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

function storeNow(
  core: QueueCore,
  id: string,
  input: EnqueueInput,
  begin: (tx: Transaction) => void,
): Promise<MutationRow> {
  const { db } = core;
  const author = core.options.currentUser?.() ?? undefined;
  return db.transaction('rw', db.mutations, async (tx) => {
    begin(tx);
    // Strictly after the last queued write, so order holds across tabs too.
    const last = await db.mutations.orderBy('timestamp').last();
    const stored: MutationRow = {
      ...(author === undefined ? {} : { author }),
      id,
      type: input.type,
      operation: input.operation,
      data: structuredClone(input.data),
      queryKeys: (input.queryKeys ?? []).map((key) => [...key]),
      timestamp: Math.max(core.now(), (last?.timestamp ?? 0) + 1),
      retryCount: 0,
      status: 'pending',
      ...(input.base === undefined ? {} : { base: structuredClone(input.base) }),
      recordKeys: recordKeysOf(input.type, input.data),
      inFlight: false,
      nextAttemptAt: 0,
    };
    await db.mutations.add(stored);
    return stored;
  });
}

/** Every queued write, oldest first. */
export function loadRows(db: FieldDatabase): Promise<MutationRow[]> {
  return db.mutations.orderBy('timestamp').toArray();
}

function pendingOf(core: QueueCore) {
  return core.db.mutations
    .where('status')
    .equals('pending')
    .filter((row) => core.mine(row));
}

/** The signed-in user's pending writes (another user's wait for them, not for us). */
export function pendingRows(core: QueueCore): Promise<MutationRow[]> {
  return pendingOf(core).toArray();
}

/** How many of the signed-in user's writes are pending. */
export function pendingCount(core: QueueCore): Promise<number> {
  return pendingOf(core).count();
}

/** The rows with those of `ids` read again (gone when sent or discarded). */
export async function refreshRows(
  db: FieldDatabase,
  rows: MutationRow[],
  ids: string[],
): Promise<MutationRow[]> {
  const fresh = new Map<string, MutationRow>();
  for (const row of await db.mutations.bulkGet(ids)) {
    if (row !== undefined) fresh.set(row.id, row);
  }
  const touched = new Set(ids);
  return rows.flatMap((row) => {
    if (!touched.has(row.id)) return [row];
    const current = fresh.get(row.id);
    return current === undefined ? [] : [current];
  });
}

/** Marks a batch in flight in one transaction; answers the ids still queued. */
export function claim(db: FieldDatabase, batch: MutationRow[]): Promise<Set<string>> {
  if (batch.length === 0) return Promise.resolve(new Set());
  return db.transaction('rw', db.mutations, async () => {
    const current = await db.mutations.bulkGet(batch.map((row) => row.id));
    const present = current.filter((row): row is MutationRow => row !== undefined);
    await db.mutations.bulkPut(present.map((row) => ({ ...row, inFlight: true })));
    return new Set(present.map((row) => row.id));
  });
}

/** Writes that were not sent after all go back to waiting. */
export async function release(db: FieldDatabase, rows: MutationRow[]): Promise<void> {
  await db.mutations.bulkUpdate(rows.map((row) => ({ key: row.id, changes: { inFlight: false } })));
}

/** Stores what a failure does to the write (write-failure.ts) and tells the listeners. */
export async function recordFailure(
  core: QueueCore,
  row: MutationRow,
  failure: WriteFailure,
): Promise<Outcome> {
  const { db } = core;
  switch (failure.kind) {
    case 'conflict': {
      // Not failed, never sent again: it waits for the user's choice.
      const changes = {
        status: 'conflict' as const,
        conflict: failure.conflict,
        error: failure.message,
        inFlight: false,
      };
      await db.mutations.update(row.id, changes);
      core.emit({ type: 'conflict', mutation: { ...row, ...changes }, message: failure.message });
      return 'conflict';
    }
    case 'auth-required':
      await db.mutations.update(row.id, { inFlight: false });
      core.emit({ type: 'auth-required' });
      return 'stop';
    case 'wait':
      await db.mutations.update(row.id, { inFlight: false });
      return 'stop';
    case 'failed': {
      const changes = {
        status: 'failed' as const,
        error: failure.error,
        inFlight: false,
        retryCount: failure.retryCount,
      };
      await db.mutations.update(row.id, changes);
      core.emit({ type: 'failed', mutation: { ...row, ...changes }, message: failure.message });
      return 'failed';
    }
    case 'retry':
      await db.mutations.update(row.id, {
        inFlight: false,
        retryCount: failure.retryCount,
        error: failure.error,
        nextAttemptAt: failure.nextAttemptAt,
      });
      return 'retry';
  }
}

/**
 * Holds the waiting writes that record no author (stored while nobody was signed in, or by
 * an older version): they are nobody's, so no session sends them. Each is marked failed
 * with why, so the queue's lists and counts show it for the user's attention; it stays on
 * the device (backups carry it) until the user deletes it. Nothing happens without a
 * signed-in user to show it to, nor for a queue that records no authors at all.
 */
export async function holdUnauthored(core: QueueCore): Promise<void> {
  const current = core.options.currentUser;
  if (current === undefined || current() === null) return;
  const held = await core.db.transaction('rw', core.db.mutations, async () => {
    const rows = await core.db.mutations
      .where('status')
      .equals('pending')
      .filter((row) => row.author === undefined)
      .toArray();
    const changes = { status: 'failed' as const, inFlight: false, error: MESSAGES.unauthoredWrite };
    await core.db.mutations.bulkUpdate(rows.map((row) => ({ key: row.id, changes })));
    return rows.map((row) => ({ ...row, ...changes }));
  });
  for (const row of held) {
    core.emit({ type: 'failed', mutation: row, message: MESSAGES.unauthoredWrite });
  }
}
