// Lighthouse's accessibility audit (the npm package, against Debian's Chromium) on the
// sign-in page and on the homes overview of a signed-in manager: both must score 1.0.
// Failing audits are printed so the cause is in the log.

import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath } from './support/browser.js';
import { skipReasonFor } from './support/prerequisites.js';
import type { RunningServer } from './support/server.js';
import { startServer } from './support/server.js';
import { DESKTOP, sharedServer, submitSignIn } from './support/session.js';

const skipReason = skipReasonFor('accessibility e2e');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo; // Safe: a TCP server listening.
      probe.close(() => resolve(port));
    });
  });
}

describe.skipIf(skipReason !== undefined)('accessibility (Lighthouse)', () => {
  let server: RunningServer | undefined;
  let context: BrowserContext | undefined;
  let profile = '';
  let port = 0;

  beforeAll(async () => {
    // The run's shared server; Lighthouse needs a Chromium of its own, on a debugging port.
    server = sharedServer() ?? (await startServer());
    port = await freePort();
    profile = await mkdtemp(path.join(tmpdir(), 'field-lighthouse-'));
    // One persistent profile: the tab Lighthouse opens shares the signed-in cookie.
    context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath() ?? '',
      args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
      headless: true,
      viewport: DESKTOP,
    });
  });

  afterAll(async () => {
    await context?.close();
    await server?.stop();
    if (profile !== '') await rm(profile, { recursive: true, force: true });
  });

  async function accessibilityScore(url: string): Promise<number> {
    const result = await lighthouse(
      url,
      {
        port,
        onlyCategories: ['accessibility'],
        disableStorageReset: true,
        logLevel: 'error',
        output: 'json',
      },
      {
        extends: 'lighthouse:default',
        settings: {
          formFactor: 'desktop',
          screenEmulation: { disabled: true },
          throttlingMethod: 'provided',
        },
      },
    );
    const lhr = result?.lhr;
    if (lhr === undefined) throw new Error('Lighthouse returned no result');
    const failing = Object.values(lhr.audits)
      .filter(
        (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary',
      )
      .map((audit) => `${audit.id}: ${audit.title}`);
    const score = lhr.categories['accessibility']?.score ?? 0;
    console.log(
      `[lighthouse] ${new URL(url).pathname}: accessibility ${score}${failing.length > 0 ? `; failing: ${failing.join('; ')}` : ''}`,
    );
    return score;
  }

  it('scores 1.0 on the sign-in page', async () => {
    if (server === undefined) throw new Error('server not started');
    expect(await accessibilityScore(`${server.url}/login`)).toBe(1);
  });

  it('scores 1.0 on the homes overview', async () => {
    if (server === undefined || context === undefined) throw new Error('not started');
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await submitSignIn(page, 'manager@example.com');
    await page.waitForURL('**/homes/overview');
    await page.locator('[data-home-id]').first().waitFor();
    await page.close();
    expect(await accessibilityScore(`${server.url}/homes/overview`)).toBe(1);
  });
});
