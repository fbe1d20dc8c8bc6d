// `npm run seed -w apps/server -- [--homes N] [--reset]`: migrates the configured database
// and fills it with the demo company. Without --reset a database that has users is left
// alone; with it every row is deleted first.

import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrations.js';
import { DEFAULT_DEMO_HOMES, DEMO_ACCOUNTS } from './demo-data.js';
import { clearDatabase, seedDemoData } from './seed.js';
import { runAsProgram } from './program.js';

const USAGE = `Usage: node apps/server/dist/seed/cli.js [--homes N] [--reset]

  --homes N   number of demo homes (default ${DEFAULT_DEMO_HOMES}); records per home scale with it
  --reset     delete all records, users, idempotency keys and file rows before seeding
  --help      show this text

Configuration comes from the environment (DATA_DIR, DATABASE_URL, SEED_PASSWORD).`;

const MAX_HOMES = 100_000;

interface CliOptions {
  homes: number | undefined;
  reset: boolean;
  help: boolean;
}

function readFlags(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      options: {
        homes: { type: 'string' },
        reset: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (err) {
    throw new Error(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
  }
}

/** Reads the command line; throws an Error with a message fit for the user. */
function parseCliArgs(argv: readonly string[]): CliOptions {
  const values = readFlags(argv);
  let homes: number | undefined;
  if (values.homes !== undefined) {
    homes = /^\d+$/.test(values.homes) ? Number(values.homes) : Number.NaN;
    if (!Number.isSafeInteger(homes) || homes < 1 || homes > MAX_HOMES) {
      throw new Error(
        `--homes must be a whole number from 1 to ${MAX_HOMES}, got "${values.homes}"`,
      );
    }
  }
  return { homes, reset: values.reset, help: values.help };
}

async function run(argv: readonly string[]): Promise<void> {
  const options = parseCliArgs(argv);
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    const applied = await migrateToLatest(database);
    const where = database.dialect === 'sqlite' ? `SQLite in ${config.dataDir}` : 'PostgreSQL';
    console.log(
      `Database: ${where}${applied.length > 0 ? ` (migrated: ${applied.join(', ')})` : ''}`,
    );
    if (options.reset) {
      await clearDatabase(database.db);
      console.log('Deleted all records, users, idempotency keys and file rows.');
    }
    const started = process.hrtime.bigint();
    const result = await seedDemoData(database.db, {
      password: config.seedPassword,
      homes: options.homes,
    });
    if (!result.seeded) {
      console.log('The database already has users: nothing seeded. Use --reset to start over.');
      return;
    }
    const ms = Number((process.hrtime.bigint() - started) / 1_000_000n);
    const entries = Object.entries(result.counts);
    const width = Math.max(...entries.map(([kind]) => kind.length));
    const total = entries.reduce((sum, [, n]) => sum + n, 0);
    console.log(
      [
        `Seeded ${total} rows in ${ms} ms:`,
        ...entries.map(([kind, n]) => `  ${kind.padEnd(width)}  ${n}`),
        `Sign in with any of (password: ${config.seedPassword === 'demo-password' ? 'demo-password' : 'SEED_PASSWORD'}):`,
        ...DEMO_ACCOUNTS.map((a) => `  ${a.email}`),
      ].join('\n'),
    );
  } finally {
    await database.db.destroy();
  }
}

// Runs only as a program, so the argument parser can be imported by tests.
runAsProgram(import.meta.url, run, 'Seeding failed');
