// What the server puts into its database at start: the demo company where it is meant
// (the embedded default of `npm start` on loopback, or SEED_DEMO=true: config.ts seedsDemo), and
// the first admin from ADMIN_EMAIL / ADMIN_PASSWORD. A real install (DATABASE_URL, a
// PUBLIC_URL, a HOST beyond loopback, a trusted proxy) starts with no known password, and
// one that holds the demo accounts anyway says so loudly at start.

import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { adminExists, ensureInitialAdmin } from './admin.js';
import { DEMO_ACCOUNTS } from './demo-data.js';
import { seedDemoData } from './seed.js';

export interface StartupData {
  /** The demo company and its accounts were written (an empty database, seeding on). */
  seeded: boolean;
  /** The admin of ADMIN_EMAIL was made now. */
  adminCreated: boolean;
  /** No admin exists: someone has to make one (the start message says how). */
  adminMissing: boolean;
  /** The demo accounts the database holds (seeded now or earlier), by e-mail. */
  demoAccounts: string[];
}

async function demoAccountsIn(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('email')
    .where(
      'email',
      'in',
      DEMO_ACCOUNTS.map((account) => account.email),
    )
    .orderBy('email')
    .execute();
  return rows.map((row) => row.email);
}

/**
 * The start message's warning when demo accounts, whose password anyone can read in the
 * README, are reachable from other machines; none otherwise.
 */
export function demoExposureWarning(
  config: Pick<Config, 'servedToNetwork'>,
  demoAccounts: readonly string[],
): string[] {
  if (!config.servedToNetwork || demoAccounts.length === 0) return [];
  return [
    '!!! WARNING: this server is reachable from other machines (HOST beyond loopback,',
    '!!! PUBLIC_URL or TRUST_PROXY) and holds the demo accounts, whose password is public:',
    ...demoAccounts.map((email) => `!!!   ${email}`),
    '!!! Remove them: start on an empty database (a new DATA_DIR, or DATABASE_URL) without',
    '!!! SEED_DEMO=true. Or keep the demo on this machine: HOST=127.0.0.1, no PUBLIC_URL,',
    '!!! no TRUST_PROXY.',
  ];
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
  return {
    seeded,
    adminCreated,
    adminMissing: !(await adminExists(db)),
    demoAccounts: await demoAccountsIn(db),
  };
}
