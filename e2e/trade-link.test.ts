// The trade's own link end to end, counted on the server (docs/decisions.md, The trade's own
// link): offline, a superintendent assigns three items on two homes to one vendor with a
// due date on the items-across-homes screen and sends that vendor its link from the same
// selection; the Mutation Queue shows the link waiting. Back online the mail is in the
// outbox, once. A phone with no account opens it and sees exactly those three items (not
// another vendor's), marks one ready with a note and a photo; the superintendent is
// notified and sends it back with a reason; the trade sees why and marks it again; the
// superintendent completes it, and the history holds each step once. A revoked and an
// expired link answer with a clear page. The page loads none of the app.

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { skipReasonFor } from './support/prerequisites.js';
import { carry, created, historyOf } from './support/items.js';
import {
  assignHome,
  cachedQueryKeys,
  homeWithClosingWalk,
  openPunchItems,
  punchItemRow,
  queueDrained,
  smallPng,
} from './support/offline.js';
import { startServer } from './support/server.js';
import {
  DESKTOP,
  ONLINE_CONTEXT,
  PHONE,
  api,
  signIn,
  tokenFor,
  useE2eSession,
} from './support/session.js';
import { shot } from './support/shots.js';

const skipReason = skipReasonFor('trade link e2e');
const MANAGER = 'manager@example.com';
const BUILDER = 'builder@example.com';
const ACROSS = '/homes/items/across-homes';

/** The trade links mailed to `to`, read from the dev outbox (quoted-printable .eml), newest first. */
async function linksMailedTo(dataDir: string, to: string): Promise<string[]> {
  const outbox = path.join(dataDir, 'outbox');
  const links: string[] = [];
  for (const file of (await readdir(outbox).catch(() => [])).sort().reverse()) {
    const text = (await readFile(path.join(outbox, file), 'utf8'))
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (!text.includes(`To: ${to}`)) continue;
    const link = /\/trade\.html#[\w-]+/.exec(text)?.[0];
    if (link !== undefined) links.push(link);
  }
  return links;
}

/** The newest trade link mailed to `to`, once the outbox has one. */
async function mailedTradeLink(dataDir: string, to: string): Promise<string> {
  await expect.poll(async () => (await linksMailedTo(dataDir, to)).length).toBeGreaterThan(0);
  return (await linksMailedTo(dataDir, to))[0] ?? '';
}

const newVendor = (base: string, token: string, name: string, email: string) =>
  created(base, token, '/api/field_vendors/submit', {
    Name: name,
    Trade: 'Drywall',
    Email: email,
    Active: true,
  });

const newItem = (base: string, token: string, fields: Record<string, unknown>) =>
  created(base, token, '/api/field_walks/item/submit', {
    Walk: 'final-punch',
    Category: 'Drywall',
    Location: 'Hall',
    ...fields,
  });

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

/** Opens the items-across-homes screen on the items named with `tag`, once `count` show. */
async function acrossHomes(page: Page, base: string, tag: string, count: number) {
  await page.goto(`${base}${ACROSS}`);
  await page.getByRole('heading', { level: 1, name: 'Items across my homes' }).waitFor();
  await expect.poll(() => cachedQueryKeys(page)).toContain('/api/field_vendors');
  await page.getByLabel('Search items, homes and vendors').fill(tag);
  // The sign-in's sync brings the homes' items onto the device; the screen reads them.
  await expect.poll(() => page.getByTestId('across-item').count(), { timeout: 60_000 }).toBe(count);
}

