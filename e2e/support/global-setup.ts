// Vitest's global setup of the browser tests: one Chromium for the whole run and one server
// (fresh embedded database, demo data) per worker of the e2e project, which every file that
// needs nothing special shares (useE2eSession() without options, sharedServer()): files that
// run at once (E2E_WORKERS) are each on their worker's server, so none counts what another
// wrote. A file that sets the server's environment, restarts it or faults it starts its own.
// Each test makes what it counts (its own tag, its own account or the home it picks) and
// compares with what the server held before it, so the files do not depend on each other's
// order.

import type { BrowserServer } from 'playwright-core';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, chromiumPath } from './browser.js';
import { missingPrerequisite } from './prerequisites.js';
import type { RunningServer } from './server.js';
import { startServer } from './server.js';

/** What the files are given of the shared servers and browser. */
export interface SharedE2e {
  /** One server per worker; a file uses the one of its worker (VITEST_POOL_ID). */
  servers: { url: string; dataDir: string }[];
  /** Playwright's endpoint of the shared Chromium (chromium.connect). */
  browserEndpoint: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Absent when the browser tests skip (no Chromium or no build). */
    e2eShared: SharedE2e | undefined;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const servers: RunningServer[] = [];
  let browser: BrowserServer | undefined;
  const teardown = async (): Promise<void> => {
    await browser?.close();
    await Promise.all(servers.map((server) => server.stop()));
  };
  // Without a prerequisite every file skips and says why; nothing to start.
  if (missingPrerequisite() !== undefined) {
    project.provide('e2eShared', undefined);
    return teardown;
  }
  try {
    const workers = Math.max(1, project.config.maxWorkers);
    const started = await Promise.allSettled(Array.from({ length: workers }, () => startServer()));
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
    browser = await chromium.launchServer({
      executablePath: chromiumPath() ?? '',
      args: [...CHROMIUM_ARGS],
      headless: true,
    });
  } catch (error) {
    await teardown();
    throw error;
  }
  project.provide('e2eShared', {
    servers: servers.map(({ url, dataDir }) => ({ url, dataDir })),
    browserEndpoint: browser.wsEndpoint(),
  });
  return teardown;
}
