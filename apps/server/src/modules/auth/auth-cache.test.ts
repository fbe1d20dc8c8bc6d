// The auth hook answers from its cache once it knows a session, and forgets what a change
// makes wrong at once: a scope taken away, a name changed, a sign-out, a new password.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects } from '../../test/databases.js';
import { buildHome } from '../../test/factories.js';
import type { TestServer } from '../../test/test-server.js';
import { TEST_PASSWORD, getTestServer, groupScope, singleScope } from '../../test/test-server.js';
import { cookieHeader, cookieValue } from '../../test/cookies.js';

describe.each(await availableDialects())('auth cache on %s', (dialect) => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await getTestServer(dialect);
    await server.insert('homes', [buildHome('hc')]);
    admin = (await server.createUser({ scopes: [singleScope('admin')] })).token;
  });
  afterAll(async () => {
    await server.close();
  });

  it('costs a known session no query: a list is one query', async () => {
    const { token } = await server.createUser({ scopes: [groupScope('manager')] });
    const client = server.client(token);
    expect((await client.get('/field_homes/listActive')).status).toBe(200);
    server.queries.count = 0;
    const again = await client.post('/field_communication/phoneCalls/listByHomes', {
      homeIds: ['hc'],
    });
    expect(again.status).toBe(200);
    expect(server.queries.count).toBe(1);
  });

  it('refuses at once what a scope taken away allowed', async () => {
    const user = await server.createUser({ scopes: [groupScope('manager')] });
    const client = server.client(user.token);
    expect((await client.get('/field_homes/listActive')).status).toBe(200);
    const removed = await server
      .client(admin)
      .delete(`/admin/users/${user.id}/scopes/manager?group=true`);
    expect(removed.status).toBe(200);
    expect((await client.get('/field_homes/listActive')).status).toBe(403);
    const given = await server
      .client(admin)
      .post(`/admin/users/${user.id}/scopes`, { value: 'manager', group: true });
    expect(given.status).toBe(200);
    expect((await client.get('/field_homes/listActive')).status).toBe(200);
  });

  it('shows a changed name at once', async () => {
    const user = await server.createUser({ scopes: [groupScope('builder')] });
    const client = server.client(user.token);
    expect((await client.get<{ firstName: string }>('/users/me')).body.firstName).toBe('Test');
    const changed = await client.patch('/users/profile', {
      userId: user.id,
      updates: { firstName: 'Renamed' },
    });
    expect(changed.status).toBe(200);
    expect((await client.get<{ firstName: string }>('/users/me')).body.firstName).toBe('Renamed');
  });

  it('ends a signed-out session and the sessions a new password ends, at once', async () => {
    const { email } = await server.createUser({ scopes: [groupScope('builder')] });
    const signIn = async () => {
      const res = await server
        .client()
        .post<{ accessToken: string }>('/auth/login', { email, password: TEST_PASSWORD });
      expect(res.status).toBe(200);
      return { token: res.body.accessToken, cookie: cookieValue(res.headers, 'field_refresh') };
    };
    const first = await signIn();
    const second = await signIn();
    for (const s of [first, second]) {
      expect((await server.client(s.token).get('/users/me')).status).toBe(200);
    }
    const out = await server.client().request('POST', '/auth/logout', {
      headers: cookieHeader({ field_refresh: first.cookie ?? '' }),
    });
    expect(out.status).toBeLessThan(300);
    expect((await server.client(first.token).get('/users/me')).status).toBe(401);
    expect((await server.client(second.token).get('/users/me')).status).toBe(200);

    const third = await signIn();
    const changed = await server.client(third.token).post('/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'another long password',
    });
    expect(changed.status).toBe(200);
    expect((await server.client(second.token).get('/users/me')).status).toBe(401);
  });
});
