// Launches Debian's Chromium (or CHROME_PATH) headless through playwright-core.

import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/**
 * Features the browser tests turn off. Debian's Chromium is the whole browser, headless: each
 * new context opens a window whose address bar loads its suggestion popup, a page of
 * Chromium's own (the "WebUI Top Renderer"), in a renderer of its own: about 0.9 CPU-seconds
 * per context that no test looks at, a third of what opening the sign-in page costs
 * (docs/performance.md). Chromium keeps only the last `--disable-features` it is given and
 * Playwright passes its own first, so the list repeats Playwright's (playwright-core's
 * chromiumSwitches: quirks it works around, requests to Google it keeps from starting).
 */
const DISABLED_FEATURES = [
  // Playwright's own (less those for Windows and Edge).
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  // The address bar's popup page.
  'WebUIOmniboxPopup',
  'WebUIOmniboxFullPopup',
  'WebUIOmniboxAimPopup',
] as const;

/** Flags that keep a headless Chromium quiet and working in containers. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];

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
