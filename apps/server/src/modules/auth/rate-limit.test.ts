// Sign-in endpoints are limited per address and per account, with clear 429 answers.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects } from '../../test/databases.js';
import type { TestServer } from '../../test/test-server.js';
import { TEST_PASSWORD, getTestServer, groupScope, singleScope } from '../../test/test-server.js';

describe('per-address limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer('sqlite', {
      env: { RATE_LIMIT_SIGN_IN_MAX: '3', RATE_LIMIT_WINDOW_SECONDS: '60' },
    });
  });
  afterAll(() => server.close());

  it('answers 429 with a message once an address has used its sign-in attempts', async () => {
    const { email } = await server.createUser({ scopes: [groupScope('builder')] });
    for (let i = 0; i < 3; i += 1) {
      const res = await server.client().post('/auth/login', { email, password: TEST_PASSWORD });
      expect(res.status).toBe(200);
    }
    const limited = await server.client().post('/auth/login', { email, password: TEST_PASSWORD });
    expect(limited).toMatchObject({
      status: 429,
      body: { error: 'Too many requests. Please wait a moment and try again.' },
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Ordinary API calls are not limited.
    const { token } = await server.createUser({ scopes: [groupScope('builder')] });
    expect((await server.client(token).get('/users/me')).status).toBe(200);
  });
});

describe('per-address limit behind a trusted proxy', () => {
  it('counts each client address the proxy reports, not the proxy itself', async () => {
    const server = await getTestServer('sqlite', {
      env: { RATE_LIMIT_SIGN_IN_MAX: '2', TRUST_PROXY: '127.0.0.1' },
    });
    try {
      const { email } = await server.createUser({ scopes: [groupScope('builder')] });
      const login = (client: string) =>
        server
          .client()
          .post('/auth/login', { email, password: TEST_PASSWORD }, { 'x-forwarded-for': client });
      expect((await login('203.0.113.1')).status).toBe(200);
      expect((await login('203.0.113.1')).status).toBe(200);
      expect((await login('203.0.113.1')).status).toBe(429);
      expect((await login('203.0.113.2')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    const server = await getTestServer('sqlite', { env: { RATE_LIMIT_SIGN_IN_MAX: '2' } });
    try {
      const { email } = await server.createUser({ scopes: [groupScope('builder')] });
      const login = (client: string) =>
        server
          .client()
          .post('/auth/login', { email, password: TEST_PASSWORD }, { 'x-forwarded-for': client });
      expect((await login('203.0.113.1')).status).toBe(200);
      expect((await login('203.0.113.2')).status).toBe(200);
      expect((await login('203.0.113.3')).status).toBe(429);
    } finally {
      await server.close();
    }
  });
});

describe("a client's own X-Forwarded-For", () => {
  it('is not believed: TRUST_PROXY=true is refused at start, with what to set instead', async () => {
    await expect(getTestServer('sqlite', { env: { TRUST_PROXY: 'true' } })).rejects.toThrow(
      /TRUST_PROXY=true would believe the X-Forwarded-For header any client sends.*10\.0\.0\.5/s,
    );
  });

  it('with the proxy named, 30 sign-ins from elsewhere with rotating headers meet the limit', async () => {
    const server = await getTestServer('sqlite', {
      env: { RATE_LIMIT_SIGN_IN_MAX: '20', TRUST_PROXY: '10.0.0.5,192.168.0.0/16' },
    });
    try {
      const { email } = await server.createUser({ scopes: [groupScope('builder')] });
      const statuses: number[] = [];
      for (let i = 0; i < 30; i += 1) {
        const res = await server
          .client()
          .post(
            '/auth/login',
            { email, password: TEST_PASSWORD },
            { 'x-forwarded-for': `203.0.113.${i + 1}` },
          );
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
      expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    } finally {
      await server.close();
    }
  });
});

describe.each(await availableDialects())('per-account lockout on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer(dialect, {
      env: { ACCOUNT_LOCKOUT_ATTEMPTS: '3', ACCOUNT_LOCKOUT_MINUTES: '15' },
    });
  });
  afterAll(() => server.close());

  const LOCKED = {
    status: 429,
    body: { error: 'Too many failed sign-in attempts. Please wait a few minutes and try again.' },
  };

  it('locks an account after repeated failures, even for the right password', async () => {
    const { email } = await server.createUser({ scopes: [groupScope('builder')] });
    const other = await server.createUser({ scopes: [groupScope('builder')] });
    for (let i = 0; i < 3; i += 1) {
      const res = await server.client().post('/auth/login', { email, password: 'wrong' });
      expect(res.status).toBe(401);
    }
    const locked = await server.client().post('/auth/login', { email, password: TEST_PASSWORD });
    expect(locked).toMatchObject(LOCKED);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
    // Other accounts from the same address go on.
    const ok = await server.client().post('/auth/login', {
      email: other.email,
      password: TEST_PASSWORD,
    });
    expect(ok.status).toBe(200);
  });

  it('locks after a burst of wrong passwords sent at once', async () => {
    // Each failure of the burst read the count before the others wrote theirs, and one
    // counted after the lock cleared it: a guesser sending bursts was never made to wait.
    const { email } = await server.createUser({ scopes: [groupScope('builder')] });
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        server.client().post('/auth/login', { email, password: `wrong ${i}` }),
      ),
    );
    expect(burst.filter((r) => r.status !== 401 && r.status !== 429)).toEqual([]);
    const next = await server.client().post('/auth/login', { email, password: TEST_PASSWORD });
    expect(next).toMatchObject(LOCKED);
  });

  it('answers an unknown address the same way', async () => {
    for (let i = 0; i < 3; i += 1) {
      await server.client().post('/auth/login', { email: 'ghost@example.test', password: 'x' });
    }
    expect(
      await server.client().post('/auth/login', { email: 'ghost@example.test', password: 'x' }),
    ).toMatchObject(LOCKED);
  });

  it('counts failed reauthentication of change password too', async () => {
    const { token } = await server.createUser({ scopes: [groupScope('builder')] });
    const change = (currentPassword: string) =>
      server
        .client(token)
        .post('/auth/change-password', { currentPassword, newPassword: 'a new password' });
    for (let i = 0; i < 3; i += 1) expect((await change('wrong')).status).toBe(400);
    expect(await change(TEST_PASSWORD)).toMatchObject(LOCKED);
  });

  it('forgets failures after a successful sign-in', async () => {
    const { email } = await server.createUser({ scopes: [groupScope('builder')] });
    const login = (password: string) => server.client().post('/auth/login', { email, password });
    await login('wrong');
    await login('wrong');
    expect((await login(TEST_PASSWORD)).status).toBe(200);
    await login('wrong');
    await login('wrong');
    expect((await login(TEST_PASSWORD)).status).toBe(200);
  });
});

