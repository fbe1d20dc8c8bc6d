// Helpers of the Manage Homes browser tests: the screen, a home's card found by address
// search, its two dialogs, and the home writes the page delivered to the server, counted
// from the requests that got an answer (alone or inside a batch request).

import type { Page, Request, Route } from 'playwright-core';
import type { BatchedAnswer, BatchedWrite } from '@field/domain';
import type { ApiRecord } from './offline.js';
import { getList } from './offline.js';

const HOMES_PATH = '/collaboration/homes';

export interface HomeWriteLog {
  /** `update` or `updateStaff` writes of one home that reached the server. */
  count(operation: 'update' | 'updateStaff', homeId: string): number;
}

interface CarriedWrite {
  method: string;
  path: string;
}

function writesOf(request: Request): CarriedWrite[] {
  const url = new URL(request.url());
  if (request.method() === 'POST' && url.pathname === '/api/batch') {
    const body: unknown = request.postDataJSON();
    if (typeof body !== 'object' || body === null || !('writes' in body)) return [];
    const writes: unknown = body.writes;
    if (!Array.isArray(writes)) return [];
    return writes.flatMap((write: unknown) =>
      typeof write === 'object' &&
      write !== null &&
      'method' in write &&
      'path' in write &&
      typeof write.method === 'string' &&
      typeof write.path === 'string'
        ? [{ method: write.method, path: write.path }]
        : [],
    );
  }
  return [{ method: request.method(), path: url.pathname + url.search }];
}

/** Starts counting the home writes the page gets answered; call before the first write. */
export function logHomeWrites(page: Page): HomeWriteLog {
  const delivered: CarriedWrite[] = [];
  page.on('requestfinished', (request) => {
    delivered.push(...writesOf(request).filter((w) => w.path.startsWith('/api/field_homes/')));
  });
  return {
    count: (operation, homeId) =>
      delivered.filter(
        (w) =>
          w.method === 'PATCH' &&
          w.path === `/api/field_homes/${operation}?id=${encodeURIComponent(homeId)}`,
      ).length,
  };
}

/** The home as the server has it now. */
export async function serverHome(base: string, token: string, id: string): Promise<ApiRecord> {
  const homes = await getList(base, token, '/api/field_homes/listActive');
  const home = homes.find((h) => h.id === id);
  if (home === undefined) throw new Error(`home ${id} is not active`);
  return home;
}

/** Active homes that are not test homes (Manage Homes hides those outside testing mode). */
export async function realHomes(base: string, token: string): Promise<ApiRecord[]> {
  const homes = await getList(base, token, '/api/field_homes/listActive');
  return homes.filter((h) => h['Status'] !== 'Test Home');
}

export async function openManageHomes(page: Page, base: string): Promise<void> {
  await page.goto(`${base}${HOMES_PATH}`);
  await page.locator('[data-home-id]').first().waitFor();
}

/** A home's card, found through the address search (a long list shows a page at a time). */
export async function homeCard(page: Page, home: ApiRecord, search: string) {
  const box = page.getByRole('searchbox', { name: 'Search by address' });
  await box.fill(search);
  const card = page.locator(`li[data-home-id="${String(home['HomeID'])}"]`);
  await card.waitFor();
  return card;
}

export async function editAddress(page: Page, card: ReturnType<Page['locator']>, address: string) {
  await card.getByRole('button', { name: /^Edit the home/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit home' });
  await dialog.getByLabel('Address').fill(address);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Adds one employee (by name) to one staff list of the home in the card. */
export async function assignStaff(
  page: Page,
  card: ReturnType<Page['locator']>,
  staffLabel: string,
  employeeName: string,
): Promise<void> {
  await card.getByRole('button', { name: /^Assign staff to/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Assign staff/ });
  const picker = dialog.getByRole('combobox', { name: staffLabel });
  await picker.click();
  await picker.fill(employeeName);
  await page.getByRole('option', { name: employeeName, exact: true }).click();
  // The list stays open for more choices; a click beside it closes it.
  await dialog.getByRole('heading').click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * Passes a batch request (`POST /api/batch`) to the real server, then takes the record id
 * out of the answers of the writes `strip` picks: a server that saved and lost track.
 */
export async function answerWithoutId(
  route: Route,
  strip: (write: BatchedWrite) => boolean,
): Promise<void> {
  const { writes } = route.request().postDataJSON() as { writes: BatchedWrite[] }; // The app's body.
  const response = await route.fetch();
  const { results } = (await response.json()) as { results: BatchedAnswer[] }; // The server's.
  const altered = results.map((answer): BatchedAnswer => {
    const write = writes.find((w) => w.key === answer.key);
    if (write === undefined || !strip(write) || typeof answer.body !== 'object') return answer;
    const rest: Record<string, unknown> = { ...(answer.body as Record<string, unknown>) }; // A record.
    delete rest['id'];
    return { ...answer, body: rest };
  });
  await route.fulfill({ response, json: { results: altered } });
}
