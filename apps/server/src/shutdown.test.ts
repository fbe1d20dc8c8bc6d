// A restart under load, on the built server as a process: SIGTERM while writes are in
// flight (one still sending its body) and a notification stream is open. The process
// must answer what it accepted, end the stream, close the database and exit within 10 s,
// and every write it acknowledged must be in the database afterwards.

import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { Dialect } from './db/connection.js';
import { openDatabase } from './db/connection.js';
import { availableDialects } from './test/databases.js';
import type { TestDatabase } from './test/server-process.js';
import { createTestDatabase, startServerProcess } from './test/server-process.js';
import { openSse } from './test/sse.js';

const CALLS = '/api/field_communication/phoneCalls';
const BURST = 30;

interface Call {
  id: string;
  Home: string;
  Staff: string;
  Date: string;
  Notes: string;
  Voicemail: boolean;
}

/** A request whose body is sent in two parts, the second when `finish` is called. */
function halfSentRequest(
  url: string,
  path: string,
  headers: Record<string, string>,
  body: string,
): { finish: () => void; answer: Promise<{ status: number; head: string; body: string }> } {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  const bytes = Buffer.from(body);
  const half = Math.floor(bytes.length / 2);
  const head = [
    `POST ${path} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    'Connection: keep-alive',
    'Content-Type: application/json',
    `Content-Length: ${bytes.length}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    '',
    '',
  ].join('\r\n');
  socket.write(head);
  socket.write(bytes.subarray(0, half));
  const answer = new Promise<{ status: number; head: string; body: string }>((resolve, reject) => {
    let received = '';
    const settle = (): void => {
      const split = received.indexOf('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(received)?.[1] ?? 0);
      if (split < 0 || status === 0) {
        reject(new Error(`no answer: ${JSON.stringify(received)}`));
        return;
      }
      resolve({ status, head: received.slice(0, split), body: received.slice(split + 4) });
    };
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    socket.on('end', settle);
    socket.on('error', (error) => (received === '' ? reject(error) : settle()));
  });
  return { finish: () => socket.write(bytes.subarray(half)), answer };
}

async function storedIds(
  dialect: Dialect,
  where: { dataDir: string; databaseUrl?: string },
  ids: string[],
): Promise<Set<string>> {
  const database = openDatabase(
    dialect === 'postgres' && where.databaseUrl !== undefined
      ? { dataDir: where.dataDir, databaseUrl: where.databaseUrl }
      : { dataDir: where.dataDir },
  );
  try {
    const rows = await database.db
      .selectFrom('records')
      .select('id')
      .where('kind', '=', 'phoneCalls')
      .where('id', 'in', ids)
      .execute();
    return new Set(rows.map((r) => r.id));
  } finally {
    await database.db.destroy();
  }
}

describe.each(await availableDialects())('SIGTERM on %s', (dialect) => {
  let database: TestDatabase | undefined;

  afterAll(async () => {
    await database?.drop();
  });

  it('answers writes in flight, ends streams, exits within 10 s, keeps every acknowledged write', async () => {
    if (dialect === 'postgres') database = await createTestDatabase();
    const server = await startServerProcess(
      database === undefined ? {} : { databaseUrl: database.url },
    );
    // The folder is removed by stop(); the SQLite file is read before that.
    const where = { dataDir: server.dataDir, databaseUrl: database?.url };
    let verified = false;
    try {
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'manager@example.com', password: 'demo-password' }),
      });
      expect(login.status).toBe(200);
      const { accessToken } = (await login.json()) as { accessToken: string };
      const auth = { authorization: `Bearer ${accessToken}` };
      const homes = (await (
        await fetch(`${server.url}/api/field_homes/listActive`, { headers: auth })
      ).json()) as { id: string; 'Construction Staff': string[] }[];
      const home = homes.find((h) => h['Construction Staff'].length > 0);
      const staff = home?.['Construction Staff'][0];
      if (home === undefined || staff === undefined) throw new Error('no home with staff');
      const call = (label: string): Call => ({
        id: randomUUID(),
        Home: home.id,
        Staff: staff,
        Date: '2026-11-22',
        Notes: label,
        Voicemail: false,
      });

      // An open stream.
      const ticket = (await (
        await fetch(`${server.url}/api/notifications/stream-ticket`, {
          method: 'POST',
          headers: auth,
        })
      ).json()) as { ticket: string };
      const stream = await openSse(
        `${server.url}/api/notifications/stream?ticket=${encodeURIComponent(ticket.ticket)}`,
      );
      expect(stream.status).toBe(200);
      await stream.next((e) => e.event === 'snapshot', 15_000);

      // A write the server has begun to receive and cannot finish before the signal.
      const slowCall = call('half sent');
      const slow = halfSentRequest(
        server.url,
        `${CALLS}/submit`,
        { ...auth, 'Idempotency-Key': slowCall.id },
        JSON.stringify(slowCall),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));

      // A burst of writes; the signal comes while they are being answered.
      const burst = Array.from({ length: BURST }, (_, i) => call(`burst ${i}`));
      let answered = 0;
      const results = burst.map((c) =>
        fetch(`${server.url}${CALLS}/submit`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': c.id },
          body: JSON.stringify(c),
        }).then(
          async (response) => {
            answered += 1;
            await response.text();
            return { id: c.id, status: response.status };
          },
          () => ({ id: c.id, status: 0 }),
        ),
      );
      const started = Date.now();
      while (answered < 3 && Date.now() - started < 15_000) {
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      const signalledAt = Date.now();
      server.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));
      slow.finish();

      const slowAnswer = await slow.answer;
      expect(slowAnswer.status).toBe(201);
      expect(slowAnswer.head.toLowerCase()).toContain('connection: close');
      const answers = await Promise.all(results);
      await stream.ended;
      expect(stream.endedByServer()).toBe(true);

      const exit = await server.exited;
      expect(exit.code).toBe(0);
      expect(exit.at - signalledAt).toBeLessThan(10_000);
      expect(server.output()).not.toMatch(/already been destroyed|handlers still running/);

      const acknowledged = [
        slowCall.id,
        ...answers.filter((a) => a.status === 201).map((a) => a.id),
      ];
      // Every answer was an acknowledgement, "unavailable" (503) or no connection at all.
      for (const a of answers) expect([0, 201, 503]).toContain(a.status);
      const stored = await storedIds(dialect, where, [slowCall.id, ...burst.map((c) => c.id)]);
      for (const id of acknowledged) expect(stored.has(id), `write ${id} acknowledged`).toBe(true);
      verified = true;
    } finally {
      if (!verified) console.log(`--- server output ---\n${server.output()}`);
      await server.stop();
    }
  }, 180_000);
});
