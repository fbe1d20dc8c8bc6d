// The fault scenarios of the write queue, end to end (issue 14): a full disk while writes
// are queued, a new service worker activated during a drain, the server restarted during a
// drain, the draining tab closed while another waits, 10,000 writes queued offline, and a
// connection that drops and returns at random for a minute. Each counts the records on the
// server afterwards through the API: every write there once, none lost, none doubled.

import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { CIRCUIT_BREAKER, MESSAGES } from '@field/domain';
import { skipReasonFor } from './support/prerequisites.js';
import { REPO_ROOT } from './support/server.js';
import {
  addPhoneCall,
  deviceRows,
  homeWithStaff,
  openPhoneCalls,
  phoneCallsOf,
  queueDrained,
  serviceWorkerInstalled,
  waitForQueued,
} from './support/offline.js';
import type { ApiRecord } from './support/offline.js';
import {
  cloneQueuedWrite,
  exhaustQuota,
  quotaRestored,
  startFlakyProxy,
} from './support/faults.js';
import { DESKTOP, signIn, tokenFor, useE2eSession } from './support/session.js';

const skipReason = skipReasonFor('fault scenarios e2e');
const MANAGER = 'manager@example.com';
const BUILT_WEB = path.join(REPO_ROOT, 'apps/web/dist');
const REVISION_MESSAGE = 'E2E_REVISION';
/** The proxy's seed; set FAULTS_SEED to replay another run's cuts. */
const SEED = Number(process.env['FAULTS_SEED'] ?? '1414');

/** The notes of the home's calls that start with `tag`, sorted. */
function notesOf(calls: ApiRecord[], tag: string): string[] {
  return calls
    .map((call) => String(call['Notes']))
    .filter((notes) => notes.startsWith(`${tag} `))
    .sort();
}

/** `${tag} 1` ... `${tag} n` as cloneQueuedWrite names them, plus the extra notes, sorted. */
function expectedNotes(tag: string, cloned: number, extra: string[] = []): string[] {
  return [...Array.from({ length: cloned }, (_v, n) => `${tag} ${n + 1}`), ...extra].sort();
}

/**
 * The page's clock is Playwright's: it runs in real time, and `quietPeriodPassed` jumps it
 * over the circuit breaker's quiet period (docs/offline.md, "Circuit breaker and API
 * client") instead of the test waiting it out. What the breaker does is its unit test's; here
 * it only stands between an outage and the drain that follows it.
 */
async function quietPeriodPassed(page: Page): Promise<void> {
  await page.clock.fastForward(CIRCUIT_BREAKER.resetMs);
}

