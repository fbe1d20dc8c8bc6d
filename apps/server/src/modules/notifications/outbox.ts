// The outbox: what a write leaves to be done after its commit. A write that tells a home's
// staff of something stores one row in its own transaction (so the telling exists exactly
// when the write does: never for a failed write or an Idempotency-Key replay) and the
// notifications are made after the commit, many events in one transaction, outside the
// write's locks. Whichever process finds a row does it and deletes it in one transaction
// (on PostgreSQL rows another process holds are skipped), so each is done once, also when
// the writing process stops before getting to it.

import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { HomeAccessMode } from '@field/domain';
import type { Dialect } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import { sortableId } from '../../db/sortable-id.js';
import type { RecordRepository } from '../records/repository.js';
import type { HomeEvent } from './home-staff.js';
import { notifyHomeStaff } from './home-staff.js';

const TOPIC_HOME_EVENT = 'home-event';
/** Rows one pass takes. */
const PASS_SIZE = 200;
/** How often rows nobody kicked for are looked for (left by a stopped process). */
const SWEEP_MS = 10_000;

/** Where a write puts its outbox rows, and what it does once committed. */
export interface OutboxWriter {
  trx: Transaction<Database>;
  afterCommit(work: () => void): void;
}

export interface OutboxOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  records: RecordRepository;
  /** Access by home: who of a home's staff may be told (home-staff.ts). */
  homeAccess: HomeAccessMode;
  log: FastifyBaseLogger;
  /** Told which users got notifications, once they are committed. */
  onNotified?: (userIds: readonly string[]) => void;
  /**
   * How often rows left behind (a crash between commit and delivery) are swept up; 0: never
   * (tests that count a request's queries, where a sweep would land among them).
   */
  sweepMs?: number;
}

export class Outbox {
  private running: Promise<void> | undefined;
  private again = false;
  private closed = false;
  private readonly timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: OutboxOptions) {
    const sweepMs = options.sweepMs ?? SWEEP_MS;
    this.timer = sweepMs > 0 ? setInterval(() => this.kick(), sweepMs) : undefined;
    this.timer?.unref();
  }

  /** Stores a home event in the write's transaction; it is done after the commit. */
  async enqueueHomeEvent(writer: OutboxWriter, event: HomeEvent): Promise<void> {
    await writer.trx
      .insertInto('outbox')
      .values({
        id: sortableId(),
        topic: TOPIC_HOME_EVENT,
        payload: JSON.stringify(event),
        created_at: new Date().toISOString(),
      })
      .execute();
    writer.afterCommit(() => this.kick());
  }

  /** Does what is waiting, soon; a pass already running goes round once more. */
  kick(): void {
    if (this.closed) return;
    if (this.running !== undefined) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err: unknown) => this.options.log.error({ err }, 'outbox pass failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Resolves once everything waiting when called (and since) is done. */
  async settle(): Promise<void> {
    while (this.running !== undefined) await this.running;
  }

  private async drain(): Promise<void> {
    // Let the writes of the same moment commit and join this pass.
    await new Promise((resolve) => setImmediate(resolve));
    for (;;) {
      const done = await this.pass();
      if (done < PASS_SIZE) return;
    }
  }

  /**
   * Takes up to PASS_SIZE rows, does them and deletes them, in one transaction. When that
   * fails, the rows are taken one at a time, and one that fails alone is logged and
   * dropped rather than blocking the others for ever.
   */
  private async pass(): Promise<number> {
    try {
      return await this.take(PASS_SIZE, false);
    } catch (err) {
      this.options.log.warn({ err }, 'outbox pass failed; taking its rows one at a time');
      let taken = 0;
      while (taken < PASS_SIZE && (await this.take(1, true)) === 1) taken += 1;
      return taken;
    }
  }

  private async take(limit: number, dropFailures: boolean): Promise<number> {
    const { db, dialect, records, homeAccess, log } = this.options;
    const notified = new Set<string>();
    const taken = await db.transaction().execute(async (trx) => {
      let query = trx.selectFrom('outbox').selectAll().orderBy('id').limit(limit);
      if (dialect === 'postgres') query = query.forUpdate().skipLocked();
      const rows = await query.execute();
      for (const row of rows) {
        if (dropFailures) await sql`savepoint outbox_row`.execute(trx);
        try {
          if (row.topic !== TOPIC_HOME_EVENT) throw new Error(`unknown topic ${row.topic}`);
          // Safe: written by enqueueHomeEvent from a HomeEvent.
          const event = JSON.parse(row.payload) as HomeEvent;
          for (const id of await notifyHomeStaff(trx, records, event, homeAccess)) notified.add(id);
        } catch (err) {
          if (!dropFailures) throw err;
          await sql`rollback to savepoint outbox_row`.execute(trx);
          log.error({ err, outboxId: row.id }, 'outbox row could not be done: dropped');
        }
      }
      if (rows.length > 0) {
        const ids = rows.map((r) => r.id);
        await trx.deleteFrom('outbox').where('id', 'in', ids).execute();
      }
      return rows.length;
    });
    if (notified.size > 0) this.options.onNotified?.([...notified]);
    return taken;
  }

  /** Stops sweeping and waits for the pass under way (server shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.settle();
  }
}
