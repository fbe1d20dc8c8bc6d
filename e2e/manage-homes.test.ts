// Manage Homes on the real app and server: a manager edits a home's address and assigns
// staff, online and offline; each change reaches the server exactly once (read back over
// the API, writes counted from the requests the server answered), shows its sync state
// while it waits, and is still there after a reload (offline, then online). Users
// without the homes write scope see the list without the buttons.

import { describe, expect, it } from 'vitest';
import { skipReasonFor } from './support/prerequisites.js';
import type { ApiRecord } from './support/offline.js';
import {
  cachedQueryKeys,
  getList,
  homesOnDevice,
  queueDrained,
  serviceWorkerInstalled,
  waitForQueued,
} from './support/offline.js';
import {
  answerWithoutId,
  assignStaff,
  editAddress,
  homeCard,
  logHomeWrites,
  openManageHomes,
  realHomes,
  serverHome,
} from './support/manage-homes.js';
import { DESKTOP, PHONE, signIn, tokenFor, useE2eSession } from './support/session.js';

const skipReason = skipReasonFor('manage homes e2e');
const MANAGER = 'manager@example.com';

/** An active employee not yet on the home's list of that staff type. */
async function newStaff(
  base: string,
  token: string,
  home: ApiRecord,
  staffType: string,
): Promise<ApiRecord> {
  const employees = await getList(base, token, '/api/field_employees/list');
  const current = home[staffType];
  const taken = new Set(Array.isArray(current) ? current.map(String) : []);
  const names = new Set<string>();
  const unique = employees.filter((e) => {
    const name = String(e['Name']);
    const fresh = !names.has(name);
    names.add(name);
    return fresh;
  });
  const pick = unique.find((e) => e['Active'] === true && !taken.has(e.id));
  if (pick === undefined) throw new Error(`no employee to add to ${staffType}`);
  return pick;
}