/** Signs in and reloads once the service worker is active, so the page is under it. */
async function signInControlled(page: Page): Promise<void> {
  await signIn(page, MANAGER);
  await page.getByRole('heading', { name: 'Homes overview' }).waitFor();
  await serviceWorkerInstalled(page);
  await page.reload();
  await page.getByRole('heading', { name: 'Homes overview' }).waitFor();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/**
 * Queues `1 + copies` phone calls offline: one through the screen's dialog (notes
 * `${tag} first`), the others copied from it straight into the device's queue.
 */
async function queueOffline(page: Page, tag: string, copies: number): Promise<void> {
  await page.context().setOffline(true);
  await page.getByTestId('offline-indicator').waitFor();
  await addPhoneCall(page, `${tag} first`);
  await waitForQueued(page, 1);
  if (copies > 0) await cloneQueuedWrite(page, copies, tag);
}

/**
 * Waits until no write of the device's queue is pending; failed ones (more than 3 transient
 * errors in a row, as the spec wants) the user sends again from the Mutation Queue with
 * Retry, as often as needed. Answers how many Retry clicks it took.
 */
async function settle(page: Page, base: string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let retried = 0;
  for (;;) {
    const rows = await deviceRows(page, 'mutations');
    const pending = rows.filter((row) => row['status'] === 'pending').length;
    const failed = rows.filter((row) => row['status'] === 'failed').length;
    if (pending === 0 && failed === 0) return retried;
    if (Date.now() > deadline) {
      throw new Error(`queue not settled: ${pending} pending, ${failed} failed`);
    }
    if (pending === 0) {
      if (!page.url().endsWith('/sync')) await page.goto(`${base}/sync`);
      const retry = page
        .locator('[data-testid="queued-write"][data-status="failed"]')
        .first()
        .getByRole('button', { name: 'Retry' });
      await retry.click();
      retried += 1;
    }
    await page.waitForTimeout(500);
  }
}

describe.skipIf(skipReason !== undefined)('fault scenarios of the write queue', () => {
  let webDist = '';
  let builtWorker = '';
  // The server serves a copy of apps/web/dist, so a test can publish a new sw.js.
  const session = useE2eSession(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'field-web-faults-'));
    await cp(BUILT_WEB, webDist, { recursive: true });
    builtWorker = await readFile(path.join(webDist, 'sw.js'), 'utf8');
    return { env: { WEB_DIST: webDist } };
  });
  afterAll(async () => {
    if (webDist !== '') await rm(webDist, { recursive: true, force: true });
  });

  it('storage full while writes are queued: the user is told, nothing queued is lost', async () => {
    const base = session.url();
    const token = await tokenFor(base, MANAGER);
    const home = await homeWithStaff(base, token, 0);
    const before = await phoneCallsOf(base, token, home.id);
    const tag = `quota-${Date.now()}`;
    await session.withPage(DESKTOP, async (page, context) => {
      await signIn(page, MANAGER);
      await openPhoneCalls(page, base, home.id);
      await context.setOffline(true);
      await page.getByTestId('offline-indicator').waitFor();
      for (const n of [1, 2, 3]) await addPhoneCall(page, `${tag} ${n}`);
      await waitForQueued(page, 3);

      await exhaustQuota(page);
      await page.getByRole('button', { name: 'Add phone call' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add phone call' });
      await dialog.getByLabel('Notes').fill(`${tag} 4`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      // Told in the dialog, which stays open with what was typed.
      await dialog.getByText(MESSAGES.enqueueFailed).waitFor();
      expect(await dialog.getByLabel('Notes').inputValue()).toBe(`${tag} 4`);
      await page.getByText(MESSAGES.storageFullCleared).first().waitFor();
      expect((await deviceRows(page, 'mutations')).length).toBe(3);
      await waitForQueued(page, 3);

      // Space again: the same dialog saves.
      await quotaRestored(page);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await waitForQueued(page, 4);

      await context.setOffline(false);
      await queueDrained(page);
    });
    const after = await phoneCallsOf(base, token, home.id);
    expect(notesOf(after, tag)).toEqual(expectedNotes(tag, 4));
    expect(after).toHaveLength(before.length + 4);
  });

  it('a new version activated in the middle of a drain loses and doubles nothing', async () => {
    const base = session.url();
    const token = await tokenFor(base, MANAGER);
    const home = await homeWithStaff(base, token, 1);
    const before = await phoneCallsOf(base, token, home.id);
    const tag = `new-worker-${Date.now()}`;
    const copies = 79;
    await writeFile(path.join(webDist, 'sw.js'), builtWorker);
    await session.withPage(DESKTOP, async (page, context) => {
      await signInControlled(page);
      await openPhoneCalls(page, base, home.id);
      // A deploy: the new sw.js answers which revision it is.
      await writeFile(
        path.join(webDist, 'sw.js'),
        `${builtWorker}\n;self.addEventListener('message', (event) => {` +
          ` if (event.data && event.data.type === '${REVISION_MESSAGE}') event.ports[0]?.postMessage(7);` +
          ` });\n`,
      );
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
      const prompt = page.getByTestId('app-update-prompt');
      await prompt.getByRole('button', { name: 'Reload' }).waitFor();

      await queueOffline(page, tag, copies);
      // Each batch takes a while on the server's side, so the drain lasts some seconds.
      let batches = 0;
      let started: () => void = () => undefined;
      const draining = new Promise<void>((resolve) => {
        started = resolve;
      });
      await page.route('**/api/batch', async (route) => {
        batches += 1;
        started();
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.continue().catch(() => undefined);
      });
      await context.setOffline(false);
      await draining;
      const reloaded = page.waitForEvent('load', { timeout: 60_000 });
      await prompt.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      // The page went over to the new version only once the drain was done.
      expect(notesOf(await phoneCallsOf(base, token, home.id), tag)).toHaveLength(copies + 1);
      await page.getByRole('heading').first().waitFor();
      const revision = await page.evaluate(
        (type) =>
          new Promise<unknown>((resolve) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = (event: MessageEvent<unknown>) => resolve(event.data);
            navigator.serviceWorker.controller?.postMessage({ type }, [channel.port2]);
          }),
        REVISION_MESSAGE,
      );
      expect(revision).toBe(7);
      await queueDrained(page);
      expect(batches).toBeGreaterThan(1);
    });
    await writeFile(path.join(webDist, 'sw.js'), builtWorker);
    const after = await phoneCallsOf(base, token, home.id);
    expect(notesOf(after, tag)).toEqual(expectedNotes(tag, copies, [`${tag} first`]));
    expect(after).toHaveLength(before.length + copies + 1);
  });

  it('the server restarted in the middle of a drain loses and doubles nothing', async () => {
    const base = session.url();
    const token = await tokenFor(base, MANAGER);
    const home = await homeWithStaff(base, token, 2);
    const before = await phoneCallsOf(base, token, home.id);
    const tag = `restart-${Date.now()}`;
    const copies = 399;
    let settledWithRetries = 0;
    await session.withPage(DESKTOP, async (page, context) => {
      await context.clock.install();
      await signInControlled(page);
      await openPhoneCalls(page, base, home.id);
      await queueOffline(page, tag, copies);
      await page.goto(`${base}/homes/overview`);
      const firstAnswer = page.waitForResponse((r) => r.url().endsWith('/api/batch'));
      await context.setOffline(false);
      await firstAnswer;
      // Killed while batches are on their way, up again 2 s later on the same database.
      await session.server().restart(2000);
      await quietPeriodPassed(page);
      settledWithRetries = await settle(page, base, 120_000);
    });
    const after = await phoneCallsOf(base, token, home.id);
    expect(notesOf(after, tag)).toEqual(expectedNotes(tag, copies, [`${tag} first`]));
    expect(after).toHaveLength(before.length + copies + 1);
    expect(settledWithRetries).toBe(0);
  }, 180_000);

  it('the draining tab closed while another waits: the other takes over', async () => {
    const base = session.url();
    const token = await tokenFor(base, MANAGER);
    const home = await homeWithStaff(base, token, 3);
    const before = await phoneCallsOf(base, token, home.id);
    const tag = `tab-handover-${Date.now()}`;
    const copies = 99;
    await session.withPage(DESKTOP, async (first, context) => {
      await signIn(first, MANAGER);
      await openPhoneCalls(first, base, home.id);
      const second = await context.newPage();
      await openPhoneCalls(second, base, home.id);
      await queueOffline(first, tag, copies);

      // Whichever tab drains first gets its batches to the server, then never hears back.
      let drainer: Page | undefined;
      let closed = false;
      const sentBy = new Map<Page, number>();
      let reached: () => void = () => undefined;
      const committed = new Promise<void>((resolve) => {
        reached = resolve;
      });
      const hold = (page: Page) => async (route: Route) => {
        sentBy.set(page, (sentBy.get(page) ?? 0) + 1);
        if (closed) {
          await route.continue();
          return;
        }
        drainer ??= page;
        await route.fetch().catch(() => undefined);
        reached();
        await new Promise(() => undefined);
      };
      await first.route('**/api/batch', hold(first));
      await second.route('**/api/batch', hold(second));
      await context.setOffline(false);
      await committed;
      const waiting = drainer === first ? second : first;
      expect(sentBy.get(waiting) ?? 0).toBe(0);
      closed = true;
      await drainer?.close({ runBeforeUnload: false });
      await queueDrained(waiting);
      expect(sentBy.get(waiting) ?? 0).toBeGreaterThan(0);
    });
    const after = await phoneCallsOf(base, token, home.id);
    expect(notesOf(after, tag)).toEqual(expectedNotes(tag, copies, [`${tag} first`]));
    expect(after).toHaveLength(before.length + copies + 1);
  });

  it('10,000 writes queued offline are drained, each stored once', async () => {
    const base = session.url();
    const token = await tokenFor(base, MANAGER);
    const home = await homeWithStaff(base, token, 4);
    const before = await phoneCallsOf(base, token, home.id);
    const tag = `ten-thousand-${Date.now()}`;
    const copies = 9_999;
    await session.withPage(DESKTOP, async (page, context) => {
      await signInControlled(page);
      await openPhoneCalls(page, base, home.id);
      await queueOffline(page, tag, copies);
      // Away from the list, which would draw 10,000 pending rows.
      await page.goto(`${base}/homes/overview`);
      await waitForQueued(page, copies + 1);
      await context.setOffline(false);
      await queueDrained(page, 240_000);
    });
    const after = await phoneCallsOf(base, token, home.id);
    expect(notesOf(after, tag)).toEqual(expectedNotes(tag, copies, [`${tag} first`]));
    expect(after).toHaveLength(before.length + copies + 1);
  }, 300_000);

  it('a connection that drops and returns at random for a minute loses and doubles nothing', async () => {
    const base = session.url();
    const token = await tokenFor(base, MANAGER);
    const home = await homeWithStaff(base, token, 5);
    const before = await phoneCallsOf(base, token, home.id);
    const tag = `flaky-${Date.now()}`;
    const proxy = await startFlakyProxy(base, SEED);
    const added: string[] = [];
    let retries = 0;
    try {
      await session.withPage(DESKTOP, async (page, context) => {
        await context.clock.install();
        await page.goto(`${proxy.url}/login`);
        await signInControlled(page);
        await openPhoneCalls(page, proxy.url, home.id);
        await queueOffline(page, tag, 200);
        added.push(`${tag} first`);
        await page.context().setOffline(false);
        proxy.startChaos();
        const end = Date.now() + 60_000;
        while (Date.now() < end) {
          const notes = `${tag} ui-${added.length}`;
          await addPhoneCall(page, notes);
          added.push(notes);
          await page.waitForTimeout(1_500);
        }
        proxy.calm();
        await quietPeriodPassed(page);
        retries = await settle(page, proxy.url, 150_000);
      });
    } finally {
      console.info(`[faults] proxy seed ${SEED}: ${JSON.stringify(proxy.stats())}`);
      await proxy.close();
    }
    console.info(`[faults] ${added.length} writes through the form, ${retries} retried by hand`);
    expect(proxy.stats().cut).toBeGreaterThan(0);
    const after = await phoneCallsOf(base, token, home.id);
    expect(notesOf(after, tag)).toEqual(expectedNotes(tag, 200, added));
    expect(after).toHaveLength(before.length + 200 + added.length);
  }, 300_000);
});
