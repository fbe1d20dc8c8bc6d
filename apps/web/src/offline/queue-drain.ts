// One pass of the write queue, run under the queue's lock (queue-pass.ts decides when):
// the due writes are claimed in one transaction and sent with up to `requestsInFlight`
// batch requests (and `batchSize` writes that go alone) on their way at once; as soon as
// one request is answered its writes leave the queue, only then, and the next are claimed.

import type { QueryKey } from '@tanstack/react-query';
import { QUEUE } from '@field/domain';
import type { MutationRow } from './database';
import type { FreeSlots, Outgoing } from './due-writes';
import { dueWrites, requestsOf } from './due-writes';
import type { WriteOrder } from './mutation-handlers';
import { writeOrderOf } from './mutation-handlers';
import type { Paced } from './paced';
import type { QueueTransport } from './queue-transport';
import {
  claim,
  dataOf,
  holdUnauthored,
  loadRows,
  pendingCount,
  queryKeysOf,
  refreshRows,
} from './queue-store';
import type { Outcome, PassResult, QueueCore } from './queue-types';

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

export class QueueDrain {
  private readonly core: QueueCore;
  private readonly transport: QueueTransport;
  /** Refreshes the queries of sent writes, paced during a drain (paced.ts). */
  private readonly refreshes: Paced<QueryKey>;
  private readonly orders = new WeakMap<MutationRow, WriteOrder>();

  constructor(core: QueueCore, transport: QueueTransport, refreshes: Paced<QueryKey>) {
    this.core = core;
    this.transport = transport;
    this.refreshes = refreshes;
  }

  /**
   * Sends the due writes, each request's writes settled as soon as it is answered while the
   * others are still on their way. (Rounds that waited for all of their requests left the
   * connection and the server idle behind the slowest one and the page's bookkeeping.)
   */
  async run(): Promise<PassResult> {
    this.core.emit({ type: 'pass-start' });
    await holdUnauthored(this.core);
    // The table is read once, then only the rows a request touched; it is read again when
    // nothing is left to send or on its way, to pick up writes queued meanwhile.
    const pass: Pass = {
      rows: await loadRows(this.core.db),
      attempted: new Set(),
      answered: [],
      sent: 0,
      failed: 0,
      stop: false,
    };
    const running = new Set<Promise<void>>();
    const free: FreeSlots = {
      shared: this.core.options.requestsInFlight ?? QUEUE.requestsInFlight,
      alone: this.batchSize,
    };
    try {
      for (;;) {
        const picking = !pass.stop && this.core.isOnline();
        const requests = await this.settleAndClaim(pass, picking ? free : undefined, running.size);
        for (const request of requests) {
          const slot = request.alone ? 'alone' : 'shared';
          free[slot] -= 1;
          const sending: Promise<void> = this.transport
            .send(request)
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
      pending: await pendingCount(this.core),
    };
    this.core.emit({ type: 'pass-end', result });
    return result;
  }

  /**
   * One transaction: the answered writes leave the queue (only now, with the server's
   * answers in hand), the others are read again, and the next due writes that fit in
   * `free` are marked in flight. Answers the requests to send them in.
   */
  private async settleAndClaim(
    pass: Pass,
    free: FreeSlots | undefined,
    running: number,
  ): Promise<Outgoing[]> {
    const { db } = this.core;
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
    const claimed = await db.transaction('rw', db.mutations, async () => {
      if (done.length > 0) await db.mutations.bulkDelete([...sentIds]);
      let rows = pass.rows.filter((row) => !sentIds.has(row.id));
      if (others.length > 0) {
        rows = await refreshRows(
          db,
          rows,
          others.map((row) => row.id),
        );
      }
      if (room !== undefined) {
        picked = this.dueWrites(rows, pass.attempted, room);
        if (picked.length === 0 && running === 0) {
          rows = await loadRows(db);
          picked = this.dueWrites(rows, pass.attempted, room);
        }
      }
      pass.rows = rows;
      return claim(db, picked);
    });
    pass.sent += done.length;
    for (const row of done) this.core.emit({ type: 'sent', mutation: row });
    const invalidations = done.flatMap((row) => queryKeysOf(this.core, row));
    if (invalidations.length > 0) this.refreshes.add(invalidations);
    for (const row of picked) pass.attempted.add(row.id);
    // A write gone meanwhile (discarded, or sent by another tab) is answered at once.
    const gone = picked.filter((row) => !claimed.has(row.id));
    if (gone.length > 0) pass.answered.push({ rows: gone, outcomes: gone.map(() => 'skipped') });
    return requestsOf(
      picked.filter((row) => claimed.has(row.id)),
      this.requestSize,
      (row) => this.batchable(row),
    );
  }

  private dueWrites(rows: MutationRow[], attempted: Set<string>, free: FreeSlots): MutationRow[] {
    return dueWrites(rows, {
      now: this.core.now(),
      attempted,
      free,
      requestSize: this.requestSize,
      orderOf: (row) => this.orderOf(row),
      mine: (row) => this.core.mine(row),
      batchable: (row) => this.batchable(row),
    });
  }

  /**
   * The write's order, worked out once per row read (a pass looks at every queued write
   * each time a request is answered; an edited write is a new row object).
   */
  private orderOf(row: MutationRow): WriteOrder {
    let order = this.orders.get(row);
    if (order === undefined) {
      order = writeOrderOf(row.type, dataOf(row));
      this.orders.set(row, order);
    }
    return order;
  }

  /** Whether the write can share a batch request (its handler describes the call). */
  private batchable(row: MutationRow): boolean {
    return this.core.handlerOf(row)?.batch !== undefined;
  }

  private get batchSize(): number {
    return this.core.options.batchSize ?? QUEUE.batchSize;
  }

  /** Writes one batch request carries: `parallelBatches` batches of `batchSize`. */
  private get requestSize(): number {
    return this.batchSize * (this.core.options.parallelBatches ?? QUEUE.parallelBatches);
  }
}
