// The installable app end to end: the service worker precaches the shell and every screen,
// so a reload offline opens the app on any route, and a new version waits behind the
// update prompt (Reload or Close). The server serves a copy of apps/web/dist, so a test can
// publish a new sw.js the way a deploy does.

import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { skipReasonFor } from './support/prerequisites.js';
import { REPO_ROOT } from './support/server.js';
import { DESKTOP, PHONE, signIn, useE2eSession } from './support/session.js';
import { serviceWorkerInstalled } from './support/offline.js';

const skipReason = skipReasonFor('offline shell e2e');
const BUILT_WEB = path.join(REPO_ROOT, 'apps/web/dist');
const REVISION_MESSAGE = 'E2E_REVISION';
const MANIFEST_ICONS = [
  { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

/** Resolves once a service worker is active for the page (it controls the next navigation). */
async function serviceWorkerActive(page: Page): Promise<void> {
  await serviceWorkerInstalled(page);
}

async function controlled(page: Page): Promise<boolean> {
  return page.evaluate(() => navigator.serviceWorker.controller !== null);
}

/** Asks the worker in control which revision of sw.js it runs (see publishRevision). */
async function controllerRevision(page: Page): Promise<unknown> {
  return page.evaluate(
    (type) =>
      new Promise<unknown>((resolve, reject) => {
        const controller = navigator.serviceWorker.controller;
        if (controller === null) {
          reject(new Error('no service worker controls the page'));
          return;
        }
        const channel = new MessageChannel();
        channel.port1.onmessage = (event: MessageEvent<unknown>) => resolve(event.data);
        controller.postMessage({ type }, [channel.port2]);
      }),
    REVISION_MESSAGE,
  );
}

/** Whether a new version is installed and waiting for the user's Reload. */
async function versionWaiting(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return (registration?.waiting ?? null) !== null;
  });
}

/** Asks the browser to look for a new sw.js now, as it does on navigations and hourly. */
async function checkForUpdate(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
  });
}

/**
 * Offline on a phone, every control of the header is on the screen (the account's menu
 * holds sign-out) and the home picker keeps room for a few characters of its label.
 */
async function expectHeaderFits(page: Page, width: number): Promise<void> {
  const banner = page.getByRole('banner');
  await banner.getByTestId('offline-indicator').waitFor();
  for (const id of [
    'menu-button',
    'offline-indicator',
    'home-picker',
    'data-panel-button',
    'profile-button',
  ]) {
    const box = await banner.getByTestId(id).boundingBox();
    expect(box, id).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0), `${id} at ${width} px`).toBeLessThanOrEqual(width);
  }
  const label = await banner
    .getByTestId('home-picker-label')
    .evaluate((span) => span.getBoundingClientRect().width);
  expect(label, `the home picker's label at ${width} px`).toBeGreaterThanOrEqual(40);
}

