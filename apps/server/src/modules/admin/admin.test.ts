// Administration over real HTTP: only the admin scope may list users, add one, approve
// a registration and assign groups and single scopes.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects } from '../../test/databases.js';
import type { TestSmtp } from '../../test/smtp.js';
import { buildPerson } from '../../test/factories.js';
import { linkTokenOf, startSmtpServer } from '../../test/smtp.js';
import type { TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope, singleScope } from '../../test/test-server.js';

interface AdminUser {
  id: string;
  email: string;
  approved: boolean;
  scopes: { value: string; group: boolean; approved: boolean; read: boolean; write: boolean }[];
}

describe.each(await availableDialects())('administration on %s', (dialect) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let admin: string;
  let manager: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await getTestServer(dialect, {
      env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) },
    });
    admin = (
      await server.createUser({ email: 'boss@example.test', scopes: [singleScope('admin')] })
    ).token;
    manager = (await server.createUser({ scopes: [groupScope('manager')] })).token;
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  /** A registration whose address is verified (the link of its mail opened). */
  const register = async (email: string) => {
    const res = await server
      .client()
      .post<{ accessToken: string; user: { id: string } }>('/auth/register', {
        email,
        password: 'long enough password',
        firstName: 'Pat',
        lastName: 'Pending',
      });
    expect(res.status).toBe(201);
    const token = linkTokenOf(await smtp.waitFor(email), '/verify-email');
    expect((await server.client().post('/auth/verify-email', { token })).status).toBe(200);
    return res.body;
  };

  it.each([
    ['GET', '/admin/users', undefined],
    ['POST', '/admin/users', { email: 'x@example.test', firstName: 'X', lastName: 'Y' }],
    ['POST', '/admin/users/someone/approve', {}],
    ['PUT', '/admin/users/someone/scopes', { scopes: [] }],
    ['POST', '/admin/users/someone/scopes', { value: 'builder' }],
    ['DELETE', '/admin/users/someone/scopes/builder', undefined],
  ])('%s %s needs the admin scope (manager: 403, nobody: 401)', async (method, path, body) => {
    expect((await server.client(manager).request(method, path, { body })).status).toBe(403);
    expect((await server.client().request(method, path, { body })).status).toBe(401);
  });

  it('lists users with their scopes and whether they are approved', async () => {
    const pending = await register('list.me@example.test');
    const res = await server.client(admin).get<AdminUser[]>('/admin/users');
    expect(res.status).toBe(200);
    const entry = res.body.find((u) => u.id === pending.user.id);
    expect(entry).toMatchObject({
      email: 'list.me@example.test',
      approved: false,
      scopes: [{ value: 'pending-user', approved: false }],
    });
    expect(res.body.find((u) => u.email === 'boss@example.test')?.approved).toBe(true);
  });

  it('approves a pending user into a group: from 403 to 200', async () => {
    const pending = await register('approve.me@example.test');
    const client = server.client(pending.accessToken);
    expect((await client.get('/field_homes/listActive')).status).toBe(403);
    const res = await server
      .client(admin)
      .post<AdminUser>(`/admin/users/${pending.user.id}/approve`, { group: 'builder' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      approved: true,
      scopes: [{ value: 'builder', group: true, approved: true, read: true, write: true }],
    });
    expect((await client.get('/field_homes/listActive')).status).toBe(200);
    expect((await client.get('/users/me')).body).toMatchObject({ scopes: res.body.scopes });
  });

  it('assigns a single scope, replaces the scopes, and removes one', async () => {
    const user = await register('scoped@example.test');
    const id = user.user.id;
    const client = server.client(user.accessToken);
    await server.client(admin).post(`/admin/users/${id}/approve`, {});

    const added = await server.client(admin).post<AdminUser>(`/admin/users/${id}/scopes`, {
      value: 'homes_overview',
      read: true,
      write: false,
    });
    expect(added.status).toBe(200);
    expect(added.body.scopes).toEqual([
      { value: 'homes_overview', group: false, approved: true, read: true, write: false },
    ]);
    expect((await client.get('/field_homes/listActive')).status).toBe(200);
    expect((await client.get('/field_vendors/list')).status).toBe(403);

    const replaced = await server
      .client(admin)
      .request<AdminUser>('PUT', `/admin/users/${id}/scopes`, {
        body: { scopes: [{ value: 'customerService' }, { value: 'collaboration_vendors' }] },
      });
    expect(replaced.status).toBe(200);
    expect(replaced.body.scopes.map((s) => [s.value, s.group])).toEqual([
      ['collaboration_vendors', false],
      ['customerService', true],
    ]);
    expect((await client.get('/field_vendors/list')).status).toBe(200);

    const removed = await server
      .client(admin)
      .delete<AdminUser>(`/admin/users/${id}/scopes/customerService?group=true`);
    expect(removed.body.scopes.map((s) => s.value)).toEqual(['collaboration_vendors']);
    expect((await client.get('/field_homes/listActive')).status).toBe(403);
  });

  it('keeps each scope two admins give one user at the same moment', async () => {
    // Each change read the user's scopes, then wrote them back with its own added: side by
    // side on PostgreSQL the last to commit dropped the others'.
    const other = (await server.createUser({ scopes: [singleScope('admin')] })).token;
    const user = await server.createUser({ scopes: [singleScope('homes_overview')] });
    const answers = await Promise.all([
      server.client(admin).post(`/admin/users/${user.id}/scopes`, { value: 'builder' }),
      server.client(other).post(`/admin/users/${user.id}/scopes`, { value: 'manager' }),
      server.client(admin).post(`/admin/users/${user.id}/scopes`, { value: 'home_start' }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const after = await server
      .client(admin)
      .get<{ scopes: { value: string }[] }>(`/admin/users/${user.id}`);
    expect(after.body.scopes.map((s) => s.value).sort()).toEqual([
      'builder',
      'home_start',
      'homes_overview',
      'manager',
    ]);
  });

  it('refuses unknown scopes and answers "Failed to add user" when adding fails', async () => {
    const user = await register('refused@example.test');
    expect(
      await server
        .client(admin)
        .post(`/admin/users/${user.user.id}/scopes`, { value: 'root', group: false }),
    ).toMatchObject({ status: 400, body: { error: 'Unknown scope or scope group' } });
    expect(
      await server.client(admin).post('/admin/users/no-such-user/scopes', { value: 'builder' }),
    ).toMatchObject({ status: 404, body: { error: 'Failed to add user' } });
    expect(
      await server.client(admin).post('/admin/users', {
        email: 'refused@example.test',
        firstName: 'Twice',
        lastName: 'Added',
      }),
    ).toMatchObject({ status: 409, body: { error: 'Failed to add user' } });
    expect(
      await server.client(admin).post('/admin/users', { email: 'not an address' }),
    ).toMatchObject({ status: 400, body: { error: 'Failed to add user' } });
  });

  it('adds a user who gets an invitation to choose a password, then signs in', async () => {
    await server.insert('employees', [
      buildPerson('emp-9', { Name: 'Ada Added', Email: 'added@example.test', Active: true }),
    ]);
    const res = await server.client(admin).post<AdminUser>('/admin/users', {
      email: 'Added@Example.test',
      firstName: 'Ada',
      lastName: 'Added',
      role: 'Builder',
      airtableId: 'emp-9',
      group: 'builder',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: 'added@example.test',
      approved: true,
      fieldData: { role: 'Builder', airtableId: 'emp-9' },
      scopes: [{ value: 'builder', group: true, approved: true }],
    });
    const mail = await smtp.waitFor('added@example.test');
    expect(mail.raw).toContain('Subject: Your Field App account');
    const token = linkTokenOf(mail, '/invitation');
    expect(
      (
        await server
          .client()
          .post('/auth/accept-invitation', { token, password: 'chosen password' })
      ).status,
    ).toBe(200);
    expect(
      (
        await server
          .client()
          .post('/auth/login', { email: 'added@example.test', password: 'chosen password' })
      ).status,
    ).toBe(200);
  });
});
