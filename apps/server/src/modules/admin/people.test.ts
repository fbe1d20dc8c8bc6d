// People over real HTTP (docs/decisions.md, People and invitations): the admin links a user
// to an employee, sets their role and each scope's flags, and sees which homes that gives
// them; the user's next request works with what was given.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects } from '../../test/databases.js';
import { buildHome, buildPerson } from '../../test/factories.js';
import type { TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope, singleScope } from '../../test/test-server.js';

interface AdminUser {
  id: string;
  fieldData: { role: string; airtableId: string | null };
  scopes: { value: string; group: boolean; approved: boolean; read: boolean; write: boolean }[];
}

interface HomesFor {
  count: number;
  total: number;
  addresses: string[];
}

describe.each(await availableDialects())('people on %s', (dialect) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    // Access by home as installs have it by default: the homes a person gets follow it.
    server = await getTestServer(dialect, { env: { HOME_ACCESS: 'assigned' } });
    admin = (await server.createUser({ scopes: [singleScope('admin')] })).token;
    await server.insert('homes', [
      buildHome('h1', { Address: '12 Elm Street', 'Construction Staff': ['emp-7'] }),
      buildHome('h2', { Address: '3 Oak Lane', 'Offline Homes': ['emp-7'] }),
      buildHome('h3', { Address: '9 Pine Road' }),
    ]);
    await server.insert('employees', [
      buildPerson('emp-7', { Name: 'Bo Builder', Email: 'bo@example.test', Active: true }),
    ]);
  });
  afterAll(async () => {
    await server.close();
  });

  it('links a user to an employee, sets role and flags; the next request sees them', async () => {
    const user = await server.createUser({ scopes: [groupScope('customerService')] });
    const client = server.client(user.token);
    // Warm the user's cached authentication: the change must still be seen at once.
    expect((await client.get('/field_vendors/list')).status).toBe(200);

    const res = await server.client(admin).patch<AdminUser>(`/admin/users/${user.id}`, {
      airtableId: 'emp-7',
      role: 'Builder',
      scopes: [
        { value: 'builder', group: true, approved: false },
        { value: 'homes_overview', group: false, read: true, write: false },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.fieldData).toEqual({ role: 'Builder', airtableId: 'emp-7' });
    expect(res.body.scopes).toEqual([
      { value: 'builder', group: true, approved: false, read: true, write: true },
      { value: 'homes_overview', group: false, approved: true, read: true, write: false },
    ]);

    const me = await client.get<{ fieldData: AdminUser['fieldData'] }>('/users/me');
    expect(me.body.fieldData).toEqual({ role: 'Builder', airtableId: 'emp-7' });
    // The customer-service group is gone and the builder group not yet approved: vendors
    // are out of reach, the homes overview (read) is in.
    expect((await client.get('/field_vendors/list')).status).toBe(403);
    expect((await client.get('/field_homes/listActive')).status).toBe(200);
  });

  it('shows which homes an employee link and scopes give: count and first addresses', async () => {
    const builder = await server
      .client(admin)
      .post<HomesFor>('/admin/homes-for', { airtableId: 'emp-7', scopes: [{ value: 'builder' }] });
    expect(builder.body).toEqual({
      count: 2,
      total: 3,
      addresses: ['3 Oak Lane', '12 Elm Street'],
    });
    const unlinked = await server
      .client(admin)
      .post<HomesFor>('/admin/homes-for', { airtableId: null, scopes: [{ value: 'builder' }] });
    expect(unlinked.body.count).toBe(0);
    const manager = await server
      .client(admin)
      .post<HomesFor>('/admin/homes-for', { airtableId: null, scopes: [{ value: 'manager' }] });
    expect(manager.body.count).toBe(3);
  });

  it('refuses an unknown employee, an unknown scope and an unknown user', async () => {
    const user = await server.createUser({ scopes: [groupScope('builder')] });
    expect(
      await server.client(admin).patch(`/admin/users/${user.id}`, { airtableId: 'emp-none' }),
    ).toMatchObject({ status: 400, body: { error: 'No employee has this id' } });
    expect(
      await server
        .client(admin)
        .patch(`/admin/users/${user.id}`, { scopes: [{ value: 'root', group: false }] }),
    ).toMatchObject({ status: 400, body: { error: 'Unknown scope or scope group' } });
    expect(
      (await server.client(admin).patch('/admin/users/nobody', { role: 'Builder' })).status,
    ).toBe(404);
    expect(
      await server.client(admin).post('/admin/users', {
        email: 'ghost@example.test',
        firstName: 'Gho',
        lastName: 'St',
        airtableId: 'emp-none',
      }),
    ).toMatchObject({ status: 400, body: { error: 'No employee has this id' } });
    // Nothing changed.
    const me = await server
      .client(user.token)
      .get<{ fieldData: AdminUser['fieldData'] }>('/users/me');
    expect(me.body.fieldData.airtableId).toBeNull();
  });

  it.each([
    ['PATCH', '/admin/users/someone', { role: 'x' }],
    ['POST', '/admin/homes-for', {}],
    ['POST', '/admin/users/someone/invite', {}],
  ])('%s %s needs the admin scope (manager: 403, nobody: 401)', async (method, path, body) => {
    const manager = (await server.createUser({ scopes: [groupScope('manager')] })).token;
    expect((await server.client(manager).request(method, path, { body })).status).toBe(403);
    expect((await server.client().request(method, path, { body })).status).toBe(401);
  });
});
