// Telemetry end to end (docs/operations.md, Telemetry), against a local stand-in for a
// Sentry server. An error thrown in a screen arrives with its route and the release; each
// navigation gives one trace; a recorded session's replay masks what the screen showed. No
// payload holds the password, the token or a seeded buyer's name. Over 200 sessions, one in
// ten is recorded. Without SENTRY_DSN nothing is sent (first-load.test.ts keeps the
// first load's budget).

import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { APP_VERSION } from '@field/domain';
import type { TelemetryReceiver } from '../apps/server/src/test/telemetry-receiver.js';
import { startTelemetryReceiver } from '../apps/server/src/test/telemetry-receiver.js';
import { skipReasonFor } from './support/prerequisites.js';
import { DESKTOP, ONLINE_CONTEXT, signIn, tokenFor, useE2eSession } from './support/session.js';

const skipReason = skipReasonFor('telemetry e2e');
const MANAGER = 'manager@example.com';
const PASSWORD = 'demo-password';
/**
 * Sessions counted, as many as issue 34 asks for: their draws are spread evenly over [0, 1),
 * so the share is the configured rate, not the luck of the draws (each is a whole page load).
 */
const SESSIONS = 200;
/**
 * Tabs that load the sessions side by side, each one after another: a reload of a tab that
 * was told to forget its last session is a new session to the SDK, as a new tab would be, and
 * costs half the CPU of opening one (docs/performance.md).
 */
const AT_ONCE = 10;

async function until<T>(what: string, look: () => T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = look();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Whether the telemetry SDK runs in the page (it is fetched after the first paint). */
async function sdkStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => '__SENTRY__' in globalThis, undefined, { timeout: 30_000 });
}

describe.skipIf(skipReason !== undefined)('telemetry to a local receiver', () => {
  let receiver: TelemetryReceiver | undefined;
  const session = useE2eSession(async () => {
    receiver = await startTelemetryReceiver();
    return { env: { SENTRY_DSN: receiver.dsn, SENTRY_ENVIRONMENT: 'e2e' } };
  });
  afterAll(async () => {
    await receiver?.close();
  });
  const received = (): TelemetryReceiver => {
    if (receiver === undefined) throw new Error('no receiver');
    return receiver;
  };

  it('sends an error with its route and release, a trace per navigation and a masked replay, and no secret', async () => {
    const base = session.url();
    const token = await tokenFor(base, MANAGER);
    const homes = (await (
      await fetch(`${base}/api/field_homes/listActive`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { id: string }[];
    let buyerHome: string | undefined;
    let buyerNames: string[] = [];
    for (const home of homes) {
      const buyers = (await (
        await fetch(`${base}/api/field_collaboration/buyers/listByHome?homeId=${home.id}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { Name: string }[];
      if (buyers.length > 0) {
        buyerHome = home.id;
        buyerNames = buyers.map((b) => b.Name);
        break;
      }
    }
    expect(buyerHome, 'a seeded home with buyers').toBeDefined();

    const tokens: string[] = [];
    const traced = (path: string) => () => (received().traces().includes(path) ? true : undefined);
    const context = await session.browser().newContext({ ...ONLINE_CONTEXT, viewport: DESKTOP });
    context.setDefaultTimeout(30_000);
    try {
      // This session is one of the recorded tenth: the sampling's draw comes out low.
      await context.addInitScript(() => {
        Math.random = () => 0.01;
      });
      const page = await context.newPage();
      page.on('request', (request) => {
        const authorization = request.headers()['authorization'];
        if (authorization !== undefined) tokens.push(authorization.replace(/^Bearer /, ''));
      });
      await page.goto(`${base}/login`);
      await sdkStarted(page);
      const signedIn = await signIn(page, MANAGER);
      tokens.push(signedIn.token);
      await page.waitForURL('**/homes/overview');
      await until('the overview trace', traced('navigation /homes/overview'));
      await page.goto(`${base}/collaboration/buyers?homeId=${buyerHome ?? ''}`);
      await page
        .getByText(buyerNames[0] ?? '')
        .first()
        .waitFor();
      await sdkStarted(page);
      await page.evaluate(() => {
        setTimeout(() => {
          throw new Error('telemetry e2e: thrown in a screen');
        }, 0);
      });
      await until('the error event', () =>
        received().items.find((i) => i.type === 'event' && i.text.includes('thrown in a screen')),
      );
      await until('the buyers trace', traced('pageload /collaboration/buyers'));
      await until('a replay recording', () =>
        received().items.find((i) => i.type === 'replay_recording'),
      );
    } finally {
      await context.close();
    }

    const event = received().items.find(
      (i) => i.type === 'event' && i.text.includes('thrown in a screen'),
    )?.json;
    expect(event?.['release']).toBe(APP_VERSION);
    expect(event?.['environment']).toBe('e2e');
    expect(event?.['tags']).toMatchObject({ route: '/collaboration/buyers' });

    const traces = received().traces();
    // The page's own traces (the server's are named by method and route): one per load or
    // navigation, the sign-in's load, the overview's navigation and the buyers' load.
    const ofPage = traces.filter((name) => /^(pageload|navigation) /.test(name)).sort();
    expect(ofPage).toEqual([
      'navigation /homes/overview',
      'pageload /collaboration/buyers',
      'pageload /login',
    ]);

    // The replay was read (inflated), so its words could be searched: a snapshot of the page.
    const recording = received().items.find((i) => i.type === 'replay_recording')?.text ?? '';
    expect(recording).toContain('"type":2');
    const everything = received().raw();
    expect(everything).not.toContain(PASSWORD);
    for (const sent of [...new Set(tokens)]) expect(everything).not.toContain(sent);
    for (const name of buyerNames) expect(everything).not.toContain(name);
  });

  it('records one session in ten', { timeout: 600_000 }, async () => {
    const base = session.url();
    const context = await session.browser().newContext({ ...ONLINE_CONTEXT, viewport: DESKTOP });
    const recorded: boolean[] = [];
    try {
      await Promise.all(
        Array.from({ length: AT_ONCE }, async (_, tab) => {
          const page = await context.newPage();
          // Each load after the first is a new session with the draw the test set: the tab
          // forgets the last session (the SDK keeps it in sessionStorage, and may write it
          // again as the page unloads) before the app's own scripts run.
          await page.addInitScript(() => {
            const draw = sessionStorage.getItem('e2e-draw');
            if (draw === null) return;
            sessionStorage.removeItem('sentryReplaySession');
            Math.random = () => Number(draw);
          });
          await page.goto(`${base}/login`);
          for (let n = tab; n < SESSIONS; n += AT_ONCE) {
            // The sessions' draws spread evenly over [0, 1), as many random draws would: the
            // share then shows the SDK's configured rate, not the luck of the draws.
            const draw = (n + 0.5) / SESSIONS;
            await page.evaluate((value) => {
              sessionStorage.setItem('e2e-draw', String(value));
            }, draw);
            await page.reload();
            await sdkStarted(page);
            recorded.push(
              await page.evaluate(() => {
                const stored = sessionStorage.getItem('sentryReplaySession');
                return (
                  stored !== null &&
                  (JSON.parse(stored) as { sampled?: unknown }).sampled === 'session'
                );
              }),
            );
          }
          await page.close();
        }),
      );
    } finally {
      await context.close();
    }
    const share = recorded.filter(Boolean).length / recorded.length;
    console.log(`replay share over ${recorded.length} sessions: ${share}`);
    expect(recorded).toHaveLength(SESSIONS);
    expect(share).toBeGreaterThanOrEqual(0.05);
    expect(share).toBeLessThanOrEqual(0.15);
  });
});
