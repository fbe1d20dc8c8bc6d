// Telemetry unset (docs/operations.md, Telemetry): on a server without SENTRY_DSN the page
// asks the server's settings, learns there is no DSN, and from then on nothing leaves
// for a telemetry server. An error thrown in a screen and a navigation send no request
// outside the app's own origin, the SDK's chunk is never fetched and never runs.
// e2e/telemetry.test.ts shows the other side, with a receiver; e2e/first-load.test.ts keeps
// the first load's budget.

import { describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { telemetrySettingsSchema } from '@field/domain';
import { skipReasonFor } from './support/prerequisites.js';
import { DESKTOP, signIn, useE2eSession } from './support/session.js';

const skipReason = skipReasonFor('telemetry unset e2e');
const MANAGER = 'manager@example.com';

describe.skipIf(skipReason !== undefined)('telemetry unset', () => {
  const session = useE2eSession();

  it('sends nothing to a telemetry server and never loads the SDK', async () => {
    const base = session.url();
    const origin = new URL(base).origin;
    const requests: Request[] = [];
    await session.withPage(DESKTOP, async (page, context) => {
      context.on('request', (request) => requests.push(request));
      const settings = page.waitForResponse((r) => r.url().endsWith('/api/telemetry'));
      await page.goto(`${base}/login`);
      // The settings are asked for once the browser is idle after the first paint.
      expect((await settings).status()).toBe(200);

      await signIn(page, MANAGER);
      await page.waitForURL('**/homes/overview');
      await page.getByRole('heading', { name: 'Homes overview' }).waitFor();
      const error = page.waitForEvent('pageerror');
      await page.evaluate(() => {
        setTimeout(() => {
          throw new Error('telemetry unset e2e: thrown in a screen');
        }, 0);
      });
      expect((await error).message).toContain('thrown in a screen');
      // A navigation after the error: its screen's own calls are the last requests.
      await page.goto(`${base}/collaboration/communication/phone-calls`);
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => '__SENTRY__' in globalThis)).toBe(false);
    });

    // What the page was told: no DSN.
    const told = telemetrySettingsSchema.parse(await (await fetch(`${base}/api/telemetry`)).json());
    expect(told.dsn).toBeNull();
    const urls = requests.map((request) => request.url());
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((url) => new URL(url).origin !== origin)).toEqual([]);
    expect(urls.filter((url) => /telemetry-sdk|\/envelope\//.test(url))).toEqual([]);
  });
});
