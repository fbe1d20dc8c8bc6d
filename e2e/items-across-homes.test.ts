// Items across my homes, end to end and counted on the server: a manager who carries two
// homes opens the one items screen (read from the device), goes offline, selects three
// items on the two homes and assigns them to one vendor with a due date; back online each
// item is changed once on the server, and the vendor filter shows exactly those three.

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { skipReasonFor } from './support/prerequisites.js';
import { carry, created, historyOf } from './support/items.js';
import { cachedQueryKeys, homeWithClosingWalk, queueDrained } from './support/offline.js';
import { DESKTOP, PHONE, signIn, tokenFor, useE2eSession } from './support/session.js';
import { choose } from './support/select.js';
import { shot } from './support/shots.js';

const skipReason = skipReasonFor('items across homes e2e');
const ADMIN = 'admin@example.com';
const MANAGER = 'manager@example.com';
const ROUTE = '/homes/items/across-homes';

const row = (page: Page, name: string) => page.getByTestId('across-item').filter({ hasText: name });

async function searchFor(page: Page, text: string): Promise<void> {
  await page.getByLabel('Search items, homes and vendors').fill(text);
}

describe.skipIf(skipReason !== undefined)('items across my homes', () => {
  const session = useE2eSession();

  it('assigns three items on two homes to a vendor offline, each arriving once, and filters by that vendor', async () => {
    const base = session.url();
    const admin = await tokenFor(base, ADMIN);
    const first = await homeWithClosingWalk(base, admin, 'final-punch', 0);
    const second = await homeWithClosingWalk(base, admin, 'final-punch', 1);
    await carry(base, admin, first.home, MANAGER);
    await carry(base, admin, second.home, MANAGER);
    const tag = `across-${Date.now()}`;
    const vendorName = `${tag} Tile Co`;
    const vendorId = await created(base, admin, '/api/field_vendors/submit', {
      Name: vendorName,
      Trade: 'Tile',
      Contact: 'Tam',
      Phone: '(555) 010-4455',
      Email: `${tag}@trade.example`,
    });
    const items = [
      { name: `${tag} cracked tile`, walk: first },
      { name: `${tag} grout gap`, walk: first },
      { name: `${tag} loose threshold`, walk: second },
    ];
    const ids: string[] = [];
    for (const item of items) {
      ids.push(
        await created(base, admin, '/api/field_walks/item/submit', {
          Walk: 'final-punch',
          Category: 'Tile',
          Location: 'Kitchen',
          Name: item.name,
          WalkID: item.walk.walkId,
        }),
      );
    }
    // One item of the tag is left alone: the vendor filter must not show it.
    await created(base, admin, '/api/field_walks/item/submit', {
      Walk: 'final-punch',
      Category: 'Tile',
      Location: 'Bath',
      Name: `${tag} left alone`,
      WalkID: second.walkId,
    });

    await session.withPage(DESKTOP, async (page, context) => {
      await signIn(page, MANAGER);
      await page.goto(`${base}${ROUTE}`);
      await page.getByRole('heading', { level: 1, name: 'Items across my homes' }).waitFor();
      await expect.poll(() => cachedQueryKeys(page)).toContain('/api/field_vendors');
      await searchFor(page, tag);
      // The sign-in's sync brings the homes' items onto the device; the screen reads them.
      await expect.poll(() => page.getByTestId('across-item').count()).toBe(4);
      await shot(page, 'items-across-homes-search');

      await context.setOffline(true);
      await page.getByTestId('offline-indicator').first().waitFor();
      for (const item of items) {
        await page.getByRole('checkbox', { name: `Select “${item.name}”` }).check();
      }
      await page.getByText('3 selected').waitFor();
      await page.getByRole('button', { name: 'Assign', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Assign 3 items' });
      await dialog.getByLabel('Trade (vendor)').fill(tag);
      await page.getByRole('option', { name: vendorName }).click();
      await dialog.getByLabel('Due date').fill('2026-01-20');
      await shot(page, 'items-across-homes-assign');
      await dialog.getByRole('button', { name: 'Assign 3 items' }).click();
      await dialog.waitFor({ state: 'detached' });
      for (const item of items) {
        const line = row(page, item.name);
        await line
          .getByTestId('across-item-trade')
          .getByText(vendorName, { exact: false })
          .waitFor();
        expect(await line.getAttribute('data-sync')).toBe('pending');
        await line.getByTestId('across-item-overdue').waitFor();
      }
      await shot(page, 'items-across-homes-offline');

      await context.setOffline(false);
      await queueDrained(page);
      for (const [index, id] of ids.entries()) {
        const updates = (await historyOf(base, admin, id)).filter(
          (entry) => entry.operation === 'update',
        );
        expect(updates, items[index]?.name).toHaveLength(1);
        expect(updates[0]?.after).toMatchObject({ Vendor: vendorId, 'Due Date': '2026-01-20' });
      }
      for (const item of items) {
        await row(page, item.name).and(page.locator('[data-sync="synced"]')).waitFor();
      }

      // The vendor filter alone (no search text) shows exactly those three.
      await searchFor(page, '');
      await choose(
        page.getByRole('combobox', { name: 'Trade (vendor)' }),
        page.getByRole('option', { name: vendorName }),
      );
      await expect
        .poll(async () => (await page.getByTestId('across-item').allInnerTexts()).length)
        .toBe(3);
      const shown = await page.getByTestId('across-item').allInnerTexts();
      for (const item of items) {
        expect(shown.filter((text) => text.includes(item.name))).toHaveLength(1);
      }
      await shot(page, 'items-across-homes-vendor');
    });

    // The same screen on a phone, for looking at.
    await session.online.withPage(PHONE, async (page) => {
      await signIn(page, MANAGER);
      await page.goto(`${base}${ROUTE}`);
      await searchFor(page, tag);
      await expect.poll(() => page.getByTestId('across-item').count()).toBe(4);
      await page.getByRole('checkbox', { name: `Select “${items[0]?.name ?? ''}”` }).check();
      await shot(page, 'items-across-homes-search');
      await page.getByRole('button', { name: 'Due date', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Due date of 1 item' });
      await dialog.waitFor();
      await shot(page, 'items-across-homes-due-dialog');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    });
  });
});
