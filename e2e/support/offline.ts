// Helpers of the offline browser tests: a home to work on, the server's records counted
// through the API, and waits on the app's own sync state (never fixed sleeps).

import type { Page, Route } from 'playwright-core';
import { expect } from 'vitest';
import type { BatchedAnswer, BatchedWrite } from '@field/domain';
import { RESOURCES, lookupQueryKey } from '@field/domain';
import { api, userOf } from './session.js';

export type ApiRecord = Record<string, unknown> & { id: string };

function records(body: unknown): ApiRecord[] {
  if (!Array.isArray(body)) throw new Error(`expected a list, got ${JSON.stringify(body)}`);
  const items: unknown[] = body;
  return items.filter(
    (item): item is ApiRecord =>
      typeof item === 'object' && item !== null && 'id' in item && typeof item.id === 'string',
  );
}

export async function getList(baseUrl: string, token: string, path: string): Promise<ApiRecord[]> {
  const answer = await api(baseUrl, token, 'GET', path);
  if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status}`);
  return records(answer.body);
}

async function postList(
  baseUrl: string,
  token: string,
  path: string,
  body: unknown,
): Promise<ApiRecord[]> {
  const answer = await api(baseUrl, token, 'POST', path, body);
  if (answer.status !== 200) throw new Error(`POST ${path}: ${answer.status}`);
  return records(answer.body);
}

export const PHONE_CALLS = '/api/field_communication/phoneCalls';
export const WALK_ITEMS = '/api/field_walks/item';

export function phoneCallsOf(baseUrl: string, token: string, homeId: string): Promise<ApiRecord[]> {
  return getList(baseUrl, token, `${PHONE_CALLS}/listByHome?homeId=${encodeURIComponent(homeId)}`);
}

/** Every item on the home's walks (closing and pre-drywall). */
export async function itemsOf(
  baseUrl: string,
  token: string,
  homeId: string,
): Promise<ApiRecord[]> {
  const walks = [
    ...(await getList(baseUrl, token, `/api/field_walks/closing/listByHome?homeId=${homeId}`)),
    ...(await getList(baseUrl, token, `/api/field_walks/preDrywall/listByHome?homeId=${homeId}`)),
  ];
  if (walks.length === 0) return [];
  return postList(baseUrl, token, `${WALK_ITEMS}/listByWalks`, {
    walkIds: walks.map((w) => w.id),
  });
}

/** An active home with staff assigned (the phone call form needs one). */
export async function homeWithStaff(baseUrl: string, token: string, skip = 0): Promise<ApiRecord> {
  const homes = await getList(baseUrl, token, '/api/field_homes/listActive');
  const staffed = homes.filter(
    (home) => Array.isArray(home['Construction Staff']) && home['Construction Staff'].length > 0,
  );
  const home = staffed[skip];
  if (home === undefined) throw new Error('no active home with construction staff');
  return home;
}

/**
 * Puts the employee of the account `email` on the home's Construction Staff (as a manager
 * would), so that account works on it (docs/decisions.md, Access by home).
 */
export async function assignHome(
  baseUrl: string,
  adminToken: string,
  home: ApiRecord,
  email: string,
): Promise<void> {
  const employeeId = (await userOf(baseUrl, email)).fieldData.airtableId;
  if (employeeId === null) throw new Error(`${email} has no employee id`);
  const staff = home['Construction Staff'];
  const current = Array.isArray(staff) ? staff.filter((id) => typeof id === 'string') : [];
  if (current.includes(employeeId)) return;
  const answer = await api(
    baseUrl,
    adminToken,
    'PATCH',
    `/api/field_homes/updateStaff?id=${encodeURIComponent(home.id)}`,
    { staffType: 'Construction Staff', staffIds: [...current, employeeId] },
  );
  if (answer.status !== 200) throw new Error(`assigning ${email}: ${answer.status}`);
}

/**
 * Resolves once the header shows the app online with nothing queued, and keeps showing it
 * for 750 ms: a write queued a moment ago (the row it removes already gone) reaches the
 * header's count a few milliseconds later, which a single look could take for a drain.
 */
export async function queueDrained(page: Page, timeout = 30_000): Promise<void> {
  const deadline = Date.now() + timeout;
  const watch = `drained-${Math.random()}`; // This call's own mark on the page.
  for (;;) {
    try {
      await page.waitForFunction(
        (mark) => {
          const marks = window as unknown as Record<string, number | undefined>;
          if (document.querySelector('[data-testid="offline-indicator"]') !== null) {
            marks[mark] = undefined;
            return false;
          }
          const since = (marks[mark] ??= performance.now());
          return performance.now() - since >= 750;
        },
        watch,
        { timeout: Math.max(1, deadline - Date.now()), polling: 50 },
      );
      return;
    } catch (error) {
      // A navigation meanwhile (a reload, a new screen) starts the watch again.
      if (Date.now() >= deadline || !/context was destroyed|navigation/i.test(String(error))) {
        throw error;
      }
    }
  }
}

/** The number of writes waiting in the header's indicator (0 when it is hidden). */
export async function queuedCount(page: Page): Promise<number> {
  const indicator = page.getByTestId('offline-indicator');
  if ((await indicator.count()) === 0) return 0;
  return Number((await indicator.getAttribute('data-queued')) ?? '0');
}

export async function waitForQueued(page: Page, count: number): Promise<void> {
  await page
    .locator(`[data-testid="offline-indicator"][data-queued="${count}"]`)
    .waitFor({ timeout: 15_000 });
}

/** Adds a phone call through the screen's dialog. */
export async function addPhoneCall(page: Page, notes: string, voicemail = false): Promise<void> {
  await page.getByRole('button', { name: 'Add phone call' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add phone call' });
  await dialog.getByLabel('Notes').fill(notes);
  if (voicemail) await dialog.getByLabel('Voicemail').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.locator('[data-testid="phone-call"]', { hasText: notes }).waitFor();
}

export function phoneCallRow(page: Page, notes: string) {
  return page.locator('[data-testid="phone-call"]', { hasText: notes });
}

/** Opens the phone calls of a home and waits for its list (or its empty state). */
export async function openPhoneCalls(page: Page, baseUrl: string, homeId: string): Promise<void> {
  await page.goto(`${baseUrl}/collaboration/communication/phone-calls?homeId=${homeId}`);
  await page
    .locator('[data-testid="phone-calls"], [data-testid="phone-calls-empty"]')
    .first()
    .waitFor();
}

/** An active home with a closing walk of the type (punch items hang on it), skipping some. */
export async function homeWithClosingWalk(
  baseUrl: string,
  token: string,
  type: string,
  skip = 0,
): Promise<{ home: ApiRecord; walkId: string }> {
  const homes = await getList(baseUrl, token, '/api/field_homes/listActive');
  let skipped = 0;
  for (const home of homes) {
    const walks = await getList(
      baseUrl,
      token,
      `/api/field_walks/closing/listByHome?homeId=${encodeURIComponent(home.id)}`,
    );
    const walk = walks.find((w) => w['type'] === type);
    if (walk === undefined) continue;
    if (skipped < skip) {
      skipped += 1;
      continue;
    }
    return { home, walkId: walk.id };
  }
  throw new Error(`no active home with a ${type} closing walk`);
}

/** A small PNG, different per seed, for photo uploads. */
export function smallPng(seed: number): Buffer {
  // A 1x1 PNG; bytes after IEND are ignored by decoders, so the seed makes each file differ.
  const base = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  return Buffer.concat([base, Buffer.from(`seed-${seed}`)]);
}

/** Adds a punch item through the screen's dialog, with photos. */
export async function addPunchItem(
  page: Page,
  name: string,
  photos: Array<{ name: string; buffer: Buffer }> = [],
): Promise<void> {
  await page.getByRole('button', { name: 'Add item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add punch item' });
  await dialog.getByLabel('Category').fill('Paint');
  await dialog.getByLabel('Location').fill('Kitchen');
  await dialog.getByLabel('Name').fill(name);
  if (photos.length > 0) {
    await dialog
      .getByTestId('photo-input')
      .setInputFiles(
        photos.map((p) => ({ name: p.name, mimeType: 'image/png', buffer: p.buffer })),
      );
    await dialog.getByTestId('chosen-photos').waitFor();
  }
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await punchItemRow(page, name).waitFor();
}

export function punchItemRow(page: Page, name: string) {
  return page.locator('[data-testid="punch-item"]', { hasText: name });
}

export async function openPunchItems(
  page: Page,
  baseUrl: string,
  homeId: string,
  path = '/homes/items/final-punch',
): Promise<void> {
  await page.goto(`${baseUrl}${path}?homeId=${homeId}`);
  await waitForPunchList(page);
}

export async function waitForPunchList(page: Page): Promise<void> {
  await page
    .locator('[data-testid="punch-items"], [data-testid="punch-items-empty"]')
    .first()
    .waitFor();
}

/**
 * The keys of the queries the app keeps on the device, joined: the `cache` store's rows,
 * and each home list the home store holds, written as its query key
 * (`["/api/field_communication/phoneCalls","listByHome","home-0001"]`).
 */
export async function cachedQueryKeys(page: Page): Promise<string> {
  const stored = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('field-app-db');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('open failed'));
    });
    const all = <T>(store: string, keysOnly: boolean) =>
      new Promise<T[]>((resolve, reject) => {
        if (!db.objectStoreNames.contains(store)) {
          resolve([]);
          return;
        }
        const objects = db.transaction(store).objectStore(store);
        const request = keysOnly ? objects.getAllKeys() : objects.getAll();
        request.onsuccess = () => resolve(request.result as T[]);
        request.onerror = () => reject(request.error ?? new Error('read failed'));
      });
    try {
      const keys = await all<IDBValidKey>('cache', true);
      const homes = await all<{ homeId: string; json: string }>('homeRecords', false);
      return {
        keys: keys.map(String),
        lists: homes.flatMap((home) =>
          Object.keys((JSON.parse(home.json) as { lists: Record<string, unknown> }).lists).map(
            (resource) => ({ resource, homeId: home.homeId }),
          ),
        ),
      };
    } finally {
      db.close();
    }
  });
  const lists = stored.lists.flatMap(({ resource, homeId }) => {
    const known = RESOURCES.find((r) => r === resource);
    return known === undefined ? [] : [JSON.stringify(lookupQueryKey(known, 'home', homeId))];
  });
  return [...stored.keys, ...lists].join(' | ');
}

/**
 * Waits until the signed-in user's homes are stored on the device (the persister writes
 * debounced). A page reloaded offline before then has no home to show: a test that goes
 * offline right after signing in waits for this first, as a user's device must have them.
 */
export async function homesOnDevice(page: Page): Promise<void> {
  await expect.poll(() => cachedQueryKeys(page)).toContain('"field_homes","listActive"');
}

export interface SeededDraft {
  key: string;
  title: string;
  creationTime: number;
  expirationTime: number | null;
}

/** Writes drafts straight into the device database (as an older version of the app would). */
export async function seedDrafts(page: Page, drafts: SeededDraft[]): Promise<void> {
  await page.evaluate(async (rows) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('field-app-db');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('open failed'));
    });
    try {
      await new Promise<void>((resolve, reject) => {
        const transaction = db.transaction('drafts', 'readwrite');
        for (const row of rows) {
          transaction.objectStore('drafts').put({
            ...row,
            homeRID: 'home-0001',
            homeID: '1001',
            address: '2100 Meadowlark Lane',
            formTitle: 'Final punch',
            fallback: false,
            data: { notes: 'left behind' },
          });
        }
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error ?? new Error('write failed'));
      });
    } finally {
      db.close();
    }
  }, drafts);
}

/** Every row of one store of the device database (`field-app-db`), as the page holds it. */
export function deviceRows(page: Page, store: string): Promise<Array<Record<string, unknown>>> {
  return page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('field-app-db');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('open failed'));
    });
    try {
      const rows = await new Promise<unknown[]>((resolve, reject) => {
        const request = db.transaction(name).objectStore(name).getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('read failed'));
      });
      return rows.flatMap((row) =>
        typeof row === 'object' && row !== null ? [{ ...(row as Record<string, unknown>) }] : [],
      );
    } finally {
      db.close();
    }
  }, store);
}

/** The drafts on the device: key and expiry. */
export async function storedDrafts(
  page: Page,
): Promise<Array<{ key: string; expirationTime: number | null }>> {
  return (await deviceRows(page, 'drafts')).flatMap((row) => {
    if (!('key' in row)) return [];
    const expiry = row['expirationTime'];
    return [
      { key: String(row['key']), expirationTime: typeof expiry === 'number' ? expiry : null },
    ];
  });
}

/**
 * Answers a batch request (`POST /api/batch`) as a server that refuses the writes `refuse`
 * picks (400, each with its own answer) and applies the others: they go to the real
 * server, the answers are merged back in order.
 */
export async function refuseWrites(
  route: Route,
  refuse: (write: BatchedWrite) => boolean,
): Promise<void> {
  const { writes } = route.request().postDataJSON() as { writes: BatchedWrite[] }; // The app's body.
  const passed = writes.filter((write) => !refuse(write));
  let served: BatchedAnswer[] = [];
  if (passed.length > 0) {
    const response = await route.fetch({ postData: JSON.stringify({ writes: passed }) });
    served = ((await response.json()) as { results: BatchedAnswer[] }).results; // The server's.
  }
  const results = writes.map((write): BatchedAnswer =>
    refuse(write)
      ? {
          key: write.key,
          status: 400,
          body: { error: 'Invalid value for "Notes": refused by the test' },
        }
      : (served.shift() ?? { key: write.key, status: 500, body: null }),
  );
  await route.fulfill({
    status: 200,
    contentType: 'application/json',
    body: JSON.stringify({ results }),
  });
}

/**
 * Resolves once the page's service worker is installed and active: its copy of the app (the
 * precache) is complete, so what loads from here on can be served offline.
 */
export async function serviceWorkerInstalled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}
