// What a newcomer met, tried as one would (issue 35): the reconnect's toasts after the app
// was reopened offline, and a phone call typed into a tab that was then killed, offered back.

import { describe, expect, it } from 'vitest';
import { skipReasonFor } from './support/prerequisites.js';
import { shot } from './support/shots.js';
import {
  addPhoneCall,
  homeWithStaff,
  openPhoneCalls,
  phoneCallsOf,
  queueDrained,
  waitForQueued,
} from './support/offline.js';
import { DESKTOP, PHONE, signIn, tokenFor, useE2eSession } from './support/session.js';

const skipReason = skipReasonFor('newcomer e2e');
const MANAGER = 'manager@example.com';

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
        await page.evaluate(async () => {
          await navigator.serviceWorker.ready;
        });
        await openPhoneCalls(page, base, home.id);
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
});
