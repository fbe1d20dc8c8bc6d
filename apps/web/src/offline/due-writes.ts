// Which queued writes a pass sends next, how they are grouped into requests, and when the
// next pass is due: decisions on rows already read, with no database and no network.

import type { MutationRow } from './database';
import type { WriteOrder } from './mutation-handlers';

/** How soon a tab that found the lock taken looks again (the drainer may have missed ours). */
const LOCK_BUSY_RETRY_MS = 2000;

/** Room left in a pass: batch requests, and places of writes that go alone. */
export interface FreeSlots {
  shared: number;
  alone: number;
}

/** One request of a pass: a batch, or a write that goes alone (a file's bytes). */
export interface Outgoing {
  rows: MutationRow[];
  alone: boolean;
}

export interface DueWritesContext {
  now: number;
  /** Writes this pass sent (or tried): not sent again by it. */
  attempted: ReadonlySet<string>;
  free: FreeSlots;
  /** Writes one batch request carries. */
  requestSize: number;
  orderOf(row: MutationRow): WriteOrder;
  /** The signed-in user's write: only those are sent. */
  mine(row: MutationRow): boolean;
  /** Whether the write may share a batch request (its handler can describe it). */
  batchable(row: MutationRow): boolean;
}

/**
 * The due writes (oldest first) that fill the `free` batch requests and the `free` places
 * of writes that go alone, none behind an earlier write (on its way, failed or waiting)
 * holding a record or file it needs: its own, or one it refers to (mutation-handlers.ts
 * writeOrderOf).
 */
export function dueWrites(rows: readonly MutationRow[], context: DueWritesContext): MutationRow[] {
  const { now, attempted, free } = context;
  const busy = new Set<string>();
  const round: MutationRow[] = [];
  let shared = context.requestSize * free.shared;
  let alone = free.alone;
  if (shared <= 0 && alone <= 0) return round;
  for (const row of rows) {
    // Read from the write itself, not the stored recordKeys: rows queued by an older
    // version carry keys of another form (mutation-handlers.ts writeOrderOf).
    const order = context.orderOf(row);
    const blocked = order.needs.some((key) => busy.has(key));
    if (
      !blocked &&
      row.status === 'pending' &&
      context.mine(row) &&
      row.nextAttemptAt <= now &&
      !attempted.has(row.id)
    ) {
      const batchable = context.batchable(row);
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
 * The claimed writes as requests: the writes that go alone one to a request, then the
 * others `requestSize` to a batch request, in the order given.
 */
export function requestsOf(
  rows: readonly MutationRow[],
  requestSize: number,
  batchable: (row: MutationRow) => boolean,
): Outgoing[] {
  const requests: Outgoing[] = [];
  const shared: MutationRow[] = [];
  for (const row of rows) {
    if (batchable(row)) shared.push(row);
    else requests.push({ rows: [row], alone: true });
  }
  for (let start = 0; start < shared.length; start += requestSize) {
    requests.push({ rows: shared.slice(start, start + requestSize), alone: false });
  }
  return requests;
}

/**
 * How long until the next pass, for the signed-in user's `pending` writes: until the
 * earliest retry time still ahead, or soon when another tab held the lock (it may have
 * missed ours); undefined when nothing waits for a time.
 */
export function nextPassDelay(
  pending: readonly Pick<MutationRow, 'nextAttemptAt'>[],
  now: number,
  lockBusy: boolean,
): number | undefined {
  const waiting = pending.map((row) => row.nextAttemptAt).filter((at) => at > now);
  if (lockBusy && pending.length > 0) waiting.push(now + LOCK_BUSY_RETRY_MS);
  if (waiting.length === 0) return undefined;
  return Math.max(0, Math.min(...waiting) - now);
}
