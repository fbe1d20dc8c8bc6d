// Benchmark: `POST /api/field_communication/phoneCalls/listByHomes` for 100 homes under
// concurrent load, as a ratio to a bare route behind the same auth hook that answers the
// same JSON precomputed in memory. Runs on SQLite, and on PostgreSQL when one answers.
// Aim (docs/performance.md): a ratio of at least 0.5.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { loadConfig } from '@field/server/config';
import type { DatabaseHandle } from '@field/server/db/connection';
import { openDatabase } from '@field/server/db/connection';
import { migrateToLatest } from '@field/server/db/migrations';
import { buildServer } from '@field/server/app';
import { seedDemoData } from '@field/server/seed/seed';

const POSTGRES_URL = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const DURATION_S = Number(process.env['BENCH_DURATION'] ?? 8);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 20);
const PASSWORD = 'bench-password';
const LIST_PATH = '/api/field_communication/phoneCalls/listByHomes';

interface Result {
  dialect: string;
  listRps: number;
  bareRps: number;
  listP99: number;
  bareP99: number;
  errors: number;
}

async function load(url: string, token: string, body: string): Promise<autocannon.Result> {
  return autocannon({
    url,
    method: 'POST',
    body,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
}

async function postgresSchema(): Promise<
  { schema: string; drop: () => Promise<void> } | undefined
> {
  const run = async (sql: string): Promise<void> => {
    const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const schema = `bench_${Date.now()}`;
  try {
    await run(`create schema ${schema}`);
  } catch (err) {
    console.log(
      `PostgreSQL not reachable at ${POSTGRES_URL} (${err instanceof Error ? err.message : String(err)}): PostgreSQL run skipped.`,
    );
    return undefined;
  }
  return { schema, drop: () => run(`drop schema ${schema} cascade`) };
}

async function benchOn(dialect: 'sqlite' | 'postgres'): Promise<Result | undefined> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'field-bench-'));
  let drop: (() => Promise<void>) | undefined;
  let database: DatabaseHandle;
  if (dialect === 'postgres') {
    const made = await postgresSchema();
    if (made === undefined) return undefined;
    drop = made.drop;
    database = openDatabase({ dataDir, databaseUrl: POSTGRES_URL, pgSchema: made.schema });
  } else {
    database = openDatabase({ dataDir });
  }
  try {
    await migrateToLatest(database);
    await seedDemoData(database.db, { password: PASSWORD, homes: 150 });
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_PASSWORD: PASSWORD });

    // The bare route's answer: exactly what listByHomes answers, serialised once.
    let precomputed = '';
    const app = await buildServer({
      config,
      database,
      extraApiRoutes: (api) => {
        api.post('/bench/bare', (_request, reply) =>
          reply.header('content-type', 'application/json; charset=utf-8').send(precomputed),
        );
      },
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'manager@example.com', password: PASSWORD }),
      });
      const { accessToken } = (await login.json()) as { accessToken: string };
      const homes = (await (
        await fetch(`${base}/api/field_homes/listActive`, {
          headers: { authorization: `Bearer ${accessToken}` },
        })
      ).json()) as { id: string }[];
      const body = JSON.stringify({ homeIds: homes.slice(0, 100).map((h) => h.id) });
      const first = await fetch(`${base}${LIST_PATH}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body,
      });
      precomputed = await first.text();
      const records = (JSON.parse(precomputed) as unknown[]).length;
      console.log(
        `${dialect}: ${homes.length} homes; listByHomes for 100 homes answers ${records} records, ${precomputed.length} bytes`,
      );

      await load(`${base}${LIST_PATH}`, accessToken, body); // warm-up, not counted
      const list = await load(`${base}${LIST_PATH}`, accessToken, body);
      const bare = await load(`${base}/api/bench/bare`, accessToken, body);
      return {
        dialect,
        listRps: list.requests.average,
        bareRps: bare.requests.average,
        listP99: list.latency.p99,
        bareP99: bare.latency.p99,
        errors: list.errors + list.non2xx + bare.errors + bare.non2xx,
      };
    } finally {
      await app.close();
    }
  } finally {
    await database.db.destroy();
    await drop?.();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const results: Result[] = [];
for (const dialect of ['sqlite', 'postgres'] as const) {
  const result = await benchOn(dialect);
  if (result !== undefined) results.push(result);
}

console.log(
  `\nlistByHomes (100 homes) vs bare route, ${CONNECTIONS} connections, ${DURATION_S} s each`,
);
console.log('dialect   list req/s  bare req/s  ratio  list p99 ms  bare p99 ms  errors');
for (const r of results) {
  console.log(
    [
      r.dialect.padEnd(8),
      r.listRps.toFixed(0).padStart(11),
      r.bareRps.toFixed(0).padStart(11),
      (r.listRps / r.bareRps).toFixed(2).padStart(6),
      String(r.listP99).padStart(12),
      String(r.bareP99).padStart(12),
      String(r.errors).padStart(7),
    ].join(' '),
  );
}
console.log('aim: ratio >= 0.50 (docs/performance.md)');
