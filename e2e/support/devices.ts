// Devices the app is already installed on: browser contexts whose service worker has
// installed, reused by the tests of one Vitest worker. A new context with the worker costs
// some 1.7 CPU-seconds more than one that has it (the install stores the whole precache;
// docs/performance.md), and most offline tests are about what the app does on a device it
// runs on, not about its first install (e2e/offline-shell.test.ts tests that, on contexts of
// its own). Between two tests a device is cleared as a new one would be: its pages closed,
// back online, no routes, no cookies, and the site's storage emptied (IndexedDB, local
// storage) but for the service worker and its precache.

import type { Browser, BrowserContext } from 'playwright-core';

export interface Device {
  context: BrowserContext;
  /** Gives the device back: cleared for the next test, or closed when it cannot be reused. */
  release(reusable: boolean): Promise<void>;
}

/** The site's storage a test can leave behind; the service worker and its caches stay. */
const CLEARED_STORAGE = [
  'cookies',
  'file_systems',
  'indexeddb',
  'local_storage',
  'shared_storage',
  'storage_buckets',
  'websql',
].join(',');

/** Events a test may listen to on its context; their listeners go with the test. */
const TEST_EVENTS = [
  'console',
  'dialog',
  'page',
  'request',
  'requestfailed',
  'requestfinished',
  'response',
  'weberror',
] as const;

/** Free devices of each browser, by server and viewport. */
const free = new WeakMap<Browser, Map<string, BrowserContext[]>>();
const closedContexts = new WeakSet<BrowserContext>();

function poolOf(browser: Browser, baseUrl: string, viewport: { width: number; height: number }) {
  const pools = free.get(browser) ?? new Map<string, BrowserContext[]>();
  free.set(browser, pools);
  const key = `${baseUrl} ${viewport.width}x${viewport.height}`;
  const pool = pools.get(key) ?? [];
  pools.set(key, pool);
  return pool;
}

/**
 * A device with the app's service worker active for `baseUrl`: a free one of the same
 * browser and viewport, or a new context on which `/login` was opened until the worker took
 * over, so every page the test opens is controlled by it from its first load.
 */
export async function takeDevice(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number },
): Promise<Device> {
  const pool = poolOf(browser, baseUrl, viewport);
  const context = pool.pop() ?? (await installedContext(browser, baseUrl, viewport));
  let changed = false;
  // A fake clock or an init script stays with a context for good: such a device is not
  // given to another test.
  const { clock } = context;
  const install = clock.install.bind(clock);
  clock.install = (options) => {
    changed = true;
    return install(options);
  };
  const addInitScript = context.addInitScript.bind(context);
  context.addInitScript = ((...args: Parameters<BrowserContext['addInitScript']>) => {
    changed = true;
    return addInitScript(...args);
  }) as BrowserContext['addInitScript'];
  return {
    context,
    async release(reusable) {
      clock.install = install;
      context.addInitScript = addInitScript;
      if (closedContexts.has(context)) return;
      if (!reusable || changed || !(await cleared(context, baseUrl))) {
        await context.close().catch(() => undefined);
        return;
      }
      pool.push(context);
    },
  };
}

async function installedContext(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number },
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  context.setDefaultTimeout(30_000);
  context.on('close', () => closedContexts.add(context));
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.close();
    return context;
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** Clears what a test left on the device; false when that failed (the device is closed). */
async function cleared(context: BrowserContext, baseUrl: string): Promise<boolean> {
  try {
    await Promise.all(context.pages().map((open) => open.close({ runBeforeUnload: false })));
    for (const event of TEST_EVENTS) context.removeAllListeners(event);
    await context.setOffline(false);
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.clearCookies();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', {
      origin: new URL(baseUrl).origin,
      storageTypes: CLEARED_STORAGE,
    });
    await cdp.detach();
    await page.close();
    return true;
  } catch {
    return false;
  }
}