describe.skipIf(skipReason !== undefined)('the installable app', () => {
  let webDist = '';
  let builtWorker = '';
  const session = useE2eSession(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'field-web-sw-'));
    await cp(BUILT_WEB, webDist, { recursive: true });
    builtWorker = await readFile(path.join(webDist, 'sw.js'), 'utf8');
    return { env: { WEB_DIST: webDist } };
  });
  afterAll(async () => {
    if (webDist !== '') await rm(webDist, { recursive: true, force: true });
  });
  beforeEach(async () => {
    // Every test starts from the version that was built.
    if (webDist !== '') await writeFile(path.join(webDist, 'sw.js'), builtWorker);
  });

  /** Deploys a changed sw.js whose worker answers `revision` when asked. */
  async function publishRevision(revision: number): Promise<void> {
    const answer =
      `\n;self.addEventListener('message', (event) => {` +
      ` if (event.data && event.data.type === '${REVISION_MESSAGE}') event.ports[0]?.postMessage(${revision});` +
      ` });\n`;
    await writeFile(path.join(webDist, 'sw.js'), builtWorker + answer);
  }

  /** Opens the sign-in page under the service worker of the built version. */
  async function openControlledPage(page: Page): Promise<void> {
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await serviceWorkerActive(page);
    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await controlled(page)).toBe(true);
  }

  it('serves the manifest with its icons, and sw.js without a long cache lifetime', async () => {
    const manifest = await fetch(`${session.url()}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toContain('application/manifest+json');
    const body: unknown = await manifest.json();
    expect(body).toMatchObject({
      name: 'Field App',
      start_url: '/homes/overview',
      scope: '/',
      display: 'standalone',
      theme_color: '#17466e',
      icons: MANIFEST_ICONS,
    });
    for (const icon of MANIFEST_ICONS) {
      const png = await fetch(`${session.url()}${icon.src}`);
      expect(png.status).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
    }

    const worker = await fetch(`${session.url()}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toContain('javascript');
    // Revalidated on every update check, never served stale from an HTTP cache.
    expect(worker.headers.get('cache-control')).toMatch(/max-age=0\b|no-cache|no-store/);
    expect(worker.headers.get('etag')).not.toBeNull();
  });

  it('opens the signed-in app offline after a reload on a deep route, and a screen never opened', async () => {
    await session.withPage(PHONE, async (page, context) => {
      await signIn(page, 'manager@example.com');
      await page.getByRole('heading', { name: 'Homes overview' }).waitFor();
      await serviceWorkerActive(page);

      // Navigations after the worker is active are under its control.
      await page.goto(`${session.url()}/homes/inspections/permits`);
      await page.getByRole('heading', { name: 'Permits' }).waitFor();
      await page.goto(`${session.url()}/collaboration/vendors`);
      await page.getByRole('heading', { name: 'Vendors' }).waitFor();
      await page.goto(`${session.url()}/homes/inspections/permits`);
      await page.getByRole('heading', { name: 'Permits' }).waitFor();
      expect(await controlled(page)).toBe(true);

      await context.setOffline(true);
      const reloaded = await page.reload();
      expect(reloaded?.fromServiceWorker()).toBe(true);
      // The signed-in shell (the header with the account's menu), not the sign-in page.
      const banner = page.getByRole('banner');
      await banner.getByTestId('profile-button').waitFor();
      await page.getByRole('heading', { name: 'Permits' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/homes/inspections/permits');
      await expectHeaderFits(page, PHONE.width);
      await page.setViewportSize({ width: 360, height: 740 });
      await expectHeaderFits(page, 360);
      await page.setViewportSize(PHONE);

      // The calendar was never opened: its code came with the precache.
      const calendar = await page.goto(`${session.url()}/homes/calendar`);
      expect(calendar?.fromServiceWorker()).toBe(true);
      await page.getByRole('heading', { name: 'Calendar' }).waitFor();
      await banner.getByTestId('profile-button').waitFor();
    });
  });

  it('shows the update prompt for a new version; Close warns that offline features may not be available', async () => {
    await session.withPage(PHONE, async (page) => {
      await openControlledPage(page);
      const prompt = page.getByTestId('app-update-prompt');
      expect(await prompt.isVisible()).toBe(false);

      await publishRevision(1);
      await checkForUpdate(page);
      await prompt.getByText('A new version is ready').waitFor();
      await prompt.getByRole('button', { name: 'Reload' }).waitFor();
      await prompt.getByRole('button', { name: 'Close' }).click();
      await page
        .getByText(
          'Update postponed. Offline features may not be available until you reload the app.',
        )
        .waitFor();
      await prompt.waitFor({ state: 'hidden' });
      // Closed, the new version keeps waiting: the page stays under the old one.
      expect(await versionWaiting(page)).toBe(true);
      expect(await controlled(page)).toBe(true);
    });
  });

  it('Reload activates the waiting version and reloads the page once it is in control', async () => {
    await session.withPage(DESKTOP, async (page) => {
      await openControlledPage(page);

      await publishRevision(2);
      await checkForUpdate(page);
      const prompt = page.getByTestId('app-update-prompt');
      await prompt.getByRole('button', { name: 'Reload' }).waitFor();

      // A mark that a reload wipes.
      await page.evaluate(() => Object.assign(window, { beforeUpdate: true }));
      const reloaded = page.waitForEvent('load');
      await prompt.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(false);
      expect(await controllerRevision(page)).toBe(2);
      expect(await versionWaiting(page)).toBe(false);
      expect(await prompt.isVisible()).toBe(false);
    });
  });

  it('API calls go to the network without waking the service worker', async () => {
    // The worker keeps no API answers: it counts the fetch events it sees, by kind.
    await writeFile(
      path.join(webDist, 'sw.js'),
      `${builtWorker}\n;const seen = { api: 0, other: 0 };` +
        ` self.addEventListener('fetch', (event) => {` +
        ` if (new URL(event.request.url).pathname.startsWith('/api/')) seen.api += 1; else seen.other += 1; });` +
        ` self.addEventListener('message', (event) => {` +
        ` if (event.data && event.data.type === '${REVISION_MESSAGE}') event.ports[0]?.postMessage(seen); });\n`,
    );
    await session.withPage(DESKTOP, async (page) => {
      await openControlledPage(page);
      let apiCalls = 0;
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls += 1;
      });
      await signIn(page, 'manager@example.com');
      await page.getByRole('heading', { name: 'Homes overview' }).waitFor();
      expect(apiCalls).toBeGreaterThan(0);
      // The worker did see the page's own files (the reload under its control).
      const seen = (await controllerRevision(page)) as { api: number; other: number };
      expect(seen.api).toBe(0);
      expect(seen.other).toBeGreaterThan(0);
    });
  });
});
