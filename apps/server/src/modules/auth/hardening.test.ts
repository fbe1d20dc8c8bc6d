// Issue 9's account findings, over real HTTP on each available database: sign-in from a
// foreign page (form bodies, Origin), reset links left open by a password change, access
// tokens outliving their session, and reset links in the log.

import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects } from '../../test/databases.js';
import { cookieHeader, cookieValue } from '../../test/cookies.js';
import type { TestSmtp } from '../../test/smtp.js';
import { resetTokenOf, startSmtpServer } from '../../test/smtp.js';
import type { TestServer } from '../../test/test-server.js';
import { TEST_PASSWORD, getTestServer, groupScope } from '../../test/test-server.js';
import { createMailer } from './mailer.js';
import { PasswordResets } from './password-resets.js';
import { sendPasswordMail } from './account-mails.js';

interface SessionBody {
  accessToken: string;
}

const REFRESH = 'field_refresh';
const FOREIGN = 'https://evil.example';

describe.each(await availableDialects())('account hardening on %s', (dialect) => {
  let server: TestServer;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await getTestServer(dialect, {
      env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) },
    });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  const login = async (email: string, password = TEST_PASSWORD) => {
    const res = await server.client().post<SessionBody>('/auth/login', { email, password });
    expect(res.status).toBe(200);
    return { token: res.body.accessToken, refresh: cookieValue(res.headers, REFRESH) ?? '' };
  };
  const resetLink = async (email: string): Promise<string> => {
    const before = smtp.mails.length;
    await server.client().post('/auth/forgot-password', { email });
    for (let i = 0; i < 200 && smtp.mails.length === before; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return resetTokenOf(await smtp.waitFor(email));
  };

  describe('login CSRF', () => {
    it('takes no form body on the sign-in routes: a foreign form cannot sign a browser in', async () => {
      const { email } = await server.createUser({ scopes: [groupScope('builder')] });
      for (const route of ['/auth/login', '/auth/register', '/auth/forgot-password']) {
        const res = await fetch(`${server.url}/api${route}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ email, password: TEST_PASSWORD }).toString(),
        });
        expect(res.status, route).toBe(415);
        expect(res.headers.getSetCookie(), route).toEqual([]);
      }
    });

    it('refuses a request from another origin under /api/auth, and takes its own', async () => {
      const { email } = await server.createUser({ scopes: [groupScope('builder')] });
      const body = { email, password: TEST_PASSWORD };
      for (const origin of [FOREIGN, 'null', `http://localhost:1`]) {
        const res = await server.client().post('/auth/login', body, { origin });
        expect(res, origin).toMatchObject({
          status: 403,
          body: { error: 'This request must come from the app itself' },
        });
        expect(res.headers.getSetCookie()).toEqual([]);
      }
      expect(
        (await server.client().post('/auth/refresh', undefined, { origin: FOREIGN })).status,
      ).toBe(403);
      // The app's own pages (Origin = the address the browser used), and clients without
      // an Origin (native apps, scripts) sign in.
      expect((await server.client().post('/auth/login', body, { origin: server.url })).status).toBe(
        200,
      );
      expect((await server.client().post('/auth/login', body)).status).toBe(200);
      // Other API routes are not touched by the check.
      expect((await server.client().get('/health')).status).toBe(200);
    });
  });

  describe('a new password', () => {
    it('voids every open reset link when the password is changed', async () => {
      const { email } = await server.createUser({ scopes: [groupScope('builder')] });
      const link = await resetLink(email);
      const { token } = await login(email);
      const changed = await server.client(token).post('/auth/change-password', {
        currentPassword: TEST_PASSWORD,
        newPassword: 'a brand new password',
      });
      expect(changed.status).toBe(200);
      expect(
        await server
          .client()
          .post('/auth/reset-password', { token: link, password: 'taken over!' }),
      ).toMatchObject({
        status: 400,
        body: { error: 'This password reset link is invalid or has expired.' },
      });
      expect(
        (await server.client().post('/auth/login', { email, password: 'taken over!' })).status,
      ).toBe(401);
    });

    it('refuses, at once, access tokens issued in the same second as a reset', async () => {
      const { email } = await server.createUser({ scopes: [groupScope('builder')] });
      const link = await resetLink(email);
      // Start at the top of a second, so the sign-in and the reset share it.
      await new Promise((resolve) => setTimeout(resolve, 1005 - (Date.now() % 1000)));
      const { token } = await login(email);
      const reset = await server
        .client()
        .post('/auth/reset-password', { token: link, password: 'the reset password' });
      expect(reset.status).toBe(200);
      expect(await server.client(token).get('/users/me')).toMatchObject({ status: 401 });
      // A new sign-in works.
      const fresh = await login(email, 'the reset password');
      expect((await server.client(fresh.token).get('/users/me')).status).toBe(200);
    });
  });

  describe('sign-out', () => {
    it("ends the session's access tokens at once, and only that session's", async () => {
      const { email } = await server.createUser({ scopes: [groupScope('builder')] });
      const phone = await login(email);
      const laptop = await login(email);
      expect((await server.client(phone.token).get('/users/me')).status).toBe(200);
      const out = await server
        .client()
        .post('/auth/logout', undefined, cookieHeader({ [REFRESH]: phone.refresh }));
      expect(out.status).toBe(200);
      expect(await server.client(phone.token).get('/users/me')).toMatchObject({
        status: 401,
        body: { error: 'Authentication required' },
      });
      expect((await server.client(phone.token).get('/field_homes/listActive')).status).toBe(401);
      expect((await server.client(laptop.token).get('/users/me')).status).toBe(200);
    });

    it('keeps the access token of a refreshed session working, and ends it with the session', async () => {
      const { email } = await server.createUser({ scopes: [groupScope('builder')] });
      const first = await login(email);
      const refreshed = await server
        .client()
        .post<SessionBody>('/auth/refresh', undefined, cookieHeader({ [REFRESH]: first.refresh }));
      expect(refreshed.status).toBe(200);
      const next = cookieValue(refreshed.headers, REFRESH) ?? '';
      expect((await server.client(refreshed.body.accessToken).get('/users/me')).status).toBe(200);
      await server.client().post('/auth/logout', undefined, cookieHeader({ [REFRESH]: next }));
      expect((await server.client(refreshed.body.accessToken).get('/users/me')).status).toBe(401);
      expect((await server.client(first.token).get('/users/me')).status).toBe(401);
    });
  });
});

