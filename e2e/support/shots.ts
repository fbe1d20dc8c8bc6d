// Pictures of what a test reaches, for looking at by eye: with E2E_SCREENSHOTS set to a
// folder, `shot` saves the page as it is, named with its viewport's size; without it,
// nothing. Asserts nothing, so it never fails a test. Tests that want both sizes run
// their cases at both.
//
//   E2E_SCREENSHOTS=/tmp/shots npx vitest run --project e2e e2e/conflicts.test.ts

import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';

export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env['E2E_SCREENSHOTS'];
  if (dir === undefined || dir === '') return;
  await mkdir(dir, { recursive: true });
  const size = page.viewportSize();
  const suffix = size === null ? '' : `-${size.width}x${size.height}`;
  await page.waitForTimeout(400); // Let transitions settle before the picture.
  await page.screenshot({ path: path.join(dir, `${name}${suffix}.png`) });
}
