// Lists to send, end to end: a manager, offline, downloads a home's punch list as a PDF
// (made on the device in the PDF worker) and as a CSV, then a trade's punch list from the
// items across homes filtered by that vendor (which the vendors page links to); the files
// read back (pdftotext, the CSV's bytes) say what the lists showed.

import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { skipReasonFor } from './support/prerequisites.js';
import { homeWithClosingWalk, openPunchItems, serviceWorkerInstalled } from './support/offline.js';
import { created } from './support/items.js';
import { DESKTOP, PHONE, api, signIn, tokenFor, useE2eSession, userOf } from './support/session.js';
import { choose } from './support/select.js';
import { shot } from './support/shots.js';

const skipReason = skipReasonFor('lists to send e2e');
const ADMIN = 'admin@example.com';
const MANAGER = 'manager@example.com';
const ACROSS = '/homes/items/across-homes';

let dir = '';
afterAll(async () => {
  if (dir !== '') await rm(dir, { recursive: true, force: true });
});

/** The file a menu entry of "Lists to send" downloads, saved under the test's folder. */
async function download(page: Page, entry: string): Promise<string> {
  if (dir === '') dir = await mkdtemp(path.join(tmpdir(), 'lists-to-send-'));
  await page.getByRole('button', { name: /Lists to send/ }).click();
  const started = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('menuitem', { name: entry }).click();
  const file: Download = await started;
  const saved = path.join(dir, file.suggestedFilename());
  await file.saveAs(saved);
  return saved;
}

function pdfText(file: string): string {
  const run = spawnSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  expect(run.status).toBe(0);
  return run.stdout.replace(/\s+/g, ' ');
}

