// Saves PNGs of Manage Homes (the list with its buttons, the edit dialog, the staff dialog
// with a picker open, a home waiting to sync) at phone and desktop sizes, for looking at
// by eye. Not a test. After `npm run build`:
//
//   node --input-type=module -e "const { runnerImport } = await import('vite');
//     const { module } = await runnerImport('./e2e/support/manage-homes-screenshots.ts');
//     await module.takeManageHomesScreenshots(process.argv[1] ?? '/tmp/shots');" /tmp/shots

import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { launchBrowser } from './browser.js';
import { startServer } from './server.js';
import { DESKTOP, PHONE, submitSignIn } from './session.js';

export async function takeManageHomesScreenshots(outDir: string): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const server = await startServer();
  const browser = await launchBrowser();
  const files: string[] = [];
  try {
    for (const viewport of [PHONE, DESKTOP]) {
      const context = await browser.newContext({ viewport });
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      const save = async (name: string): Promise<void> => {
        const file = path.join(
          outDir,
          `manage-homes-${name}-${viewport.width}x${viewport.height}.png`,
        );
        await page.waitForTimeout(400); // Let transitions finish before the picture.
        await page.screenshot({ path: file });
        files.push(file);
      };
      await page.goto(`${server.url}/login`);
      await submitSignIn(page, 'manager@example.com');
      await page.waitForURL('**/homes/overview');
      await page.goto(`${server.url}/collaboration/homes`);
      await page.locator('[data-home-id]').first().waitFor();
      await save('list');

      const card = page.locator('[data-home-id]').first();
      await card.getByRole('button', { name: /^Edit the home/ }).click();
      await page.getByRole('dialog', { name: 'Edit home' }).waitFor();
      await save('edit');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      await card.getByRole('button', { name: /^Assign staff to/ }).click();
      const staff = page.getByRole('dialog', { name: /^Assign staff/ });
      await staff.waitFor();
      await save('staff');
      await staff.getByRole('combobox', { name: 'Sales staff' }).click();
      await page.getByRole('option').first().waitFor();
      await page.getByRole('option').first().click();
      await save('staff-picker');
      await page.keyboard.press('Escape');
      await staff.getByRole('button', { name: 'Cancel' }).click();
      await staff.waitFor({ state: 'detached' });

      await context.setOffline(true);
      await page.getByTestId('offline-indicator').waitFor();
      await card.getByRole('button', { name: /^Edit the home/ }).click();
      const edit = page.getByRole('dialog', { name: 'Edit home' });
      await edit.getByLabel('Lot').fill('99');
      await edit.getByRole('button', { name: 'Save' }).click();
      await card.getByTestId('sync-state').waitFor();
      await save('pending');
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return files;
}
