// The built server (apps/server/dist/main.js, so `tsc -b` first) as a child process on a
// free port: for tests of what only a real process shows (signals, several processes on
// one database). Each gets a temporary DATA_DIR; on PostgreSQL a database of its own,
// which several processes can share.

import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { POSTGRES_URL } from './databases.js';

const SERVER_MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

const LISTENING = /Field app listening on (https?:\/\/\S+)/;
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;
const JWT_SECRET = 'process-test-secret-that-is-long-enough-for-hs256';

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** When it happened (Date.now()). */
  at: number;
}

export interface ServerProcess {
  url: string;
  dataDir: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<Exit>;
  /** SIGTERM, then SIGKILL after 15 s; removes the data folder. */
  stop(): Promise<void>;
}

/** A PostgreSQL database of its own, on the test server, and how to drop it. */
export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `p_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // `with (force)` ends sessions a killed process may have left behind.
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

export interface StartOptions {
  /** PostgreSQL database (the embedded SQLite one in DATA_DIR when absent). */
  databaseUrl?: string;
  env?: Record<string, string>;
  /** Serve the built web app (apps/web/dist) as `npm start` does; browser tests want it. */
  serveWebApp?: boolean;
}

export async function startServerProcess(options: StartOptions = {}): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'field-process-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    JWT_SECRET,
    SEED_DEMO: 'true',
    RATE_LIMIT_SIGN_IN_MAX: '10000',
  };
  for (const name of ['DATABASE_URL', 'SEED_PASSWORD', 'FILE_STORAGE', 'WEB_DIST']) {
    delete env[name];
  }
  if (options.serveWebApp !== true) env['WEB_DIST'] = path.join(dataDir, 'no-web');
  if (options.databaseUrl !== undefined) env['DATABASE_URL'] = options.databaseUrl;
  Object.assign(env, options.env);

  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() }));
  });
  const hasExited = (): boolean => child.exitCode !== null || child.signalCode !== null;

  const stop = async (): Promise<void> => {
    if (!hasExited()) {
      child.kill('SIGTERM');
      const late = await Promise.race([
        exited.then(() => false),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(true), STOP_TIMEOUT_MS)),
      ]);
      if (late) {
        child.kill('SIGKILL');
        await exited;
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`server did not start within ${START_TIMEOUT_MS} ms`)),
        START_TIMEOUT_MS,
      );
      const look = (): void => {
        const match = LISTENING.exec(output);
        if (match?.[1] !== undefined) {
          clearTimeout(timer);
          child.stdout?.off('data', look);
          resolve(match[1].replace(/\/$/, ''));
        }
      };
      child.stdout?.on('data', look);
      void exited.then((exit) => {
        clearTimeout(timer);
        reject(new Error(`server exited early (code ${exit.code}, signal ${exit.signal})`));
      });
    });
    return { url, dataDir, child, output: () => output, exited, stop };
  } catch (error) {
    await stop();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${reason}\n--- server output ---\n${output}`);
  }
}
