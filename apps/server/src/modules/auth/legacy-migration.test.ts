// First sign-in of a user with legacy construction data: it moves into the field
// document and scopes once; a failure signs the user out with the migration's failure
// message (docs/api.md, Accounts and sessions).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects } from '../../test/databases.js';
import { cookieValue } from '../../test/cookies.js';
import type { TestServer } from '../../test/test-server.js';
import { TEST_PASSWORD, getTestServer } from '../../test/test-server.js';
import { UserRepository } from '../users/repository.js';

describe.each(await availableDialects())('legacy data migration on %s', (dialect) => {
  let server: TestServer;
  let users: UserRepository;
  beforeAll(async () => {
    server = await getTestServer(dialect);
    users = new UserRepository(server.db);
  });
  afterAll(() => server.close());

  it('migrates field data and merged scopes on first sign-in, once', async () => {
    const { id, email } = await server.createUser({
      scopes: [{ value: 'homes_overview', approved: true, group: false, read: true, write: false }],
    });
    await users.setLegacyData(
      id,
      JSON.stringify({
        role: 'Superintendent',
        airtableId: 'emp-legacy',
        readGroups: ['customerService'],
        writeGroups: [],
        read: ['homes_overview', 'dashboard'],
        write: ['homes_overview'],
      }),
    );
    const res = await server.client().post<{ user: unknown }>('/auth/login', {
      email,
      password: TEST_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      fieldData: { role: 'Superintendent', airtableId: 'emp-legacy' },
      scopes: [
        { value: 'customerService', group: true, approved: true, read: true, write: false },
        { value: 'dashboard', group: false, approved: true, read: true, write: false },
        { value: 'homes_overview', group: false, approved: true, read: true, write: true },
      ],
    });
    const row = await users.findById(id);
    expect(row?.migrated_at).toEqual(expect.any(String));

    // A second sign-in changes nothing more.
    await server.db.deleteFrom('user_scopes').where('value', '=', 'dashboard').execute();
    const again = await server
      .client()
      .post<{ user: { scopes: { value: string }[] } }>('/auth/login', {
        email,
        password: TEST_PASSWORD,
      });
    expect(again.body.user.scopes.map((s) => s.value)).toEqual([
      'customerService',
      'homes_overview',
    ]);
  });

  it('signs the user out with the support message when the data cannot be migrated', async () => {
    const { id, email } = await server.createUser({ scopes: [] });
    await users.setLegacyData(id, '{"readGroups": "not a list"');
    const res = await server.client().post('/auth/login', { email, password: TEST_PASSWORD });
    expect(res).toMatchObject({
      status: 500,
      body: { error: 'User data migration failed. Please contact support.' },
    });
    expect(cookieValue(res.headers, 'field_refresh')).toBe('');
    expect(res.body).not.toHaveProperty('accessToken');
    const row = await users.findById(id);
    expect(row?.migrated_at).toBeNull();
  });
});
