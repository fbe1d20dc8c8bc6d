// Helpers of the punch items browser tests: records made through the API, an item's history,
// a home's items counted on the server through the one-call lookup, the screen's open item
// counts and the menu's badges.

import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ApiRecord } from './offline.js';
import { WALK_ITEMS, getList, punchItemRow } from './offline.js';
import { api, userOf } from './session.js';

/** One change in a record's history (`GET /api/history`). */
export interface Entry {
  operation: string;
  fields: string[];
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  user: { name: string };
}

/** Adds a record through the API (`POST {path}`, 201) and answers its id. */
export async function created(
  base: string,
  token: string,
  path: string,
  body: Record<string, unknown>,
): Promise<string> {
  const answer = await api(base, token, 'POST', path, body);
  expect(answer.status).toBe(201);
  return (answer.body as { id: string }).id; // Safe: a created record answers with its id.
}

/** Puts the account's employee on the home's Offline Homes: the home is one they carry. */
export async function carry(
  base: string,
  admin: string,
  home: Record<string, unknown> & { id: string },
  email: string,
): Promise<void> {
  const employeeId = (await userOf(base, email)).fieldData.airtableId;
  const current = Array.isArray(home['Offline Homes']) ? (home['Offline Homes'] as string[]) : [];
  if (employeeId === null || current.includes(employeeId)) return;
  const answer = await api(
    base,
    admin,
    'PATCH',
    `/api/field_homes/updateStaff?id=${encodeURIComponent(home.id)}`,
    { staffType: 'Offline Homes', staffIds: [...current, employeeId] },
  );
  expect(answer.status).toBe(200);
}

/** An item's history, oldest first. */
export async function historyOf(base: string, token: string, id: string): Promise<Entry[]> {
  const answer = await api(base, token, 'GET', `/api/history?kind=walkItems&id=${id}`);
  expect(answer.status).toBe(200);
  return answer.body as Entry[]; // Safe: the history route answers its entries.
}

/** Every item of a home the token's user may read (`listByHome`). */
export function itemsByHome(baseUrl: string, token: string, homeId: string): Promise<ApiRecord[]> {
  return getList(baseUrl, token, `${WALK_ITEMS}/listByHome?homeId=${encodeURIComponent(homeId)}`);
}

/** The open items of a walk type among a home's items. */
export function openOfType(items: readonly ApiRecord[], walk: string): number {
  return items.filter((i) => i['Walk'] === walk && i['Status'] !== 'Complete').length;
}

/** The count the items screen shows for an open-item count key, once it shows `expected`. */
export async function screenCount(page: Page, key: string, expected: number): Promise<void> {
  await page
    .locator(`[data-testid="open-item-counts"] [data-count-key="${key}"][data-count="${expected}"]`)
    .waitFor();
}

/** The side menu's badge for an open-item count key, once it shows `expected` (none for 0). */
export async function menuBadge(page: Page, key: string, expected: number): Promise<void> {
  const badge = page.locator(`nav [data-testid="menu-badge"][data-count-key="${key}"]`);
  if (expected === 0) {
    await page.locator('nav').first().waitFor();
    await badge.waitFor({ state: 'detached' });
    return;
  }
  await badge.filter({ hasText: new RegExp(`^${expected}$`) }).waitFor();
}

/** Resolves once the row's item and its photos show as on the server. */
export async function rowSynced(page: Page, name: string): Promise<void> {
  await punchItemRow(page, name).and(page.locator('[data-sync="synced"]')).waitFor();
}

/** The status of a stored file: 200 while it is there, 404 once deleted. */
export async function fileStatus(
  baseUrl: string,
  token: string,
  ref: { collection: string; key: string },
): Promise<number> {
  const path = `/api/files/${[ref.collection, ...ref.key.split('/')].map(encodeURIComponent).join('/')}`;
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  await response.arrayBuffer();
  return response.status;
}

/** The first photo reference of a stored item. */
export function firstPhoto(item: ApiRecord | undefined): { collection: string; key: string } {
  const photos = item?.['Photos'];
  const ref: unknown = Array.isArray(photos) ? photos[0] : undefined;
  if (
    typeof ref !== 'object' ||
    ref === null ||
    !('collection' in ref) ||
    !('key' in ref) ||
    typeof ref.collection !== 'string' ||
    typeof ref.key !== 'string'
  ) {
    throw new Error(`item without a photo: ${JSON.stringify(item)}`);
  }
  return { collection: ref.collection, key: ref.key };
}
