// The trade's own link end to end, counted on the server (docs/decisions.md, The trade's own
// link): a superintendent sends a vendor its link from the vendors' page; the mail is in
// the outbox; a phone with no account opens it and sees exactly that vendor's three open
// items on two homes (not another vendor's), marks one ready with a note and a photo; the
// superintendent is notified and sends it back with a reason; the trade sees why and marks
// it again; the superintendent completes it, and the history holds each step once. A
// revoked and an expired link answer with a clear page. The page loads none of the app.

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { skipReasonFor } from './support/prerequisites.js';
import type { ApiRecord } from './support/offline.js';
import {
  assignHome,
  homeWithClosingWalk,
  openPunchItems,
  punchItemRow,
  queueDrained,
  smallPng,
} from './support/offline.js';
import { startServer } from './support/server.js';
import { DESKTOP, PHONE, api, signIn, tokenFor, useE2eSession } from './support/session.js';
import { shot } from './support/shots.js';

const skipReason = skipReasonFor('trade link e2e');
const MANAGER = 'manager@example.com';
const BUILDER = 'builder@example.com';

/** The newest trade link mailed to `to`, read from the dev outbox (quoted-printable .eml). */
async function mailedTradeLink(dataDir: string, to: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        for (const file of (await readdir(outbox).catch(() => [])).sort().reverse()) {
          const text = (await readFile(path.join(outbox, file), 'utf8'))
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_m, hex: string) =>
              String.fromCharCode(parseInt(hex, 16)),
            );
          if (!text.includes(`To: ${to}`)) continue;
          found = /\/trade\.html#[\w-]+/.exec(text)?.[0];
          if (found !== undefined) return true;
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found ?? '';
}

async function newVendor(base: string, token: string, name: string, email: string) {
  const made = await api(base, token, 'POST', '/api/field_vendors/submit', {
    Name: name,
    Trade: 'Drywall',
    Email: email,
    Active: true,
  });
  expect(made.status).toBe(201);
  return made.body as ApiRecord;
}

async function newItem(base: string, token: string, fields: Record<string, unknown>) {
  const made = await api(base, token, 'POST', '/api/field_walks/item/submit', {
    Walk: 'final-punch',
    Category: 'Drywall',
    Location: 'Hall',
    ...fields,
  });
  expect(made.status).toBe(201);
  return made.body as ApiRecord;
}

/** The item ids the trade's page shows, in order. */
const shownItems = (page: Page) =>
  page.locator('li.item').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-item')));

async function markReady(page: Page, id: string, note: string, seed: number) {
  const card = page.locator(`li.item[data-item="${id}"]`);
  await card.getByRole('button', { name: 'Mark ready for review' }).click();
  await card.getByLabel('What did you fix?').fill(note);
  await card
    .getByLabel('Photo of the fix')
    .setInputFiles({ name: 'fixed.png', mimeType: 'image/png', buffer: smallPng(seed) });
  if (seed === 1) await shot(page, 'trade-ready-form');
  await card.getByRole('button', { name: 'Send' }).click();
  await page.getByText('Marked ready for review. The builder will check it.').waitFor();
  await page.locator(`li.item[data-item="${id}"][data-status="Ready for review"]`).waitFor();
}

