// Saves PNGs of offline readiness (the overview's summary, the Sync screen's readiness
// view while syncing and when ready, and offline) at phone and desktop sizes, for looking
// at by eye. Not a test. After `npm run build`:
//
//   node --input-type=module -e "const { runnerImport } = await import('vite');
//     const { module } = await runnerImport('./e2e/support/readiness-screenshots.ts');
//     await module.takeReadinessScreenshots(process.argv[1] ?? '/tmp/shots');" /tmp/shots

import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { launchBrowser } from './browser.js';
import { startServer } from './server.js';
import { DESKTOP, PHONE, submitSignIn } from './session.js';

export async function takeReadinessScreenshots(outDir: string): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const server = await startServer();
  const browser = await launchBrowser();
  const files: string[] = [];
  try {
    for (const viewport of [PHONE, DESKTOP]) {
      const context = await browser.newContext({ viewport });
      context.setDefaultTimeout(30_000);
      const page = await context.newPage();
      const save = async (name: string, fullPage = false): Promise<void> => {
        const file = path.join(
          outDir,
          `readiness-${name}-${viewport.width}x${viewport.height}.png`,
        );
        await page.waitForTimeout(400); // Let transitions finish before the picture.
        await page.screenshot({ path: file, fullPage });
        files.push(file);
      };
      await page.goto(`${server.url}/login`);
      await submitSignIn(page, 'builder@example.com');
      await page.waitForURL('**/homes/overview');
      await page.locator('[data-testid="readiness-summary"][data-ready="true"]').waitFor();
      await save('overview');
      await page.goto(`${server.url}/sync`);
      await page.locator('[data-testid="readiness-state"][data-ready="true"]').waitFor();
      await save('sync');
      await save('sync-full', true);
      // While a pass runs: its progress bar (answers held back a moment to see it).
      await page.route('**/listByHomes', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        await route.continue().catch(() => undefined);
      });
      await page.getByTestId('readiness-sync-now').click();
      await page.getByTestId('readiness-progress').waitFor();
      await save('syncing');
      await page.unroute('**/listByHomes');
      await page.locator('[data-testid="readiness-state"][data-ready="true"]').waitFor();
      await context.setOffline(true);
      await page.getByTestId('offline-indicator').waitFor();
      await save('offline');
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return files;
}
