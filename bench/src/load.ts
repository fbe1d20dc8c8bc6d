// Load test: simulated field users against the built server on PostgreSQL, first one
// process, then two on the same database. Each user signs in, keeps a notification stream
// open, and in a loop syncs their homes (the home list and three listByHomes calls) and
// sends 20 writes in batches of 5, as the web app's queue does, with a little think time.
// Prints throughput, p99 latency and error rate of each run, and the ratio of two
// processes to one. Aim (docs/performance.md): two processes >= 1.6x one, 0 errors.
//
//   node dist/load.js [--duration=60] [--users=200]
//
// Needs PostgreSQL (BENCH_DATABASE_URL or the local server) and a build (`npm run bench`
// builds). The load generator runs on the same machine as the servers and takes its share
// of the cores: compare the ratio, not the absolute figures, across machines.

import { randomBytes, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { openDatabase } from '@field/server/db/connection';
import { hashPassword } from '@field/server/modules/auth/passwords';
import { UserRepository } from '@field/server/modules/users/repository';
import type { ServerProcess } from '@field/server/test/server-process';
import { startServerProcess } from '@field/server/test/server-process';

const POSTGRES_URL = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const arg = (name: string, fallback: number): number => {
  const given = process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  return given === undefined ? fallback : Number(given);
};
const DURATION_S = arg('duration', Number(process.env['BENCH_LOAD_DURATION'] ?? 60));
const USERS = arg('users', Number(process.env['BENCH_LOAD_USERS'] ?? 200));
const PASSWORD = 'load-test-password';
const CALLS = '/api/field_communication/phoneCalls';
const HOMES_PER_USER = 20;
const WRITES_PER_ROUND = 20;
const BATCH = 5;

type Server = ServerProcess;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A server process on the shared database (the server's own test helper starts it). */
function startServer(databaseUrl: string): Promise<Server> {
  return startServerProcess({
    databaseUrl,
    env: { TRUST_PROXY: '127.0.0.1', RATE_LIMIT_SIGN_IN_MAX: '100000' },
  });
}

/** 200 users who may write phone calls, each on some homes. */
async function makeUsers(databaseUrl: string): Promise<string[]> {
  const database = openDatabase({ dataDir: tmpdir(), databaseUrl });
  try {
    const users = new UserRepository(database.db);
    const hash = await hashPassword(PASSWORD);
    const emails: string[] = [];
    const now = new Date().toISOString();
    for (let i = 0; i < USERS; i += 1) {
      const email = `load-${i}@example.test`;
      await users.create(
        {
          id: randomUUID(),
          email,
          passwordHash: hash,
          firstName: 'Load',
          lastName: `User ${i}`,
          role: 'Builder',
          airtableId: null,
          scopes: [{ value: 'manager', group: true, approved: true, read: true, write: true }],
        },
        now,
      );
      emails.push(email);
    }
    return emails;
  } finally {
    await database.db.destroy();
  }
}

interface Stats {
  latencies: number[];
  requests: number;
  errors: number;
  writes: number;
  errorSamples: string[];
}

async function timed(
  stats: Stats,
  url: string,
  init: RequestInit,
  ok: (status: number) => boolean = (s) => s >= 200 && s < 300,
): Promise<Response | undefined> {
  const started = performance.now();
  try {
    const response = await fetch(url, init);
    await response.arrayBuffer();
    stats.latencies.push(performance.now() - started);
    stats.requests += 1;
    if (!ok(response.status)) {
      stats.errors += 1;
      if (stats.errorSamples.length < 5) stats.errorSamples.push(`${response.status} ${url}`);
    }
    return response;
  } catch (err) {
    stats.requests += 1;
    stats.errors += 1;
    if (stats.errorSamples.length < 5) stats.errorSamples.push(`${String(err)} ${url}`);
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function user(
  index: number,
  email: string,
  servers: Server[],
  homes: string[],
  until: number,
  stats: Stats,
): Promise<void> {
  const server = servers[index % servers.length];
  if (server === undefined) return;
  const base = server.url;
  const address = `10.${Math.floor(index / 250) % 250}.${index % 250}.1`;
  await sleep(Math.random() * 2000);
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  stats.requests += 1;
  if (login.status !== 200) {
    stats.errors += 1;
    return;
  }
  const { accessToken } = (await login.json()) as { accessToken: string };
  const auth = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
  const mine = Array.from(
    { length: HOMES_PER_USER },
    (_, i) => homes[(index * 7 + i) % homes.length] ?? '',
  );

  // The notification stream, open on another process than the user's requests when there
  // are two, for the whole run.
  const streamServer = servers[(index + 1) % servers.length] ?? server;
  const ticket = await fetch(`${base}/api/notifications/stream-ticket`, {
    method: 'POST',
    headers: { authorization: auth.authorization },
  });
  const stream = new AbortController();
  let streaming: Promise<void> = Promise.resolve();
  if (ticket.ok) {
    const { ticket: value } = (await ticket.json()) as { ticket: string };
    streaming = fetch(
      `${streamServer.url}/api/notifications/stream?ticket=${encodeURIComponent(value)}`,
      { signal: stream.signal },
    )
      .then(async (response) => {
        if (!response.ok || response.body === null) throw new Error(`stream ${response.status}`);
        const reader = response.body.getReader();
        for (;;) {
          const { done } = await reader.read();
          if (done) break;
        }
      })
      .catch((err: unknown) => {
        if (!stream.signal.aborted) {
          stats.errors += 1;
          if (stats.errorSamples.length < 5) stats.errorSamples.push(`stream: ${String(err)}`);
        }
      });
  } else {
    stats.errors += 1;
  }

  while (Date.now() < until) {
    await timed(stats, `${base}/api/field_homes/listActive`, { headers: auth });
    for (const list of [
      'field_communication/phoneCalls',
      'field_walks/item',
      'field_communication/notes',
    ]) {
      await timed(stats, `${base}/api/${list}/listByHomes`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ homeIds: mine }),
      });
    }
    for (let i = 0; i < WRITES_PER_ROUND && Date.now() < until; i += BATCH) {
      const writes = Array.from({ length: BATCH }, (_, j) => {
        const id = randomUUID();
        return {
          key: id,
          method: 'POST',
          path: `${CALLS}/submit`,
          body: {
            id,
            Home: mine[(i + j) % mine.length],
            Staff: 'emp-load',
            Date: '2026-11-22',
            Notes: `load ${index} ${i + j}`,
            Voicemail: false,
          },
        };
      });
      const response = await timed(stats, `${base}/api/batch`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ writes }),
      });
      if (response?.ok === true) stats.writes += BATCH;
      await sleep(50 + Math.random() * 200);
    }
  }
  stream.abort();
  await streaming;
}

