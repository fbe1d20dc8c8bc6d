// Sign-out on a shared device, end to end: a manager queues phone calls offline and signs
// out keeping them; a builder signs in on the same browser: the server gets none of the
// manager's writes (under any session), and the builder sees neither the queued rows nor the
// manager's cached data. When the manager signs in again, the calls arrive exactly once,
// under the manager's own session. The server's records are counted through the API.

import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { skipReasonFor } from './support/prerequisites.js';
import {
  addPhoneCall,
  cachedQueryKeys,
  homeWithStaff,
  openPhoneCalls,
  phoneCallRow,
  phoneCallsOf,
  queueDrained,
  queuedCount,
  waitForQueued,
} from './support/offline.js';
import {
  queuedWrites,
  serviceWorkerActive,
  signOutThroughMenu,
  writesCarried,
} from './support/sign-out.js';
import { DESKTOP, signIn, tokenFor, useE2eSession } from './support/session.js';

const skipReason = skipReasonFor('sign-out e2e');
const MANAGER = 'manager@example.com';
const BUILDER = 'builder@example.com';

describe.skipIf(skipReason !== undefined)('sign-out on a shared device', () => {
  const session = useE2eSession();

  it("keeps A's offline writes from B's session and sends them once when A is back", async () => {
    const base = session.url();
    const token = await tokenFor(base, MANAGER);
    const home = await homeWithStaff(base, token, 0);
    const before = await phoneCallsOf(base, token, home.id);
    const tag = `shared-device-${Date.now()}`;
    const mine = (notes: unknown): boolean => String(notes).startsWith(tag);

    await session.withPage(DESKTOP, async (page, context) => {
      // Every write the page sends, with the session (bearer token) it went under.
      const sent: Array<{ body: string; authorization: string | undefined }> = [];
      page.on('request', (request: Request) => {
        if (request.method() !== 'POST' || !request.url().includes('/api/')) return;
        sent.push({
          body: request.postData() ?? '',
          authorization: request.headers()['authorization'],
        });
      });
      const carriedTag = (): typeof sent => sent.filter((r) => r.body.includes(tag));

      // A (manager) queues two calls offline.
      const a = await signIn(page, MANAGER);
      // Under the service worker (as after any earlier visit), the sign-in screen's code
      // loads offline.
      await serviceWorkerActive(page);
      await openPhoneCalls(page, base, home.id);
      await context.setOffline(true);
      await page.getByTestId('offline-indicator').waitFor();
      await addPhoneCall(page, `${tag} one`);
      await addPhoneCall(page, `${tag} two`);
      await waitForQueued(page, 2);
      expect(await cachedQueryKeys(page)).not.toBe('');

      const aCookie = await refreshCookie(context);

      // Logout, still offline: the dialog counts the two writes; A keeps them.
      const dialog = await signOutThroughMenu(page, true);
      await dialog.getByText('2 changes have not reached the server yet.').waitFor();
      expect(await dialog.getByRole('button', { name: 'Send now' }).count()).toBe(0);
      await dialog.getByRole('button', { name: 'Sign out and keep them on this device' }).click();
      await page.waitForURL('**/login');
      // The device keeps only A's writes, tagged with A; the read cache is gone.
      const kept = await queuedWrites(page);
      expect(kept).toHaveLength(2);
      expect(kept.every((w) => w.author === a.user.id)).toBe(true);
      expect(await cachedQueryKeys(page)).toBe('');

      // B (builder) signs in online on the same browser.
      await context.setOffline(false);
      const b = await signIn(page, BUILDER);
      expect(b.user.id).not.toBe(a.user.id);
      // The sign-out the server missed offline was done first: A's cookie is revoked.
      expect(await refreshWith(base, aCookie)).toBe(401);
      await page.getByTestId('profile-button').waitFor();
      // B's header counts nothing queued, and B's Mutation Queue is empty.
      await page.goto(`${base}/sync`);
      await page.getByText('Every change has reached the server.').waitFor();
      expect(await queuedCount(page)).toBe(0);
      // B's phone call screen shows none of A's queued calls.
      await openPhoneCalls(page, base, home.id);
      expect(await phoneCallRow(page, tag).count()).toBe(0);
      // The queue had its chances (return online, sign-in, this screen): nothing of A's went.
      await waitForReplays(page);
      expect(carriedTag()).toEqual([]);
      expect((await phoneCallsOf(base, token, home.id)).filter((c) => mine(c['Notes']))).toEqual(
        [],
      );
      expect(await queuedWrites(page)).toHaveLength(2);

      // B signs out (nothing unsent: no dialog); A signs in again: the calls go, as A.
      const bDialog = await signOutThroughMenu(page, false);
      expect(bDialog).toBeUndefined();
      await page.waitForURL('**/login');
      const again = await signIn(page, MANAGER);
      await page.getByTestId('profile-button').waitFor();
      await queueDrained(page);
      await expect.poll(async () => (await queuedWrites(page)).length).toBe(0);
      const carried = carriedTag();
      expect(carried.length).toBeGreaterThan(0);
      expect(carried.every((r) => r.authorization === `Bearer ${again.token}`)).toBe(true);
      expect(
        writesCarried(
          carried.map((r) => r.body),
          tag,
        ).sort(),
      ).toEqual([`${tag} one`, `${tag} two`]);
    });

    const after = await phoneCallsOf(base, token, home.id);
    expect(after).toHaveLength(before.length + 2);
    expect(
      after
        .map((c) => String(c['Notes']))
        .filter(mine)
        .sort(),
    ).toEqual([`${tag} one`, `${tag} two`]);
  });
});

/** The refresh cookie (HttpOnly: read from the browser context, not the page). */
async function refreshCookie(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'field_refresh');
  if (cookie === undefined) throw new Error('no refresh cookie');
  return cookie.value;
}

/** The status of a refresh presenting this cookie. */
async function refreshWith(base: string, cookie: string): Promise<number> {
  const response = await fetch(`${base}/api/auth/refresh`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Cookie: `field_refresh=${cookie}`,
      Origin: base,
    },
    body: '{}',
  });
  return response.status;
}

/** Lets the queue run its replays (1 s after returning online, after sign-in). */
async function waitForReplays(page: Page): Promise<void> {
  await page.waitForTimeout(3_000);
}
