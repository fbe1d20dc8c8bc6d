// Invitations over real HTTP and a real SMTP server: the admin invites with the employee and
// scopes chosen; the mailed link names the person, sets their password once, signs them in
// with what the admin gave; a used or expired link says so.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects } from '../../test/databases.js';
import { buildHome, buildPerson } from '../../test/factories.js';
import type { TestSmtp } from '../../test/smtp.js';
import { linkTokenOf, startSmtpServer } from '../../test/smtp.js';
import type { TestServer } from '../../test/test-server.js';
import { getTestServer, singleScope } from '../../test/test-server.js';

const INVALID =
  'This invitation link is invalid, has expired or was already used. Ask your administrator for a new one, or sign in if you already set your password.';

interface Session {
  accessToken: string;
  user: { email: string; fieldData: { airtableId: string | null } };
}

describe.each(await availableDialects())('invitations on %s', (dialect) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let admin: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await getTestServer(dialect, {
      env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) },
    });
    admin = (await server.createUser({ scopes: [singleScope('admin')] })).token;
    await server.insert('homes', [
      buildHome('h1', { Address: '1 Invited Way', 'Construction Staff': ['emp-inv'] }),
      buildHome('h2', { Address: '2 Other Way' }),
    ]);
    await server.insert('employees', [
      buildPerson('emp-inv', { Name: 'Ivy Invited', Email: 'ivy@example.test', Active: true }),
    ]);
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  const invite = async (email: string) => {
    const res = await server.client(admin).post('/admin/users', {
      email,
      firstName: 'Ivy',
      lastName: 'Invited',
      airtableId: 'emp-inv',
      scopes: [{ value: 'builder', group: true, read: true, write: false }],
    });
    expect(res.status).toBe(201);
    return linkTokenOf(await smtp.waitFor(email), '/invitation');
  };

  it('lands the invited person, signed in, on the homes their employee works on', async () => {
    const token = await invite('ivy@example.test');
    const who = await server.client().get(`/auth/invitation?token=${encodeURIComponent(token)}`);
    expect(who).toMatchObject({
      status: 200,
      body: { email: 'ivy@example.test', firstName: 'Ivy', lastName: 'Invited' },
    });

    const accepted = await server
      .client()
      .post<Session>('/auth/accept-invitation', { token, password: 'ivy chose this' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.user).toMatchObject({
      email: 'ivy@example.test',
      fieldData: { airtableId: 'emp-inv' },
    });
    const client = server.client(accepted.body.accessToken);
    const homes = await client.get<{ id: string; Address: string }[]>('/field_homes/listActive');
    expect(homes.status).toBe(200);
    // The write flag was left off: read-only builder.
    expect(
      (await client.post('/field_communication/notes/submit', { HomeRID: 'h1', Text: 'x' })).status,
    ).toBe(403);

    // The link works once.
    expect(
      await server.client().post('/auth/accept-invitation', { token, password: 'another one!' }),
    ).toMatchObject({ status: 400, body: { error: INVALID } });
    expect(
      await server.client().get(`/auth/invitation?token=${encodeURIComponent(token)}`),
    ).toMatchObject({ status: 400, body: { error: INVALID } });
    // Sent again to someone who has a password: refused, with what to do instead.
    const users = await server.client(admin).get<{ id: string; email: string }[]>('/admin/users');
    const ivy = users.body.find((u) => u.email === 'ivy@example.test');
    expect((await server.client(admin).post(`/admin/users/${ivy?.id}/invite`, {})).status).toBe(
      409,
    );
  });

  it('refuses an expired link and a short password, and a new invitation voids the old', async () => {
    const first = await invite('late@example.test');
    expect(
      await server.client().post('/auth/accept-invitation', { token: first, password: 'short' }),
    ).toMatchObject({ status: 400, body: { error: 'Password must be at least 8 characters' } });

    const users = await server.client(admin).get<{ id: string; email: string }[]>('/admin/users');
    const late = users.body.find((u) => u.email === 'late@example.test');
    expect((await server.client(admin).post(`/admin/users/${late?.id}/invite`, {})).status).toBe(
      200,
    );
    const second = linkTokenOf(await smtp.waitFor('late@example.test'), '/invitation');
    expect(
      await server
        .client()
        .post('/auth/accept-invitation', { token: first, password: 'long enough now' }),
    ).toMatchObject({ status: 400, body: { error: INVALID } });

    await server.db
      .updateTable('password_resets')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('user_id', '=', late?.id ?? '')
      .execute();
    expect(
      await server
        .client()
        .post('/auth/accept-invitation', { token: second, password: 'long enough now' }),
    ).toMatchObject({ status: 400, body: { error: INVALID } });
  });

  it('mails a link valid for days, not the hour of a password reset', async () => {
    await invite('days@example.test');
    // invite() took the mail; ask for one more and read its wording.
    const users = await server.client(admin).get<{ id: string; email: string }[]>('/admin/users');
    const days = users.body.find((u) => u.email === 'days@example.test');
    await server.client(admin).post(`/admin/users/${days?.id}/invite`, {});
    const mail = await smtp.waitFor('days@example.test');
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain('The link works once and for 7 days.');
  });
});
