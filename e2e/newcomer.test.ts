// What a newcomer met, tried as one would (issue 35): the reconnect's toasts after the app
// was reopened offline, and a phone call typed into a tab that was then killed, offered back.

import { describe, expect, it } from 'vitest';
import { skipReasonFor } from './support/prerequisites.js';
import { shot } from './support/shots.js';
import {
  addPhoneCall,
  assignHome,
  homeWithStaff,
  homesOnDevice,
  openPhoneCalls,
  PHONE_CALLS,
  phoneCallsOf,
  queueDrained,
  serviceWorkerInstalled,
  waitForQueued,
} from './support/offline.js';
import { DESKTOP, PHONE, api, signIn, tokenFor, useE2eSession } from './support/session.js';

const skipReason = skipReasonFor('newcomer e2e');
const MANAGER = 'manager@example.com';
const ADMIN = 'admin@example.com';

describe.skipIf(skipReason !== undefined)('what a newcomer trips on', () => {
  const session = useE2eSession();

  it.each([
    ['a desktop', DESKTOP, 2],
    ['a phone', PHONE, 3],
  ] as const)(
    'reopened offline on %s, the app says it syncs and that all is synchronized when signal returns, in toasts that close',
    async (_name, viewport, skip) => {
      const base = session.url();
      const token = await tokenFor(base, MANAGER);
      const home = await homeWithStaff(base, token, skip);
      const before = await phoneCallsOf(base, token, home.id);
      await session.withPage(viewport, async (page, context) => {
        await signIn(page, MANAGER);
        await serviceWorkerInstalled(page);
        await openPhoneCalls(page, base, home.id);
        await homesOnDevice(page);
        await context.setOffline(true);
        await page.getByTestId('offline-indicator').waitFor();
        const notes = `reopened-${Date.now()}`;
        await addPhoneCall(page, notes);
        await waitForQueued(page, 1);

        // Reopened while still offline: the service worker serves the page.
        await page.reload();
        await page.getByTestId('offline-indicator').waitFor();
        await page.locator('[data-testid="phone-call"]', { hasText: notes }).waitFor();

        await context.setOffline(false);
        await page.getByText('Syncing your changes…').waitFor({ timeout: 30_000 });
        const synced = page
          .getByRole('status')
          .filter({ hasText: 'All changes are synchronized.' });
        await synced.waitFor({ timeout: 30_000 });
        await shot(page, 'reconnect-toasts');
        // On a desktop the toast sits in the bottom right corner, on a phone across the width.
        const box = await synced.boundingBox();
        if (box === null) throw new Error('the toast has no box');
        if (viewport === DESKTOP) expect(box.x + box.width).toBeGreaterThan(viewport.width * 0.8);
        else expect(box.x + box.width / 2).toBeCloseTo(viewport.width / 2, -1);
        await synced.getByRole('button', { name: 'Close' }).click();
        await synced.waitFor({ state: 'detached' });
        await queueDrained(page);
      });
      expect(await phoneCallsOf(base, token, home.id)).toHaveLength(before.length + 1);
    },
  );

  it.each([
    ['a desktop', DESKTOP, 4],
    ['a phone', PHONE, 5],
  ] as const)(
    "on %s, a change waiting on a conflict says so in the header, and a call's history names its kind and home",
    async (_name, viewport, skip) => {
      const base = session.url();
      const token = await tokenFor(base, MANAGER);
      const home = await homeWithStaff(base, token, skip);
      const tag = `conflict-${Date.now()}`;
      await session.withPage(viewport, async (page, context) => {
        await signIn(page, MANAGER);
        await openPhoneCalls(page, base, home.id);
        await addPhoneCall(page, `${tag} mine`);
        await queueDrained(page);
        const call = (await phoneCallsOf(base, token, home.id)).find(
          (c) => c['Notes'] === `${tag} mine`,
        );
        if (call === undefined) throw new Error('the call did not arrive');

        await context.setOffline(true);
        await page.getByTestId('offline-indicator').waitFor();
        const row = page.locator('[data-testid="phone-call"]', { hasText: `${tag} mine` });
        await row.getByRole('button', { name: /^Edit/ }).click();
        const edit = page.getByRole('dialog', { name: 'Edit phone call' });
        await edit.getByLabel('Notes').fill(`${tag} mine edited`);
        await edit.getByRole('button', { name: 'Save' }).click();
        await edit.waitFor({ state: 'detached' });
        // Someone else changes the same notes meanwhile.
        const theirs = await api(base, token, 'PATCH', `${PHONE_CALLS}/update?id=${call.id}`, {
          Notes: `${tag} theirs`,
          Voicemail: false,
        });
        expect(theirs.status).toBe(200);

        await context.setOffline(false);
        const indicator = page.locator('[data-testid="offline-indicator"][data-queued="1"]');
        await expect
          .poll(() => indicator.getAttribute('aria-label'))
          .toBe('1 change needs your choice. Open the Mutation Queue');
        await shot(page, 'header-conflict');

        await page
          .locator('[data-testid="phone-call"]')
          .first()
          .getByRole('button', { name: /^History of/ })
          .click();
        const history = page.getByRole('dialog', { name: /^History of/ });
        await expect
          .poll(() => history.getByTestId('history-of').textContent())
          .toBe(`Phone call · ${String(home['Address'])}`);
        await history.getByTestId('history-entry').first().waitFor();
        await shot(page, 'history-title');
      });
    },
  );
});

