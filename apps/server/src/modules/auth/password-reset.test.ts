// Forgot password -> a mail through a real SMTP server on loopback -> its one-time link
// sets a new password. The answer never tells whether the address exists.

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects } from '../../test/databases.js';
import { cookieHeader, cookieValue } from '../../test/cookies.js';
import type { TestSmtp } from '../../test/smtp.js';
import { resetTokenOf, startSmtpServer } from '../../test/smtp.js';
import type { TestServer } from '../../test/test-server.js';
import { TEST_PASSWORD, getTestServer, groupScope } from '../../test/test-server.js';

const SENT = {
  message:
    'If an account exists for this email address, a link to reset the password is on its way.',
};

describe.each(await availableDialects())('password reset on %s', (dialect) => {
  let server: TestServer;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await getTestServer(dialect, {
      env: {
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtp.port),
        MAIL_FROM: 'Field App <field@example.test>',
        PUBLIC_URL: 'https://field.example.test',
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('mails a link that sets a new password once, and ends the old sessions', async () => {
    const { email } = await server.createUser({ scopes: [groupScope('builder')] });
    const before = await server.client().post('/auth/login', { email, password: TEST_PASSWORD });
    const oldRefresh = cookieValue(before.headers, 'field_refresh') ?? '';

    const res = await server.client().post('/auth/forgot-password', { email: email.toUpperCase() });
    expect(res).toMatchObject({ status: 200, body: SENT });

    const mail = await smtp.waitFor(email);
    expect(mail.raw).toContain('Subject: Reset your Field App password');
    expect(mail.raw).toContain('From: Field App <field@example.test>');
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain(
      'https://field.example.test/reset-password?token=3D',
    );
    const token = resetTokenOf(mail);

    const reset = await server
      .client()
      .post('/auth/reset-password', { token, password: 'my new password' });
    expect(reset).toMatchObject({ status: 200, body: { ok: true } });

    expect(
      (await server.client().post('/auth/login', { email, password: TEST_PASSWORD })).status,
    ).toBe(401);
    expect(
      (await server.client().post('/auth/login', { email, password: 'my new password' })).status,
    ).toBe(200);
    const refreshed = await server
      .client()
      .post('/auth/refresh', undefined, cookieHeader({ field_refresh: oldRefresh }));
    expect(refreshed.status).toBe(401);

    // The link works once.
    expect(
      await server.client().post('/auth/reset-password', { token, password: 'another password' }),
    ).toMatchObject({
      status: 400,
      body: { error: 'This password reset link is invalid or has expired.' },
    });
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const before = smtp.mails.length;
    const res = await server
      .client()
      .post('/auth/forgot-password', { email: 'nobody@example.test' });
    expect(res).toMatchObject({ status: 200, body: SENT });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails.length).toBe(before);
  });

  it('refuses an expired link, a made-up link and a short password', async () => {
    const { email, id } = await server.createUser({ scopes: [groupScope('builder')] });
    await server.client().post('/auth/forgot-password', { email });
    const token = resetTokenOf(await smtp.waitFor(email));
    expect(
      await server.client().post('/auth/reset-password', { token, password: 'short' }),
    ).toMatchObject({ status: 400, body: { error: 'Password must be at least 8 characters' } });
    await server.db
      .updateTable('password_resets')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('user_id', '=', id)
      .execute();
    const expired = await server
      .client()
      .post('/auth/reset-password', { token, password: 'long enough now' });
    expect(expired).toMatchObject({
      status: 400,
      body: { error: 'This password reset link is invalid or has expired.' },
    });
    const madeUp = await server
      .client()
      .post('/auth/reset-password', { token: 'made-up', password: 'long enough now' });
    expect(madeUp.status).toBe(400);
  });

  it('makes an older link useless once a newer one is asked for', async () => {
    const { email } = await server.createUser({ scopes: [groupScope('builder')] });
    await server.client().post('/auth/forgot-password', { email });
    const first = resetTokenOf(await smtp.waitFor(email));
    await server.client().post('/auth/forgot-password', { email });
    const second = resetTokenOf(await smtp.waitFor(email));
    expect(
      (
        await server
          .client()
          .post('/auth/reset-password', { token: first, password: 'long enough 1' })
      ).status,
    ).toBe(400);
    expect(
      (
        await server
          .client()
          .post('/auth/reset-password', { token: second, password: 'long enough 2' })
      ).status,
    ).toBe(200);
  });
});

describe('the dev mail transport', () => {
  it('writes each mail to DATA_DIR/outbox when no SMTP server is configured', async () => {
    const server = await getTestServer('sqlite');
    try {
      const { email } = await server.createUser({ scopes: [groupScope('builder')] });
      await server.client().post('/auth/forgot-password', { email });
      const outbox = path.join(server.dataDir, 'outbox');
      let files: string[] = [];
      for (let i = 0; i < 100 && files.length === 0; i += 1) {
        files = await readdir(outbox).catch(() => []);
        if (files.length === 0) await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(files).toHaveLength(1);
      const raw = await readFile(path.join(outbox, files[0] ?? ''), 'utf8');
      expect(raw).toContain(`To: ${email}`);
      expect(raw.replace(/=\r?\n/g, '')).toContain('/reset-password?token=3D');
    } finally {
      await server.close();
    }
  });
});