async function run(processes: number, emails: string[], databaseUrl: string) {
  const servers: Server[] = [];
  try {
    for (let i = 0; i < processes; i += 1) servers.push(await startServer(databaseUrl));
    const first = servers[0];
    if (first === undefined) throw new Error('no server');
    const login = await fetch(`${first.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: emails[0], password: PASSWORD }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const homes = (
      (await (
        await fetch(`${first.url}/api/field_homes/listActive`, {
          headers: { authorization: `Bearer ${accessToken}` },
        })
      ).json()) as { id: string }[]
    ).map((h) => h.id);
    const stats: Stats = { latencies: [], requests: 0, errors: 0, writes: 0, errorSamples: [] };
    const started = Date.now();
    const until = started + DURATION_S * 1000;
    await Promise.all(emails.map((email, i) => user(i, email, servers, homes, until, stats)));
    const seconds = (Date.now() - started) / 1000;
    const sorted = [...stats.latencies].sort((x, y) => x - y);
    const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
    return {
      processes,
      rps: stats.requests / seconds,
      writesPerSecond: stats.writes / seconds,
      p99,
      errors: stats.errors,
      errorRate: stats.requests === 0 ? 0 : stats.errors / stats.requests,
      samples: stats.errorSamples,
    };
  } finally {
    for (const server of servers) await server.stop();
  }
}

const name = `load_${randomBytes(5).toString('hex')}`;
try {
  await admin(`create database ${name}`);
} catch (err) {
  console.log(
    `PostgreSQL not reachable at ${POSTGRES_URL} (${err instanceof Error ? err.message : String(err)}): load test skipped.`,
  );
  process.exit(0);
}
const databaseUrl = (() => {
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
})();
try {
  // Migrate and seed through one start, then make the users.
  await (await startServer(databaseUrl)).stop();
  const emails = await makeUsers(databaseUrl);
  const results = [];
  for (const processes of [1, 2]) results.push(await run(processes, emails, databaseUrl));
  console.log(`\n${USERS} simulated users, ${DURATION_S} s each run, PostgreSQL`);
  console.log('processes  req/s  writes/s  p99 ms  errors  error rate');
  for (const r of results) {
    console.log(
      [
        String(r.processes).padStart(9),
        r.rps.toFixed(0).padStart(6),
        r.writesPerSecond.toFixed(0).padStart(9),
        r.p99.toFixed(0).padStart(7),
        String(r.errors).padStart(7),
        `${(r.errorRate * 100).toFixed(2)}%`.padStart(11),
      ].join(' '),
    );
    for (const sample of r.samples) console.log(`  e.g. ${sample}`);
  }
  const [one, two] = results;
  if (one !== undefined && two !== undefined) {
    console.log(
      `two processes / one: ${(two.rps / one.rps).toFixed(2)} (aim >= 1.6, 0 errors; docs/performance.md)`,
    );
  }
} finally {
  await admin(`drop database if exists ${name} with (force)`);
}
