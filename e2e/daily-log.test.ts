// The daily log (issue 31), end to end in Chromium against the real server: days logged,
// edited and deleted online on a phone and offline on a desktop, each change arriving on
// the server exactly once (counted through the API afterwards), crews and delays included;
// and the log of a home no screen opened, there offline after the sync ahead.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { z } from '@field/domain';
import { skipReasonFor } from './support/prerequisites.js';
import type { ApiRecord } from './support/offline.js';
import {
  getList,
  homeWithStaff,
  queueDrained,
  serviceWorkerInstalled,
  smallPng,
  waitForQueued,
} from './support/offline.js';
import { DESKTOP, PHONE, api, signIn, tokenFor, useE2eSession } from './support/session.js';
import { shot } from './support/shots.js';

const skipReason = skipReasonFor('daily log e2e');
const BUILDER = 'builder@example.com';
const API = '/api/field_collaboration/dailyLogs';
const ADD = 'Log a day on site';

const logsOf = (base: string, token: string, homeId: string): Promise<ApiRecord[]> =>
  getList(base, token, `${API}/listByHome?homeId=${encodeURIComponent(homeId)}`);

const crewsShape = z.array(
  z.object({ Vendor: z.string().check(z.minLength(1)), 'Head Count': z.number() }),
);

const photosShape = z.array(z.object({ collection: z.literal('dailyLogs'), key: z.string() }));

const row = (page: Page, text: string) =>
  page.locator('[data-testid="daily-log"]', { hasText: text });

async function openDailyLog(page: Page, base: string, homeId: string): Promise<void> {
  await page.goto(`${base}/collaboration/daily-log?homeId=${homeId}`);
  await page
    .locator('[data-testid="daily-logs"], [data-testid="daily-logs-empty"]')
    .first()
    .waitFor();
}

interface Day {
  date: string;
  notes: string;
  /** Head count of one crew (the first vendor of the list). */
  crew?: number;
  /** Hours lost to the weather. */
  delay?: number;
  /** A photo taken on site (its bytes). */
  photo?: Buffer;
}