describe.skipIf(skipReason !== undefined)('the trade’s own link', () => {
  const session = useE2eSession();

  /** The superintendent, on the home's final punch items, sends an item back or completes it. */
  async function staffReview(
    base: string,
    homeId: string,
    name: string,
    step: 'sendBack' | 'complete',
  ) {
    await session.withPage(DESKTOP, async (page) => {
      await signIn(page, BUILDER);
      await openPunchItems(page, base, homeId);
      const row = punchItemRow(page, name);
      await row.getByText('Trade’s note:', { exact: false }).waitFor();
      if (step === 'sendBack') {
        await row.getByRole('button', { name: `Send “${name}” back to the trade` }).click();
        const dialog = page.getByRole('dialog', { name: `Send back: ${name}` });
        await dialog.getByLabel('Why it is not done').fill('Still visible under light');
        await dialog.getByRole('button', { name: 'Send back' }).click();
        await dialog.waitFor({ state: 'detached' });
      } else {
        await row.getByRole('button', { name: `Mark “${name}” complete` }).click();
      }
      await queueDrained(page);
    });
  }

  it('goes from the vendors’ page to the trade’s phone and back through the review, each step once', async () => {
    const base = session.url();
    const manager = await tokenFor(base, MANAGER);
    const builder = await tokenFor(base, BUILDER);
    const tag = String(Date.now());
    const vendor = await newVendor(base, manager, `Trade ${tag}`, `trade-${tag}@example.test`);
    const other = await newVendor(base, manager, `Other ${tag}`, `other-${tag}@example.test`);
    const first = await homeWithClosingWalk(base, manager, 'final-punch', 0);
    const second = await homeWithClosingWalk(base, manager, 'final-punch', 1);
    for (const { home } of [first, second]) await assignHome(base, manager, home, BUILDER);
    const due = '2030-01-15';
    const mine = [
      await newItem(base, builder, {
        HomeRID: first.home.id,
        Name: `Crack A ${tag}`,
        Vendor: vendor.id,
        'Due Date': due,
      }),
      await newItem(base, builder, {
        HomeRID: first.home.id,
        Name: `Crack B ${tag}`,
        Vendor: vendor.id,
      }),
      await newItem(base, builder, {
        HomeRID: second.home.id,
        Name: `Crack C ${tag}`,
        Vendor: vendor.id,
      }),
    ];
    const theirs = await newItem(base, builder, {
      HomeRID: second.home.id,
      Name: `Not yours ${tag}`,
      Vendor: other.id,
    });
    const target = mine[0]?.id ?? '';

    // The superintendent sends the link from the vendors' page.
    await session.withPage(DESKTOP, async (page) => {
      await signIn(page, BUILDER);
      await page.goto(`${base}/collaboration/vendors`);
      await page.getByLabel('Search by name').fill(`Trade ${tag}`);
      await page
        .getByRole('button', { name: `Send the trade link to vendor Trade ${tag}` })
        .click();
      const dialog = page.getByRole('dialog', { name: `Trade link: Trade ${tag}` });
      await expect
        .poll(() => dialog.getByLabel('Send to (e-mail)').inputValue())
        .toBe(`trade-${tag}@example.test`);
      await dialog.getByRole('button', { name: 'Send link' }).click();
      await dialog.getByText(`Link sent to trade-${tag}@example.test.`).waitFor();
      await dialog.locator('[data-link-state="active"]').waitFor();
      await shot(page, 'trade-send-link');
    });
    const link = await mailedTradeLink(session.server().dataDir, `trade-${tag}@example.test`);

    // The trade, on a phone with no account: exactly its three open items.
    const trade = await session
      .browser()
      .newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    try {
      const phone = await trade.newPage();
      const scripts: string[] = [];
      phone.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await phone.goto(`${base}${link}`);
      await phone.getByRole('heading', { name: 'Open items' }).waitFor();
      expect((await shownItems(phone)).sort()).toEqual(mine.map((i) => i.id).sort());
      expect(await shownItems(phone)).not.toContain(theirs.id);
      await phone
        .getByText(first.home['Address'] as string)
        .first()
        .waitFor();
      await phone.getByText('Due Jan 15, 2030').waitFor();
      expect(scripts.every((file) => /^\/assets\/trade-[\w-]+\.js$/.test(file))).toBe(true);
      await shot(phone, 'trade-page');

      await markReady(phone, target, 'Patched and sanded', 1);
      await expect
        .poll(async () => {
          const answer = await api(base, builder, 'GET', '/api/notifications');
          const titles = (answer.body as { notifications: { title: string }[] }).notifications.map(
            (n) => n.title,
          );
          return titles.some((title) => title.includes(`ready for review: Crack A ${tag}`));
        })
        .toBe(true);

      // Sent back with a reason, on the home's items screen: the trade sees why, marks again.
      await staffReview(base, first.home.id, `Crack A ${tag}`, 'sendBack');
      await phone.reload();
      await phone.getByText('Sent back: Still visible under light').waitFor();
      await markReady(phone, target, 'Sanded again and repainted', 2);
      await staffReview(base, first.home.id, `Crack A ${tag}`, 'complete');
      await phone.reload();
      await phone.getByText('2 open items', { exact: false }).waitFor();
      expect(await shownItems(phone)).not.toContain(target);
      await phone.setViewportSize(DESKTOP);
      await shot(phone, 'trade-page');
    } finally {
      await trade.close();
    }
    const history = await api(base, builder, 'GET', `/api/history?kind=walkItems&id=${target}`);
    const steps = (
      history.body as {
        operation: string;
        fields: string[];
        after: Record<string, unknown> | null;
        user: { name: string };
      }[]
    )
      .filter((entry) => entry.operation === 'update' && entry.fields.includes('Status'))
      .map(
        (entry) =>
          `${String(entry.after?.['Status'])}${entry.user.name.endsWith('(trade)') ? ' (trade)' : ''}`,
      );
    expect(steps).toEqual([
      'Ready for review (trade)',
      'Outstanding',
      'Ready for review (trade)',
      'Complete',
    ]);

    // Revoked from the vendors' page: the link answers with a clear page.
    await session.withPage(PHONE, async (page) => {
      await signIn(page, BUILDER);
      await page.goto(`${base}/collaboration/vendors`);
      await page.getByLabel('Search by name').fill(`Trade ${tag}`);
      await page
        .getByRole('button', { name: `Send the trade link to vendor Trade ${tag}` })
        .click();
      const dialog = page.getByRole('dialog', { name: `Trade link: Trade ${tag}` });
      await dialog.getByRole('button', { name: /^Revoke the link sent to/ }).waitFor();
      await shot(page, 'trade-revoke');
      await dialog.getByRole('button', { name: /^Revoke the link sent to/ }).click();
      await dialog.locator('[data-link-state="revoked"]').waitFor();
      await page.goto(`${base}${link}`);
      await page.getByRole('heading', { name: 'This link was withdrawn' }).waitFor();
      await shot(page, 'trade-revoked');
    });
  });

  it('answers an expired link with a clear page', async () => {
    // A server of its own whose links last a few seconds.
    const server = await startServer({ env: { TRADE_LINK_TTL_DAYS: '0.00005' } });
    try {
      const manager = await tokenFor(server.url, MANAGER);
      const vendor = await newVendor(server.url, manager, 'Short Lived', 'short@example.test');
      const sent = await api(server.url, manager, 'POST', '/api/field_vendors/trade-links', {
        vendorId: vendor.id,
      });
      expect(sent.status).toBe(201);
      const link = await mailedTradeLink(server.dataDir, 'short@example.test');
      await session.withPage(
        PHONE,
        async (page) => {
          await page.goto(`${server.url}${link}`);
          await expect
            .poll(
              async () => {
                await page.reload();
                await page.locator('h1').first().waitFor();
                return page.locator('[data-refused="expired"]').count();
              },
              { timeout: 20_000, interval: 1000 },
            )
            .toBe(1);
          await page.getByRole('heading', { name: 'This link has expired' }).waitFor();
          await shot(page, 'trade-expired');
        },
        '/login',
      );
    } finally {
      await server.stop();
    }
  });
});
