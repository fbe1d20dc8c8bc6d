// Registration, sign-in, the refresh cookie's rotation and reuse detection, sign-out and
// change password, over real HTTP on each available database.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects } from '../../test/databases.js';
import { cookieHeader, cookieValue, setCookies } from '../../test/cookies.js';
import type { TestServer } from '../../test/test-server.js';
import { TEST_PASSWORD, getTestServer, groupScope } from '../../test/test-server.js';
import { pruneAccountData } from './prune.js';
import { hashToken } from './sessions.js';

interface SessionBody {
  accessToken: string;
  expiresIn: number;
  user: { id: string; email: string; scopes: unknown[] };
}

const REFRESH = 'field_refresh';

describe.each(await availableDialects())('sessions on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer(dialect);
  });
  afterAll(() => server.close());

  const login = async (email: string, password = TEST_PASSWORD) => {
    const res = await server.client().post<SessionBody>('/auth/login', { email, password });
    return { res, refresh: cookieValue(res.headers, REFRESH) };
  };
  const refresh = (token: string | undefined) =>
    server
      .client()
      .post<SessionBody>(
        '/auth/refresh',
        undefined,
        token === undefined ? {} : cookieHeader({ [REFRESH]: token }),
      );

  it('registers a pending user who is signed in but may read nothing', async () => {
    const res = await server.client().post<SessionBody>('/auth/register', {
      email: 'New.Person@Example.test',
      password: 'a long enough password',
      firstName: 'New',
      lastName: 'Person',
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({
      email: 'new.person@example.test',
      firstName: 'New',
      lastName: 'Person',
      photoURL: null,
      scopes: [{ value: 'pending-user', approved: false, group: true, read: true, write: true }],
      fieldData: { role: '', airtableId: null },
    });
    expect(res.body.expiresIn).toBe(900);
    const cookie = setCookies(res.headers).find((c) => c.name === REFRESH);
    expect(cookie?.attributes).toMatchObject({
      httponly: true,
      samesite: 'Strict',
      path: '/api/auth',
    });
    const me = await server.client(res.body.accessToken).get('/users/me');
    expect(me).toMatchObject({ status: 200, body: res.body.user });
    const homes = await server.client(res.body.accessToken).get('/field_homes/listActive');
    expect(homes.status).toBe(403);
  });

  it('refuses a second registration of the same address, and a short password', async () => {
    const body = { password: 'another long one', firstName: 'A', lastName: 'B' };
    expect(
      await server.client().post('/auth/register', { ...body, email: 'new.person@example.test' }),
    ).toMatchObject({
      status: 409,
      body: { error: 'An account with this email address already exists' },
    });
    expect(
      await server
        .client()
        .post('/auth/register', { ...body, email: 'short@example.test', password: 'short' }),
    ).toMatchObject({ status: 400, body: { error: 'Password must be at least 8 characters' } });
    expect(
      (await server.client().post('/auth/register', { ...body, email: 'not-an-address' })).status,
    ).toBe(400);
  });

  it('rotates the refresh token on every use and revokes the family on reuse', async () => {
    const { email } = await server.createUser({ scopes: [groupScope('builder')] });
    const first = await login(email);
    expect(first.res.status).toBe(200);
    expect(first.refresh).toMatch(/^[\w-]{40,}$/);

    const second = await refresh(first.refresh);
    expect(second.status).toBe(200);
    expect(second.body.user.email).toBe(email);
    const secondToken = cookieValue(second.headers, REFRESH);
    expect(secondToken).toBeDefined();
    expect(secondToken).not.toBe(first.refresh);
    expect((await server.client(second.body.accessToken).get('/users/me')).status).toBe(200);

    const third = await refresh(secondToken);
    expect(third.status).toBe(200);
    const thirdToken = cookieValue(third.headers, REFRESH);

    // The first token again, a minute after its rotation: someone copied it. The whole
    // family ends, the newest token too.
    await server.db
      .updateTable('refresh_tokens')
      .set({ used_at: new Date(Date.now() - 60_000).toISOString() })
      .where('token_hash', '=', hashToken(first.refresh ?? ''))
      .execute();
    const reused = await refresh(first.refresh);
    expect(reused).toMatchObject({
      status: 401,
      body: { error: 'Your session has ended. Please sign in again.' },
    });
    expect(cookieValue(reused.headers, REFRESH)).toBe('');
    expect((await refresh(thirdToken)).status).toBe(401);

    // Another sign-in is another family, untouched.
    const other = await login(email);
    expect((await refresh(other.refresh)).status).toBe(200);
  });

  it('gives two tabs refreshing with one cookie at once each a working token', async () => {
    const { email } = await server.createUser({ scopes: [groupScope('builder')] });
    const { refresh: token } = await login(email);
    const answers = await Promise.all([refresh(token), refresh(token)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const next = answers.map((a) => cookieValue(a.headers, REFRESH));
    expect(new Set([...next, token]).size).toBe(3);
    for (const t of next) expect((await refresh(t)).status).toBe(200);
    // Within the grace window the same token may come once more (a retried request).
    expect((await refresh(token)).status).toBe(200);
  });

  it('ends the session when it signs out during a refresh', async () => {
    // The sign-out revoked the tokens it found and missed the one the refresh was storing
    // beside it: on PostgreSQL one round in three kept a session after its sign-out.
    const { email } = await server.createUser({ scopes: [groupScope('builder')] });
    const outlived: number[] = [];
    for (let round = 0; round < 20; round += 1) {
      const { res, refresh: token } = await login(email);
      const cookie = cookieHeader({ [REFRESH]: token ?? '' });
      const [refreshed] = await Promise.all([
        refresh(token),
        server.client().post('/auth/logout', undefined, cookie),
      ]);
      const me = await server.client(res.body.accessToken).get('/users/me');
      const next = cookieValue(refreshed.headers, REFRESH);
      const again = next === undefined || next === '' ? undefined : await refresh(next);
      if (me.status === 200 || again?.status === 200) outlived.push(round);
    }
    expect(outlived, 'rounds whose session outlived its sign-out').toEqual([]);
  });

  it('refuses a missing, unknown or expired refresh token', async () => {
    expect((await refresh(undefined)).status).toBe(401);
    expect((await refresh('not-a-token')).status).toBe(401);
    const { email, id } = await server.createUser({ scopes: [groupScope('builder')] });
    const { refresh: token } = await login(email);
    await server.db
      .updateTable('refresh_tokens')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('user_id', '=', id)
      .execute();
    expect((await refresh(token)).status).toBe(401);
  });

  it('stores refresh tokens only as hashes', async () => {
    const { email, id } = await server.createUser({ scopes: [groupScope('builder')] });
    const { refresh: token } = await login(email);
    const rows = await server.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('user_id', '=', id)
      .execute();
    // The helper's own session, and the sign-in's.
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.token_hash)).toContain(hashToken(token ?? ''));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('signs out: the refresh cookie is cleared and its family revoked', async () => {
    const { email } = await server.createUser({ scopes: [groupScope('builder')] });
    const { refresh: token } = await login(email);
    const out = await server
      .client()
      .post('/auth/logout', undefined, cookieHeader({ [REFRESH]: token ?? '' }));
    expect(out).toMatchObject({ status: 200, body: { ok: true } });
    expect(cookieValue(out.headers, REFRESH)).toBe('');
    expect((await refresh(token)).status).toBe(401);
    // Signing out twice, or without a cookie, is fine.
    expect((await server.client().post('/auth/logout')).status).toBe(200);
  });

  describe('change password', () => {
    it('needs a signed-in user', async () => {
      const res = await server
        .client()
        .post('/auth/change-password', { currentPassword: 'x', newPassword: 'y' });
      expect(res).toMatchObject({
        status: 401,
        body: { error: 'User must be logged in to change password' },
      });
    });

    it('needs the current password first', async () => {
      const { token } = await server.createUser({ scopes: [groupScope('builder')] });
      const res = await server.client(token).post('/auth/change-password', {
        currentPassword: 'not my password',
        newPassword: 'a brand new password',
      });
      expect(res).toMatchObject({
        status: 400,
        body: { error: 'Reauthentication failed. Please check your credentials.' },
      });
    });

    it('changes it, keeps this device signed in and ends every other session', async () => {
      const { email } = await server.createUser({ scopes: [groupScope('builder')] });
      const elsewhere = await login(email);
      const here = await login(email);
      // Tokens issued in an earlier second than the change end with it.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const res = await server
        .client(here.res.body.accessToken)
        .post<SessionBody>('/auth/change-password', {
          currentPassword: TEST_PASSWORD,
          newPassword: 'a brand new password',
        });
      expect(res.status).toBe(200);
      expect(res.body.accessToken).toEqual(expect.any(String));
      expect((await server.client(res.body.accessToken).get('/users/me')).status).toBe(200);
      expect((await refresh(cookieValue(res.headers, REFRESH))).status).toBe(200);

      expect((await server.client(elsewhere.res.body.accessToken).get('/users/me')).status).toBe(
        401,
      );
      expect((await refresh(elsewhere.refresh)).status).toBe(401);
      expect((await login(email)).res.status).toBe(401);
      expect((await login(email, 'a brand new password')).res.status).toBe(200);
    });

    it('refuses a new password that is too short', async () => {
      const { token } = await server.createUser({ scopes: [groupScope('builder')] });
      const res = await server
        .client(token)
        .post('/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'short' });
      expect(res).toMatchObject({
        status: 400,
        body: { error: 'Password must be at least 8 characters' },
      });
    });
  });

  it('lists the sign-in methods of the signed-in user', async () => {
    const { token } = await server.createUser({ scopes: [groupScope('builder')] });
    expect(await server.client(token).get('/users/me/sign-in-methods')).toMatchObject({
      status: 200,
      body: { password: true, providers: [] },
    });
  });
});

describe('account housekeeping', () => {
  it('drops expired tokens, spent reset links and old provider flows; keeps live ones', async () => {
    const server = await getTestServer('sqlite');
    try {
      const { email, id } = await server.createUser({ scopes: [groupScope('builder')] });
      const live = await server.client().post('/auth/login', { email, password: TEST_PASSWORD });
      const liveToken = cookieValue(live.headers, REFRESH) ?? '';
      await server.client().post('/auth/login', { email, password: TEST_PASSWORD });
      const old = '2000-01-01T00:00:00.000Z';
      await server.db
        .updateTable('refresh_tokens')
        .set({ expires_at: old })
        .where('user_id', '=', id)
        .where('token_hash', '!=', hashToken(liveToken))
        .execute();
      await server.db
        .insertInto('password_resets')
        .values({
          token_hash: 'spent',
          user_id: id,
          created_at: old,
          expires_at: '2999-01-01T00:00:00.000Z',
          used_at: old,
        })
        .execute();
      await server.db
        .insertInto('auth_states')
        .values({
          state: 'stale',
          provider: 'sso',
          code_verifier: 'v',
          nonce: 'n',
          mode: 'popup',
          return_to: null,
          link_user_id: null,
          created_at: old,
          expires_at: old,
        })
        .execute();

      await pruneAccountData(server.db, new Date().toISOString());

      const tokens = await server.db
        .selectFrom('refresh_tokens')
        .select('token_hash')
        .where('user_id', '=', id)
        .execute();
      expect(tokens.map((t) => t.token_hash)).toEqual([hashToken(liveToken)]);
      expect(await server.db.selectFrom('password_resets').selectAll().execute()).toEqual([]);
      expect(await server.db.selectFrom('auth_states').selectAll().execute()).toEqual([]);
      const again = await server
        .client()
        .post('/auth/refresh', undefined, cookieHeader({ [REFRESH]: liveToken }));
      expect(again.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('the refresh cookie over https', () => {
  it('is Secure when COOKIE_SECURE is true, and not over plain http by default', async () => {
    const secure = await getTestServer('sqlite', { env: { COOKIE_SECURE: 'true' } });
    try {
      const { email } = await secure.createUser({ scopes: [groupScope('builder')] });
      const res = await secure.client().post('/auth/login', { email, password: TEST_PASSWORD });
      expect(setCookies(res.headers).find((c) => c.name === REFRESH)?.attributes).toMatchObject({
        secure: true,
        httponly: true,
      });
    } finally {
      await secure.close();
    }
    const plain = await getTestServer('sqlite');
    try {
      const { email } = await plain.createUser({ scopes: [groupScope('builder')] });
      const res = await plain.client().post('/auth/login', { email, password: TEST_PASSWORD });
      expect(
        setCookies(res.headers).find((c) => c.name === REFRESH)?.attributes,
      ).not.toHaveProperty('secure');
    } finally {
      await plain.close();
    }
  });
});

describe('strict refresh-token reuse detection (no grace window)', () => {
  it('lets one of two simultaneous refreshes win and then ends the family', async () => {
    const server = await getTestServer('sqlite', { env: { REFRESH_REUSE_GRACE_SECONDS: '0' } });
    try {
      const { email } = await server.createUser({ scopes: [groupScope('builder')] });
      const first = await server.client().post('/auth/login', { email, password: TEST_PASSWORD });
      const token = cookieValue(first.headers, REFRESH) ?? '';
      const refresh = (t: string) =>
        server.client().post('/auth/refresh', undefined, cookieHeader({ [REFRESH]: t }));
      const answers = await Promise.all([refresh(token), refresh(token)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
      const winner = answers.find((a) => a.status === 200);
      expect(
        (await refresh(cookieValue(winner?.headers ?? new Headers(), REFRESH) ?? '')).status,
      ).toBe(401);
    } finally {
      await server.close();
    }
  });
});
