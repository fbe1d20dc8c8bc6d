// The record screens that write (phone calls, notes, buyers), end to end in Chromium against the real
// server: added, edited and deleted online and offline, on a phone and on a desktop, each
// change arriving on the server exactly once (counted through the API afterwards). The
// vendor directory too: a vendor added and archived offline arrives once, and one added
// offline before the list ever reached the device shows at once and arrives.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { skipReasonFor } from './support/prerequisites.js';
import type { ApiRecord } from './support/offline.js';
import {
  getList,
  homesOnDevice,
  homeWithStaff,
  queueDrained,
  serviceWorkerInstalled,
  waitForQueued,
} from './support/offline.js';
import { DESKTOP, PHONE, signIn, tokenFor, useE2eSession } from './support/session.js';
import { created } from './support/items.js';

const skipReason = skipReasonFor('record screens e2e');
const MANAGER = 'manager@example.com';

interface Screen {
  name: string;
  route: string;
  api: string;
  row: string;
  /** The field the test writes its text into, in the add and edit dialogs. */
  field: string;
  add: string;
  edit: string;
  remove: string;
}

const SCREENS: Screen[] = [
  {
    name: 'phone-calls',
    route: '/collaboration/communication/phone-calls',
    api: '/api/field_communication/phoneCalls',
    row: 'phone-call',
    field: 'Notes',
    add: 'Add phone call',
    edit: 'Edit phone call',
    remove: 'Delete phone call?',
  },
  {
    name: 'notes',
    route: '/collaboration/communication/notes',
    api: '/api/field_communication/notes',
    row: 'note',
    field: 'Text',
    add: 'Add note',
    edit: 'Edit note',
    remove: 'Delete note?',
  },
  {
    name: 'buyers',
    route: '/collaboration/buyers',
    api: '/api/field_collaboration/buyers',
    row: 'buyer',
    field: 'Name',
    add: 'Add buyer',
    edit: 'Edit buyer',
    remove: 'Delete buyer?',
  },
];

const row = (page: Page, screen: Screen, text: string) =>
  page.locator(`[data-testid="${screen.row}"]`, { hasText: text });

async function add(page: Page, screen: Screen, text: string): Promise<void> {
  await page.getByRole('button', { name: screen.add }).click();
  const dialog = page.getByRole('dialog', { name: screen.add });
  await dialog.getByLabel(screen.field).fill(text);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await row(page, screen, text).waitFor();
}

async function edit(page: Page, screen: Screen, from: string, to: string): Promise<void> {
  await row(page, screen, from).getByRole('button', { name: /^Edit/ }).click();
  const dialog = page.getByRole('dialog', { name: screen.edit });
  await dialog.getByLabel(screen.field).fill(to);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await row(page, screen, to).waitFor();
}

async function remove(page: Page, screen: Screen, text: string): Promise<void> {
  await row(page, screen, text)
    .getByRole('button', { name: /^Delete/ })
    .click();
  await page
    .getByRole('dialog', { name: screen.remove })
    .getByRole('button', { name: 'Delete' })
    .click();
  await row(page, screen, text).waitFor({ state: 'detached' });
}

async function open(page: Page, base: string, screen: Screen, homeId: string): Promise<void> {
  await page.goto(`${base}${screen.route}?homeId=${homeId}`);
  await page
    .locator(`[data-testid="${screen.name}"], [data-testid="${screen.name}-empty"]`)
    .first()
    .waitFor();
}

const texts = (records: ApiRecord[], screen: Screen, tag: string): string[] =>
  records
    .map((record) => String(record[screen.field]))
    .filter((text) => text.startsWith(tag))
    .sort();