async function select(page: Page, names: readonly string[]) {
  for (const name of names) await page.getByRole('checkbox', { name: `Select “${name}”` }).check();
  await page.getByText(`${names.length} selected`).waitFor();
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
    await session.online.withPage(DESKTOP, async (page) => {
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

  it(
    'goes from an offline selection of items to the trade’s phone and back through the review, each step once',
    { timeout: 300_000 },
    async () => {
      const base = session.url();
      const manager = await tokenFor(base, MANAGER);
      const builder = await tokenFor(base, BUILDER);
      const tag = String(Date.now());
      const email = `trade-${tag}@example.test`;
      const vendorId = await newVendor(base, manager, `Trade ${tag}`, email);
      const otherId = await newVendor(base, manager, `Other ${tag}`, `other-${tag}@example.test`);
      const first = await homeWithClosingWalk(base, manager, 'final-punch', 0);
      const second = await homeWithClosingWalk(base, manager, 'final-punch', 1);
      for (const { home } of [first, second]) {
        await assignHome(base, manager, home, BUILDER);
        await carry(base, manager, home, BUILDER);
      }
      const names = [`Crack A ${tag}`, `Crack B ${tag}`, `Crack C ${tag}`];
      const homes = [first, second];
      const mine: string[] = [];
      for (const [index, name] of names.entries()) {
        const { home, walkId } = index < 2 ? first : second;
        mine.push(await newItem(base, builder, { HomeRID: home.id, WalkID: walkId, Name: name }));
      }
      const theirs = await newItem(base, builder, {
        HomeRID: second.home.id,
        WalkID: second.walkId,
        Name: `Not yours ${tag}`,
        Vendor: otherId,
      });
      const target = mine[0] ?? '';

      // Offline, on the items across the superintendent's homes: assign the three, then send
      // their vendor the link from the same selection.
      await session.withPage(DESKTOP, async (page, context) => {
        await signIn(page, BUILDER);
        // The Mutation Queue's screen is opened offline below: its code is fetched now.
        await page.goto(`${base}/sync`);
        await page.getByRole('heading', { level: 1, name: 'Mutation Queue' }).waitFor();
        await acrossHomes(page, base, tag, 4);
        await context.setOffline(true);
        await page.getByTestId('offline-indicator').first().waitFor();
        await select(page, names);
        const sendLink = page.getByRole('button', { name: 'Send the trade link' });
        // Items with no vendor yet: there is no one to send a link to.
        expect(await sendLink.isDisabled()).toBe(true);
        await page.getByRole('button', { name: 'Assign', exact: true }).click();
        const assign = page.getByRole('dialog', { name: 'Assign 3 items' });
        await assign.getByLabel('Trade (vendor)').fill(`Trade ${tag}`);
        await page.getByRole('option', { name: `Trade ${tag}` }).click();
        await assign.getByLabel('Due date').fill('2030-01-15');
        await assign.getByRole('button', { name: 'Assign 3 items' }).click();
        await assign.waitFor({ state: 'detached' });
        await select(page, names);
        await shot(page, 'trade-link-selection');
        await sendLink.click();
        const dialog = page.getByRole('dialog', { name: `Trade link: Trade ${tag}` });
        await expect.poll(() => dialog.getByLabel('Send to (e-mail)').inputValue()).toBe(email);
        await dialog.getByRole('button', { name: 'Send link' }).click();
        await dialog
          .getByText(`Kept on this device: the link goes to ${email} when the connection returns.`)
          .waitFor();
        await dialog.locator('[data-link-state="queued"]').waitFor();
        await shot(page, 'trade-link-queued');
        await dialog.getByRole('button', { name: 'Close' }).click();
        await dialog.waitFor({ state: 'detached' });

        // The Mutation Queue names the link among the item changes.
        await page.getByTestId('offline-indicator').first().click();
        await page.waitForURL('**/sync');
        const queued = page.locator('[data-testid="queued-write"]');
        await queued.filter({ hasText: 'Trade link sent' }).waitFor();
        expect(await queued.filter({ hasText: 'Punch item changed' }).count()).toBe(3);
        await shot(page, 'trade-link-mutation-queue');

        await context.setOffline(false);
        await queueDrained(page);
      });
      // Back online: one mail, whatever the queue replayed.
      const link = await mailedTradeLink(session.server().dataDir, email);
      expect(await linksMailedTo(session.server().dataDir, email)).toEqual([link]);
      for (const id of mine) {
        const updates = (await historyOf(base, builder, id)).filter(
          (e) => e.operation === 'update',
        );
        expect(updates).toHaveLength(1);
        expect(updates[0]?.after).toMatchObject({ Vendor: vendorId, 'Due Date': '2030-01-15' });
      }

      // The trade, on a phone with no account: exactly those three items.
      const trade = await session
        .browser()
        .newContext({ ...ONLINE_CONTEXT, viewport: PHONE, isMobile: true, hasTouch: true });
      try {
        const phone = await trade.newPage();
        const scripts: string[] = [];
        phone.on('request', (request) => {
          if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
        });
        await phone.goto(`${base}${link}`);
        await phone.getByRole('heading', { name: 'Open items' }).waitFor();
        expect((await shownItems(phone)).sort()).toEqual([...mine].sort());
        expect(await shownItems(phone)).not.toContain(theirs);
        for (const { home } of homes) {
          await phone
            .getByText(home['Address'] as string)
            .first()
            .waitFor();
        }
        expect(await phone.getByText('Due Jan 15, 2030').count()).toBe(3);
        expect(scripts.every((file) => /^\/assets\/trade-[\w-]+\.js$/.test(file))).toBe(true);
        await shot(phone, 'trade-page');

        await markReady(phone, target, 'Patched and sanded', 1);
        await expect
          .poll(async () => {
            const answer = await api(base, builder, 'GET', '/api/notifications');
            const titles = (
              answer.body as { notifications: { title: string }[] }
            ).notifications.map((n) => n.title);
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
      const steps = (await historyOf(base, builder, target))
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

      // On a phone, the two items left open send their vendor's dialog, where the link is
      // revoked; the vendors' page shows it revoked, and the link answers with a clear page.
      await session.online.withPage(PHONE, async (page) => {
        await signIn(page, BUILDER);
        await acrossHomes(page, base, tag, 3);
        await select(page, names.slice(1));
        await shot(page, 'trade-link-selection');
        await page.getByRole('button', { name: 'Send the trade link' }).click();
        const dialog = page.getByRole('dialog', { name: `Trade link: Trade ${tag}` });
        await dialog.getByRole('button', { name: /^Revoke the link sent to/ }).waitFor();
        await shot(page, 'trade-revoke');
        await dialog.getByRole('button', { name: /^Revoke the link sent to/ }).click();
        await dialog.locator('[data-link-state="revoked"]').waitFor();
        await page.goto(`${base}/collaboration/vendors`);
        await page.getByLabel('Search by name').fill(`Trade ${tag}`);
        await page
          .getByRole('button', { name: `Send the trade link to vendor Trade ${tag}` })
          .click();
        await page
          .getByRole('dialog', { name: `Trade link: Trade ${tag}` })
          .locator('[data-link-state="revoked"]')
          .waitFor();
        await page.goto(`${base}${link}`);
        await page.getByRole('heading', { name: 'This link was withdrawn' }).waitFor();
        await shot(page, 'trade-revoked');
      });
    },
  );

  it('answers an expired link with a clear page', async () => {
    // A server of its own whose links last a few seconds.
    const server = await startServer({ env: { TRADE_LINK_TTL_DAYS: '0.00005' } });
    try {
      const manager = await tokenFor(server.url, MANAGER);
      const vendorId = await newVendor(server.url, manager, 'Short Lived', 'short@example.test');
      const sent = await api(server.url, manager, 'POST', '/api/field_vendors/trade-links', {
        vendorId,
      });
      expect(sent.status).toBe(201);
      const link = await mailedTradeLink(server.dataDir, 'short@example.test');
      await session.online.withPage(
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