describe.skipIf(skipReason !== undefined)('drafts in record dialogs', () => {
  const session = useE2eSession();

  it.each([
    ['a phone', PHONE, 6],
    ['a desktop', DESKTOP, 7],
  ] as const)(
    'on %s, a call typed into a tab that was then killed is offered back, and saved once',
    async (_name, viewport, skip) => {
      const base = session.url();
      const token = await tokenFor(base, MANAGER);
      const home = await homeWithStaff(base, token, skip);
      const before = await phoneCallsOf(base, token, home.id);
      const notes = `typed-${Date.now()}`;
      await session.online.withPage(viewport, async (page, context) => {
        await signIn(page, MANAGER);
        await openPhoneCalls(page, base, home.id);
        await page.getByRole('button', { name: 'Add phone call' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add phone call' });
        await dialog.getByLabel('Notes').fill(notes);
        await dialog.getByTestId('draft-saved').waitFor();
        await shot(page, 'call-draft-saved');
        await page.close({ runBeforeUnload: false });

        const again = await context.newPage();
        await openPhoneCalls(again, base, home.id);
        await again.getByRole('button', { name: 'Add phone call' }).click();
        const reopened = again.getByRole('dialog', { name: 'Add phone call' });
        await reopened.getByTestId('draft-offer').waitFor();
        expect(await reopened.getByLabel('Notes').inputValue()).toBe('');
        await shot(again, 'call-draft-offer');
        await reopened.getByRole('button', { name: 'Resume' }).click();
        await expect.poll(() => reopened.getByLabel('Notes').inputValue()).toBe(notes);
        await reopened.getByRole('button', { name: 'Save' }).click();
        await reopened.waitFor({ state: 'detached' });
        await queueDrained(again);

        // Saved, the draft is gone: the dialog opens empty, with nothing to offer.
        await again.getByRole('button', { name: 'Add phone call' }).click();
        const fresh = again.getByRole('dialog', { name: 'Add phone call' });
        await fresh.getByLabel('Notes').waitFor();
        await again.waitForTimeout(500); // The offer, were there one, is read in this time.
        expect(await fresh.getByTestId('draft-offer').count()).toBe(0);
      });
      const after = await phoneCallsOf(base, token, home.id);
      expect(after).toHaveLength(before.length + 1);
      expect(after.filter((call) => call['Notes'] === notes)).toHaveLength(1);
    },
  );
});

describe.skipIf(skipReason !== undefined)('notifications lead to their record', () => {
  const session = useE2eSession();

  it.each([
    ['a desktop', DESKTOP, 8],
    ['a phone', PHONE, 9],
  ] as const)(
    "on %s, a call's notification opened offline selects its home and shows the call",
    async (_name, viewport, skip) => {
      const base = session.url();
      const admin = await tokenFor(base, ADMIN);
      const home = await homeWithStaff(base, admin, skip);
      await assignHome(base, admin, home, MANAGER);
      const notes = `told-${Date.now()}`;
      await session.withPage(viewport, async (page, context) => {
        await signIn(page, MANAGER);
        await serviceWorkerInstalled(page);
        await page.getByRole('heading', { name: 'Homes overview' }).waitFor();
        await page.getByTestId('notifications-bell').click();
        const list = page.getByTestId('notification-list');
        await list.waitFor();
        const calls = list.getByRole('button', { name: /logged a phone call/ });
        const earlier = await calls.count();
        // Someone else logs a call on one of the manager's homes: the manager is told.
        const staff = (home['Construction Staff'] as string[] | undefined)?.[0] ?? '';
        const created = await api(base, admin, 'POST', `${PHONE_CALLS}/submit`, {
          Home: home.id,
          Staff: staff,
          Date: new Date().toISOString(),
          Notes: notes,
          Voicemail: false,
        });
        expect(created.status).toBe(201);
        const callId = (created.body as { id: string }).id;
        await expect.poll(() => calls.count()).toBe(earlier + 1);
        const told = calls.first();

        await context.setOffline(true);
        await page.getByTestId('offline-indicator').waitFor();
        await told.click();
        await page.waitForURL(/\/collaboration\/communication\/phone-calls/);
        const row = page.locator(`[data-record-id="${callId}"]`);
        await expect.poll(() => row.getAttribute('data-opened')).toBe('true');
        await row.getByText(notes).waitFor();
        await page.getByRole('heading', { name: String(home['Address']) }).waitFor();
        await shot(page, 'notification-opened');
      });
    },
  );
});

describe.skipIf(skipReason !== undefined)('the outside links a server sets', () => {
  const session = useE2eSession({
    env: { DOCS_URL: 'https://docs.acme.test/field', LEGACY_URL: 'https://old.acme.test' },
  });

  it.each([
    ['a desktop', DESKTOP],
    ['a phone', PHONE],
  ] as const)(
    'on %s, Documentation and the legacy system go where the server says, and the company website it leaves unset is not offered',
    async (_name, viewport) => {
      await session.online.withPage(viewport, async (page) => {
        await signIn(page, MANAGER);
        await page.getByRole('button', { name: 'Profile menu' }).click();
        const docs = page.getByRole('menuitem', { name: 'Documentation' });
        await expect.poll(() => docs.getAttribute('href')).toBe('https://docs.acme.test/field');
        await shot(page, 'links-profile-menu');
        await page.keyboard.press('Escape');
        if (viewport === PHONE) await page.getByRole('button', { name: /menu/i }).first().click();
        const footer = page.getByRole('navigation', { name: 'More places' });
        await expect
          .poll(() => footer.getByRole('link', { name: 'Legacy system' }).getAttribute('href'))
          .toBe('https://old.acme.test');
        expect(await footer.getByRole('link', { name: 'Company website' }).count()).toBe(0);
        await footer.scrollIntoViewIfNeeded();
        await shot(page, 'links-menu-footer');
      });
    },
  );
});
