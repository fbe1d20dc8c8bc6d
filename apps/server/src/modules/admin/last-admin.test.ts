// The last administrator keeps their admin scope (docs/decisions.md, Security review
// findings): every scope route refuses a change that would leave no admin, with why.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@field/domain';
import { availableDialects } from '../../test/databases.js';
import type { TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope, singleScope } from '../../test/test-server.js';

describe.each(await availableDialects())('the last admin on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer(dialect);
  });
  afterAll(async () => {
    await server.close();
  });

  it('keeps their admin scope until another admin exists (409 with why, then 200)', async () => {
    const admin = await server.createUser({ scopes: [singleScope('admin')] });
    const other = await server.createUser({ scopes: [groupScope('manager')] });
    const client = server.client(admin.token);
    const refused = [
      await client.delete(`/admin/users/${admin.id}/scopes/admin`),
      await client.request('PUT', `/admin/users/${admin.id}/scopes`, {
        body: { scopes: [{ value: 'manager' }] },
      }),
      await client.post(`/admin/users/${admin.id}/scopes`, {
        value: 'admin',
        read: false,
        write: false,
      }),
      await client.post(`/admin/users/${admin.id}/scopes`, { value: 'admin', approved: false }),
      // The person form's save: role, employee and scopes at once.
      await client.patch(`/admin/users/${admin.id}`, { scopes: [{ value: 'manager' }] }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: MESSAGES.lastAdmin });
    }
    // Still an admin, scopes untouched.
    const me = await client.get<{ scopes: { value: string }[] }>('/users/me');
    expect(me.body.scopes.map((s) => s.value)).toEqual(['admin']);
    expect((await client.get('/admin/users')).status).toBe(200);

    // With a second admin, the first may step down.
    expect((await client.post(`/admin/users/${other.id}/scopes`, { value: 'admin' })).status).toBe(
      200,
    );
    expect((await client.delete(`/admin/users/${admin.id}/scopes/admin`)).status).toBe(200);
    expect((await client.get('/admin/users')).status).toBe(403);
    // And now the other one is the last.
    const second = server.client(other.token);
    expect((await second.delete(`/admin/users/${other.id}/scopes/admin`)).status).toBe(409);
  });
});