describe.skipIf(skipReason !== undefined)('lists to send', () => {
  const session = useE2eSession();

  it('downloads a home’s punch list and a trade’s, as PDF and CSV, offline', async () => {
    const base = session.url();
    const admin = await tokenFor(base, ADMIN);
    const { home, walkId } = await homeWithClosingWalk(base, admin, 'final-punch', 0);
    const employeeId = (await userOf(base, MANAGER)).fieldData.airtableId;
    const carried = Array.isArray(home['Offline Homes']) ? (home['Offline Homes'] as string[]) : [];
    if (employeeId !== null && !carried.includes(employeeId)) {
      const answer = await api(
        base,
        admin,
        'PATCH',
        `/api/field_homes/updateStaff?id=${encodeURIComponent(home.id)}`,
        { staffType: 'Offline Homes', staffIds: [...carried, employeeId] },
      );
      expect(answer.status).toBe(200);
    }
    const tag = `lists-${Date.now()}`;
    const vendorName = `${tag} Tile Co`;
    const vendorId = await created(base, admin, '/api/field_vendors/submit', {
      Name: vendorName,
      Trade: 'Tile',
      Contact: 'Tam',
      Phone: '(555) 010-4455',
      Email: `${tag}@trade.example`,
    });
    const items = [
      { Name: `${tag} cracked tile, by the range`, Location: 'Kitchen', Vendor: vendorId },
      { Name: `=${tag} grout "gap"`, Location: 'Kitchen', Vendor: vendorId },
      { Name: `${tag} door rubs`, Location: 'Garage', Vendor: null },
    ];
    for (const item of items) {
      await created(base, admin, '/api/field_walks/item/submit', {
        Walk: 'final-punch',
        Category: 'Tile',
        WalkID: walkId,
        Name: item.Name,
        Location: item.Location,
        ...(item.Vendor === null ? {} : { Vendor: item.Vendor, 'Due Date': '2026-01-20' }),
      });
    }

    for (const viewport of [DESKTOP, PHONE]) {
      await session.withPage(viewport, async (page, context) => {
        await signIn(page, MANAGER);
        // The lists are made offline from the service worker's copy of the app (the PDF's
        // worker and pdf-lib load on first use): the screen opens once the worker is
        // installed, so that it serves the page. On a loaded machine the install can outlast
        // the sign-in, and a PDF asked for offline then finds no copy to load.
        await serviceWorkerInstalled(page);
        await openPunchItems(page, base, home.id);
        await page
          .getByTestId('punch-item')
          .filter({ hasText: items[0]?.Name ?? '' })
          .waitFor();
        await shot(page, 'lists-home');
        await page.getByRole('button', { name: /Lists to send/ }).click();
        await page.getByRole('menuitem', { name: 'Download as a spreadsheet (CSV)' }).waitFor();
        await shot(page, 'lists-home-menu');
        await page.keyboard.press('Escape');
        if (viewport === PHONE) return;

        await context.setOffline(true);
        await page.getByTestId('offline-indicator').first().waitFor();
        const csvFile = await download(page, 'Download as a spreadsheet (CSV)');
        expect(path.basename(csvFile)).toMatch(/^punch-list-home-.+\.csv$/);
        const bytes = await readFile(csvFile);
        expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        const csv = bytes.subarray(3).toString('utf8');
        expect(csv.split('\r\n')[0]).toBe(
          "Home,Walk type,Location,Category,Item,Status,Priority,Trade,Due date,Overdue,Completed at,Trade's note,Sent back because,Photos",
        );
        expect(csv).toMatch(
          new RegExp(
            `"${tag} cracked tile, by the range",Outstanding,\\w*,${vendorName},2026-01-20,Yes,`,
          ),
        );
        expect(csv).toContain(`"'=${tag} grout ""gap""",`);
        expect(csv).toMatch(new RegExp(`${tag} door rubs,Outstanding,\\w*,,,,`));

        const homePdf = await download(page, 'Download the punch list (PDF)');
        const homeText = pdfText(homePdf);
        for (const expected of ['Punch list', String(home['Address']), 'Kitchen', 'Garage']) {
          expect(homeText).toContain(expected);
        }
        for (const item of items) expect(homeText).toContain(item.Name);
        expect(homeText).toContain('Due 01/20/2026 - OVERDUE');

        // The trade's list: the items across homes filtered by the vendor.
        await context.setOffline(false);
        await page.goto(`${base}${ACROSS}`);
        await page.getByLabel('Search items, homes and vendors').fill(tag);
        await expect.poll(() => page.getByTestId('across-item').count()).toBe(3);
        await context.setOffline(true);
        await page.getByTestId('offline-indicator').first().waitFor();
        await choose(
          page.getByRole('combobox', { name: 'Trade (vendor)' }),
          page.getByRole('option', { name: vendorName }),
        );
        await expect.poll(() => page.getByTestId('across-item').count()).toBe(2);
        await shot(page, 'lists-across-vendor');
        const vendorPdf = await download(page, 'Download the punch list (PDF)');
        expect(path.basename(vendorPdf)).toMatch(/^punch-list-lists-\d+-tile-co-.+\.pdf$/);
        const vendorText = pdfText(vendorPdf);
        for (const expected of [vendorName, '(555) 010-4455', '2 items, 2 overdue']) {
          expect(vendorText).toContain(expected);
        }
        expect(vendorText).toContain(items[0]?.Name);
        expect(vendorText).not.toContain(items[2]?.Name);
      });
    }

    // From the vendor on the vendors page to that trade's list, where its PDF is made.
    for (const viewport of [DESKTOP, PHONE]) {
      await session.online.withPage(viewport, async (page) => {
        await signIn(page, MANAGER);
        await page.goto(`${base}/collaboration/vendors`);
        await page.getByLabel('Search by name').fill(tag);
        const link = page.getByRole('link', {
          name: `Items and punch list of vendor ${vendorName}`,
        });
        await link.waitFor();
        await shot(page, 'lists-vendors');
        await link.click();
        await page.getByRole('heading', { level: 1, name: 'Items across my homes' }).waitFor();
        await expect.poll(() => page.getByTestId('across-item').count()).toBe(2);
        await shot(page, 'lists-vendor-items');
      });
    }

    await session.online.withPage(PHONE, async (page) => {
      await signIn(page, MANAGER);
      await page.goto(`${base}${ACROSS}`);
      await page.getByLabel('Search items, homes and vendors').fill(tag);
      await expect.poll(() => page.getByTestId('across-item').count()).toBe(3);
      await shot(page, 'lists-across');
      await page.getByRole('button', { name: /Lists to send/ }).click();
      await page.getByRole('menuitem', { name: 'Download as a spreadsheet (CSV)' }).waitFor();
      await shot(page, 'lists-across-menu');
    });
  });
});
