// Accounts end to end: registering, confirming the address and waiting for approval, the saved origin, changing
// and resetting a password by mail, and the guards that customer service and demo
// accounts meet.

import { readFile, readdir, stat } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PROFILE_PICTURE_MAX_BYTES } from '@field/domain';
import { skipReasonFor } from './support/prerequisites.js';
import {
  DESKTOP,
  ONLINE_CONTEXT,
  PHONE,
  signIn,
  submitSignIn,
  useE2eSession,
} from './support/session.js';

const skipReason = skipReasonFor('accounts e2e');

/** The newest link to `to` written to the dev outbox for `email` (quoted-printable .eml files). */
async function mailedLinkFor(
  dataDir: string,
  email: string,
  to = '/reset-password',
): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const files = (await readdir(outbox).catch(() => [])).sort().reverse();
    for (const file of files) {
      const raw = await readFile(path.join(outbox, file), 'utf8');
      const text = raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      if (!text.includes(email)) continue;
      const link = new RegExp(`https?://[^\\s"<>]+${to}\\?token=[\\w-]+`).exec(text)?.[0];
      if (link !== undefined) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${to} mail for ${email}`);
}

/** A PNG of random RGB pixels (it does not compress: a photo's size, not a drawing's). */
function noisePng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer): number => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer): Buffer => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, tail]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let i = 0; i < rows.length; i += 1) {
    rows[i] = i % (width * 3 + 1) === 0 ? 0 : Math.floor(Math.random() * 256);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function register(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('First name').fill('Riley');
  await page.getByLabel('Last name').fill('Newhire');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

describe.skipIf(skipReason !== undefined)('accounts and access', () => {
  const session = useE2eSession();

  it('a new account waits on /unauthorized until an admin approves it, then opens the app', async () => {
    const email = `riley.${Date.now()}@example.com`;
    await session.online.withPage(PHONE, async (page, context) => {
      await register(page, email, 'first-password-1');
      await page.waitForURL('**/unauthorized');
      await page.getByRole('heading', { name: 'Your account is waiting for approval' }).waitFor();
      // The address is confirmed from the mailed link before an admin can approve.
      const verify = new URL(await mailedLinkFor(session.server().dataDir, email, '/verify-email'));
      await page.goto(`${session.url()}${verify.pathname}${verify.search}`);
      await page.getByText('Thank you: your address is confirmed.', { exact: false }).waitFor();

      // An administrator approves it in the Staff screen, in a browser of their own.
      const browser = context.browser();
      if (browser === null) throw new Error('no browser');
      const admin = await browser.newContext({ ...ONLINE_CONTEXT, viewport: DESKTOP });
      try {
        const adminPage = await admin.newPage();
        await adminPage.goto(`${session.url()}/login`);
        await signIn(adminPage, 'admin@example.com');
        await adminPage.getByRole('heading', { name: 'Homes overview' }).waitFor();
        await adminPage.goto(`${session.url()}/collaboration/staff`);
        await adminPage.getByRole('tab', { name: 'Users and access' }).click();
        const row = adminPage.locator(`[data-user-email="${email}"]`);
        await row.getByText('Waiting for approval').waitFor();
        await row.getByRole('button', { name: 'Approve' }).click();
        await row.getByText('Waiting for approval').waitFor({ state: 'detached' });
        await row.getByRole('button', { name: 'builder' }).waitFor();
      } finally {
        await admin.close();
      }

      // The session survives the reload (refresh cookie) and brings the new scopes.
      await page.goto(`${session.url()}/homes/overview`);
      await page.getByRole('heading', { name: 'Homes overview' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/homes/overview');
    });
  });

  it('signing in lands on the page the user was sent away from', async () => {
    await session.online.withPage(
      DESKTOP,
      async (page) => {
        await page.waitForURL('**/login');
        await signIn(page, 'manager@example.com');
        await page.waitForURL('**/homes/inspections/permits');
        await page.getByRole('heading', { name: 'Permits' }).waitFor();
      },
      '/homes/inspections/permits',
    );
  });

  it('changes the password after the current one, and only the new one signs in', async () => {
    const email = `casey.${Date.now()}@example.com`;
    await session.online.withPage(DESKTOP, async (page) => {
      await register(page, email, 'first-password-1');
      await page.waitForURL('**/unauthorized');
      await page.goto(`${session.url()}/account/security`);
      await page.getByLabel('Current password').fill('not-my-password');
      await page.getByLabel(/^New password/).fill('second-password-2');
      await page.getByLabel('Repeat the new password').fill('second-password-2');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByRole('alert').getByText('Failed to change password.').waitFor();
      expect(await page.getByRole('alert').textContent()).toContain(
        'Reauthentication failed. Please check your credentials.',
      );

      await page.getByLabel('Current password').fill('first-password-1');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('Your password was changed').waitFor();

      await page.getByTestId('profile-button').click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL('**/login');
      await submitSignIn(page, email, 'first-password-1');
      await page.getByRole('alert').getByText('Error signing in with email and password').waitFor();
      await submitSignIn(page, email, 'second-password-2');
      // After Logout the next sign-in starts afresh, not on the page signed out from.
      await page.waitForURL('**/unauthorized');
    });
  });

  it('forgot password: the mail arrives, its link sets a new password, and it signs in', async () => {
    const email = `jordan.${Date.now()}@example.com`;
    await session.online.withPage(DESKTOP, async (page, context) => {
      await register(page, email, 'first-password-1');
      await page.waitForURL('**/unauthorized');
      await context.clearCookies();
      await page.goto(`${session.url()}/login`);

      await page.getByRole('link', { name: 'Forgot password?' }).click();
      // The sign-in form stays on screen (inert) while the next screen's code loads.
      await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.waitForURL('**/check-mail');
      await page.getByText(`If ${email} has an account`).waitFor();

      const link = new URL(await mailedLinkFor(session.server().dataDir, email));
      await page.goto(`${session.url()}${link.pathname}${link.search}`);
      await page.getByLabel(/^New password/).fill('reset-password-3');
      await page.getByLabel('Repeat the new password').fill('reset-password-3');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.getByText('Your password was changed. Sign in with the new one.').waitFor();

      // The link works once.
      await page.goto(`${session.url()}${link.pathname}${link.search}`);
      await page.getByLabel(/^New password/).fill('another-password-4');
      await page.getByLabel('Repeat the new password').fill('another-password-4');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page
        .getByRole('alert')
        .getByText('This password reset link is invalid or has expired.')
        .waitFor();

      await page.goto(`${session.url()}/login`);
      await submitSignIn(page, email, 'reset-password-3');
      await page.waitForURL('**/unauthorized');
    });
  });

  it('changes the name and the picture on My account, shrunk below 2 MB before it is sent', async () => {
    const email = `sam.${Date.now()}@example.com`;
    // A 1500x1500 photo-like PNG of noise: about 6.7 MB, over the server's 2 MB cap.
    const png = noisePng(1500, 1500);
    expect(png.length).toBeGreaterThan(PROFILE_PICTURE_MAX_BYTES);
    await session.online.withPage(PHONE, async (page) => {
      await register(page, email, 'first-password-1');
      await page.waitForURL('**/unauthorized');
      await page.goto(`${session.url()}/account/my-account`);
      await page.getByLabel(/^First name/).fill('Samantha');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('heading', { name: 'Samantha Newhire' }).waitFor();

      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
      // The browser sent a JPEG of 512 px at most, which the server kept.
      await page.locator('img[src^="data:image/jpeg"]').first().waitFor();
      const users = path.join(session.server().dataDir, 'files', 'users');
      const [folder = ''] = await readdir(users);
      const stored = await stat(path.join(users, folder, 'profilePicture'));
      expect(stored.size).toBeGreaterThan(0);
      expect(stored.size).toBeLessThan(PROFILE_PICTURE_MAX_BYTES);

      // On the phone every account tab is in view, the last one opened too (it was hidden
      // under the tabs' scroll arrow).
      await page.goto(`${session.url()}/account/settings`);
      const tabs = page.getByRole('tablist', { name: 'Account' }).getByRole('tab');
      await tabs.first().waitFor();
      expect(await tabs.count()).toBe(4);
      for (const tab of await tabs.all()) {
        const box = await tab.boundingBox();
        expect(box?.x).toBeGreaterThanOrEqual(0);
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
      }
    });
  });

  it('customer service cannot open a walk form', async () => {
    await session.online.withPage(DESKTOP, async (page) => {
      await signIn(page, 'cs@example.com');
      await page.getByRole('heading', { name: 'Homes overview' }).waitFor();
      await page.goto(`${session.url()}/walks/home-start`);
      await page.waitForURL('**/unauthorized');
      await page.getByRole('heading', { name: 'You do not have access to this page' }).waitFor();
    });
  });

  it('a demo account works in testing mode and cannot switch it off', async () => {
    await session.online.withPage(DESKTOP, async (page) => {
      await signIn(page, 'demo@example.com');
      await page.getByTestId('testing-indicator').waitFor();
      await page.goto(`${session.url()}/account/settings`);
      const toggle = page.getByRole('switch', { name: 'Testing mode' });
      await toggle.waitFor();
      expect(await toggle.isChecked()).toBe(true);
      expect(await toggle.isDisabled()).toBe(true);
      await page.getByText('Demo accounts always use testing mode.').waitFor();
    });
  });
});
