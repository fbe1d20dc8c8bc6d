// The walk forms end to end, counted on the server: each of the eight forms started,
// filled (checklist, note, photo) and submitted arrives once; a stored walk edited sends
// a change, not a second walk; offline, a pre-drywall walk with two failed lines raised as
// punch items and a photo arrives in order, once each, when the connection returns; a
// draft survives a reload and a closed tab; a final-punch walk signed offline ends with
// `pdfUrl` set and a PDF on the server.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { WALK_FORM_DEFS, checklistLines, walkFormOf } from '@field/domain';
import { skipReasonFor } from './support/prerequisites.js';
import type { ApiRecord } from './support/offline.js';
import {
  assignHome,
  deviceRows,
  homeWithStaff,
  queueDrained,
  smallPng,
  waitForQueued,
} from './support/offline.js';
import { fileStatus, itemsByHome } from './support/items.js';
import { DESKTOP, PHONE, signIn, tokenFor, useE2eSession } from './support/session.js';
import { serviceWorkerActive } from './support/sign-out.js';
import { choose } from './support/select.js';
import { shot } from './support/shots.js';
import {
  addWalkPhoto,
  answerLine,
  drawSignature,
  openWalkForm,
  startWalk,
  submitWalk,
  walksOf,
} from './support/walks.js';

const skipReason = skipReasonFor('walk forms e2e');
const ADMIN = 'admin@example.com';
const MANAGER = 'manager@example.com';
const BUILDER = 'builder@example.com';

function lineIds(segment: string): string[] {
  const def = walkFormOf(segment);
  if (def === undefined) throw new Error(`no form ${segment}`);
  return checklistLines(def).map((line) => line.id);
}

function photosOf(walk: ApiRecord | undefined): { collection: string; key: string }[] {
  const files = walk?.['uploadedFiles'];
  return Array.isArray(files) ? (files as { collection: string; key: string }[]) : [];
}

/** Polls the server until `read` gives a value `done` accepts. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Waits until a draft on the device holds `text` (the autosave is debounced). */
async function draftHolds(page: Page, text: string): Promise<void> {
  await expect
    .poll(async () =>
      (await deviceRows(page, 'drafts')).some((row) => JSON.stringify(row).includes(text)),
    )
    .toBe(true);
}

