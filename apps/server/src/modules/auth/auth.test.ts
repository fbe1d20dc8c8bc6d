// Sign-in and the user document over real HTTP.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects } from '../../test/databases.js';
import type { TestServer } from '../../test/test-server.js';
import { TEST_PASSWORD, getTestServer, groupScope } from '../../test/test-server.js';

describe.each(await availableDialects())('sign-in on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer(dialect);
    await server.createUser({
      email: 'Builder@Example.test',
      scopes: [groupScope('builder')],
      airtableId: 'emp-7',
    });
  });
  afterAll(() => server.close());

  it('signs in with email (any case) and password and returns a token and the user document', async () => {
    const res = await server
      .client()
      .post<{ accessToken: string; user: Record<string, unknown> }>('/auth/login', {
        email: ' builder@example.TEST ',
        password: TEST_PASSWORD,
      });
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({
      id: expect.any(String) as unknown,
      email: 'builder@example.test',
      firstName: 'Test',
      lastName: 'User',
      photoURL: null,
      scopes: [{ value: 'builder', approved: true, group: true, read: true, write: true }],
      fieldData: { role: 'Tester', airtableId: 'emp-7' },
    });
    const me = await server.client(res.body.accessToken).get('/users/me');
    expect(me).toMatchObject({ status: 200, body: res.body.user });
  });

  it.each([
    ['builder@example.test', 'wrong password'],
    ['nobody@example.test', TEST_PASSWORD],
  ])('refuses %s with a wrong password or unknown address alike', async (email, password) => {
    const res = await server.client().post('/auth/login', { email, password });
    expect(res).toMatchObject({ status: 401, body: { error: 'Invalid email or password' } });
  });

  it('refuses a malformed sign-in body with 400', async () => {
    expect((await server.client().post('/auth/login', { email: 'x' })).status).toBe(400);
  });

  it.each([
    ['no token', undefined],
    ['a forged token', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl'],
    ['garbage', 'not-a-jwt'],
  ])('answers %s with 401', async (_name, token) => {
    const res = await server.client(token).get('/users/me');
    expect(res).toMatchObject({ status: 401, body: { error: 'Authentication required' } });
  });

  it('sends security headers and no stack traces', async () => {
    const res = await server.client().get('/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('serves health without a token', async () => {
    expect(await server.client().get('/health')).toMatchObject({
      status: 200,
      body: { status: 'ok', version: '2.0.7' },
    });
  });
});

describe('a server fault', () => {
  it('answers 500 with the catalogue text and no details', async () => {
    const server = await getTestServer('sqlite');
    try {
      const { token } = await server.createUser({ scopes: [groupScope('manager')] });
      await server.db.schema.dropTable('user_scopes').execute();
      const res = await server.client(token).get('/field_homes/listActive');
      expect(res).toMatchObject({
        status: 500,
        body: { error: 'An unexpected error has occurred' },
      });
      expect(JSON.stringify(res.body)).not.toMatch(/user_scopes|stack|at /);
    } finally {
      await server.close();
    }
  });
});
