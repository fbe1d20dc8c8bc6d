// What every browser test does: the run's shared server and browser (or a file's own), a
// context per test (on the shared browser, a device the app is installed on, cleared for
// it), sign-in through the form, and calls to the API as a signed-in user.

import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import type { UserDocument } from '@field/domain';
import { userDocumentSchema } from '@field/domain';
import { launchBrowser } from './browser.js';
import { takeDevice } from './devices.js';
import type { RunningServer, ServerOptions } from './server.js';
import { startServer } from './server.js';

const PASSWORD = 'demo-password';
export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1440, height: 900 } as const;
export type Viewport = { width: number; height: number };
/**
 * Options of a context for a test that stays online: without the app's service worker
 * (E2eSession.online says why).
 */
export const ONLINE_CONTEXT = { serviceWorkers: 'block' } as const satisfies BrowserContextOptions;

export interface SignedIn {
  token: string;
  user: UserDocument;
}

export interface E2eSession {
  url(): string;
  server(): RunningServer;
  browser(): Browser;
  /**
   * A fresh context with one page opened at `path`, for tests that share a page (a
   * `beforeAll` opens it, an `afterAll` closes the context); `withPage` for one test.
   */
  openPage(viewport: Viewport, path?: string): Promise<{ page: Page; context: BrowserContext }>;
  /**
   * One page opened at `path` for `run`. On the run's shared browser, the context is a device
   * the app's service worker is already installed on and in control of, from the page's first
   * load, cleared of what an earlier test left (support/devices.ts); on a file's own browser,
   * a new context, closed after `run`.
   */
  withPage(
    viewport: Viewport,
    run: (page: Page, context: BrowserContext) => Promise<void>,
    path?: string,
  ): Promise<void>;
  /**
   * The same, for a test that stays online: its contexts run without the app's service
   * worker. The worker's precache costs some 1.7 CPU-seconds per context (docs/performance.md)
   * and a test that never goes offline gains nothing from it: the page it opens is not
   * controlled by the worker it installs (it does not claim open pages), and online the
   * server answers every later load just as the worker would. A test that goes offline, or
   * reloads to be controlled, uses the session itself.
   */
  online: Pick<E2eSession, 'withPage'>;
}

/**
 * The server this worker's files share (support/global-setup.ts starts one per worker),
 * already running; undefined when the global setup started none. Vitest numbers the workers
 * running at once 1 to maxWorkers (VITEST_POOL_ID), so two files that run side by side never
 * share one. It stops after the run: `stop` leaves it running and `restart` refuses.
 */
export function sharedServer(): RunningServer | undefined {
  const shared = inject('e2eShared');
  if (shared === undefined) return undefined;
  const worker = Number(process.env['VITEST_POOL_ID'] ?? '1');
  const server = shared.servers[(worker - 1) % shared.servers.length];
  if (server === undefined) return undefined;
  return {
    url: server.url,
    dataDir: server.dataDir,
    stop: () => Promise.resolve(),
    restart: () =>
      Promise.reject(
        new Error('the shared server does not restart: start one for the file, useE2eSession({})'),
      ),
  };
}

/**
 * The run's shared Chromium, connected once per Vitest worker: the worker's files share its
 * loaded modules (vitest.config.ts), and so the connection and the devices on it
 * (support/devices.ts). The run's global setup closes the browser after the last file.
 */
let workerBrowser: { endpoint: string; browser: Promise<Browser> } | undefined;

function sharedBrowser(endpoint: string): Promise<Browser> {
  if (workerBrowser?.endpoint !== endpoint) {
    const browser = chromium.connect(endpoint);
    workerBrowser = { endpoint, browser };
    const forget = (): void => {
      if (workerBrowser?.browser === browser) workerBrowser = undefined;
    };
    browser.then((connected) => connected.once('disconnected', forget), forget);
  }
  return workerBrowser.browser;
}

/**
 * A server and Chromium for the file's tests: without options the run's shared ones (the
 * file's contexts are closed after it, but for the devices its tests leave to the next:
 * `withPage` with the service worker takes an installed one, support/devices.ts), with
 * options (even `{}`) a server and a browser of the file's own, started before its tests
 * and stopped after, every test on a new context.
 */
