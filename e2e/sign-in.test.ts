// Sign-in end to end: the built web app served by the real server, driven in Chromium.
// The homes overview checked against the API's own data, the search, the error and
// guard states, demo mode, sign-out and the phone layout.

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { HOME_TEST_STATUS, KOVA_CANCELLED, MESSAGES, homeSchema, z } from '@field/domain';
import { skipReasonFor } from './support/prerequisites.js';
import { DESKTOP, PHONE, api, signIn, submitSignIn, useE2eSession } from './support/session.js';

const MIN_TAP_PX = 44;

const homesSchema = z.array(
  z.pick(homeSchema, {
    HomeID: true,
    Address: true,
    Status: true,
    'KOVA Status': true,
    'Offline Homes': true,
  }),
);
type ApiHome = ReturnType<typeof homesSchema.parse>[number];

const skipReason = skipReasonFor('sign-in e2e');

describe.skipIf(skipReason !== undefined)('sign-in and the homes overview', () => {
  const session = useE2eSession();

  async function fetchActiveHomes(token: string): Promise<ApiHome[]> {
    const answer = await api(session.url(), token, 'GET', '/api/field_homes/listActive');
    expect(answer.status).toBe(200);
    return homesSchema.parse(answer.body);
  }

  /** The in-construction view of "my homes" (docs/product.md, Roles and access). */
  function myHomes(homes: readonly ApiHome[], employeeId: string): ApiHome[] {
    return homes.filter(
      (home) =>
        home['Offline Homes'].includes(employeeId) &&
        home.Status !== HOME_TEST_STATUS &&
        home['KOVA Status'] !== KOVA_CANCELLED,
    );
  }

  async function shownHomeIds(page: Page): Promise<string[]> {
    const ids = await page
      .locator('[data-home-id]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-home-id') ?? ''));
    return ids.sort();
  }

  async function waitForHomes(page: Page): Promise<void> {
    await page.getByRole('list', { name: 'My homes' }).getByRole('listitem').first().waitFor();
  }

  it('manager signs in and sees their name, role and exactly their homes', async () => {
    await session.online.withPage(DESKTOP, async (page) => {
      const { token, user } = await signIn(page, 'manager@example.com');
      const employeeId = user.fieldData.airtableId;
      expect(employeeId).toBeTruthy();

      await page.getByRole('heading', { name: 'Homes overview' }).waitFor();
      await waitForHomes(page);
      const expected = myHomes(await fetchActiveHomes(token), employeeId ?? '');
      expect(expected.length).toBeGreaterThan(0);
      // The first cards paint first, the rest follow in a background render.
      await expect
        .poll(() => shownHomeIds(page))
        .toEqual(expected.map((home) => home.HomeID).sort());

      const firstCard = page.locator('[data-home-id]').first();
      const firstId = await firstCard.getAttribute('data-home-id');
      const firstHome = expected.find((home) => home.HomeID === firstId);
      expect(await firstCard.textContent()).toContain(firstHome?.Address);
      expect(await page.getByText('DEMO MODE').count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/homes/overview');

      await page.getByTestId('profile-button').click();
      const menu = page.getByRole('menu');
      await menu.getByText(`${user.firstName} ${user.lastName}`).waitFor();
      expect(await menu.textContent()).toContain(user.fieldData.role);
    });
  });

  // The page opens on a file first, not on the app, so that no earlier page of the app has a
  // session check of its own under way when the check is held.
  const NOT_THE_APP = '/favicon.svg';

  it('shows the form before the session check answers; a sign-in sent meanwhile waits for it, then stays', async () => {
    await session.online.withPage(
      PHONE,
      async (page, context) => {
        let release = (): void => undefined;
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        const sent: string[] = [];
        await context.route('**/api/auth/refresh', async (route) => {
          await held;
          sent.push('refresh');
          await route.continue();
        });
        page.on('request', (request) => {
          if (request.url().endsWith('/api/auth/login')) sent.push('login');
        });
        await page.goto(`${session.url()}/login`);
        // The session check is still unanswered, and the form is there to fill in.
        await submitSignIn(page, 'manager@example.com');
        await page.waitForTimeout(500);
        expect(sent).toEqual([]);
        release();
        await page.waitForURL('**/homes/overview');
        await waitForHomes(page);
        // The check's "no session" came first and did not undo the sign-in that followed it.
        expect(sent).toEqual(['refresh', 'login']);
        await page.waitForTimeout(500);
        expect(new URL(page.url()).pathname).toBe('/homes/overview');
        await page.getByTestId('profile-button').waitFor();
      },
      NOT_THE_APP,
    );
  });

  it('the address search filters case-insensitively and says when nothing matches', async () => {
    await session.online.withPage(DESKTOP, async (page) => {
      const { token, user } = await signIn(page, 'manager@example.com');
      await waitForHomes(page);
      const mine = myHomes(await fetchActiveHomes(token), user.fieldData.airtableId ?? '');

      const word = mine[0]?.Address.split(/\s+/).find((part) => /[a-z]{3,}/i.test(part)) ?? '';
      expect(word).not.toBe('');
      const expected = mine
        .filter((home) => home.Address.toLowerCase().includes(word.toLowerCase()))
        .map((home) => home.HomeID)
        .sort();

      const search = page.getByLabel('Search by address');
      await search.fill(word.toUpperCase());
      await page.waitForFunction(
        (count) => document.querySelectorAll('[data-home-id]').length === count,
        expected.length,
      );
      expect(await shownHomeIds(page)).toEqual(expected);

      await search.fill('no such street zzz');
      await page.getByText(MESSAGES.noHomesFound).waitFor();
      expect(await page.locator('[data-home-id]').count()).toBe(0);

      await search.fill('');
      await waitForHomes(page);
      await expect.poll(async () => (await shownHomeIds(page)).length).toBe(mine.length);
    });
  });

  it('a wrong password shows the catalogue message and the server reason', async () => {
    await session.online.withPage(DESKTOP, async (page) => {
      // Hold the answer back a little to see the form while it signs in.
      await page.route('**/api/auth/login', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.continue();
      });
      await submitSignIn(page, 'manager@example.com', 'wrong-password');
      const busy = page.getByRole('button', { name: 'Signing in' });
      await busy.waitFor();
      expect(await busy.isDisabled()).toBe(true);

      const alert = page.getByRole('alert');
      await alert.getByText(MESSAGES.signInFailed).waitFor();
      expect(await alert.textContent()).toContain(MESSAGES.invalidCredentials);
      expect(await page.getByRole('button', { name: 'Sign in' }).isEnabled()).toBe(true);
      expect(await page.getByLabel('Email').inputValue()).toBe('manager@example.com');
    });
  });

  it('shows a configured provider below the form, and none when the server has none', async () => {
    await session.online.withPage(
      PHONE,
      async (page, context) => {
        // The demo server has no provider set up; its answer is replaced with one that has.
        await context.route('**/api/auth/providers', (route) =>
          route.fulfill({
            json: { providers: [{ id: 'sso', name: 'Acme SSO', type: 'sso', formPost: false }] },
          }),
        );
        await page.goto(`${session.url()}/login`);
        const button = page.getByRole('button', { name: 'Continue with Acme SSO' });
        await button.waitFor();
        expect(await button.isEnabled()).toBe(true);
        await context.unroute('**/api/auth/providers');
        await page.reload();
        await page.getByRole('button', { name: 'Sign in' }).waitFor();
        await page.waitForLoadState('networkidle');
        expect(await page.getByRole('button', { name: /^Continue with/ }).count()).toBe(0);
      },
      NOT_THE_APP,
    );
  });

  it('a failing homes list shows Error Getting Homes with the server message', async () => {
    await session.online.withPage(DESKTOP, async (page) => {
      await page.route('**/api/field_homes/listActive', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: '{"error":"Maintenance window"}',
        }),
      );
      await signIn(page, 'manager@example.com');
      const alert = page.getByRole('alert');
      await alert.getByText(MESSAGES.errorGettingHomes).waitFor({ timeout: 30_000 });
      const text = await alert.textContent();
      expect(text).toContain(MESSAGES.errorGettingHomesHint);
      expect(text).toContain('Maintenance window');
    });
  });

  it('the pending account is sent to /unauthorized', async () => {
    await session.online.withPage(DESKTOP, async (page) => {
      await signIn(page, 'pending@example.com');
      await page.waitForURL('**/unauthorized');
      await page.getByRole('heading', { name: 'Your account is waiting for approval' }).waitFor();
    });
  });

  it('the demo account shows the DEMO MODE chip', async () => {
    await session.online.withPage(DESKTOP, async (page) => {
      await signIn(page, 'demo@example.com');
      await page.getByRole('contentinfo').getByText('DEMO MODE', { exact: true }).waitFor();
    });
  });

  it('logout returns to the sign-in form', async () => {
    await session.online.withPage(DESKTOP, async (page) => {
      await signIn(page, 'manager@example.com');
      await page.getByTestId('profile-button').click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
    });
  });

  it('fits a 390x844 phone: no horizontal scroll, tap targets of at least 44px', async () => {
    await session.online.withPage(PHONE, async (page) => {
      const scrollWidth = (): Promise<number> =>
        page.evaluate(() => document.documentElement.scrollWidth);
      const height = async (name: string, role: 'button' | 'textbox'): Promise<number> =>
        (await page.getByRole(role, { name }).first().boundingBox())?.height ?? 0;

      expect(await scrollWidth()).toBeLessThanOrEqual(PHONE.width);
      expect(await height('Sign in', 'button')).toBeGreaterThanOrEqual(MIN_TAP_PX);
      expect(await height('Email', 'textbox')).toBeGreaterThanOrEqual(MIN_TAP_PX - 4);

      await signIn(page, 'manager@example.com');
      await waitForHomes(page);
      expect(await scrollWidth()).toBeLessThanOrEqual(PHONE.width);
      expect(await height('Open menu', 'button')).toBeGreaterThanOrEqual(MIN_TAP_PX);
      expect(await height('Profile menu', 'button')).toBeGreaterThanOrEqual(MIN_TAP_PX);
    });
  });
});