describe.skipIf(skipReason !== undefined)('the walk forms', () => {
  const session = useE2eSession();

  // One test per form, on one signed-in page the eight share (opened once): a failure names
  // its form, and no test comes near the time limit on a loaded machine, as the eight in one
  // test did (docs/performance.md).
  describe('each of the eight forms is started, filled and submitted, and stored once', () => {
    let page: Page | undefined;
    let context: BrowserContext | undefined;
    let admin = '';
    let home: ApiRecord | undefined;
    const tag = `walk-${Date.now()}`;
    beforeAll(async () => {
      admin = await tokenFor(session.url(), ADMIN);
      home = await homeWithStaff(session.url(), admin, 1);
      ({ page, context } = await session.openPage(DESKTOP));
      await signIn(page, MANAGER);
    });
    afterAll(async () => {
      await context?.close();
    });
    const signedIn = (): { page: Page; homeId: string } => {
      if (page === undefined || home === undefined) throw new Error('not signed in');
      return { page, homeId: home.id };
    };

    it.each(WALK_FORM_DEFS.map((def, index) => ({ def, index })))(
      '$def.segment',
      async ({ def, index }) => {
        const base = session.url();
        const { page, homeId } = signedIn();
        const before = await walksOf(base, admin, def.segment, homeId);
        await openWalkForm(page, base, homeId, def.segment);
        await startWalk(page);
        await answerLine(page, 0, 'Pass');
        await answerLine(page, 1, 'Fail');
        await page.getByLabel('Notes (staff only)').fill(`${tag} ${def.segment}`);
        await addWalkPhoto(page, `${def.segment}.png`, smallPng(index));
        if (def.extraFields.includes('customerServiceStaff')) {
          // The form says why it cannot be submitted, and nothing is sent.
          await page.getByTestId('submit-walk').click();
          await page.getByText('Choose the customer service staff member.').first().waitFor();
          await choose(
            page.getByTestId('customer-service-staff').getByRole('combobox'),
            page.getByRole('option').first(),
          );
        }
        await submitWalk(page);
        await queueDrained(page);
        const after = await eventually(
          () => walksOf(base, admin, def.segment, homeId),
          (walks) => walks.length > before.length,
        );
        const mine = after.filter((walk) => walk['notes'] === `${tag} ${def.segment}`);
        expect(after.length, def.segment).toBe(before.length + 1);
        expect(mine.length, def.segment).toBe(1);
        const [first, second] = lineIds(def.segment);
        expect(mine[0]?.['checklist'], def.segment).toEqual({
          [first ?? '']: { result: 'pass' },
          [second ?? '']: { result: 'fail' },
        });
        const photos = photosOf(mine[0]);
        expect(photos.length, def.segment).toBe(1);
        expect(await fileStatus(base, admin, photos[0] ?? { collection: '', key: '' })).toBe(200);
        if (def.extraFields.includes('customerServiceStaff')) {
          expect(mine[0]?.['customerServiceStaff'], def.segment).toBeTruthy();
        }
      },
    );

    it('a stored walk opened and changed: the same walk changes, no second one appears', async () => {
      const base = session.url();
      const { page, homeId } = signedIn();
      const before = await walksOf(base, admin, 'home-start', homeId);
      const walk = before.find((w) => w['notes'] === `${tag} home-start`);
      expect(walk).toBeDefined();
      await openWalkForm(page, base, homeId, 'home-start');
      await page
        .locator(`[data-testid="walk-row"][data-id="${walk?.id ?? ''}"]`)
        .first()
        .waitFor();
      await page
        .locator(`[data-testid="walk-row"][data-id="${walk?.id ?? ''}"]`)
        .first()
        .getByRole('button', { name: /Open the walk/ })
        .click();
      await page.getByTestId('walk-form').waitFor();
      await answerLine(page, 2, 'N/A');
      await page.getByLabel('Notes (staff only)').fill(`${tag} home-start edited`);
      await submitWalk(page);
      await queueDrained(page);
      const after = await eventually(
        () => walksOf(base, admin, 'home-start', homeId),
        (walks) => walks.some((w) => w['notes'] === `${tag} home-start edited`),
      );
      expect(after.length).toBe(before.length);
      const edited = after.find((w) => w.id === walk?.id);
      expect(edited?.['notes']).toBe(`${tag} home-start edited`);
      expect(Object.keys((edited?.['checklist'] as object | undefined) ?? {}).length).toBe(3);
      expect(photosOf(edited).length).toBe(1);
    });
  });

  it('offline, a pre-drywall walk with two punch items raised from failed lines and a photo arrives in order, once each', async () => {
    const base = session.url();
    const admin = await tokenFor(base, ADMIN);
    const home = await homeWithStaff(base, admin, 2);
    await assignHome(base, admin, home, BUILDER);
    const tag = `offline-walk-${Date.now()}`;
    const walksBefore = await walksOf(base, admin, 'pre-drywall', home.id);
    const itemsBefore = await itemsByHome(base, admin, home.id);
    await session.withPage(PHONE, async (page, context) => {
      await signIn(page, BUILDER);
      await openWalkForm(page, base, home.id, 'pre-drywall');
      await context.setOffline(true);
      await page.getByTestId('offline-indicator').waitFor();
      await startWalk(page);
      await answerLine(page, 0, 'Fail');
      await answerLine(page, 1, 'Fail');
      await answerLine(page, 2, 'Pass');
      await page.getByTestId('raise-item').first().click();
      await page.getByTestId('raise-item').first().click();
      await page.getByTestId('line-raised').nth(1).waitFor();
      await page.getByLabel('Notes (staff only)').fill(tag);
      await addWalkPhoto(page, 'framing.png', smallPng(42));
      await submitWalk(page);
      // The photo's bytes, the walk and its two items wait on the device.
      await waitForQueued(page, 4);
      // Listed at once, marked as not synced yet.
      await expect.poll(() => page.getByTestId('walk-row').count()).toBe(walksBefore.length + 1);
      await page.locator('[data-testid="walk-row"][data-sync="pending"]').first().waitFor();
      await context.setOffline(false);
      await queueDrained(page, 60_000);

      // The walk list counts each walk's open items from one `item/listByWalks` call: the
      // new walk has its two; opened, a walk reads its own items (`item/listByWalk`).
      const listed = await eventually(
        () => walksOf(base, admin, 'pre-drywall', home.id),
        (list) => list.some((w) => w['notes'] === tag),
      );
      const walkId = listed.find((w) => w['notes'] === tag)?.id ?? '';
      const byWalks = page.waitForRequest((r) => r.url().endsWith('/field_walks/item/listByWalks'));
      await page.reload();
      await byWalks;
      const row = page.locator(`[data-testid="walk-row"][data-id="${walkId}"]`);
      await expect.poll(() => row.innerText()).toMatch(/Open items\s+2/);
      await shot(page, 'walk-list-open-items');
      const byWalk = page.waitForRequest((r) =>
        r.url().includes(`/field_walks/item/listByWalk?walkId=${walkId}`),
      );
      await row.getByRole('button', { name: /Open the walk of/ }).click();
      await byWalk;
    });
    const walks = await eventually(
      () => walksOf(base, admin, 'pre-drywall', home.id),
      (list) => list.length > walksBefore.length,
    );
    const mine = walks.filter((w) => w['notes'] === tag);
    expect(walks.length).toBe(walksBefore.length + 1);
    expect(mine.length).toBe(1);
    const walk = mine[0];
    const items = (await itemsByHome(base, admin, home.id)).filter((i) => i['WalkID'] === walk?.id);
    const [first, second] = checklistLines(walkFormOf('pre-drywall') ?? WALK_FORM_DEFS[1]);
    expect(items.map((i) => i['Name']).sort()).toEqual([first?.label, second?.label].sort());
    expect(items.every((i) => i['Walk'] === 'frame-punch')).toBe(true);
    expect((await itemsByHome(base, admin, home.id)).length).toBe(itemsBefore.length + 2);
    const photos = photosOf(walk);
    expect(photos.length).toBe(1);
    expect(await fileStatus(base, admin, photos[0] ?? { collection: '', key: '' })).toBe(200);
  });

  it('an autosaved draft survives a reload and a closed tab', async () => {
    const base = session.url();
    const admin = await tokenFor(base, ADMIN);
    const home = await homeWithStaff(base, admin, 3);
    await assignHome(base, admin, home, BUILDER);
    const note = `draft-${Date.now()}`;
    await session.online.withPage(PHONE, async (page, context) => {
      await signIn(page, BUILDER);
      await openWalkForm(page, base, home.id, 'landscape');
      await startWalk(page);
      await answerLine(page, 0, 'Fail');
      await page.getByLabel('Notes (staff only)').fill(note);
      // "Draft saved" already shows from the line's answer: wait for the note in the draft.
      await draftHolds(page, note);
      await page.reload();
      await page.getByTestId('walk-form').waitFor();
      await page.getByTestId('draft-offer').waitFor();
      await page.getByRole('button', { name: 'Resume' }).click();
      await expect.poll(() => page.getByLabel('Notes (staff only)').inputValue()).toBe(note);
      expect(await page.getByTestId('checklist-line').first().getAttribute('data-result')).toBe(
        'fail',
      );

      await page.getByLabel('Notes (staff only)').fill(`${note} more`);
      await draftHolds(page, `${note} more`);
      await page.close({ runBeforeUnload: false });
      const again = await context.newPage();
      await openWalkForm(again, base, home.id, 'landscape');
      await startWalk(again);
      await again.getByTestId('draft-offer').waitFor();
      await again.getByRole('button', { name: 'Resume' }).click();
      await expect
        .poll(() => again.getByLabel('Notes (staff only)').inputValue())
        .toBe(`${note} more`);

      // Saved by hand, the draft's toast stands above the form's buttons, not over them.
      const save = again.getByRole('button', { name: 'Save draft' });
      await save.click();
      const toast = again.getByRole('status').filter({ hasText: 'Draft saved on this device' });
      await toast.waitFor();
      await expect
        .poll(async () => {
          const [shown, button] = [await toast.boundingBox(), await save.boundingBox()];
          return shown !== null && button !== null && shown.y + shown.height <= button.y;
        })
        .toBe(true);
      await shot(again, 'walk-draft-saved-toast');
    });
  });

  it('a final-punch walk signed offline ends with pdfUrl set and the PDF on the server', async () => {
    const base = session.url();
    const admin = await tokenFor(base, ADMIN);
    const home = await homeWithStaff(base, admin, 4);
    await assignHome(base, admin, home, BUILDER);
    const tag = `signed-${Date.now()}`;
    await session.withPage(PHONE, async (page, context) => {
      await signIn(page, BUILDER);
      // The app is installed before signal goes: the PDF worker's script, never fetched
      // online, comes from the service worker's cache, which controls the next page.
      await serviceWorkerActive(page);
      await openWalkForm(page, base, home.id, 'final-punch');
      await context.setOffline(true);
      await page.getByTestId('offline-indicator').waitFor();
      await startWalk(page);
      await answerLine(page, 0, 'Pass');
      await answerLine(page, 1, 'Fail');
      await page.getByTestId('raise-item').first().click();
      await page.getByLabel('Notes (staff only)').fill(tag);
      await page.getByLabel("Buyer's name").fill('Pat Buyer');
      await drawSignature(page, 'signature-buyer');
      await drawSignature(page, 'signature-staff');
      await page.getByText('Both have signed.').waitFor();
      await submitWalk(page);
      // The walk, its item, the PDF's bytes and the change naming it.
      await waitForQueued(page, 4);
      await page.getByTestId('walk-pdf-actions').first().waitFor();
      await context.setOffline(false);
      await queueDrained(page, 60_000);
    });
    const walks = await eventually(
      () => walksOf(base, admin, 'final-punch', home.id),
      (list) => list.some((w) => w['notes'] === tag && typeof w['pdfUrl'] === 'string'),
    );
    const walk = walks.find((w) => w['notes'] === tag);
    expect(walk?.['pdfUrl']).toMatch(/^\/api\/files\/walkPdfs\//);
    const signatures = walk?.['signatures'];
    expect(
      Array.isArray(signatures) ? signatures.map((s: { role: string }) => s.role) : [],
    ).toEqual(expect.arrayContaining(['buyer', 'staff']));
    const response = await fetch(`${base}${String(walk?.['pdfUrl'])}`, {
      headers: { Authorization: `Bearer ${admin}` },
    });
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.subarray(-8).toString('latin1')).toContain('%%EOF');
    expect(bytes.length).toBeGreaterThan(2000);
  });
});
