// Driving the walk-form screen in the browser tests, and reading walks back from the API.

import type { Page } from 'playwright-core';
import type { ApiRecord } from './offline.js';
import { getList } from './offline.js';

const WALKS = '/api/field_walks';

/** The records a walk form writes (walk kinds and closing types: docs/api.md). */
const FORM_KIND: Readonly<Record<string, { kind: string; type?: string }>> = {
  'home-start': { kind: 'homeStart' },
  'pre-drywall': { kind: 'preDrywall' },
  'manager-walks': { kind: 'managerWalk' },
  'final-punch': { kind: 'closing', type: 'final-punch' },
  'new-home-presentation': { kind: 'closing', type: 'nhp' },
  landscape: { kind: 'landscape' },
  'welcome-home-orientation': { kind: 'closing', type: 'who' },
  'post-close': { kind: 'closing', type: 'post-close' },
};

/** The walks of a form on a home, as the server has them. */
export async function walksOf(
  baseUrl: string,
  token: string,
  form: string,
  homeId: string,
): Promise<ApiRecord[]> {
  const source = FORM_KIND[form];
  if (source === undefined) throw new Error(`unknown form ${form}`);
  const walks = await getList(
    baseUrl,
    token,
    `${WALKS}/${source.kind}/listByHome?homeId=${encodeURIComponent(homeId)}`,
  );
  return walks.filter((walk) => source.type === undefined || walk['type'] === source.type);
}

/** Opens a walk form for a home and waits for its list of walks (or its empty state). */
export async function openWalkForm(
  page: Page,
  baseUrl: string,
  homeId: string,
  form: string,
): Promise<void> {
  await page.goto(`${baseUrl}/walks/${form}?homeId=${homeId}`);
  await page
    .locator('[data-testid="walk-list"], [data-testid="walk-list-empty"]')
    .first()
    .waitFor();
}

export async function startWalk(page: Page): Promise<void> {
  await page.getByTestId('start-walk').click();
  await page.getByTestId('walk-form').waitFor();
}

/** Answers line `index` of the checklist. */
export async function answerLine(
  page: Page,
  index: number,
  result: 'Pass' | 'Fail' | 'N/A',
): Promise<void> {
  const line = page.getByTestId('checklist-line').nth(index);
  await line.getByRole('button', { name: result, exact: true }).click();
}

/** Adds a photo to the walk being edited. */
export async function addWalkPhoto(page: Page, name: string, bytes: Buffer): Promise<void> {
  const before = await page.getByTestId('walk-photos').getByTestId('item-photo').count();
  await page
    .getByTestId('walk-photo-input')
    .setInputFiles({ name, mimeType: 'image/png', buffer: bytes });
  await page.getByTestId('walk-photos').getByTestId('item-photo').nth(before).waitFor();
}

/** Submits the walk and waits for the list of walks again. */
export async function submitWalk(page: Page): Promise<void> {
  await page.getByTestId('submit-walk').click();
  await page
    .locator('[data-testid="walk-list"], [data-testid="walk-list-empty"]')
    .first()
    .waitFor();
}

/** Draws a stroke across a signature pad. */
export async function drawSignature(page: Page, testId: string): Promise<void> {
  const canvas = page.getByTestId(testId).locator('canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (box === null) throw new Error(`no canvas in ${testId}`);
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.15, y);
  await page.mouse.down();
  for (let step = 1; step <= 10; step += 1) {
    await page.mouse.move(
      box.x + box.width * (0.15 + step * 0.07),
      y + (step % 2 === 0 ? -20 : 20),
    );
  }
  await page.mouse.up();
}
