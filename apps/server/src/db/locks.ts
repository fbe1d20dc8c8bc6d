// Named locks held until a transaction ends, for writes that decide from rows another
// write may be adding at the same moment (a natural key's check, an owner's file quota):
// each such check otherwise reads what was committed when it ran and misses the other's.
// PostgreSQL takes a transaction-level advisory lock on the name; SQLite writes one
// transaction at a time, so there is nothing to take.

import type { Kysely } from 'kysely';
import { PostgresAdapter, sql } from 'kysely';
import type { Database } from './schema.js';

/** Whether `db` talks to PostgreSQL (rather than the embedded SQLite). */
export function onPostgres<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Waits for, then holds, the lock named `name` until `trx`'s transaction ends. */
export async function holdName(trx: Kysely<Database>, name: string): Promise<void> {
  if (!onPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
}