describe('the dev mail transport', () => {
  it('logs that a mail was written to the outbox, never its link or token', async () => {
    const server = await getTestServer('sqlite');
    const dataDir = await mkdtemp(path.join(tmpdir(), 'field-outbox-'));
    const logged: unknown[][] = [];
    const record = (...args: unknown[]): void => {
      logged.push(args);
    };
    const log: FastifyBaseLogger = {
      level: 'info',
      fatal: record,
      error: record,
      warn: record,
      info: record,
      debug: record,
      trace: record,
      silent: record,
      child: () => log,
    };
    const mailer = createMailer({ from: 'Field <f@example.test>', smtp: undefined }, dataDir, log);
    try {
      const { id } = await server.createUser({ scopes: [groupScope('builder')] });
      const user = await server.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const resets = new PasswordResets(server.db, 60, 60);
      await sendPasswordMail(
        { resets, mailer, publicUrl: 'https://field.example.test' },
        { log },
        user,
        'reset',
      );
      const files = await readdir(path.join(dataDir, 'outbox'));
      expect(files).toHaveLength(1);
      const raw = (await readFile(path.join(dataDir, 'outbox', files[0] ?? ''), 'utf8')).replace(
        /=\r?\n/g,
        '',
      );
      const token = /reset-password\?token=3D([\w-]+)/.exec(raw)?.[1];
      expect(token).toBeDefined();

      const text = JSON.stringify(logged);
      expect(text).toContain('mail written to the outbox folder');
      expect(text).toContain(path.join(dataDir, 'outbox'));
      expect(text).not.toContain('reset-password');
      expect(text).not.toContain(token);
    } finally {
      await mailer.close();
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
