// The punch items screens end to end, counted on the server: customer service lists and
// adds post-close items (online and offline, each stored once, filed on the home's walk)
// and still cannot open a walk form; a photo added in one browser shows in another and
// stays there offline; an item is completed and reopened (the counts and badges follow);
// deleting an item deletes its photo on the server; a write refused for good shows the
// persistent toast that leads to the Mutation Queue.

import { describe, expect, it } from 'vitest';
import { skipReasonFor } from './support/prerequisites.js';
import {
  addPunchItem,
  assignHome,
  cachedQueryKeys,
  homeWithClosingWalk,
  homesOnDevice,
  openPunchItems,
  punchItemRow,
  queueDrained,
  refuseWrites,
  serviceWorkerInstalled,
  smallPng,
  waitForPunchList,
} from './support/offline.js';
import {
  fileStatus,
  firstPhoto,
  itemsByHome,
  menuBadge,
  openOfType,
  rowSynced,
  screenCount,
} from './support/items.js';
import { DESKTOP, PHONE, signIn, tokenFor, useE2eSession } from './support/session.js';

const skipReason = skipReasonFor('items e2e');
const ADMIN = 'admin@example.com';
const MANAGER = 'manager@example.com';
const BUILDER = 'builder@example.com';
const CUSTOMER_SERVICE = 'cs@example.com';

