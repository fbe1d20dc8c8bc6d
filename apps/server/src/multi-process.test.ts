// Two server processes (the built server) on one PostgreSQL database, as behind a load
// balancer: what one process does, the other knows. A notification made through A reaches
// a stream on B within a second (LISTEN/NOTIFY: B's own look for changes is set to ten
// minutes); a lockout and a per-address sign-in limit counted on A hold on B; a stream
// ticket of A opens a stream on B; a batch answered by A and sent again to B is answered
// from A's results; a scope taken away or a sign-out on A ends access on B at once. With
// FILE_STORAGE=s3 (a local S3 server), a file uploaded through A downloads through B, and
// a delete through B is seen by A.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@field/domain';
import { availableDialects } from './test/databases.js';
import type { TestS3Server } from './test/s3.js';
import { availableFileStores, startS3Server } from './test/s3.js';
import type { ServerProcess, TestDatabase } from './test/server-process.js';
import { createTestDatabase, startServerProcess } from './test/server-process.js';
import { openSse } from './test/sse.js';

const PASSWORD = 'demo-password';
const LOCKOUT_ATTEMPTS = 3;
const SIGN_IN_MAX = 6;
const CALLS = '/api/field_communication/phoneCalls';

const hasPostgres = (await availableDialects()).includes('postgres');
if (!hasPostgres) {
  console.log('PostgreSQL not reachable: skipping the two-process tests (multi-process.test.ts).');
}
// availableFileStores says why when the S3 server does not start.
const hasS3 = (await availableFileStores()).includes('s3');

let addressSeq = 0;
/** A client address of its own per call (TRUST_PROXY), so only the limit test meets the limit. */
const freshAddress = (): string => {
  addressSeq += 1;
  return `10.1.${Math.floor(addressSeq / 250)}.${(addressSeq % 250) + 1}`;
};

interface Session {
  token: string;
  cookie: string;
}

async function signIn(
  server: ServerProcess,
  email: string,
  password = PASSWORD,
  address = freshAddress(),
): Promise<{ status: number; body: Record<string, unknown>; session?: Session }> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as Record<string, unknown>;
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('field_refresh='));
  return {
    status: res.status,
    body,
    ...(typeof body['accessToken'] === 'string' && cookie !== undefined
      ? { session: { token: body['accessToken'], cookie } }
      : {}),
  };
}

async function call<T = unknown>(
  server: ServerProcess,
  token: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text === '' ? null : JSON.parse(text)) as T };
}