async function logDay(page: Page, day: Day, pictures?: string): Promise<void> {
  await page.getByRole('button', { name: 'Log a day' }).click();
  const dialog = page.getByRole('dialog', { name: ADD });
  await dialog.getByLabel('Date', { exact: true }).fill(day.date);
  await dialog.getByLabel('Temperature (°F)').fill('54');
  if (day.crew !== undefined) {
    await dialog.getByRole('button', { name: 'Add to Crews on site' }).click();
    await dialog.getByLabel('People').fill(String(day.crew));
  }
  if (day.delay !== undefined) {
    await dialog.getByRole('button', { name: 'Add to Delays' }).click();
    await dialog.getByLabel('Hours lost').fill(String(day.delay));
  }
  await dialog.getByLabel('Notes', { exact: true }).fill(day.notes);
  if (day.photo !== undefined) {
    await dialog
      .getByTestId('photo-input')
      .setInputFiles({ name: 'site.png', mimeType: 'image/png', buffer: day.photo });
    await dialog.getByTestId('chosen-photos').waitFor();
  }
  if (pictures !== undefined) await shot(page, `${pictures}-add`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await row(page, day.notes).waitFor();
}

async function editNotes(page: Page, from: string, to: string): Promise<void> {
  await row(page, from)
    .getByRole('button', { name: /^Edit the log/ })
    .click();
  const dialog = page.getByRole('dialog', { name: "Edit the day's log" });
  await dialog.getByLabel('Notes', { exact: true }).fill(to);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await row(page, to).waitFor();
}

async function removeDay(page: Page, notes: string): Promise<void> {
  await row(page, notes)
    .getByRole('button', { name: /^Delete the log/ })
    .click();
  await page
    .getByRole('dialog', { name: "Delete this day's log?" })
    .getByRole('button', { name: 'Delete' })
    .click();
  await row(page, notes).waitFor({ state: 'detached' });
}

/** One of the builder's homes (Offline Homes) with days logged in the demo data. */
async function builderHomeWithLogs(
  base: string,
  token: string,
  employeeId: string,
): Promise<{ home: ApiRecord; logs: number }> {
  const homes = await getList(base, token, '/api/field_homes/listActive');
  for (const home of homes) {
    const offline = home['Offline Homes'];
    if (!Array.isArray(offline) || !offline.includes(employeeId)) continue;
    const logs = await logsOf(base, token, home.id);
    if (logs.length > 0) return { home, logs: logs.length };
  }
  throw new Error('no home of the builder with a daily log');
}

describe.skipIf(skipReason !== undefined)('daily log', () => {
  const session = useE2eSession();

  it.each([
    ['online', PHONE, 5],
    ['offline', DESKTOP, 6],
  ] as const)('days logged, edited and deleted %s arrive once each', async (mode, size, skip) => {
    const base = session.url();
    const token = await tokenFor(base, BUILDER);
    const home = await homeWithStaff(base, token, skip);
    const before = await logsOf(base, token, home.id);
    const tag = `daily-log-${mode}-${Date.now()}`;
    const photo = smallPng(Date.now());
    await (mode === 'online' ? session.online : session).withPage(size, async (page, context) => {
      await signIn(page, BUILDER);
      await openDailyLog(page, base, home.id);
      if (mode === 'offline') {
        await context.setOffline(true);
        await page.getByTestId('offline-indicator').waitFor();
      }
      await logDay(
        page,
        { date: '2026-11-18', notes: `${tag} one`, crew: 6, delay: 3, photo },
        'daily-log',
      );
      await logDay(page, { date: '2026-11-19', notes: `${tag} two`, crew: 4 });
      await logDay(page, { date: '2026-11-20', notes: `${tag} three` });
      await editNotes(page, `${tag} one`, `${tag} one edited`);
      await removeDay(page, `${tag} three`);
      if (mode === 'offline') {
        expect(await row(page, `${tag} two`).getAttribute('data-sync')).toBe('pending');
        // Three days, an edit, a delete and the photo's upload.
        await waitForQueued(page, 6);
        expect(await logsOf(base, token, home.id)).toHaveLength(before.length);
        await context.setOffline(false);
      }
      await queueDrained(page);
      await row(page, `${tag} one edited`).and(page.locator('[data-sync="synced"]')).waitFor();
      await row(page, `${tag} one edited`).getByText('×6').waitFor();
      await row(page, `${tag} one edited`).getByTestId('item-photo').waitFor();
      await shot(page, 'daily-log-list');
    });
    const after = await logsOf(base, token, home.id);
    expect(after).toHaveLength(before.length + 2);
    const mine = after
      .filter((log) => String(log['Notes']).startsWith(tag))
      .sort((a, b) => String(a['Date']).localeCompare(String(b['Date'])));
    expect(mine.map((log) => [log['Date'], log['Notes']])).toEqual([
      ['2026-11-18', `${tag} one edited`],
      ['2026-11-19', `${tag} two`],
    ]);
    const [first] = mine;
    expect(first?.['Temperature']).toBe(54);
    expect(first?.['Delays']).toEqual([{ Cause: 'Weather', Hours: 3 }]);
    // Each crew names a vendor of the list (the first, chosen by default) and its head count.
    const crews = crewsShape.parse(first?.['Crews']);
    expect(crews.map((crew) => crew['Head Count'])).toEqual([6]);
    expect(first?.['Author']).toBe('Ben Carter');
    // The photo reached the server once, under the day's folder, and the day lists it.
    const folder = await api(base, token, 'GET', `/api/files?folder=dailyLogs/${first?.id ?? ''}`);
    const files = photosShape.parse(folder.body);
    expect(files).toHaveLength(1);
    expect(photosShape.parse(first?.['Photos']).map((ref) => ref.key)).toEqual(
      files.map((file) => file.key),
    );
    const bytes = await fetch(`${base}/api/files/dailyLogs/${files[0]?.key ?? ''}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(Buffer.from(await bytes.arrayBuffer()).equals(photo)).toBe(true);
  });

  it('the log of a home no screen opened is there offline after the sync ahead; a day logged there arrives once', async () => {
    const base = session.url();
    const token = await tokenFor(base, BUILDER);
    const notes = `daily-log-ahead-${Date.now()}`;
    let target: { home: ApiRecord; logs: number } | undefined;
    await session.withPage(PHONE, async (page, context) => {
      const { user } = await signIn(page, BUILDER);
      const employeeId = user.fieldData.airtableId;
      if (typeof employeeId !== 'string') throw new Error('the builder has no employee id');
      const home = await builderHomeWithLogs(base, token, employeeId);
      target = home;
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      await page.waitForURL('**/homes/overview');
      await serviceWorkerInstalled(page);
      await page.goto(`${base}/homes/overview`);
      await page
        .locator('[data-testid="readiness-summary"][data-ready="true"]')
        .waitFor({ timeout: 30_000 });
      expect(requested.some((url) => url.includes('/dailyLogs/listByHome?'))).toBe(false);
      expect(requested.some((url) => url.endsWith('/dailyLogs/listByHomes'))).toBe(true);

      await context.setOffline(true);
      await openDailyLog(page, base, home.home.id);
      await page.getByTestId('offline-indicator').waitFor();
      await expect.poll(() => page.getByTestId('daily-log').count()).toBe(home.logs);

      await logDay(page, { date: '2026-11-21', notes, crew: 2 });
      expect(await row(page, notes).getAttribute('data-sync')).toBe('pending');
      await waitForQueued(page, 1);
      await context.setOffline(false);
      await queueDrained(page);
      await row(page, notes).and(page.locator('[data-sync="synced"]')).waitFor();
    });
    if (target === undefined) throw new Error('no home was chosen');
    const after = await logsOf(base, token, target.home.id);
    expect(after.filter((log) => log['Notes'] === notes)).toHaveLength(1);
    expect(after).toHaveLength(target.logs + 1);
  });
});