export function useE2eSession(
  options?: ServerOptions | (() => Promise<ServerOptions>),
): E2eSession {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let shared = false;
  /** The contexts this file opened on the shared browser, closed after it. */
  const opened = new Set<BrowserContext>();
  beforeAll(async () => {
    const run = options === undefined ? inject('e2eShared') : undefined;
    if (run !== undefined) {
      server = sharedServer();
      browser = await sharedBrowser(run.browserEndpoint);
      shared = true;
      return;
    }
    server = await startServer(typeof options === 'function' ? await options() : options);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    // The shared browser stays connected for the worker's next file; a launched one closes.
    if (shared) {
      await Promise.all([...opened].map((context) => context.close().catch(() => undefined)));
    } else {
      await browser?.close();
    }
    await server?.stop();
  });
  const running = (): RunningServer => {
    if (server === undefined) throw new Error('server not started');
    return server;
  };
  const launched = (): Browser => {
    if (browser === undefined) throw new Error('browser not launched');
    return browser;
  };
  /** Opening and using pages with the given context options (the service worker's). */
  const pages = (
    contextOptions: BrowserContextOptions,
  ): Pick<E2eSession, 'openPage' | 'withPage'> => {
    const openPage = async (
      viewport: Viewport,
      path = '/login',
    ): Promise<{ page: Page; context: BrowserContext }> => {
      const context = await launched().newContext({ ...contextOptions, viewport });
      opened.add(context);
      context.once('close', () => opened.delete(context));
      // Generous: CI shares two cores between the browser, the server and the tests.
      context.setDefaultTimeout(30_000);
      try {
        const page = await context.newPage();
        await page.goto(`${running().url}${path}`);
        return { page, context };
      } catch (error) {
        await context.close();
        throw error;
      }
    };
    /** A page on a device of the shared browser with the app installed (support/devices.ts). */
    const onDevice = async (
      viewport: Viewport,
      run: (page: Page, context: BrowserContext) => Promise<void>,
      path: string,
    ): Promise<void> => {
      const device = await takeDevice(launched(), running().url, viewport);
      let passed = false;
      let page: Page | undefined;
      try {
        page = await device.context.newPage();
        await page.goto(`${running().url}${path}`);
        await run(page, device.context);
        passed = true;
      } catch (error) {
        if (page !== undefined) await tellWhatThePageShowed(page);
        throw error;
      } finally {
        // A device whose test failed is not given to another.
        await device.release(passed);
      }
    };
    return {
      openPage,
      async withPage(viewport, run, path = '/login') {
        if (shared && contextOptions.serviceWorkers !== 'block') {
          await onDevice(viewport, run, path);
          return;
        }
        const { page, context } = await openPage(viewport, path);
        try {
          await run(page, context);
        } catch (error) {
          await tellWhatThePageShowed(page);
          throw error;
        } finally {
          await context.close();
        }
      },
    };
  };
  return {
    url: () => running().url,
    server: running,
    browser: launched,
    ...pages({}),
    online: pages(ONLINE_CONTEXT),
  };
}

/**
 * On a failure, what the page showed goes to the test's output (a CI log is all a failed run
 * leaves): its address and visible text, and a picture under test-results/failures.
 */
async function tellWhatThePageShowed(page: Page): Promise<void> {
  try {
    const text = await page.evaluate(() => document.body.innerText);
    console.error(`The page at ${page.url()} showed:\n${text.slice(0, 2000)}`);
    const dir = join('test-results', 'failures');
    await mkdir(dir, { recursive: true });
    await page.screenshot({ path: join(dir, `${Date.now()}.png`) });
  } catch {
    // The page is gone (closed, crashed): the test's own error says enough.
  }
}

export async function submitSignIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through the form and returns the token and user the page received. */
export async function signIn(page: Page, email: string): Promise<SignedIn> {
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
  await submitSignIn(page, email);
  const response = await answer;
  expect(response.status()).toBe(200);
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null || !('accessToken' in body)) {
    throw new Error('sign-in answer without accessToken');
  }
  const token = body.accessToken;
  if (typeof token !== 'string') throw new Error('accessToken is not a string');
  const user = userDocumentSchema.parse('user' in body ? body.user : undefined);
  return { token, user };
}

/** A call to the API as a signed-in user, outside the page. */
export async function api(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

/** The user document of the account `email`, as its sign-in answers it. */
export async function userOf(baseUrl: string, email: string): Promise<UserDocument> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = (await response.json()) as { user?: unknown }; // Checked on the next line.
  return userDocumentSchema.parse(body.user);
}

/** A token for an account, straight from the API (no browser). */
export async function tokenFor(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = (await response.json()) as { accessToken?: unknown }; // Checked on the next line.
  if (typeof body.accessToken !== 'string') throw new Error(`no token for ${email}`);
  return body.accessToken;
}