async function until(check: () => Promise<boolean>, ms: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.runIf(hasPostgres)('two server processes on one PostgreSQL', () => {
  let database: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = {
      TRUST_PROXY: '127.0.0.1',
      ACCOUNT_LOCKOUT_ATTEMPTS: String(LOCKOUT_ATTEMPTS),
      RATE_LIMIT_SIGN_IN_MAX: String(SIGN_IN_MAX),
      // Nothing but an announcement makes a stream look sooner than this.
      NOTIFICATIONS_POLL_MS: '600000',
    };
    // One after the other: the first migrates and seeds the demo company.
    a = await startServerProcess({ databaseUrl: database.url, env });
    b = await startServerProcess({ databaseUrl: database.url, env });
  }, 180_000);

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.drop();
  }, 60_000);

  const session = async (server: ServerProcess, email: string): Promise<Session> => {
    const answer = await signIn(server, email);
    if (answer.session === undefined) throw new Error(`sign-in failed: ${answer.status}`);
    return answer.session;
  };

  it('streams a notification made through A on B within a second', async () => {
    const admin = await session(a, 'admin@example.com');
    const builder = await session(b, 'builder@example.com');
    const me = await call<{ id: string; fieldData: { airtableId: string } }>(
      b,
      builder.token,
      'GET',
      '/api/users/me',
    );
    const ticket = await call<{ ticket: string }>(
      b,
      builder.token,
      'POST',
      '/api/notifications/stream-ticket',
    );
    const stream = await openSse(
      `${b.url}/api/notifications/stream?ticket=${encodeURIComponent(ticket.body.ticket)}`,
    );
    try {
      expect(stream.status).toBe(200);
      await stream.next((e) => e.event === 'snapshot', 15_000);

      // An announcement made through A.
      const title = `From A ${randomUUID()}`;
      const made = await call(a, admin.token, 'POST', '/api/notifications', {
        userId: me.body.id,
        title,
        category: 'system',
        app: 'field',
      });
      expect(made.status).toBe(201);
      const madeAt = Date.now();
      await stream.next(
        (e) => e.event === 'notification' && (e.data as { title?: string }).title === title,
        5000,
      );
      expect(Date.now() - madeAt).toBeLessThan(1000);

      // A phone call logged through A on a home the builder works on (through the outbox).
      const manager = await session(a, 'manager@example.com');
      const homes = await call<Record<string, unknown>[]>(
        a,
        manager.token,
        'GET',
        '/api/field_homes/listActive',
      );
      const home = homes.body.find((h) =>
        Object.values(h).some((v) => Array.isArray(v) && v.includes(me.body.fieldData.airtableId)),
      );
      if (home === undefined) throw new Error('no home with the builder on its staff');
      const logged = await call(a, manager.token, 'POST', `${CALLS}/submit`, {
        Home: home['id'],
        Staff: me.body.fieldData.airtableId,
        Date: '2026-11-22',
        Notes: 'from A',
        Voicemail: false,
      });
      expect(logged.status).toBe(201);
      const loggedAt = Date.now();
      await stream.next(
        (e) =>
          e.event === 'notification' && (e.data as { category?: string }).category === 'phone_call',
        5000,
      );
      expect(Date.now() - loggedAt).toBeLessThan(1000);
    } finally {
      await stream.close();
    }
  });

  it('holds a lockout made on A on B', async () => {
    // A lockout slows the address that failed (modules/auth/lockout.ts).
    const address = freshAddress();
    for (let i = 0; i < LOCKOUT_ATTEMPTS; i++) {
      expect((await signIn(a, 'cs@example.com', 'wrong password', address)).status).toBe(401);
    }
    const onB = await signIn(b, 'cs@example.com', PASSWORD, address);
    expect(onB.status).toBe(429);
    expect(onB.body).toEqual({ error: MESSAGES.accountLocked });
  });

  it('counts the per-address sign-in limit across both', async () => {
    const address = freshAddress();
    for (let i = 0; i < SIGN_IN_MAX; i++) {
      const answer = await signIn(i % 2 === 0 ? a : b, 'demo@example.com', PASSWORD, address);
      expect(answer.status).toBe(200);
    }
    expect((await signIn(a, 'demo@example.com', PASSWORD, address)).status).toBe(429);
    expect((await signIn(b, 'demo@example.com', PASSWORD, address)).status).toBe(429);
  });

  it("opens a stream on B with A's ticket, and answers a batch sent again to B from A's results", async () => {
    const manager = await session(a, 'manager@example.com');
    const ticket = await call<{ ticket: string }>(
      a,
      manager.token,
      'POST',
      '/api/notifications/stream-ticket',
    );
    const stream = await openSse(
      `${b.url}/api/notifications/stream?ticket=${encodeURIComponent(ticket.body.ticket)}`,
    );
    try {
      expect(stream.status).toBe(200);
      await stream.next((e) => e.event === 'snapshot', 15_000);
    } finally {
      await stream.close();
    }

    const homes = await call<{ id: string }[]>(
      a,
      manager.token,
      'GET',
      '/api/field_homes/listActive',
    );
    const home = homes.body[0]?.id ?? '';
    const notes = `batched on A ${randomUUID()}`;
    const writes = [1, 2].map((n) => ({
      key: randomUUID(),
      method: 'POST',
      path: `${CALLS}/submit`,
      body: {
        Home: home,
        Staff: 'emp-x',
        Date: '2026-11-22',
        Notes: `${notes} ${n}`,
        Voicemail: false,
      },
    }));
    const first = await call<{ results: { status: number }[] }>(
      a,
      manager.token,
      'POST',
      '/api/batch',
      { writes },
    );
    expect(first.body.results.map((r) => r.status)).toEqual([201, 201]);
    const again = await call(b, manager.token, 'POST', '/api/batch', { writes });
    expect(again.body).toEqual(first.body);
    const stored = await call<{ Notes: string }[]>(
      b,
      manager.token,
      'GET',
      `${CALLS}/listByHome?homeId=${home}`,
    );
    expect(stored.body.filter((c) => c.Notes.startsWith(notes))).toHaveLength(2);
  });

  it('ends access on B at once when A takes a scope away or signs the session out', async () => {
    const admin = await session(a, 'admin@example.com');
    const user = await session(b, 'builder@example.com');
    const me = await call<{ id: string }>(b, user.token, 'GET', '/api/users/me');
    expect((await call(b, user.token, 'GET', '/api/field_homes/listActive')).status).toBe(200);

    const removed = await call(
      a,
      admin.token,
      'DELETE',
      `/api/admin/users/${me.body.id}/scopes/builder?group=true`,
    );
    expect(removed.status).toBe(200);
    await until(
      async () => (await call(b, user.token, 'GET', '/api/field_homes/listActive')).status === 403,
      1000,
    );
    const given = await call(a, admin.token, 'POST', `/api/admin/users/${me.body.id}/scopes`, {
      value: 'builder',
      group: true,
    });
    expect(given.status).toBe(200);
    await until(
      async () => (await call(b, user.token, 'GET', '/api/field_homes/listActive')).status === 200,
      1000,
    );

    const out = await fetch(`${a.url}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie: user.cookie },
    });
    expect(out.status).toBe(200);
    await until(
      async () => (await call(b, user.token, 'GET', '/api/users/me')).status === 401,
      1000,
    );
  });
  it('ends on B a stream whose session signs out through A, and its ticket opens none', async () => {
    const user = await session(a, 'builder@example.com');
    const ticket = await call<{ ticket: string }>(
      a,
      user.token,
      'POST',
      '/api/notifications/stream-ticket',
    );
    const url = `${b.url}/api/notifications/stream?ticket=${encodeURIComponent(ticket.body.ticket)}`;
    const stream = await openSse(url);
    try {
      expect(stream.status).toBe(200);
      await stream.next((e) => e.event === 'snapshot', 15_000);
      const out = await fetch(`${a.url}/api/auth/logout`, {
        method: 'POST',
        headers: { cookie: user.cookie },
      });
      expect(out.status).toBe(200);
      const late = new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 3000));
      expect(await Promise.race([stream.ended.then(() => 'ended' as const), late])).toBe('ended');
      expect(stream.endedByServer()).toBe(true);
      expect((await fetch(url)).status).toBe(401);
    } finally {
      await stream.close();
    }
  });

  it('shows on B at once a phone call written through A into a list B keeps', async () => {
    const manager = await session(a, 'manager@example.com');
    const homes = await call<{ id: string; 'Construction Staff': string[] }[]>(
      a,
      manager.token,
      'GET',
      '/api/field_homes/listActive',
    );
    const home = homes.body.find((h) => h['Construction Staff'].length > 0);
    if (home === undefined) throw new Error('no home with staff');
    const list = async () =>
      (
        await call<{ id: string }[]>(
          b,
          manager.token,
          'POST',
          '/api/field_communication/phoneCalls/listByHomes',
          { homeIds: [home.id] },
        )
      ).body.map((c) => c.id);
    const before = await list();
    expect(await list()).toEqual(before); // kept by B now
    const id = randomUUID();
    const added = await call(
      a,
      manager.token,
      'POST',
      '/api/field_communication/phoneCalls/submit',
      {
        id,
        Home: home.id,
        Staff: home['Construction Staff'][0],
        Date: '2026-11-24',
        Notes: 'written through A',
        Voicemail: false,
      },
    );
    expect(added.status).toBe(201);
    // Announced in the write's transaction: B knows before A has answered.
    expect(await list()).toEqual([...before, id]);
  });
});

describe.runIf(hasPostgres)('WORKERS=2: one command, two server processes', () => {
  it('starts two processes on one port that answer, and stops on SIGTERM in time', async () => {
    const database = await createTestDatabase();
    const server = await startServerProcess({
      databaseUrl: database.url,
      env: { WORKERS: '2', TRUST_PROXY: '127.0.0.1' },
    });
    try {
      // Both processes print that they listen.
      await until(
        () =>
          Promise.resolve((server.output().match(/Field app listening on/g) ?? []).length === 2),
        60_000,
      );
      const manager = await signIn(server, 'manager@example.com');
      if (manager.session === undefined) throw new Error(`sign-in failed: ${manager.status}`);
      const token = manager.session.token;
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => call(server, token, 'GET', '/api/field_homes/listActive')),
      );
      expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
      const signalledAt = Date.now();
      server.child.kill('SIGTERM');
      const exit = await server.exited;
      expect(exit.code).toBe(0);
      expect(exit.at - signalledAt).toBeLessThan(12_000);
    } finally {
      await server.stop();
      await database.drop();
    }
  }, 180_000);
});

describe.runIf(hasPostgres && hasS3)('two server processes, files in one S3 bucket', () => {
  let database: TestDatabase;
  let s3: TestS3Server;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    s3 = await startS3Server();
    const env = { ...s3.env, TRUST_PROXY: '127.0.0.1' };
    a = await startServerProcess({ databaseUrl: database.url, env });
    b = await startServerProcess({ databaseUrl: database.url, env });
  }, 180_000);

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await s3?.close();
    await database?.drop();
  }, 60_000);

  it('downloads through B a file uploaded through A, and A sees a delete made through B', async () => {
    const manager = await signIn(a, 'manager@example.com');
    if (manager.session === undefined) throw new Error(`sign-in failed: ${manager.status}`);
    const token = manager.session.token;
    // Bytes of every value, so nothing is lost to a text encoding on the way.
    const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256));
    const file = `/api/files/walkItems/item-${randomUUID()}/photo.jpg`;

    const uploaded = await call<{ size: number }>(a, token, 'POST', file, {
      data: bytes.toString('base64'),
      contentType: 'image/jpeg',
    });
    expect(uploaded).toMatchObject({ status: 201, body: { size: bytes.length } });
    // The bytes are in the bucket, not in either process's DATA_DIR.
    expect(await s3.keys()).toContain(file.replace('/api/files/', 'field-app/'));

    const download = await fetch(`${b.url}${file}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);

    expect((await call(b, token, 'DELETE', file)).status).toBe(200);
    const gone = await call(a, token, 'GET', file);
    expect(gone).toMatchObject({ status: 404, body: { error: MESSAGES.fileNotFound } });
    expect(await s3.keys()).not.toContain(file.replace('/api/files/', 'field-app/'));
  });
});