describe.skipIf(skipReason !== undefined)('Manage Homes', () => {
  const session = useE2eSession();

  it('edits an address and assigns staff online, each once on the server', async () => {
    const base = session.url();
    const token = await tokenFor(base, MANAGER);
    const home = (await realHomes(base, token))[0];
    if (home === undefined) throw new Error('no active home');
    const staff = await newStaff(base, token, home, 'Sales Staff');
    const address = `${String(home['Address'])} Online ${Date.now() % 100000}`;
    await session.online.withPage(DESKTOP, async (page) => {
      await signIn(page, MANAGER);
      const writes = logHomeWrites(page);
      await openManageHomes(page, base);
      const card = await homeCard(page, home, String(home['Address']));
      await editAddress(page, card, address);
      await card.getByText(address).waitFor();
      await assignStaff(page, card, 'Sales staff', String(staff['Name']));
      await queueDrained(page);
      await card.getByTestId('sync-state').waitFor({ state: 'detached' });
      await expect.poll(() => writes.count('update', home.id)).toBe(1);
      await expect.poll(() => writes.count('updateStaff', home.id)).toBe(1);

      const stored = await serverHome(base, token, home.id);
      expect(stored['Address']).toBe(address);
      expect(stored['Sales Staff']).toEqual([...(home['Sales Staff'] as string[]), staff.id]); // The server's list of ids.

      await page.reload();
      const again = await homeCard(page, home, address);
      await again.getByText(address).waitFor();
      await again.getByRole('button', { name: /^Assign staff to/ }).click();
      const dialog = page.getByRole('dialog', { name: /^Assign staff/ });
      await dialog
        .locator('[data-staff-type="Sales Staff"]')
        .getByText(String(staff['Name']), { exact: true })
        .waitFor();
      expect(writes.count('update', home.id)).toBe(1);
      expect(writes.count('updateStaff', home.id)).toBe(1);
    });
  });

  it('edits and assigns offline: shown at once, kept over a reload, sent once on return', async () => {
    const base = session.url();
    const token = await tokenFor(base, MANAGER);
    const home = (await realHomes(base, token))[1];
    if (home === undefined) throw new Error('no second active home');
    const staff = await newStaff(base, token, home, 'Design Staff');
    const address = `${String(home['Address'])} Offline ${Date.now() % 100000}`;
    await session.withPage(PHONE, async (page, context) => {
      await signIn(page, MANAGER);
      await serviceWorkerInstalled(page);
      const writes = logHomeWrites(page);
      await openManageHomes(page, base);
      // The homes and the employees are on the device before going offline.
      await homesOnDevice(page);
      await expect.poll(() => cachedQueryKeys(page)).toContain('/api/field_employees/list');
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

      await context.setOffline(true);
      await page.getByTestId('offline-indicator').waitFor();
      const card = await homeCard(page, home, String(home['Address']));
      await editAddress(page, card, address);
      await card.getByText(address).waitFor();
      await assignStaff(page, card, 'Design staff', String(staff['Name']));
      await waitForQueued(page, 2);
      expect(await card.getByTestId('sync-state').textContent()).toBe('Not synced yet');
      expect((await serverHome(base, token, home.id))['Address']).toBe(home['Address']);

      await page.reload();
      await page.getByTestId('offline-indicator').waitFor();
      const reloaded = await homeCard(page, home, address);
      await reloaded.getByText(address).waitFor();
      expect(await reloaded.getByTestId('sync-state').textContent()).toBe('Not synced yet');

      await context.setOffline(false);
      await queueDrained(page);
      await reloaded.getByTestId('sync-state').waitFor({ state: 'detached' });
      await reloaded.getByText(address).waitFor();
      await expect.poll(() => writes.count('update', home.id)).toBe(1);
      await expect.poll(() => writes.count('updateStaff', home.id)).toBe(1);

      const stored = await serverHome(base, token, home.id);
      expect(stored['Address']).toBe(address);
      expect(stored['Design Staff']).toEqual([...(home['Design Staff'] as string[]), staff.id]); // The server's list of ids.

      await page.reload();
      const online = await homeCard(page, home, address);
      await online.getByText(address).waitFor();
      expect(await online.getByTestId('sync-state').count()).toBe(0);
    });
  });

  it('a home update answered without the record id fails for good with the spec’s text', async () => {
    const base = session.url();
    const token = await tokenFor(base, MANAGER);
    const home = (await realHomes(base, token))[2];
    if (home === undefined) throw new Error('no third active home');
    const address = `${String(home['Address'])} Lost ${Date.now() % 100000}`;
    await session.online.withPage(DESKTOP, async (page) => {
      await signIn(page, MANAGER);
      await page.route('**/api/batch', (route) =>
        answerWithoutId(route, (write) => write.path.startsWith('/api/field_homes/update?')),
      );
      const writes = logHomeWrites(page);
      await openManageHomes(page, base);
      const card = await homeCard(page, home, String(home['Address']));
      await editAddress(page, card, address);
      // The persistent error toast, and the home's own state.
      await page.getByText('Error updating data: No record ID returned from the server.').waitFor();
      await expect.poll(() => card.getByTestId('sync-state').textContent()).toBe('Sync failed');
      // Failed for good: sent once, not again.
      expect(writes.count('update', home.id)).toBe(1);

      // A full reload: the session, the engine and the queue come back before the list shows.
      await page.goto(`${base}/sync`);
      const failed = page.locator('[data-testid="queued-write"][data-status="failed"]');
      await expect.poll(() => failed.count()).toBe(1);
      expect(await failed.getByTestId('queued-write-error').textContent()).toContain(
        'No record ID returned from the server.',
      );
      expect(writes.count('update', home.id)).toBe(1);
    });
  });

  it('shows no edit or staff buttons to a user without the homes write scope', async () => {
    const base = session.url();
    await session.online.withPage(DESKTOP, async (page) => {
      await signIn(page, 'cs@example.com');
      await openManageHomes(page, base);
      await page.locator('[data-home-id]').first().waitFor();
      expect(await page.getByRole('button', { name: /^Edit the home/ }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Assign staff to/ }).count()).toBe(0);
    });
  });
});
