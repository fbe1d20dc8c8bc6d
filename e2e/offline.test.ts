// The offline engine on real screens, end to end: writes made offline reach the server
// exactly once when the connection returns, a lost response or a closed tab loses and
// doubles nothing, two tabs send each write once, a rejected write waits in the Mutation
// Queue, and expired drafts can be extended or deleted. Each test counts the records on
// the server afterwards through the API.

import { describe, expect, it } from 'vitest';
import { skipReasonFor } from './support/prerequisites.js';
import {
  addPhoneCall,
  addPunchItem,
  cachedQueryKeys,
  homeWithClosingWalk,
  homeWithStaff,
  homesOnDevice,
  itemsOf,
  openPhoneCalls,
  openPunchItems,
  phoneCallRow,
  phoneCallsOf,
  punchItemRow,
  queueDrained,
  refuseWrites,
  seedDrafts,
  serviceWorkerInstalled,
  smallPng,
  storedDrafts,
  waitForPunchList,
  waitForQueued,
} from './support/offline.js';
import { DESKTOP, signIn, tokenFor, useE2eSession } from './support/session.js';

const skipReason = skipReasonFor('offline e2e');
const MANAGER = 'manager@example.com';

describe.skipIf(skipReason !== undefined)('the offline engine on real screens', () => {
  const session = useE2eSession();

  it('phone calls added, edited and deleted offline reach the server once each', async () => {
    const base = session.url();
    const token = await tokenFor(base, MANAGER);
    const home = await homeWithStaff(base, token, 0);
    const before = await phoneCallsOf(base, token, home.id);
    await session.withPage(DESKTOP, async (page, context) => {
      await signIn(page, MANAGER);
      await openPhoneCalls(page, base, home.id);
      await context.setOffline(true);
      await page.getByTestId('offline-indicator').waitFor();
      const tag = `offline-${Date.now()}`;
      await addPhoneCall(page, `${tag} one`);
      await addPhoneCall(page, `${tag} two`, true);
      await addPhoneCall(page, `${tag} three`);
      for (const n of ['one', 'two', 'three']) {
        expect(await phoneCallRow(page, `${tag} ${n}`).getAttribute('data-sync')).toBe('pending');
      }
      // Edit one, delete another.
      await phoneCallRow(page, `${tag} one`).getByRole('button', { name: /^Edit/ }).click();
      const edit = page.getByRole('dialog', { name: 'Edit phone call' });
      await edit.getByLabel('Notes').fill(`${tag} one edited`);
      await edit.getByRole('button', { name: 'Save' }).click();
      await phoneCallRow(page, `${tag} one edited`).waitFor();
      await phoneCallRow(page, `${tag} three`)
        .getByRole('button', { name: /^Delete/ })
        .click();
      await page
        .getByRole('dialog', { name: 'Delete phone call?' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await phoneCallRow(page, `${tag} three`).waitFor({ state: 'detached' });
      await waitForQueued(page, 5);
      expect(await phoneCallsOf(base, token, home.id)).toHaveLength(before.length);

      await context.setOffline(false);
      await queueDrained(page);
      await phoneCallRow(page, `${tag} one edited`)
        .and(page.locator('[data-sync="synced"]'))
        .waitFor();
    });
    const after = await phoneCallsOf(base, token, home.id);
    const mine = after.filter((c) => String(c['Notes']).startsWith('offline-'));
    expect(after).toHaveLength(before.length + 2);
    expect(mine.map((c) => c['Notes']).sort()).toEqual([
      expect.stringMatching(/ one edited$/),
      expect.stringMatching(/ two$/),
    ]);
    expect(mine.find((c) => String(c['Notes']).endsWith(' two'))?.['Voicemail']).toBe(true);
  });

  it('a write whose response was lost is retried and stored once', async () => {
    const base = session.url();
    const token = await tokenFor(base, MANAGER);
    const home = await homeWithStaff(base, token, 1);
    const before = await phoneCallsOf(base, token, home.id);
    let dropped = 0;
    await session.online.withPage(DESKTOP, async (page) => {
      await signIn(page, MANAGER);
      await openPhoneCalls(page, base, home.id);
      // Queued writes travel in batch requests (POST /api/batch).
      await page.route('**/api/batch', async (route) => {
        if (dropped > 0) {
          await route.continue();
          return;
        }
        dropped += 1;
        // The server commits the call; the answer never reaches the page.
        await route.fetch();
        await route.abort('connectionreset');
      });
      const notes = `lost-response-${Date.now()}`;
      await addPhoneCall(page, notes);
      await queueDrained(page);
      await phoneCallRow(page, notes).and(page.locator('[data-sync="synced"]')).waitFor();
    });
    expect(dropped).toBe(1);
    const after = await phoneCallsOf(base, token, home.id);
    expect(after).toHaveLength(before.length + 1);
    expect(after.filter((c) => String(c['Notes']).startsWith('lost-response-'))).toHaveLength(1);
  });

  it('a rejected write waits in the Mutation Queue as failed; discard and retry work', async () => {
    const base = session.url();
    const token = await tokenFor(base, MANAGER);
    const home = await homeWithStaff(base, token, 2);
    const before = await phoneCallsOf(base, token, home.id);
    const tag = `rejected-${Date.now()}`;
    await session.online.withPage(DESKTOP, async (page) => {
      await signIn(page, MANAGER);
      await openPhoneCalls(page, base, home.id);
      let rejecting = true;
      // The server refuses each write whose notes say REJECT (its own answer in the batch).
      await page.route('**/api/batch', (route) =>
        rejecting
          ? refuseWrites(route, (write) => JSON.stringify(write.body).includes('REJECT'))
          : route.continue(),
      );
      await addPhoneCall(page, `${tag} REJECT discard`);
      await addPhoneCall(page, `${tag} accepted`);
      await addPhoneCall(page, `${tag} REJECT retry`);
      await phoneCallRow(page, `${tag} accepted`)
        .and(page.locator('[data-sync="synced"]'))
        .waitFor();
      await phoneCallRow(page, `${tag} REJECT discard`)
        .and(page.locator('[data-sync="failed"]'))
        .waitFor();
      await phoneCallRow(page, `${tag} REJECT retry`)
        .and(page.locator('[data-sync="failed"]'))
        .waitFor();

      // The header opens the queue; both rejected writes are there as failed, with the error.
      await page.getByTestId('offline-indicator').click();
      await page.waitForURL('**/sync');
      const failed = page.locator('[data-testid="queued-write"][data-status="failed"]');
      await expect.poll(() => failed.count()).toBe(2);
      await expect
        .poll(() => failed.first().getByTestId('queued-write-error').textContent())
        .toContain('refused by the test');
      const discard = failed.filter({ hasText: 'Phone call added' }).first();
      const discardId = await discard.getAttribute('data-mutation-id');
      await discard.getByRole('button', { name: 'Discard' }).click();
      await page.locator(`[data-mutation-id="${discardId}"]`).waitFor({ state: 'detached' });

      rejecting = false;
      await failed.first().getByRole('button', { name: 'Retry' }).click();
      await queueDrained(page);
      await page.goBack();
      await phoneCallRow(page, `${tag} REJECT retry`)
        .and(page.locator('[data-sync="synced"]'))
        .waitFor();
      expect(await phoneCallRow(page, `${tag} REJECT discard`).count()).toBe(0);
    });
    const after = await phoneCallsOf(base, token, home.id);
    expect(after).toHaveLength(before.length + 2);
    const mine = after.map((c) => String(c['Notes'])).filter((n) => n.startsWith(tag));
    expect(mine.sort()).toEqual([`${tag} REJECT retry`, `${tag} accepted`]);
  });

  it('a tab closed in the middle of a replay loses and doubles nothing', async () => {
    const base = session.url();
    const token = await tokenFor(base, MANAGER);
    const home = await homeWithStaff(base, token, 3);
    const before = await phoneCallsOf(base, token, home.id);
    const tag = `closed-tab-${Date.now()}`;
    await session.withPage(DESKTOP, async (page, context) => {
      await signIn(page, MANAGER);
      await openPhoneCalls(page, base, home.id);
      await context.setOffline(true);
      await page.getByTestId('offline-indicator').waitFor();
      for (const n of [1, 2, 3]) await addPhoneCall(page, `${tag} ${n}`);
      await waitForQueued(page, 3);

      // The first write reaches the server, then the tab closes before the answer arrives.
      let reached: () => void = () => undefined;
      const committed = new Promise<void>((resolve) => {
        reached = resolve;
      });
      await page.route('**/api/batch', async (route) => {
        await route.fetch().catch(() => undefined);
        reached();
        await new Promise(() => undefined);
      });
      await context.setOffline(false);
      await committed;
      await page.close({ runBeforeUnload: false });

      const reopened = await context.newPage();
      await openPhoneCalls(reopened, base, home.id);
      await queueDrained(reopened);
      for (const n of [1, 2, 3]) {
        await phoneCallRow(reopened, `${tag} ${n}`)
          .and(reopened.locator('[data-sync="synced"]'))
          .waitFor();
      }
    });
    const after = await phoneCallsOf(base, token, home.id);
    const mine = after.map((c) => String(c['Notes'])).filter((n) => n.startsWith(tag));
    expect(mine.sort()).toEqual([`${tag} 1`, `${tag} 2`, `${tag} 3`]);
    expect(after).toHaveLength(before.length + 3);
  });

  it('two tabs with queued writes send each write once', async () => {
    const base = session.url();
    const token = await tokenFor(base, MANAGER);
    const home = await homeWithStaff(base, token, 4);
    const before = await phoneCallsOf(base, token, home.id);
    const tag = `two-tabs-${Date.now()}`;
    await session.withPage(DESKTOP, async (first, context) => {
      await signIn(first, MANAGER);
      await openPhoneCalls(first, base, home.id);
      const second = await context.newPage();
      await openPhoneCalls(second, base, home.id);
      await context.setOffline(true);
      await first.getByTestId('offline-indicator').waitFor();
      await second.getByTestId('offline-indicator').waitFor();
      await addPhoneCall(first, `${tag} a1`);
      await addPhoneCall(second, `${tag} b1`);
      await addPhoneCall(first, `${tag} a2`);
      await addPhoneCall(second, `${tag} b2`);
      await waitForQueued(first, 4);
      await waitForQueued(second, 4);
      await context.setOffline(false);
      await queueDrained(first);
      await queueDrained(second);
    });
    const after = await phoneCallsOf(base, token, home.id);
    const mine = after.map((c) => String(c['Notes'])).filter((n) => n.startsWith(tag));
    expect(mine.sort()).toEqual([`${tag} a1`, `${tag} a2`, `${tag} b1`, `${tag} b2`]);
    expect(after).toHaveLength(before.length + 4);
  });

  it('phone calls and punch items opened online open again offline after a reload', async () => {
    const base = session.url();
    const token = await tokenFor(base, MANAGER);
    const { home } = await homeWithClosingWalk(base, token, 'final-punch', 0);
    const calls = await phoneCallsOf(base, token, home.id);
    const items = (await itemsOf(base, token, home.id)).filter((i) => i['Walk'] === 'final-punch');
    expect(items.length).toBeGreaterThan(0);
    await session.withPage(DESKTOP, async (page, context) => {
      await signIn(page, MANAGER);
      // Navigations after the service worker is active are under its control.
      await serviceWorkerInstalled(page);
      // Each list is on the device before moving on (the persister writes debounced).
      await openPhoneCalls(page, base, home.id);
      await expect.poll(() => cachedQueryKeys(page)).toContain('phoneCalls');
      await openPunchItems(page, base, home.id);
      await expect.poll(() => cachedQueryKeys(page)).toContain('/api/field_walks/item');
      await homesOnDevice(page);
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await context.setOffline(true);
      await page.reload();
      await waitForPunchList(page);
      await page.getByTestId('offline-indicator').waitFor();
      expect(await page.getByTestId('punch-item').count()).toBe(items.length);
      await page.goto(`${base}/collaboration/communication/phone-calls`);
      await page
        .locator('[data-testid="phone-calls"], [data-testid="phone-calls-empty"]')
        .first()
        .waitFor();
      expect(await page.getByTestId('phone-call').count()).toBe(calls.length);
    });
  });

  it('punch items with photos added offline arrive once each, with the photo bytes', async () => {
    const base = session.url();
    const token = await tokenFor(base, MANAGER);
    const { home, walkId } = await homeWithClosingWalk(base, token, 'final-punch', 1);
    const before = await itemsOf(base, token, home.id);
    const tag = `offline-item-${Date.now()}`;
    const photoA = smallPng(1);
    const photoB = smallPng(2);
    await session.withPage(DESKTOP, async (page, context) => {
      await signIn(page, MANAGER);
      await openPunchItems(page, base, home.id);
      await context.setOffline(true);
      await page.getByTestId('offline-indicator').waitFor();
      await addPunchItem(page, `${tag} A`, [{ name: 'a.png', buffer: photoA }]);
      await addPunchItem(page, `${tag} B`, [{ name: 'b.png', buffer: photoB }]);
      await addPunchItem(page, `${tag} C`);
      const rowA = punchItemRow(page, `${tag} A`);
      expect(await rowA.getAttribute('data-sync')).toBe('pending');
      await rowA.locator('[data-testid="item-photo"][data-sync="pending"] img').waitFor();

      await rowA.getByRole('button', { name: /^Edit/ }).click();
      const edit = page.getByRole('dialog', { name: 'Edit punch item' });
      await edit.getByLabel('Name').fill(`${tag} A edited`);
      await edit.getByRole('button', { name: 'Save' }).click();
      await punchItemRow(page, `${tag} A edited`).waitFor();
      await punchItemRow(page, `${tag} B`).getByRole('button', { name: /^Mark/ }).click();
      await punchItemRow(page, `${tag} B`).and(page.locator('[data-status="Complete"]')).waitFor();
      await punchItemRow(page, `${tag} C`)
        .getByRole('button', { name: /^Delete/ })
        .click();
      await page
        .getByRole('dialog', { name: 'Delete punch item?' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await punchItemRow(page, `${tag} C`).waitFor({ state: 'detached' });
      // 2 uploads, 3 adds, 1 edit, 1 completion, 1 delete.
      await waitForQueued(page, 8);

      await context.setOffline(false);
      await queueDrained(page);
      await punchItemRow(page, `${tag} A edited`)
        .locator('[data-testid="item-photo"][data-sync="synced"]')
        .waitFor();
    });
    const after = await itemsOf(base, token, home.id);
    expect(after).toHaveLength(before.length + 2);
    const mine = after.filter((i) => String(i['Name']).startsWith(tag));
    expect(mine.map((i) => i['Name']).sort()).toEqual([`${tag} A edited`, `${tag} B`]);
    for (const item of mine) expect(item['WalkID']).toBe(walkId);
    const b = mine.find((i) => i['Name'] === `${tag} B`);
    expect(b?.['Status']).toBe('Complete');
    expect(typeof b?.['Completed At']).toBe('string');
    for (const [item, bytes] of [
      [mine.find((i) => i['Name'] === `${tag} A edited`), photoA],
      [b, photoB],
    ] as const) {
      const photos = item?.['Photos'];
      expect(Array.isArray(photos) && photos.length === 1).toBe(true);
      const ref: unknown = Array.isArray(photos) ? photos[0] : undefined;
      if (typeof ref !== 'object' || ref === null || !('key' in ref) || !('collection' in ref)) {
        throw new Error('photo ref missing');
      }
      const response = await fetch(
        `${base}/api/files/${String(ref.collection)}/${String(ref.key)}`,
        { headers: { Authorization: `Bearer ${token}` } },
      );
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it('expired drafts appear after sign-in and can be extended or deleted', async () => {
    await session.online.withPage(
      DESKTOP,
      async (page) => {
        await signIn(page, 'builder@example.com');
        await page.getByRole('heading', { name: 'Homes overview' }).waitFor();
        const day = 24 * 60 * 60 * 1000;
        const now = Date.now();
        await seedDrafts(page, [
          {
            key: 'home-0001:Final punch:keep',
            title: 'Kitchen punch',
            creationTime: now - 200 * day,
            expirationTime: null,
          },
          {
            key: 'home-0001:Final punch:drop',
            title: 'Garage punch',
            creationTime: now - 100 * day,
            expirationTime: now - day,
          },
          {
            key: 'home-0001:Final punch:fresh',
            title: 'Fresh draft',
            creationTime: now - day,
            expirationTime: null,
          },
        ]);
        await page.reload();
        const dialog = page.getByRole('dialog', { name: 'Expired drafts' });
        await dialog.waitFor();
        const rows = dialog.locator('[data-draft-key]');
        await expect.poll(() => rows.count()).toBe(2);
        expect(await dialog.locator('[data-draft-key="home-0001:Final punch:fresh"]').count()).toBe(
          0,
        );

        await dialog
          .locator('[data-draft-key="home-0001:Final punch:keep"]')
          .getByRole('button', { name: 'Extend by 1 month' })
          .click();
        await dialog
          .locator('[data-draft-key="home-0001:Final punch:keep"]')
          .waitFor({ state: 'detached' });
        await dialog
          .locator('[data-draft-key="home-0001:Final punch:drop"]')
          .getByRole('button', { name: 'Delete' })
          .click();
        await dialog.waitFor({ state: 'detached' });

        const drafts = await storedDrafts(page);
        expect(drafts.map((d) => d.key).sort()).toEqual([
          'home-0001:Final punch:fresh',
          'home-0001:Final punch:keep',
        ]);
        const kept = drafts.find((d) => d.key === 'home-0001:Final punch:keep');
        expect(kept?.expirationTime ?? 0).toBeGreaterThan(Date.now());
        // Nothing expired is left: a reload shows no dialog.
        await page.reload();
        await page.getByRole('heading', { name: 'Homes overview' }).waitFor();
        expect(await page.getByRole('dialog', { name: 'Expired drafts' }).count()).toBe(0);
      },
      '/login',
    );
  });

  it('after a reload offline, the session refreshes before the queued write is sent', async () => {
    const base = session.url();
    const token = await tokenFor(base, MANAGER);
    const home = await homeWithStaff(base, token, 5);
    const before = await phoneCallsOf(base, token, home.id);
    const notes = `after-reload-${Date.now()}`;
    const submits: Array<string | undefined> = [];
    await session.withPage(DESKTOP, async (page, context) => {
      await signIn(page, MANAGER);
      await serviceWorkerInstalled(page);
      await openPhoneCalls(page, base, home.id);
      await expect.poll(() => cachedQueryKeys(page)).toContain('phoneCalls');
      await homesOnDevice(page);
      await context.setOffline(true);
      // The access token lives in memory only: after this reload the app has none.
      await page.reload();
      await page
        .locator('[data-testid="phone-calls"], [data-testid="phone-calls-empty"]')
        .first()
        .waitFor();
      await addPhoneCall(page, notes);
      await waitForQueued(page, 1);
      page.on('request', (request) => {
        if (request.url().endsWith('/api/batch')) {
          submits.push(request.headers()['authorization']);
        }
      });
      await context.setOffline(false);
      await queueDrained(page);
      await phoneCallRow(page, notes).and(page.locator('[data-sync="synced"]')).waitFor();
    });
    expect(submits.length).toBeGreaterThan(0);
    expect(submits[0]).toMatch(/^Bearer /);
    const after = await phoneCallsOf(base, token, home.id);
    expect(after).toHaveLength(before.length + 1);
    expect(after.filter((c) => c['Notes'] === notes)).toHaveLength(1);
  });
});