describe.each(await availableDialects())('a lockout on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer(dialect, {
      env: {
        ACCOUNT_LOCKOUT_ATTEMPTS: '10',
        ACCOUNT_LOCKOUT_MINUTES: '15',
        TRUST_PROXY: '127.0.0.1',
      },
    });
  });
  afterAll(() => server.close());

  const login = (email: string, password: string, address: string) =>
    server.client().post('/auth/login', { email, password }, { 'x-forwarded-for': address });

  it('slows the address that guessed, and the admin signs in from another one', async () => {
    const admin = await server.createUser({ scopes: [singleScope('admin')] });
    // Ten wrong passwords, twice, from two addresses: each guessing address waits, even
    // with the right password, and the owner from their own address is never locked out.
    for (const guesser of ['203.0.113.66', '203.0.113.67']) {
      for (let i = 0; i < 10; i += 1) {
        expect((await login(admin.email, `guess ${i}`, guesser)).status).toBe(401);
      }
      const held = await login(admin.email, TEST_PASSWORD, guesser);
      expect(held.status).toBe(429);
      expect(held.body).toEqual({
        error: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
      });
      expect((await login(admin.email, TEST_PASSWORD, '198.51.100.7')).status).toBe(200);
      expect((await login(admin.email, TEST_PASSWORD, guesser)).status).toBe(429);
    }
  });
});
