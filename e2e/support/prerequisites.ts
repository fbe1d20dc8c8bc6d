// Browser tests need a Chromium, the built web app and the built server. When one is
// missing the suite skips and says why, in one line, with the fix.

import { existsSync } from 'node:fs';
import { DEFAULT_CHROMIUM, chromiumPath } from './browser.js';
import { SERVER_MAIN, WEB_INDEX } from './server.js';

export function missingPrerequisite(): string | undefined {
  if (chromiumPath() === undefined) {
    const where = process.env['CHROME_PATH'] ?? DEFAULT_CHROMIUM;
    return `no Chromium at ${where} (apt-get install -y chromium, or set CHROME_PATH)`;
  }
  if (!existsSync(SERVER_MAIN)) {
    return 'apps/server/dist/main.js is missing (run npm run typecheck)';
  }
  if (!existsSync(WEB_INDEX)) {
    return 'apps/web/dist/index.html is missing (run npm run build -w apps/web)';
  }
  return undefined;
}

/** The reason to skip, already printed once; undefined when the suite can run. */
export function skipReasonFor(suite: string): string | undefined {
  const reason = missingPrerequisite();
  if (reason !== undefined) console.warn(`[e2e] ${suite} skipped: ${reason}`);
  return reason;
}