describe.skipIf(skipReason !== undefined)('the punch items screens', () => {
  const session = useE2eSession();

  it('customer service lists and adds post-close items online and offline, each stored once, and cannot open the walk form', async () => {
    const base = session.url();
    const admin = await tokenFor(base, ADMIN);
    const { home, walkId } = await homeWithClosingWalk(base, admin, 'post-close', 0);
    const before = await itemsByHome(base, admin, home.id);
    const postClose = before.filter((i) => i['Walk'] === 'post-close');
    const open = openOfType(before, 'post-close');
    const tag = `cs-item-${Date.now()}`;
    await session.withPage(DESKTOP, async (page, context) => {
      const walkReads: string[] = [];
      page.on('request', (request) => {
        if (/\/api\/field_walks\/(closing|preDrywall)\//.test(request.url())) {
          walkReads.push(request.url());
        }
      });
      await signIn(page, CUSTOMER_SERVICE);
      await openPunchItems(page, base, home.id, '/homes/items/post-close');
      expect(await page.getByTestId('punch-item').count()).toBe(postClose.length);
      await screenCount(page, 'Open Post Close Items', open);
      await menuBadge(page, 'Open Post Close Items', open);

      await addPunchItem(page, `${tag} online`);
      await rowSynced(page, `${tag} online`);
      await screenCount(page, 'Open Post Close Items', open + 1);

      await context.setOffline(true);
      await page.getByTestId('offline-indicator').waitFor();
      await addPunchItem(page, `${tag} offline`);
      expect(await punchItemRow(page, `${tag} offline`).getAttribute('data-sync')).toBe('pending');
      // Counted while offline: the queued add is laid over the home's items.
      await screenCount(page, 'Open Post Close Items', open + 2);
      await menuBadge(page, 'Open Post Close Items', open + 2);
      await context.setOffline(false);
      await queueDrained(page);
      await rowSynced(page, `${tag} offline`);

      // Every items route it may read opens and lists (no endless spinner).
      for (const route of ['/homes/items/all-items', '/homes/items/outstanding/final-punch']) {
        await openPunchItems(page, base, home.id, route);
      }
      // The items came from the home alone: no walk form was asked for.
      expect(walkReads).toEqual([]);
      await page.goto(`${base}/walks/post-close`);
      await page.waitForURL('**/unauthorized');
      // With a home in the address too (the shell strips it after choosing the home).
      await page.goto(`${base}/walks/post-close?homeId=${home.id}`);
      await page.waitForURL('**/unauthorized');
      await page.getByText('You do not have access to this page').waitFor();
    });
    const after = await itemsByHome(base, admin, home.id);
    expect(after).toHaveLength(before.length + 2);
    const mine = after.filter((i) => String(i['Name']).startsWith(tag));
    expect(mine.map((i) => i['Name']).sort()).toEqual([`${tag} offline`, `${tag} online`]);
    // Sent with their home only; the server filed them on the home's post-close walk.
    for (const item of mine) expect(item['WalkID']).toBe(walkId);
  });

  it('a photo added in one browser shows in another, offline too; complete, reopen, and delete releases the photo', async () => {
    const base = session.url();
    const admin = await tokenFor(base, ADMIN);
    const { home } = await homeWithClosingWalk(base, admin, 'final-punch', 1);
    await assignHome(base, admin, home, BUILDER);
    const open = openOfType(await itemsByHome(base, admin, home.id), 'final-punch');
    const name = `photo-item-${Date.now()}`;
    await session.online.withPage(DESKTOP, async (page) => {
      await signIn(page, MANAGER);
      await openPunchItems(page, base, home.id);
      await addPunchItem(page, name, [{ name: 'shared.png', buffer: smallPng(7) }]);
      await rowSynced(page, name);
      await punchItemRow(page, name)
        .locator('[data-testid="item-photo"][data-sync="synced"] img')
        .waitFor();
      await screenCount(page, 'Open Final Punch Items', open + 1);
    });
    const stored = (await itemsByHome(base, admin, home.id)).find((i) => i['Name'] === name);
    const photo = firstPhoto(stored);
    expect(await fileStatus(base, admin, photo)).toBe(200);

    // Another user in another browser context: the photo is fetched and kept on the device.
    await session.withPage(PHONE, async (page, context) => {
      await signIn(page, BUILDER);
      await serviceWorkerInstalled(page);
      await openPunchItems(page, base, home.id);
      const thumbnail = punchItemRow(page, name).locator('[data-testid="item-photo"] img');
      await thumbnail.waitFor();
      // The lists are on the device before going offline (the persister writes debounced).
      await expect.poll(() => cachedQueryKeys(page)).toContain('/api/field_walks/item');
      await homesOnDevice(page);
      await context.setOffline(true);
      await page.reload();
      await waitForPunchList(page);
      await page.getByTestId('offline-indicator').waitFor();
      await thumbnail.waitFor();
      await context.setOffline(false);

      // Complete, then reopen: the counts follow, the server ends Outstanding.
      await punchItemRow(page, name).getByRole('button', { name: /^Mark/ }).click();
      await punchItemRow(page, name).and(page.locator('[data-status="Complete"]')).waitFor();
      await screenCount(page, 'Open Final Punch Items', open);
      await punchItemRow(page, name)
        .getByRole('button', { name: /^Reopen/ })
        .click();
      await punchItemRow(page, name).and(page.locator('[data-status="Outstanding"]')).waitFor();
      await screenCount(page, 'Open Final Punch Items', open + 1);
      await queueDrained(page);
    });
    const reopened = (await itemsByHome(base, admin, home.id)).find((i) => i['Name'] === name);
    expect(reopened?.['Status']).toBe('Outstanding');
    expect(reopened?.['Completed At']).toBeNull();

    // The owner deletes the item: its photo goes from the server too.
    await session.online.withPage(DESKTOP, async (page) => {
      await signIn(page, MANAGER);
      await openPunchItems(page, base, home.id);
      await punchItemRow(page, name)
        .getByRole('button', { name: /^Delete/ })
        .click();
      await page
        .getByRole('dialog', { name: 'Delete punch item?' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await punchItemRow(page, name).waitFor({ state: 'detached' });
      await screenCount(page, 'Open Final Punch Items', open);
      await queueDrained(page);
    });
    expect((await itemsByHome(base, admin, home.id)).some((i) => i['Name'] === name)).toBe(false);
    expect(await fileStatus(base, admin, photo)).toBe(404);
  });

  it('an item write refused for good shows a persistent Error saving data toast leading to the Mutation Queue', async () => {
    const base = session.url();
    const admin = await tokenFor(base, ADMIN);
    const { home } = await homeWithClosingWalk(base, admin, 'final-punch', 2);
    const before = await itemsByHome(base, admin, home.id);
    const name = `REJECT item ${Date.now()}`;
    await session.online.withPage(DESKTOP, async (page, context) => {
      // The page's clock runs in real time; the test jumps it past the 5 s toasts last.
      await context.clock.install();
      await signIn(page, MANAGER);
      await openPunchItems(page, base, home.id);
      await page.route('**/api/batch', (route) =>
        refuseWrites(route, (write) => JSON.stringify(write.body).includes('REJECT')),
      );
      await addPunchItem(page, name);
      const toast = page
        .getByRole('alert')
        .filter({ hasText: 'Error saving data: Invalid value for "Notes": refused by the test' });
      await toast.waitFor();
      // Toasts close after 5 s; this one stays until dismissed.
      await page.clock.fastForward(5_500);
      await toast.waitFor();
      await toast.getByRole('button', { name: 'Open queue' }).click();
      await page.waitForURL('**/sync');
    });
    expect(await itemsByHome(base, admin, home.id)).toHaveLength(before.length);
  });
});
