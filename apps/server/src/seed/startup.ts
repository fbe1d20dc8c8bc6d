// What the server puts into its database at start: the demo company where it is meant
// (the embedded default of `npm start`, or SEED_DEMO=true), and the first admin from
// ADMIN_EMAIL / ADMIN_PASSWORD. A real install (DATABASE_URL, an https PUBLIC_URL) starts
// with no known password.

import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { adminExists, ensureInitialAdmin } from './admin.js';
import { seedDemoData } from './seed.js';

export interface StartupData {
  /** The demo company and its accounts were written (an empty database, seeding on). */
  seeded: boolean;
  /** The admin of ADMIN_EMAIL was made now. */
  adminCreated: boolean;
  /** No admin exists: someone has to make one (the start message says how). */
  adminMissing: boolean;
}

export async function prepareStartupData(
  db: Kysely<Database>,
  config: Pick<Config, 'seedDemo' | 'seedPassword' | 'initialAdmin'>,
  options: { demoHomes?: number } = {},
): Promise<StartupData> {
  const seeded = config.seedDemo
    ? (await seedDemoData(db, { password: config.seedPassword, homes: options.demoHomes })).seeded
    : false;
  const adminCreated =
    config.initialAdmin === undefined
      ? false
      : (await ensureInitialAdmin(db, config.initialAdmin)) === 'created';
  return { seeded, adminCreated, adminMissing: !(await adminExists(db)) };
}
