// Self-registration as configured (REGISTRATION, REGISTRATION_DOMAINS; docs/configuration.md)
// over real HTTP: open, closed, or limited to e-mail domains; and a registered address is
// verified through its mailed link before an admin can approve the account.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects } from '../../test/databases.js';
import type { TestSmtp } from '../../test/smtp.js';
import { linkTokenOf, startSmtpServer } from '../../test/smtp.js';
import type { TestServer } from '../../test/test-server.js';
import { getTestServer, singleScope } from '../../test/test-server.js';

const person = (email: string) => ({
  email,
  password: 'long enough password',
  firstName: 'Reg',
  lastName: 'Istered',
});

describe.each(await availableDialects())('registration on %s', (dialect) => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });
  const start = (env: Record<string, string>) =>
    getTestServer(dialect, {
      env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), ...env },
    });

  describe('open (the default)', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await start({});
    });
    afterAll(async () => {
      await server.close();
    });

    it('verifies the address before the account can be approved', async () => {
      expect((await server.client().get('/auth/registration')).body).toEqual({
        mode: 'open',
        domains: [],
      });
      const res = await server
        .client()
        .post<{ user: { id: string } }>('/auth/register', person('new@example.test'));
      expect(res.status).toBe(201);
      const admin = server.client(
        (await server.createUser({ scopes: [singleScope('admin')] })).token,
      );
      const listed = await admin.get<{ id: string; emailVerified: boolean }[]>('/admin/users');
      expect(listed.body.find((u) => u.id === res.body.user.id)?.emailVerified).toBe(false);
      const approve = () =>
        admin.post(`/admin/users/${res.body.user.id}/approve`, { group: 'builder' });
      expect(await approve()).toMatchObject({
        status: 409,
        body: {
          error:
            'This user has not verified their e-mail address yet. They verify it with the link mailed to them when they registered.',
        },
      });

      const mail = await smtp.waitFor('new@example.test');
      expect(mail.raw).toContain('Subject: Confirm your e-mail address for the Field App');
      const token = linkTokenOf(mail, '/verify-email');
      expect(await server.client().post('/auth/verify-email', { token })).toMatchObject({
        status: 200,
        body: { ok: true },
      });
      expect(await server.client().post('/auth/verify-email', { token })).toMatchObject({
        status: 400,
        body: {
          error: 'This verification link is invalid or has expired. Sign in to get a new one.',
        },
      });
      expect(await approve()).toMatchObject({ status: 200, body: { approved: true } });
    });

    it('mails a new verification link to the signed-in user who asks', async () => {
      const res = await server
        .client()
        .post<{ accessToken: string }>('/auth/register', person('again@example.test'));
      const first = linkTokenOf(await smtp.waitFor('again@example.test'), '/verify-email');
      const again = await server.client(res.body.accessToken).post('/auth/resend-verification', {});
      expect(again).toMatchObject({ status: 200, body: { verified: false } });
      const second = linkTokenOf(await smtp.waitFor('again@example.test'), '/verify-email');
      expect((await server.client().post('/auth/verify-email', { token: first })).status).toBe(400);
      expect((await server.client().post('/auth/verify-email', { token: second })).status).toBe(
        200,
      );
    });
  });

  describe('closed', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await start({ REGISTRATION: 'closed' });
    });
    afterAll(async () => {
      await server.close();
    });

    it('refuses every registration with a 403 that says what to do', async () => {
      expect((await server.client().get('/auth/registration')).body).toEqual({
        mode: 'closed',
        domains: [],
      });
      expect(
        await server.client().post('/auth/register', person('someone@example.test')),
      ).toMatchObject({
        status: 403,
        body: {
          error: 'This app does not take registrations. Ask your administrator for an invitation.',
        },
      });
      const rows = await server.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'someone@example.test')
        .execute();
      expect(rows).toHaveLength(0);
    });
  });

  describe('limited to domains', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await start({
        REGISTRATION: 'domains',
        REGISTRATION_DOMAINS: 'Example.com, @other.org',
      });
    });
    afterAll(async () => {
      await server.close();
    });

    it('takes addresses of the listed domains only', async () => {
      expect((await server.client().get('/auth/registration')).body).toEqual({
        mode: 'domains',
        domains: ['example.com', 'other.org'],
      });
      expect((await server.client().post('/auth/register', person('ann@EXAMPLE.com'))).status).toBe(
        201,
      );
      expect((await server.client().post('/auth/register', person('bo@other.org'))).status).toBe(
        201,
      );
      for (const refused of ['cy@elsewhere.net', 'di@sub.example.com', 'ed@example.com.evil']) {
        expect(await server.client().post('/auth/register', person(refused))).toMatchObject({
          status: 403,
          body: {
            error:
              'This app takes registrations only from the e-mail domains its administrator allows. Ask your administrator for an invitation.',
          },
        });
      }
    });
  });
});
