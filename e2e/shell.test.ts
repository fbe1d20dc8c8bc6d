// The app shell end to end: the menu per account and mode, the horizontal bar's More,
// unknown paths, a failing screen, the home picker, live notifications and the changelog.

import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Mode } from '@field/domain';
import { homeSchema, menuLeaves, resolveAccess, visibleMenu, z } from '@field/domain';
import type { FakeCodeHost } from './support/code-host.js';
import { startFakeCodeHost } from './support/code-host.js';
import { skipReasonFor } from './support/prerequisites.js';
import { shot } from './support/shots.js';
import { DESKTOP, PHONE, api, signIn, tokenFor, useE2eSession } from './support/session.js';

const ISSUES = 250;
const skipReason = skipReasonFor('shell e2e');

describe.skipIf(skipReason !== undefined)('the app shell', () => {
  let codeHost: FakeCodeHost | undefined;
  const session = useE2eSession(async () => {
    codeHost = await startFakeCodeHost(ISSUES);
    return {
      env: {
        CHANGELOG_REPOSITORY: 'acme/roadmap',
        CHANGELOG_API_URL: codeHost.url,
        NOTIFICATIONS_POLL_MS: '200',
      },
    };
  });
  afterAll(async () => {
    await codeHost?.close();
  });

  /** Opens every collapsed section of the side menu, then lists the links it holds. */
  async function menuLinks(page: Page): Promise<string[]> {
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.waitFor();
    for (;;) {
      const closed = nav.locator('[aria-expanded="false"]');
      if ((await closed.count()) === 0) break;
      await closed.first().click();
    }
    const hrefs = await nav
      .locator('a[href]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    return hrefs.sort();
  }

  async function setMode(page: Page, mode: Mode): Promise<void> {
    await page.getByTestId('profile-button').click();
    const toggle = page.getByRole('menuitemcheckbox', { name: 'Presentation mode' });
    const on = (await toggle.getAttribute('aria-checked')) === 'true';
    if (on !== (mode === 'presentation')) await toggle.click();
    await page.keyboard.press('Escape');
  }

  for (const email of [
    'manager@example.com',
    'builder@example.com',
    'cs@example.com',
    'demo@example.com',
  ]) {
    it(`shows ${email} exactly the menu its scopes and mode allow`, async () => {
      await session.online.withPage(DESKTOP, async (page) => {
        const { user } = await signIn(page, email);
        const access = resolveAccess(user.scopes);
        for (const mode of ['work', 'presentation'] as const) {
          await setMode(page, mode);
          const expected = menuLeaves(visibleMenu(access, mode))
            .map((item) => item.url ?? '')
            .sort();
          expect(expected.length).toBeGreaterThan(0);
          expect(await menuLinks(page)).toEqual(expected);
        }
      });
    });
  }

  it('sends a user without the read scope to /unauthorized', async () => {
    await session.online.withPage(DESKTOP, async (page) => {
      await signIn(page, 'cs@example.com');
      await page.getByRole('heading', { name: 'Homes overview' }).waitFor();
      await page.evaluate(() => {
        window.history.pushState({}, '', '/walks/home-start');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.waitForURL('**/unauthorized');
      await page.getByRole('heading', { name: 'You do not have access to this page' }).waitFor();
    });
  });

  it('puts the entries past the seventh under More in the horizontal layout', async () => {
    await session.online.withPage(DESKTOP, async (page) => {
      const { user } = await signIn(page, 'manager@example.com');
      await page.getByTestId('profile-button').click();
      await page.getByRole('menuitem', { name: 'App Settings' }).click();
      await page.getByRole('button', { name: 'Top bar' }).click();
      const bar = page.getByTestId('horizontal-menu');
      await bar.waitFor();
      const entries = visibleMenu(resolveAccess(user.scopes), 'work').flatMap(
        (g) => g.children ?? [],
      );
      expect(entries.length).toBeGreaterThan(7);
      // Six entries and More make seven.
      expect(await bar.locator(':scope > a, :scope > button').count()).toBe(7);
      await page.getByTestId('menu-more').click();
      const more = page.getByRole('menu');
      await more.getByRole('menuitem', { name: 'Manage Homes' }).waitFor();
      await more.getByRole('menuitem', { name: 'Staff' }).click();
      await page.waitForURL('**/collaboration/staff');
    });
  });

  it('shows the 404 screen for an unknown path', async () => {
    await session.online.withPage(DESKTOP, async (page) => {
      await page.goto(`${session.url()}/no/such/page`);
      await page.waitForURL('**/maintenance/404');
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    });
  });

  it('shows the error screen when a screen fails to load, with Go Back and Reload Page', async () => {
    await session.online.withPage(DESKTOP, async (page) => {
      await page.route(/\/assets\/calendar-screen-[^/]+\.js$/, (route) =>
        route.fulfill({
          contentType: 'text/javascript',
          body: 'throw new Error("calendar exploded");',
        }),
      );
      await signIn(page, 'manager@example.com');
      await page.getByRole('heading', { name: 'Homes overview' }).waitFor();
      await page.getByRole('link', { name: 'Calendar' }).click();
      const alert = page.getByRole('alert');
      await alert.getByText('Oops! Something went wrong').waitFor();
      await alert.getByRole('button', { name: 'Details' }).click();
      expect(await page.getByTestId('error-details').textContent()).toContain('calendar exploded');
      await alert.getByRole('button', { name: 'Go Back' }).waitFor();
      await alert.getByRole('button', { name: 'Reload Page' }).waitFor();
    });
  });

  it('opens the menu on a phone, goes where an entry leads and closes, and opens again', async () => {
    await session.online.withPage(PHONE, async (page) => {
      await signIn(page, 'manager@example.com');
      await page.getByRole('heading', { name: 'Homes overview' }).waitFor();
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      for (const target of ['/homes/calendar', '/homes/overview']) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await nav.locator(`a[href="${target}"]`).click();
        await page.waitForURL(`**${target}`);
        await expect.poll(() => nav.isVisible()).toBe(false);
      }
      // With the home's details open, the menu opens over them: every entry on the screen
      // is the one a tap there reaches (the details' sheet stood over all but the first).
      await page.getByTestId('data-panel-button').click();
      await page.getByTestId('data-panel').waitFor();
      await page.getByRole('button', { name: 'Open menu' }).click();
      const reach = () =>
        nav.evaluate((menu) => {
          const shown = Array.from(menu.querySelectorAll('a')).filter((link) => {
            const box = link.getBoundingClientRect();
            return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
          });
          const covered = shown.filter((link) => {
            const box = link.getBoundingClientRect();
            const hit = document.elementFromPoint(box.left + 24, box.top + box.height / 2);
            return hit === null || !link.contains(hit);
          });
          return { shown: shown.length, covered: covered.map((link) => link.textContent) };
        });
      await expect.poll(reach).toMatchObject({ covered: [] });
      expect((await reach()).shown).toBeGreaterThan(8);
      await shot(page, 'menu-over-details');
    });
  });

  it('picks a home by searching its address, and by ?homeId=', async () => {
    await session.online.withPage(PHONE, async (page) => {
      const { token } = await signIn(page, 'manager@example.com');
      const homes = z
        .array(z.pick(homeSchema, { id: true, Address: true }))
        .parse((await api(session.url(), token, 'GET', '/api/field_homes/listActive')).body);
      await page.getByRole('heading', { name: 'Homes overview' }).waitFor();
      await page.getByTestId('home-picker').click();
      await page.getByRole('button', { name: 'All homes' }).click();
      const target = homes[17];
      if (target === undefined) throw new Error('too few homes');
      await page
        .getByRole('dialog', { name: 'Home' })
        .getByLabel('Search by address')
        .fill(target.Address.slice(0, 12).toUpperCase());
      const option = page.getByRole('option', { name: target.Address });
      await option.click();
      await page.getByTestId('home-picker').getByText(target.Address.slice(0, 8)).waitFor();
      expect(await page.getByTestId('home-picker').getAttribute('aria-label')).toBe(
        `Home: ${target.Address}`,
      );

      const other = homes[3];
      if (other === undefined) throw new Error('too few homes');
      await page.evaluate((id) => {
        window.history.pushState({}, '', `/homes/inspections/permits?homeId=${id}`);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, other.id);
      // The parameter chooses the home, then the address is replaced without it. (The
      // overview behind may show the home's card, a heading of the same name: the screen's
      // heading is looked for once the address has changed.)
      await page.waitForURL(
        (url) => url.pathname === '/homes/inspections/permits' && url.search === '',
      );
      await page.getByRole('heading', { name: other.Address }).waitFor();
      expect(new URL(page.url()).search).toBe('');
      expect(await page.getByTestId('home-picker').getAttribute('aria-label')).toBe(
        `Home: ${other.Address}`,
      );
    });
  });

  it('shows a new notification live, marks it read when opened, marks all read and deletes', async () => {
    await session.online.withPage(DESKTOP, async (page) => {
      const { user } = await signIn(page, 'builder@example.com');
      await page.getByRole('heading', { name: 'Homes overview' }).waitFor();
      // The bell says its count in its label: "Notifications, N unread".
      const bell = page.getByTestId('notifications-bell');
      const unread = async (): Promise<number> =>
        Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? 'NaN');
      const countIs = (n: number) =>
        page.waitForFunction(
          (expected) =>
            document
              .querySelector('[data-testid="notifications-bell"]')
              ?.getAttribute('aria-label') === `Notifications, ${expected} unread`,
          n,
        );
      await page.waitForFunction(() =>
        /[1-9]\d* unread/.test(
          document
            .querySelector('[data-testid="notifications-bell"]')
            ?.getAttribute('aria-label') ?? '',
        ),
      );
      const before = await unread();

      const admin = await tokenFor(session.url(), 'admin@example.com');
      const title = `Inspection moved to Friday ${Date.now()}`;
      const created = await api(session.url(), admin, 'POST', '/api/notifications', {
        title,
        userId: user.id,
        app: 'field',
        metadata: { homeAddress: '1 Test Street' },
      });
      expect(created.status).toBe(201);

      // No reload: the stream brings it.
      await countIs(before + 1);
      await bell.click();
      const item = page.getByRole('dialog').locator('[data-notification-id]', { hasText: title });
      await item.waitFor();
      expect(await item.getAttribute('data-read')).toBe('false');
      await item.getByRole('button').first().click();
      await countIs(before);
      await page.getByRole('link', { name: 'See all notifications' }).click();
      await page.waitForURL('**/account/notifications');

      const row = page.locator('[data-notification-id]', { hasText: title });
      await row.waitFor();
      expect(
        await page.locator('[data-notification-id][data-read="false"]').count(),
      ).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Mark all as read' }).click();
      await countIs(0);
      await page.waitForFunction(
        () => document.querySelector('[data-notification-id][data-read="false"]') === null,
      );

      await row.getByRole('button', { name: `Delete ${title}` }).click();
      await row.waitFor({ state: 'detached' });
      const builder = await tokenFor(session.url(), 'builder@example.com');
      const left = await api(session.url(), builder, 'GET', '/api/notifications?pageSize=100');
      expect(JSON.stringify(left.body)).not.toContain(title);
    });
  });

  it('sends feedback tagged with the selected home, and an admin reads it', async () => {
    const message = `The permit list should show inspectors ${Date.now()}`;
    await session.online.withPage(PHONE, async (page) => {
      await signIn(page, 'manager@example.com');
      const card = page.locator('[data-home-id]').first();
      await card.waitFor();
      const homeId = await card.getAttribute('data-home-id');
      await card.click();
      await page.getByTestId('profile-button').click();
      await page.getByRole('menuitem', { name: 'Feedback' }).click();
      const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
      await dialog.getByLabel('What would you like to tell us?').fill(message);
      await dialog.getByRole('button', { name: 'Send' }).click();
      await dialog.getByText('Thank you! Your feedback was sent.').waitFor();

      const admin = await tokenFor(session.url(), 'admin@example.com');
      const stored = await api(session.url(), admin, 'GET', '/api/feedback');
      const item = (
        stored.body as { feedback: { message: string; homeID: string | null }[] }
      ).feedback.find((f) => f.message === message); // Safe: the shape is checked by the expectations below.
      expect(item?.homeID).toBe(homeId);
    });
    await session.online.withPage(DESKTOP, async (page) => {
      await signIn(page, 'admin@example.com');
      await page.getByRole('heading', { name: 'Homes overview' }).waitFor();
      await page.goto(`${session.url()}/collaboration/staff`);
      await page.getByRole('tab', { name: 'Feedback' }).click();
      await page.getByText(message).waitFor();
    });
  });

  it('reads every page of the code host into the release roadmap', async () => {
    await session.online.withPage(DESKTOP, async (page) => {
      await signIn(page, 'cs@example.com');
      await page.getByRole('heading', { name: 'Homes overview' }).waitFor();
      await page.getByTestId('profile-button').click();
      await page.getByRole('menuitem', { name: 'Release Roadmap' }).click();
      await page.waitForURL('**/support/changelog');
      await page.getByText(`${ISSUES} issues of acme/roadmap`).waitFor();
      expect(await page.getByTestId('changelog-issue').count()).toBe(ISSUES);
      const issuePages = (codeHost?.requests ?? []).filter((r) =>
        r.startsWith('/repos/acme/roadmap/issues'),
      );
      expect(issuePages.length).toBeGreaterThanOrEqual(3);
      await page.getByRole('heading', { name: /Planned and in progress/ }).waitFor();
      await page.getByRole('heading', { name: /Done/ }).waitFor();
    });
  });
});
