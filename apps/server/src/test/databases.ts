// The databases the server suite runs on: always the embedded SQLite, and PostgreSQL
// whenever one answers (TEST_DATABASE_URL, or the local server), each suite in a fresh
// schema of its own. Without PostgreSQL the suite says so once and skips that half.

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Dialect } from '../db/connection.js';

export const POSTGRES_URL =
  process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

async function postgresReachable(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    await client.end().catch(() => undefined);
  }
}

let availability: Promise<Dialect[]> | undefined;

/** The dialects to run on, decided once per test process. */
export function availableDialects(): Promise<Dialect[]> {
  availability ??= postgresReachable().then((problem) => {
    if (problem === undefined) return ['sqlite', 'postgres'];
    console.log(
      `PostgreSQL not reachable at ${POSTGRES_URL} (${problem}): skipping the PostgreSQL half of the server suite. Set TEST_DATABASE_URL or start PostgreSQL to run it.`,
    );
    return ['sqlite'];
  });
  return availability;
}

export async function createPostgresSchema(): Promise<{
  schema: string;
  drop: () => Promise<void>;
}> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const run = async (sql: string): Promise<void> => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create schema ${schema}`);
  return { schema, drop: () => run(`drop schema ${schema} cascade`) };
}
