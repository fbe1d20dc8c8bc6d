// Amending a signed closing walk (docs/decisions.md, Amending a signed walk), end to end: a
// builder opens a final-punch walk signed by the buyer and staff, amends it offline, and
// once online the server holds the signed walk exactly as it was plus one amendment naming
// it, written by the builder; the list notes which walk amends which, and the history
// dialog shows the signed walk's writes and the amendment's. With E2E_SHOTS set to a
// folder, the screens are saved there at phone and desktop sizes for looking at.

import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { skipReasonFor } from './support/prerequisites.js';
import type { ApiRecord } from './support/offline.js';
import { assignHome, homeWithStaff, queueDrained, waitForQueued } from './support/offline.js';
import { DESKTOP, PHONE, api, signIn, tokenFor, useE2eSession } from './support/session.js';
import { openWalkForm, submitWalk, walksOf } from './support/walks.js';

const skipReason = skipReasonFor('walk amendments e2e');
const ADMIN = 'admin@example.com';
const BUILDER = 'builder@example.com';
const INK = 'data:image/png;base64,iVBORw0KGgo=';
const SHOTS = process.env['E2E_SHOTS'];

/** Saves the screen at phone and desktop sizes; `again` redoes what a resize undoes. */
async function shot(page: Page, name: string, again?: () => Promise<void>): Promise<void> {
  if (SHOTS === undefined || SHOTS === '') return;
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-phone.png`) });
  await page.setViewportSize(DESKTOP);
  await again?.();
  await page.screenshot({ path: path.join(SHOTS, `${name}-desktop.png`) });
  await page.setViewportSize(PHONE);
  await again?.();
}

/** A final-punch walk on `home` signed by both, its PDF named, made by `token`'s user. */
async function signedWalk(base: string, token: string, home: ApiRecord, notes: string) {
  const signatures = (['buyer', 'staff'] as const).map((role) => ({
    role,
    name: role === 'buyer' ? 'Pat Buyer' : 'Bea Builder',
    signedAt: '2026-11-10T15:00:00.000Z',
    image: INK,
  }));
  const made = await api(base, token, 'POST', '/api/field_walks/closing/submit', {
    date: '2026-11-10',
    selectedHome: home.id,
    user: 'ignored',
    type: 'final-punch',
    notes,
    signatures,
  });
  expect(made.status).toBe(201);
  const id = (made.body as ApiRecord).id;
  const pdf = {
    data: Buffer.from('%PDF-1.7 signed').toString('base64'),
    contentType: 'application/pdf',
  };
  expect((await api(base, token, 'POST', `/api/files/walkPdfs/${id}/w.pdf`, pdf)).status).toBe(201);
  const pdfUrl = `/api/files/walkPdfs/${id}/w.pdf`;
  const named = await api(base, token, 'PATCH', `/api/field_walks/closing/update/${id}`, {
    pdfUrl,
  });
  expect(named.status).toBe(200);
  return named.body as ApiRecord;
}

describe.skipIf(skipReason !== undefined)('amending a signed closing walk', () => {
  const session = useE2eSession();

  it('amended offline: the signed walk stays, one amendment arrives, the history shows both', async () => {
    const base = session.url();
    const admin = await tokenFor(base, ADMIN);
    const builder = await tokenFor(base, BUILDER);
    const home = await homeWithStaff(base, admin, 3);
    await assignHome(base, admin, home, BUILDER);
    const tag = `amend-${Date.now()}`;
    const signed = await signedWalk(base, builder, home, `${tag} as signed`);
    const before = (await walksOf(base, admin, 'final-punch', home.id)).find(
      (w) => w.id === signed.id,
    );

    await session.withPage(PHONE, async (page, context) => {
      await signIn(page, BUILDER);
      await openWalkForm(page, base, home.id, 'final-punch');
      await page.goto(`${base}/walks/final-punch?homeId=${home.id}&walk=${signed.id}`);
      await page.getByTestId('amend-walk').waitFor();
      await shot(page, 'amend-1-signed-walk');

      await context.setOffline(true);
      await page.getByTestId('offline-indicator').waitFor();
      await page.getByTestId('amend-walk').click();
      await page.getByTestId('amendment-note').waitFor();
      await page.getByLabel('Notes (staff only)').fill(`${tag} amended`);
      await shot(page, 'amend-2-amendment-form');
      await submitWalk(page);
      await waitForQueued(page, 1);
      await page.getByTestId('walk-amendment-note').first().waitFor();
      await shot(page, 'amend-3-list-offline');

      await context.setOffline(false);
      await queueDrained(page, 60_000);

      const openHistory = async () => {
        await page.keyboard.press('Escape');
        await page
          .locator('[data-testid="walk-row"]', { hasText: 'Amendment 1: amends the signed walk' })
          .getByRole('button', { name: /^History of/ })
          .click();
        await page.getByTestId('history-entry').first().waitFor();
      };
      await openHistory();
      const entries = page.getByTestId('history-entry');
      await expect
        .poll(async () => entries.evaluateAll((all) => all.map((e) => e.getAttribute('data-of'))))
        .toEqual([
          'Signed walk of 11/10/2026',
          'Signed walk of 11/10/2026',
          expect.stringMatching(/^Amendment 1 of /),
        ]);
      await shot(page, 'amend-4-history', openHistory);
    });

    const walks = await walksOf(base, admin, 'final-punch', home.id);
    expect(walks.find((w) => w.id === signed.id)).toEqual(before);
    const amendments = walks.filter((w) => w['amends'] === signed.id);
    expect(amendments).toHaveLength(1);
    expect(amendments[0]).toMatchObject({
      amendment: 1,
      notes: `${tag} amended`,
      user: signed['user'],
    });
    expect(amendments[0]?.['signatures']).toBeUndefined();
  });
});