describe.skipIf(skipReason !== undefined)('record screens that write', () => {
  const session = useE2eSession();

  const cases = SCREENS.flatMap((screen) => [
    [screen.name, 'online', PHONE, screen] as const,
    [screen.name, 'offline', DESKTOP, screen] as const,
  ]);

  it.each(cases)('%s: add, edit and delete %s arrive once each', async (_, mode, size, screen) => {
    const base = session.url();
    const token = await tokenFor(base, MANAGER);
    // A home with staff: a phone call names one of them (the others need none).
    const home = await homeWithStaff(base, token, mode === 'online' ? 3 : 4);
    const listOf = () => getList(base, token, `${screen.api}/listByHome?homeId=${home.id}`);
    const before = await listOf();
    const tag = `${screen.name}-${mode}-${Date.now()}`;
    await (mode === 'online' ? session.online : session).withPage(size, async (page, context) => {
      await signIn(page, MANAGER);
      await open(page, base, screen, home.id);
      if (mode === 'offline') {
        await context.setOffline(true);
        await page.getByTestId('offline-indicator').waitFor();
      }
      await add(page, screen, `${tag} one`);
      await add(page, screen, `${tag} two`);
      await add(page, screen, `${tag} three`);
      await edit(page, screen, `${tag} one`, `${tag} one edited`);
      await remove(page, screen, `${tag} three`);
      if (mode === 'offline') {
        expect(await row(page, screen, `${tag} two`).getAttribute('data-sync')).toBe('pending');
        await waitForQueued(page, 5);
        expect(await listOf()).toHaveLength(before.length);
        await context.setOffline(false);
      }
      await queueDrained(page);
      await row(page, screen, `${tag} one edited`)
        .and(page.locator('[data-sync="synced"]'))
        .waitFor();
    });
    const after = await listOf();
    expect(after).toHaveLength(before.length + 2);
    expect(texts(after, screen, tag)).toEqual([`${tag} one edited`, `${tag} two`]);
  });

  it('a home’s notes opened offline, never on the device, say so and come by themselves with signal', async () => {
    const base = session.url();
    const token = await tokenFor(base, MANAGER);
    const home = await homeWithStaff(base, token, 5);
    const screen = SCREENS.find((s) => s.name === 'notes');
    if (screen === undefined) throw new Error('no notes screen');
    const text = `came-with-signal-${Date.now()}`;
    await created(base, token, `${screen.api}/submit`, { HomeRID: home.id, Text: text });
    await session.withPage(DESKTOP, async (page, context) => {
      // The home's notes never reach this device: every request for them fails.
      const notes = `**${screen.api}/**`;
      await page.route(notes, (route) => route.abort('internetdisconnected'));
      await signIn(page, MANAGER);
      await serviceWorkerInstalled(page);
      await homesOnDevice(page);
      await context.setOffline(true);
      // Opened offline, as after a reload on site: no `offline` event comes to this page,
      // and it has no access token (that lives in memory only).
      await page.goto(`${base}${screen.route}?homeId=${home.id}`);
      await page.getByText('This list has not reached this device yet').waitFor();
      await page.unroute(notes);
      // With signal the list comes by itself, after the session's refresh (no 401), with
      // no tap on Try again.
      await context.setOffline(false);
      await row(page, screen, text).waitFor();
      expect(await page.getByTestId('not-on-device').count()).toBe(0);
    });
  });
});

/** Adds a vendor through the directory's dialog; answers its row. */
async function addVendor(page: Page, name: string, trade: string) {
  await page.getByRole('button', { name: 'Add vendor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add vendor' });
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Trade').fill(trade);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  return page.locator('tr', { hasText: name });
}

describe.skipIf(skipReason !== undefined)('the vendor directory', () => {
  const session = useE2eSession();

  it('a vendor added and archived offline arrives once, archived', async () => {
    const base = session.url();
    const token = await tokenFor(base, MANAGER);
    const listOf = () => getList(base, token, '/api/field_vendors/list');
    const before = await listOf();
    const name = `Offline Masonry ${Date.now()}`;
    await session.withPage(DESKTOP, async (page, context) => {
      await signIn(page, MANAGER);
      await page.goto(`${base}/collaboration/vendors`);
      await page.getByRole('button', { name: 'Add vendor' }).waitFor();
      await context.setOffline(true);
      await page.getByTestId('offline-indicator').waitFor();
      const vendorRow = await addVendor(page, name, 'Masonry');
      expect(await vendorRow.getAttribute('data-sync')).toBe('pending');
      await page.getByRole('button', { name: `Archive vendor ${name}` }).click();
      await vendorRow.waitFor({ state: 'detached' });
      await waitForQueued(page, 2);
      expect(await listOf()).toHaveLength(before.length);
      await context.setOffline(false);
      await queueDrained(page);
      await page.getByRole('switch', { name: 'Archived' }).check();
      await page.locator('tr[data-sync="synced"]', { hasText: name }).waitFor();
    });
    const after = await listOf();
    expect(after).toHaveLength(before.length + 1);
    expect(after.filter((vendor) => vendor['Name'] === name)).toEqual([
      expect.objectContaining({ Trade: 'Masonry', Active: false }),
    ]);
  });

  it('a vendor added offline before the list ever reached the device shows at once, and arrives', async () => {
    const base = session.url();
    const token = await tokenFor(base, MANAGER);
    const before = await getList(base, token, '/api/field_vendors/list');
    const name = `Unlisted Roofing ${Date.now()}`;
    await session.withPage(DESKTOP, async (page, context) => {
      // Signal too weak for the list: every request for it fails, then signal goes.
      const list = '**/api/field_vendors/list*';
      await page.route(list, (route) => route.abort('internetdisconnected'));
      await signIn(page, MANAGER);
      await page.goto(`${base}/collaboration/vendors`);
      await page.getByRole('button', { name: 'Add vendor' }).waitFor();
      await context.setOffline(true);
      await page.getByTestId('offline-indicator').waitFor();
      await page.getByText('The vendors have not reached this device yet').waitFor();
      const vendorRow = await addVendor(page, name, 'Roofing');
      expect(await vendorRow.getAttribute('data-sync')).toBe('pending');
      await page.unroute(list);
      await context.setOffline(false);
      await queueDrained(page);
      await page.locator('tr[data-sync="synced"]', { hasText: name }).waitFor();
      // The whole list arrives with signal, the new vendor once among it.
      const listed = before.find((vendor) => vendor['Active'] !== false);
      await page
        .locator('tr', { hasText: String(listed?.['Name']) })
        .first()
        .waitFor();
      expect(await page.locator('tr', { hasText: name }).count()).toBe(1);
      expect(await page.getByText('have not reached this device').count()).toBe(0);
    });
  });
});
