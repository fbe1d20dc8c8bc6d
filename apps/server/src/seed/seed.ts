// Fills an empty database with the demo company and its sign-in accounts, and clears a
// database for a fresh seed (`seed --reset`).

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { NotificationRepository } from '../modules/notifications/repository.js';
import { RecordRepository } from '../modules/records/repository.js';
import { UserRepository } from '../modules/users/repository.js';
import { generateDemoData } from './demo-data.js';
import { datedNotifications, demoNotifications } from './demo-notifications.js';

export interface SeedOptions {
  /** The password of every demo account. */
  password: string;
  /** Number of homes (default 150); everything per home scales with it. */
  homes?: number;
  /** createdAt / updatedAt of the seeded records; default the current time. */
  now?: string;
  /** The demo's "today", which every generated event precedes; default 2026-11-01. */
  referenceDate?: string;
}

export interface SeedResult {
  /** False when the database already had users and nothing was written. */
  seeded: boolean;
  /** Rows written per record kind, plus `users`. Empty when nothing was seeded. */
  counts: Record<string, number>;
}

/**
 * Seeds the demo data unless the database already has a user. The records go in one
 * transaction; the accounts follow, each in `UserRepository.create`'s own transaction
 * (it opens one itself, so it cannot join ours). Users are the "already seeded" mark and
 * come last: a failure while writing records leaves the database as it was. The demo
 * notifications follow the accounts they belong to.
 */
export async function seedDemoData(
  db: Kysely<Database>,
  options: SeedOptions,
): Promise<SeedResult> {
  const users = new UserRepository(db);
  if ((await users.count()) > 0) return { seeded: false, counts: {} };

  const now = options.now ?? new Date().toISOString();
  const data = generateDemoData({ homes: options.homes, referenceDate: options.referenceDate });
  const passwordHash = await hashPassword(options.password);

  const records = new RecordRepository(db);
  await db.transaction().execute(async (trx) => {
    for (const set of data.recordSets) await records.insertMany(trx, set.kind, set.records, now);
  });
  for (const account of data.accounts) await users.create({ ...account, passwordHash }, now);
  const notifications = datedNotifications(demoNotifications(data), now);
  await new NotificationRepository(db).insertMany(db, notifications, now);

  const counts: Record<string, number> = {};
  for (const set of data.recordSets) counts[set.kind] = set.records.length;
  counts['users'] = data.accounts.length;
  counts['notifications'] = notifications.length;
  return { seeded: true, counts };
}

/** Tables `clearDatabase` empties, children before parents. */
const CLEARED_TABLES = [
  'refresh_tokens',
  'password_resets',
  'user_identities',
  'auth_states',
  'sign_in_failures',
  'user_scopes',
  'users',
  'records',
  'idempotency_keys',
  'files',
] as const;

/**
 * Deletes every row of the application's tables (the migration bookkeeping stays), in one
 * transaction. Stored file bytes under DATA_DIR are not touched.
 */
export async function clearDatabase(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const table of CLEARED_TABLES) await trx.deleteFrom(table).execute();
  });
}
