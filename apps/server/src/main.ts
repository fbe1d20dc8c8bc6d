// Starts the field app: configuration, database (migrated), demo data on an empty
// embedded database on loopback (seed/startup.ts says where else), the first admin from
// the environment, then the HTTP server; a warning when the demo accounts are reachable
// from other machines. `npm start` runs this after the build.
// With WORKERS=N (PostgreSQL only) this process migrates and seeds, then runs N server
// processes sharing the port (Node's cluster module), restarts one that dies, and passes
// SIGTERM on to them.

import cluster from 'node:cluster';
import type { Config } from './config.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/connection.js';
import { migrateToLatest } from './db/migrations.js';
import { pruneIdempotencyKeys } from './http/idempotency.js';
import { pruneAccountData } from './modules/auth/prune.js';
import { buildServer } from './app.js';
import { DEMO_ACCOUNTS } from './seed/demo-data.js';
import { demoExposureWarning, prepareStartupData } from './seed/startup.js';

const HOUR = 60 * 60 * 1000;
const IDEMPOTENCY_KEY_LIFETIME_MS = 7 * 24 * HOUR;

/** The start message's lines about what was migrated and seeded. */
function startupLines(
  config: Config,
  applied: string[],
  seed: Awaited<ReturnType<typeof prepareStartupData>>,
): string[] {
  const lines: string[] = [];
  if (seed.seeded) {
    lines.push(
      `Seeded demo data. Sign in with any of (password: ${config.seedPassword === 'demo-password' ? 'demo-password' : 'SEED_PASSWORD'}):`,
      ...DEMO_ACCOUNTS.map((a) => `  ${a.email}`),
    );
  }
  if (seed.adminCreated) lines.push('Created the admin account of ADMIN_EMAIL.');
  if (seed.adminMissing) {
    lines.push(
      'No admin account exists yet. Create one with ADMIN_EMAIL and ADMIN_PASSWORD at start,',
      'or: node apps/server/dist/seed/create-admin.js --email you@example.com',
    );
  }
  if (applied.length > 0) lines.unshift(`Migrated: ${applied.join(', ')}`);
  return [...lines, ...demoExposureWarning(config, seed.demoAccounts)];
}

/** WORKERS above 1: migrate and seed once, then keep N server processes running. */
async function primary(config: Config): Promise<void> {
  const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const applied = await migrateToLatest(database);
  const seed = await prepareStartupData(database.db, config);
  await database.db.destroy();
  console.log(
    [
      `Starting ${config.workers} server processes on postgres`,
      ...startupLines(config, applied, seed),
    ].join('\n'),
  );
  let stopping = false;
  const running = (): number => Object.keys(cluster.workers ?? {}).length;
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (running() === 0) process.exit(0);
      return;
    }
    console.error(
      `Server process ${worker.process.pid ?? '?'} exited (${signal ?? String(code)}); starting another`,
    );
    cluster.fork();
  });
  for (let i = 0; i < config.workers; i += 1) cluster.fork();
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) process.exit(1);
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    if (running() === 0) process.exit(0);
    // Each process keeps its own deadline; this one only guards against one that hangs.
    setTimeout(() => process.exit(1), config.shutdown.totalMs + 2000).unref();
  };
  process.on('SIGINT', () => stop('SIGTERM'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.workers > 1 && cluster.isPrimary) {
    await primary(config);
    return;
  }
  const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  // A server process of WORKERS: the first process migrated and seeded already.
  const applied = cluster.isWorker ? [] : await migrateToLatest(database);
  const seed = cluster.isWorker
    ? { seeded: false, adminCreated: false, adminMissing: false, demoAccounts: [] }
    : await prepareStartupData(database.db, config);
  const app = await buildServer({ config, database });

  const prune = (): void => {
    pruneIdempotencyKeys(database.db, IDEMPOTENCY_KEY_LIFETIME_MS).catch((err: unknown) =>
      app.log.error({ err }, 'pruning idempotency keys failed'),
    );
    pruneAccountData(database.db, new Date().toISOString()).catch((err: unknown) =>
      app.log.error({ err }, 'pruning account data failed'),
    );
  };
  prune();
  const pruneTimer = setInterval(prune, HOUR);
  pruneTimer.unref();

  // SIGTERM (a restart, a deploy) and Ctrl-C: stop accepting, end the live streams, let
  // every request in flight get its answer, close the database, all within
  // SHUTDOWN_TIMEOUT_SECONDS; a second signal, or the deadline, ends the process at once.
  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) {
      app.log.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    clearInterval(pruneTimer);
    const deadline = setTimeout(() => {
      app.log.error(`shutdown took over ${config.shutdown.totalMs} ms: exiting`);
      process.exit(1);
    }, config.shutdown.totalMs);
    deadline.unref();
    app
      .close()
      .then(() => database.db.destroy())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  const lines = [
    `Field app listening on ${address}`,
    `Database: ${database.dialect}`,
    ...startupLines(config, applied, seed),
  ];
  if (
    !config.publicUrlExplicit &&
    Object.keys(config.providers).length + (config.sso ? 1 : 0) > 0
  ) {
    lines.push(
      `PUBLIC_URL is not set: provider sign-in returns to ${config.publicUrl}; set PUBLIC_URL`,
      'to the address users open the app at.',
    );
  }
  console.log(lines.join('\n'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
