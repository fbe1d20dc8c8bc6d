// Saves PNGs of the header's messages menu (empty, then with messages), the backup
// controls on the Sync screen (after an export) and the storage warning of the health
// check with its Back up action, at phone and desktop sizes, for looking at by eye. Not a
// test. After `npm run build`:
//
//   node --input-type=module -e "const { runnerImport } = await import('vite');
//     const { module } = await runnerImport('./e2e/support/catalogue-screenshots.ts');
//     await module.takeCatalogueScreenshots(process.argv[1] ?? '/tmp/shots');" /tmp/shots

import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { launchBrowser } from './browser.js';
import { startServer } from './server.js';
import { DESKTOP, PHONE, api, signIn, tokenFor } from './session.js';

export async function takeCatalogueScreenshots(outDir: string): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const server = await startServer();
  const browser = await launchBrowser();
  const files: string[] = [];
  const admin = await tokenFor(server.url, 'admin@example.com');
  let sent = false;
  try {
    for (const viewport of [PHONE, DESKTOP]) {
      const context = await browser.newContext({ viewport, acceptDownloads: true });
      context.setDefaultTimeout(30_000);
      const page = await context.newPage();
      const save = async (name: string): Promise<void> => {
        const file = path.join(outDir, `${name}-${viewport.width}x${viewport.height}.png`);
        await page.waitForTimeout(400); // Let transitions finish before the picture.
        await page.screenshot({ path: file });
        files.push(file);
      };
      await page.goto(`${server.url}/login`);
      const { user } = await signIn(page, 'builder@example.com');
      await page.waitForURL('**/homes/overview');

      // The messages menu, empty, then with three messages.
      if (!sent) {
        await page.getByTestId('messages-button').click();
        await page.getByText('No Messages').waitFor();
        await save('messages-empty');
        await page.keyboard.press('Escape');
        const messages = [
          {
            title: 'Walk moved to Friday',
            senderName: 'Ana Lopez',
            subtitle: 'Final punch at 12 Oak Street, 9 am',
          },
          {
            title: 'Photos of the porch, please',
            senderName: 'Sam Super',
            subtitle: 'The customer asked for two more angles of the porch railing',
          },
          {
            title: 'Closing paperwork signed',
            senderName: 'Chris Park',
            homeAddress: '48 Birch Lane',
          },
        ];
        for (const m of messages) {
          const made = await api(server.url, admin, 'POST', '/api/notifications', {
            title: m.title,
            userId: user.id,
            app: 'field',
            category: 'message',
            metadata: {
              senderName: m.senderName,
              ...(m.subtitle === undefined ? {} : { subtitle: m.subtitle }),
              ...(m.homeAddress === undefined ? {} : { homeAddress: m.homeAddress }),
            },
          });
          if (made.status !== 201) throw new Error(`message not made: ${made.status}`);
        }
        sent = true;
        await page.reload();
      } else {
        // The second size: the empty menu seen from a user with no messages.
        const other = await browser.newContext({ viewport });
        const otherPage = await other.newPage();
        await otherPage.goto(`${server.url}/login`);
        await signIn(otherPage, 'manager@example.com');
        await otherPage.waitForURL('**/homes/overview');
        await otherPage.getByTestId('messages-button').click();
        await otherPage.getByText('No Messages').waitFor();
        await otherPage.waitForTimeout(400);
        const file = path.join(outDir, `messages-empty-${viewport.width}x${viewport.height}.png`);
        await otherPage.screenshot({ path: file });
        files.push(file);
        await other.close();
      }
      await page.getByTestId('messages-button').click();
      await page.getByTestId('message-list').waitFor();
      await save('messages');
      await page.keyboard.press('Escape');

      // The backup controls on /sync, after an export.
      await page.goto(`${server.url}/sync`);
      await page.getByTestId('backup-controls').waitFor();
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export backup' }).click();
      await download;
      await page.getByText(/^Backup saved:/).waitFor();
      await page.getByTestId('backup-controls').scrollIntoViewIfNeeded();
      await save('sync-backup');

      // Storage nearly full: the warning with Back up.
      const full = await browser.newContext({ viewport, acceptDownloads: true });
      await full.addInitScript(() => {
        const storage = navigator.storage;
        storage.estimate = () =>
          Promise.resolve({ usage: 48 * 1024 * 1024, quota: 50 * 1024 * 1024 });
      });
      const fullPage = await full.newPage();
      await fullPage.goto(`${server.url}/login`);
      await signIn(fullPage, 'builder@example.com');
      await fullPage
        .getByText('Storage nearly full. Consider backing up data and clearing cache.')
        .waitFor();
      await fullPage.waitForTimeout(400);
      const warning = path.join(outDir, `health-warning-${viewport.width}x${viewport.height}.png`);
      await fullPage.screenshot({ path: warning });
      files.push(warning);
      const saved = fullPage.waitForEvent('download');
      await fullPage.getByRole('button', { name: 'Back up' }).click();
      await saved;
      await fullPage.getByText(/^Backup saved:/).waitFor();
      await fullPage.waitForTimeout(400);
      const after = path.join(outDir, `health-backed-up-${viewport.width}x${viewport.height}.png`);
      await fullPage.screenshot({ path: after });
      files.push(after);
      await full.close();
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return files;
}
