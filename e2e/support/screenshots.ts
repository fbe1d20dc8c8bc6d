// Saves PNGs of every guest and account screen and of the shell's states (menu open,
// home picker open, notifications, data panel) at phone and desktop sizes, for looking at
// by eye. Not a test. After `npm run build`:
//
//   node --input-type=module -e "const { runnerImport } = await import('vite');
//     const { module } = await runnerImport('./e2e/support/screenshots.ts');
//     await module.takeScreenshots(process.argv[1] ?? '/tmp/shots');" /tmp/shots

import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { startServer } from './server.js';
import { DESKTOP, PHONE, submitSignIn } from './session.js';

type Step = (page: Page) => Promise<void>;

const GUEST: [string, string][] = [
  ['login', '/login'],
  ['register', '/register'],
  ['forgot-password', '/forgot-password'],
  ['check-mail', '/check-mail'],
  ['reset-password', '/reset-password?token=example'],
];

async function signedIn(page: Page, baseUrl: string, email = 'manager@example.com'): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await submitSignIn(page, email);
  await page.waitForURL('**/homes/overview');
  await page.locator('[data-home-id]').first().waitFor();
}

async function shoot(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number },
  outDir: string,
) {
  const files: string[] = [];
  const save = async (page: Page, name: string): Promise<void> => {
    const file = path.join(outDir, `${name}-${viewport.width}x${viewport.height}.png`);
    await page.waitForTimeout(400); // Let transitions finish before the picture.
    await page.screenshot({ path: file });
    files.push(file);
  };
  const context = await browser.newContext({ viewport });
  context.setDefaultTimeout(15_000);
  try {
    const page = await context.newPage();
    for (const [name, route] of GUEST) {
      await page.goto(`${baseUrl}${route}`);
      await page.getByRole('heading').first().waitFor();
      await save(page, `guest-${name}`);
    }
    await signedIn(page, baseUrl);
    await page.locator('[data-home-id]').first().click();
    await save(page, 'homes-overview');
    const steps: [string, Step][] = [
      [
        'menu-open',
        async (p) => {
          if (viewport.width < 1024) await p.getByTestId('menu-button').click();
          await p.getByRole('button', { name: 'Inspections' }).click();
        },
      ],
      [
        'home-picker-open',
        async (p) => {
          await p.keyboard.press('Escape');
          await p.getByTestId('home-picker').click();
        },
      ],
      [
        'notifications-bell',
        async (p) => {
          await p.keyboard.press('Escape');
          await p.getByTestId('notifications-bell').click();
        },
      ],
      [
        'data-panel',
        async (p) => {
          await p.keyboard.press('Escape');
          await p.getByTestId('data-panel-button').click();
        },
      ],
    ];
    for (const [name, step] of steps) {
      await step(page);
      await save(page, name);
    }
    await page.getByRole('button', { name: 'Close the home details' }).click();
    for (const tab of ['my-account', 'notifications', 'security', 'settings']) {
      await page.goto(`${baseUrl}/account/${tab}`);
      await page
        .getByRole('heading', { name: 'Account' })
        .or(page.getByRole('tablist'))
        .first()
        .waitFor();
      await save(page, `account-${tab}`);
    }
    const pages: [string, string][] = [
      ['permits', '/homes/inspections/permits'],
      ['soil', '/homes/inspections/soil'],
      ['radon', '/homes/inspections/radon'],
      ['phone-calls', '/collaboration/communication/phone-calls'],
      ['notes', '/collaboration/communication/notes'],
      ['buyers', '/collaboration/buyers'],
      ['vendors', '/collaboration/vendors'],
      ['manage-homes', '/collaboration/homes'],
      ['walks-home-start', '/walks/home-start'],
      ['calendar', '/homes/calendar'],
      ['items', '/homes/items/all-items'],
      ['changelog', '/support/changelog'],
      ['not-found', '/maintenance/404'],
    ];
    for (const [name, route] of pages) {
      await page.goto(`${baseUrl}${route}`);
      await page.getByRole('heading').first().waitFor();
      await save(page, name);
    }
    // The record screens' dialogs, on the home chosen above.
    const dialogs: [string, string, string][] = [
      ['notes-add', '/collaboration/communication/notes', 'Add note'],
      ['phone-calls-add', '/collaboration/communication/phone-calls', 'Add phone call'],
      ['buyers-add', '/collaboration/buyers', 'Add buyer'],
    ];
    for (const [name, route, button] of dialogs) {
      await page.goto(`${baseUrl}${route}`);
      await page.getByRole('button', { name: button }).click();
      await page.getByRole('dialog', { name: button }).waitFor();
      await save(page, name);
    }
  } finally {
    await context.close();
  }
  return files;
}

export async function takeScreenshots(outDir: string): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const server = await startServer();
  try {
    const browser = await launchBrowser();
    try {
      const files: string[] = [];
      for (const viewport of [PHONE, DESKTOP])
        files.push(...(await shoot(browser, server.url, viewport, outDir)));
      for (const file of files) console.log(file);
      return files;
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
}
