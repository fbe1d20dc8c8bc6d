// Saves PNGs of the screens that set up a company (the import's mapping and preview with
// new, changed and invalid rows; the people list, the invitation dialog and a person's
// access; the invitation's landing page) at phone and desktop sizes, for looking at by eye.
// Not a test. After `npm run build`:
//
//   node --input-type=module -e "const { runnerImport } = await import('vite');
//     const { module } = await runnerImport('./e2e/support/company-screenshots.ts');
//     await module.takeCompanyScreenshots(process.argv[1] ?? '/tmp/shots');" /tmp/shots

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { invitationLink } from './company.js';
import { getList } from './offline.js';
import { choose } from './select.js';
import { startServer } from './server.js';
import { DESKTOP, PHONE, api, submitSignIn, tokenFor } from './session.js';

export async function takeCompanyScreenshots(outDir: string): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const server = await startServer();
  const browser = await launchBrowser();
  const files: string[] = [];
  try {
    const admin = await tokenFor(server.url, 'admin@example.com');
    // A file of two homes the demo holds (one changed), two new ones and one without address.
    const homes = await getList(server.url, admin, '/api/field_homes/listActive');
    const [first, second] = homes;
    if (first === undefined || second === undefined) throw new Error('no demo homes');
    const csv = path.join(outDir, 'homes.csv');
    const cell = (value: unknown): string =>
      `"${(typeof value === 'string' || typeof value === 'number' ? String(value) : '').replaceAll('"', '""')}"`;
    await writeFile(
      csv,
      [
        'HomeID,Site address,Status,Community',
        [first['HomeID'], first['Address'], first['Status'], first['Community']]
          .map(cell)
          .join(','),
        [second['HomeID'], second['Address'], 'Drywall', 'Renamed Ridge'].map(cell).join(','),
        'NEW-9001,9001 Long Meadow Boulevard Northeast,Framing,Cedar Ridge',
        'NEW-9002,9002 Long Meadow Boulevard Northeast,Foundation,Cedar Ridge',
        'NEW-9003,,Framing,Cedar Ridge',
      ].join('\n'),
    );
    for (const [index, viewport] of [PHONE, DESKTOP].entries()) {
      const context = await browser.newContext({ viewport });
      context.setDefaultTimeout(30_000);
      const page = await context.newPage();
      const save = async (on: Page, name: string, fullPage = false): Promise<void> => {
        const file = path.join(outDir, `company-${name}-${viewport.width}x${viewport.height}.png`);
        await on.waitForTimeout(400); // Let transitions finish before the picture.
        await on.screenshot({ path: file, fullPage });
        files.push(file);
      };
      await page.goto(`${server.url}/login`);
      await submitSignIn(page, 'admin@example.com');
      await page.waitForURL('**/homes/overview');

      // The import: mapping (Address by hand the first time) and preview.
      await page.goto(`${server.url}/admin/import`);
      await page.locator('input[type="file"]').setInputFiles(csv);
      await page.getByRole('heading', { name: /^Columns \(/ }).waitFor();
      const address = page.getByRole('combobox', { name: /^Address/ });
      if ((await address.textContent())?.includes('Site address') !== true) {
        await choose(address, page.getByRole('option', { name: 'Site address', exact: true }));
      }
      await page.getByRole('button', { name: '2 new', exact: true }).waitFor();
      await save(page, 'import', true);
      await page.getByRole('heading', { name: 'Preview' }).scrollIntoViewIfNeeded();
      await save(page, 'import-preview');

      // People: the list, the invitation dialog (an employee's e-mail: the match suggested),
      // and a person's access.
      await page.goto(`${server.url}/collaboration/staff`);
      await page.getByRole('tab', { name: 'Users and access' }).click();
      await page.locator('[data-user-email]').first().waitFor();
      await save(page, 'people');
      const employees = await getList(server.url, admin, '/api/field_employees/list');
      const emails = employees.map((e) => e['Email']);
      const employeeEmail = emails.find((e) => typeof e === 'string' && e !== '');
      await page.getByRole('button', { name: 'Invite someone' }).click();
      const invite = page.getByRole('dialog', { name: 'Invite someone' });
      await invite
        .getByLabel('Email')
        .fill(typeof employeeEmail === 'string' ? employeeEmail : 'new@example.com');
      await invite.getByLabel('First name').fill('Jordan');
      await invite.getByLabel('Last name').fill('Newhire');
      await invite.getByRole('status', { name: 'Homes this gives' }).waitFor();
      await save(page, 'invite');
      await invite.getByRole('button', { name: 'Link to this employee' }).click();
      await invite.getByRole('status', { name: 'Homes this gives' }).waitFor();
      await save(page, 'invite-linked');
      await invite.getByRole('button', { name: 'Cancel' }).click();
      await invite.waitFor({ state: 'detached' });
      const builder = page.locator('[data-user-email="builder@example.com"]');
      await builder.getByRole('button', { name: 'Edit access' }).click();
      const edit = page.getByRole('dialog', { name: /^Access of/ });
      await edit.getByRole('status', { name: 'Homes this gives' }).waitFor();
      await save(page, 'access');
      await edit.getByRole('button', { name: 'Cancel' }).click();

      // The invitation's landing page, from the mailed link.
      const email = `invited.${index}@example.com`;
      const made = await api(server.url, admin, 'POST', '/api/admin/users', {
        email,
        firstName: 'Alexandria-Maximiliana',
        lastName: 'Newhire',
        role: '',
        airtableId: null,
        scopes: [{ value: 'builder', group: true, approved: true, read: true, write: true }],
      });
      if (made.status !== 201) throw new Error(`invitation not made: ${made.status}`);
      const link = new URL(await invitationLink(server.dataDir, email));
      const guest = await browser.newContext({ viewport });
      const landing = await guest.newPage();
      await landing.goto(`${server.url}${link.pathname}${link.search}`);
      await landing.getByRole('heading', { name: /^Welcome,/ }).waitFor();
      await save(landing, 'invitation');
      await guest.close();
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return files;
}
