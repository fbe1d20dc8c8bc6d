// Helpers of the sign-out browser test: Logout through the profile menu, the writes queued
// in the device database (with their author), and the phone call notes a request carried.

import type { Locator, Page } from 'playwright-core';
import { deviceRows, serviceWorkerInstalled } from './offline.js';

/** Resolves once a service worker is active (it controls the page's next navigation). */
export async function serviceWorkerActive(page: Page): Promise<void> {
  await serviceWorkerInstalled(page);
}

const SIGN_OUT_DIALOG = 'Unsent work on this device';

/**
 * Opens the profile menu and chooses Logout. With `expectDialog` answers the sign-out
 * dialog; without, waits for the sign-in page and throws if the dialog showed.
 */
export async function signOutThroughMenu(page: Page, expectDialog: true): Promise<Locator>;
export async function signOutThroughMenu(page: Page, expectDialog: false): Promise<undefined>;
export async function signOutThroughMenu(
  page: Page,
  expectDialog: boolean,
): Promise<Locator | undefined> {
  await page.getByTestId('profile-button').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog', { name: SIGN_OUT_DIALOG });
  if (expectDialog) {
    await dialog.waitFor();
    return dialog;
  }
  await page.waitForURL('**/login');
  if ((await dialog.count()) > 0) throw new Error('the sign-out dialog showed with nothing unsent');
  return undefined;
}

export interface StoredWrite {
  id: string;
  type: string;
  status: string;
  author: string | undefined;
}

/** The writes in the device's queue (the `mutations` store), whoever made them. */
export async function queuedWrites(page: Page): Promise<StoredWrite[]> {
  const text = (value: unknown): string | undefined =>
    typeof value === 'string' ? value : undefined;
  return (await deviceRows(page, 'mutations')).map((row) => ({
    id: text(row['id']) ?? '',
    type: text(row['type']) ?? '',
    status: text(row['status']) ?? '',
    author: text(row['author']),
  }));
}

/** The `Notes` starting with `tag` of every write in these request bodies (batch or alone). */
export function writesCarried(bodies: string[], tag: string): string[] {
  const notes: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (key === 'Notes' && typeof item === 'string' && item.startsWith(tag)) notes.push(item);
        else visit(item);
      }
    }
  };
  for (const body of bodies) {
    try {
      visit(JSON.parse(body));
    } catch {
      // Not JSON: carries no write.
    }
  }
  return notes;
}
