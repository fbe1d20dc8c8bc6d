// Sync ahead (issue 11), end to end in Chromium against the real server: a builder signs
// in at the office and stays on the homes overview until it says the homes are ready
// offline; with no signal they open the phone calls, punch items and walks of one of
// their homes that no screen opened before, and the records are there; a call added there
// offline reaches the server once when the connection returns.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { homeSchema, inConstruction, isMyHome, isPublicHomeView, z } from '@field/domain';
import { skipReasonFor } from './support/prerequisites.js';
import type { ApiRecord } from './support/offline.js';
import {
  addPhoneCall,
  getList,
  openPhoneCalls,
  phoneCallRow,
  phoneCallsOf,
  queueDrained,
  serviceWorkerInstalled,
  waitForPunchList,
  waitForQueued,
} from './support/offline.js';
import { PHONE, signIn, tokenFor, useE2eSession } from './support/session.js';
import { openWalkForm } from './support/walks.js';

const skipReason = skipReasonFor('sync ahead e2e');
const BUILDER = 'builder@example.com';
/** What the domain's rules read of a home: whose it is, and whether it is in construction. */
const carriedHomesShape = z.array(
  z.pick(homeSchema, { Status: true, 'KOVA Status': true, 'Offline Homes': true }),
);

interface Target {
  home: ApiRecord;
  calls: number;
  finalPunchItems: number;
  preDrywallWalks: number;
}

/** One of the builder's homes with phone calls, final punch items and pre-drywall walks. */
async function builderHome(base: string, token: string, employeeId: string): Promise<Target> {
  const homes = await getList(base, token, '/api/field_homes/listActive');
  for (const home of homes) {
    const offline = home['Offline Homes'];
    if (!Array.isArray(offline) || !offline.includes(employeeId)) continue;
    const id = encodeURIComponent(home.id);
    const calls = await getList(
      base,
      token,
      `/api/field_communication/phoneCalls/listByHome?homeId=${id}`,
    );
    if (calls.length === 0) continue;
    const items = (
      await getList(base, token, `/api/field_walks/item/listByHome?homeId=${id}`)
    ).filter((item) => item['Walk'] === 'final-punch');
    if (items.length === 0) continue;
    const walks = await getList(base, token, `/api/field_walks/preDrywall/listByHome?homeId=${id}`);
    if (walks.length === 0) continue;
    return {
      home,
      calls: calls.length,
      finalPunchItems: items.length,
      preDrywallWalks: walks.length,
    };
  }
  throw new Error('no home of the builder with calls, final punch items and pre-drywall walks');
}

async function readyOffline(page: Page): Promise<void> {
  await page
    .locator('[data-testid="readiness-summary"][data-ready="true"]')
    .waitFor({ timeout: 30_000 });
}

describe.skipIf(skipReason !== undefined)('sync ahead', () => {
  const session = useE2eSession();

  it('a home no screen opened shows its calls, items and walks offline; a call added there arrives once', async () => {
    const base = session.url();
    const token = await tokenFor(base, BUILDER);
    await session.withPage(PHONE, async (page, context) => {
      const { user } = await signIn(page, BUILDER);
      const employeeId = user.fieldData.airtableId;
      if (typeof employeeId !== 'string') throw new Error('the builder has no employee id');
      const target = await builderHome(base, token, employeeId);
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      const refused: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 403) refused.push(response.url());
      });
      const workers: string[] = [];
      page.on('worker', (worker) => workers.push(worker.url()));

      await page.waitForURL('**/homes/overview');
      // Later navigations are served by the service worker, offline too.
      await serviceWorkerInstalled(page);
      await page.goto(`${base}/homes/overview`);
      await readyOffline(page);
      // The summary counts no homes; the list below is the overview's one count, of the
      // homes in construction (the /sync screen counts every home carried, cancelled too).
      // Homes the builder does not work on come with their address and status only.
      const listed = await getList(base, token, '/api/field_homes/listActive');
      const mine = carriedHomesShape
        .parse(listed.filter((home) => !isPublicHomeView(home)))
        .filter((home) => isMyHome(home, employeeId));
      await expect
        .poll(() => page.getByTestId('readiness-summary').textContent())
        .toBe('Ready offline');
      const building = inConstruction(mine, false).length;
      expect(building).toBeLessThan(mine.length);
      await expect
        .poll(() => page.getByTestId('homes-count').textContent())
        .toBe(`${building} homes in construction`);
      // Nothing asked for this home's lists one by one: the batch calls brought them.
      expect(requested.some((url) => url.includes(`listByHome?homeId=${target.home.id}`))).toBe(
        false,
      );
      expect(requested.some((url) => url.endsWith('/phoneCalls/listByHomes'))).toBe(true);
      // It asked for nothing of a home the builder does not work on.
      expect(refused).toEqual([]);
      // The answers were checked and stored by the sync worker, off the page's main thread.
      expect(workers.some((url) => url.includes('sync-chunk.worker'))).toBe(true);

      await context.setOffline(true);
      await openPhoneCalls(page, base, target.home.id);
      await page.getByTestId('offline-indicator').waitFor();
      await expect.poll(() => page.getByTestId('phone-call').count()).toBe(target.calls);

      await page.goto(`${base}/homes/items/final-punch?homeId=${target.home.id}`);
      await waitForPunchList(page);
      await expect.poll(() => page.getByTestId('punch-item').count()).toBe(target.finalPunchItems);

      await openWalkForm(page, base, target.home.id, 'pre-drywall');
      await expect.poll(() => page.getByTestId('walk-row').count()).toBe(target.preDrywallWalks);

      const notes = `sync-ahead-${Date.now()}`;
      await openPhoneCalls(page, base, target.home.id);
      await addPhoneCall(page, notes);
      expect(await phoneCallRow(page, notes).getAttribute('data-sync')).toBe('pending');
      await waitForQueued(page, 1);
      await context.setOffline(false);
      await queueDrained(page);
      await phoneCallRow(page, notes).and(page.locator('[data-sync="synced"]')).waitFor();

      const after = await phoneCallsOf(base, token, target.home.id);
      expect(after.filter((call) => call['Notes'] === notes)).toHaveLength(1);
      expect(after).toHaveLength(target.calls + 1);
    });
  });
});
