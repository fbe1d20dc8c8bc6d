// A punch item reaches its trade, end to end and counted on the server: offline, a manager
// assigns an item to a vendor with a due date (past, so it shows overdue) and the vendor's
// phone and e-mail show as one-tap links; back online the change arrives once. The review
// step then runs from the row: ready for review with a note and a photo, sent back with a
// reason, completed; the server's history and the history dialog show each step once.

import { describe, expect, it } from 'vitest';
import { skipReasonFor } from './support/prerequisites.js';
import {
  cachedQueryKeys,
  homeWithClosingWalk,
  openPunchItems,
  punchItemRow,
  queueDrained,
  smallPng,
} from './support/offline.js';
import { created, historyOf } from './support/items.js';
import { DESKTOP, PHONE, api, signIn, tokenFor, useE2eSession } from './support/session.js';
import { shot } from './support/shots.js';

const skipReason = skipReasonFor('items trade e2e');
const ADMIN = 'admin@example.com';
const MANAGER = 'manager@example.com';

describe.skipIf(skipReason !== undefined)('an item and its trade', () => {
  const session = useE2eSession();

  it('assigns an item to a vendor offline (arriving once), and runs its review step with each step once in the history', async () => {
    const base = session.url();
    const admin = await tokenFor(base, ADMIN);
    const { home, walkId } = await homeWithClosingWalk(base, admin, 'final-punch', 2);
    const tag = `trade-${Date.now()}`;
    const vendorName = `${tag} Drywall Co`;
    const vendorId = await created(base, admin, '/api/field_vendors/submit', {
      Name: vendorName,
      Trade: 'Drywall',
      Contact: 'Dana',
      Phone: '(555) 010-2233',
      Email: `${tag}@trade.example`,
    });
    const name = `${tag} nail pops`;
    const itemId = await created(base, admin, '/api/field_walks/item/submit', {
      Walk: 'final-punch',
      Category: 'Drywall',
      Location: 'Hall',
      Name: name,
      WalkID: walkId,
    });

    await session.withPage(DESKTOP, async (page, context) => {
      await signIn(page, MANAGER);
      await openPunchItems(page, base, home.id);
      const row = punchItemRow(page, name);
      await row.waitFor();
      await expect.poll(() => cachedQueryKeys(page)).toContain('/api/field_vendors');

      await context.setOffline(true);
      await page.getByTestId('offline-indicator').first().waitFor();
      await row.getByRole('button', { name: `Edit “${name}”` }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit punch item' });
      await dialog.getByLabel('Trade (vendor)').fill(tag);
      await page.getByRole('option', { name: new RegExp(vendorName) }).click();
      await dialog.getByLabel('Due date').fill('2026-01-15');
      await shot(page, 'items-trade-edit-dialog');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await row.getByTestId('item-vendor').getByText(vendorName).waitFor();
      expect(await row.getAttribute('data-sync')).toBe('pending');
      await row.getByTestId('item-overdue').waitFor();
      const call = row.locator('a[href="tel:5550102233"]');
      expect(await call.count()).toBe(1);
      // A touch target a finger hits (44 px), not a line of small text.
      expect((await call.boundingBox())?.height).toBeGreaterThanOrEqual(44);
      expect(await row.locator(`a[href="mailto:${tag}@trade.example"]`).count()).toBe(1);
      await shot(page, 'items-trade-offline-row');
      await context.setOffline(false);
      await queueDrained(page);

      const assigned = (await historyOf(base, admin, itemId)).filter(
        (entry) => entry.operation === 'update' && entry.fields.includes('Vendor'),
      );
      expect(assigned).toHaveLength(1);
      expect(assigned[0]?.after).toMatchObject({ Vendor: vendorId, 'Due Date': '2026-01-15' });

      // The trade says it is fixed (staff for them here): a note and a photo.
      await row.getByRole('button', { name: `Report “${name}” fixed, ready for review` }).click();
      const ready = page.getByRole('dialog', { name: `Ready for review: ${name}` });
      await ready.getByLabel('What was done').fill('Reset and patched the screws');
      await ready.getByTestId('photo-input').setInputFiles({
        name: 'fixed.png',
        mimeType: 'image/png',
        buffer: smallPng(33),
      });
      await ready.getByTestId('chosen-photos').waitFor();
      await shot(page, 'items-trade-ready-dialog');
      await ready.getByRole('button', { name: 'Mark ready' }).click();
      await ready.waitFor({ state: 'detached' });
      await row.and(page.locator('[data-status="Ready for review"]')).waitFor();
      await row.getByTestId('item-review-note').waitFor();
      await queueDrained(page);
      await shot(page, 'items-trade-ready-row');

      await row.getByRole('button', { name: `Send “${name}” back to the trade` }).click();
      const back = page.getByRole('dialog', { name: `Send back: ${name}` });
      await back.getByLabel('Why it is not done').fill('Still visible under light');
      await shot(page, 'items-trade-send-back-dialog');
      await back.getByRole('button', { name: 'Send back' }).click();
      await back.waitFor({ state: 'detached' });
      await row.and(page.locator('[data-status="Outstanding"]')).waitFor();
      await row.getByTestId('item-return-reason').waitFor();
      await queueDrained(page);

      await row.getByRole('button', { name: `Mark “${name}” complete` }).click();
      await row.and(page.locator('[data-status="Complete"]')).waitFor();
      await queueDrained(page);

      const steps = (await historyOf(base, admin, itemId))
        .filter((entry) => entry.operation === 'update' && entry.fields.includes('Status'))
        .map((entry) => `${String(entry.before?.['Status'])} → ${String(entry.after?.['Status'])}`);
      expect(steps).toEqual([
        'Outstanding → Ready for review',
        'Ready for review → Outstanding',
        'Outstanding → Complete',
      ]);
      const stored = await api(base, admin, 'POST', '/api/field_walks/item/listByHomes', {
        homeIds: [home.id],
      });
      const item = (stored.body as Array<Record<string, unknown>>).find((i) => i['id'] === itemId);
      expect(item).toMatchObject({
        Status: 'Complete',
        Vendor: vendorId,
        'Review Note': 'Reset and patched the screws',
        'Return Reason': 'Still visible under light',
      });
      expect(item?.['Review Photos']).toHaveLength(1);

      await row.getByRole('button', { name: `History of ${name}` }).click();
      const history = page.getByRole('dialog', { name: `History of ${name}` });
      const statusLines = history.getByTestId('history-field').filter({ hasText: /^Status:/ });
      await expect.poll(() => statusLines.count()).toBe(3);
      for (const step of ['Ready for review → Outstanding', 'Outstanding → Complete']) {
        expect(await statusLines.filter({ hasText: step }).count()).toBe(1);
      }
      await shot(page, 'items-trade-history');
    });

    // The same rows and dialogs on a phone, for looking at.
    await session.online.withPage(PHONE, async (page) => {
      await signIn(page, MANAGER);
      await openPunchItems(page, base, home.id);
      const row = punchItemRow(page, name);
      await row.waitFor();
      await shot(page, 'items-trade-row');
      await row.getByRole('button', { name: `Reopen “${name}”` }).click();
      await row.and(page.locator('[data-status="Outstanding"]')).waitFor();
      await row.getByTestId('item-overdue').waitFor();
      await queueDrained(page);
      await shot(page, 'items-trade-reopened-row');
      await row.getByRole('button', { name: `Edit “${name}”` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit punch item' });
      await edit.waitFor();
      await shot(page, 'items-trade-edit-dialog');
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await edit.waitFor({ state: 'detached' });
      await row.getByRole('button', { name: `Report “${name}” fixed, ready for review` }).click();
      const ready = page.getByRole('dialog', { name: `Ready for review: ${name}` });
      await ready.waitFor();
      await shot(page, 'items-trade-ready-dialog');
      await ready.getByRole('button', { name: 'Cancel' }).click();
      await ready.waitFor({ state: 'detached' });
      await queueDrained(page);
    });
  });
});
