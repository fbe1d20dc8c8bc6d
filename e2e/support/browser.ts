// Launches Debian's Chromium (or CHROME_PATH) headless through playwright-core.

import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** Flags that keep a headless Chromium quiet and working in containers. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
] as const;

/** CHROME_PATH when set, otherwise /usr/bin/chromium; undefined when it is not there. */
export function chromiumPath(): string | undefined {
  const configured = process.env['CHROME_PATH'];
  const candidate = configured !== undefined && configured !== '' ? configured : DEFAULT_CHROMIUM;
  return existsSync(candidate) ? candidate : undefined;
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (executablePath === undefined) {
    throw new Error(
      `No Chromium at ${process.env['CHROME_PATH'] ?? DEFAULT_CHROMIUM}: apt-get install -y chromium, or set CHROME_PATH`,
    );
  }
  return chromium.launch({ executablePath, args: [...CHROMIUM_ARGS], headless: true });
}
