// The calendar across my homes (issue 35), end to end in Chromium against the real server:
// on two of the builder's homes a radon test over the action level and its retest, a
// permit passed at its inspection, a schedule entry marked delayed and a punch item with a
// due date are recorded; with no signal the calendar shows them for both homes, in the
// week on a desktop and in the agenda on a phone; choosing one home hides the other's; and
// tapping an event opens its record, its home selected.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { skipReasonFor } from './support/prerequisites.js';
import type { ApiRecord } from './support/offline.js';
import { getList, serviceWorkerInstalled } from './support/offline.js';
import { DESKTOP, PHONE, api, signIn, tokenFor, userOf, useE2eSession } from './support/session.js';
import { choose } from './support/select.js';
import { shot } from './support/shots.js';

const skipReason = skipReasonFor('calendar e2e');
const BUILDER = 'builder@example.com';
/** A week of its own, far from the demo data's dates: Monday 7 to Sunday 13 January 2030. */
const WEEK = ['2030-01-07', '2030-01-08', '2030-01-09', '2030-01-10', '2030-01-11'] as const;
const CALENDAR = `/homes/calendar?day=${WEEK[2]}`;

interface Recorded {
  home: ApiRecord;
  radon: string;
  retest: string;
  permit: string;
  entry: string;
  item: string;
}

async function write(base: string, token: string, method: string, path: string, body: unknown) {
  const answer = await api(base, token, method, path, body);
  if (answer.status >= 300) {
    throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer;
}

/** The builder's homes (Offline Homes) with a job whose schedule has an entry and
 * an item on a walk, last first. */
async function homesWithSchedules(base: string, token: string, employeeId: string) {
  const homes = (await getList(base, token, '/api/field_homes/listActive')).filter(
    (home) => Array.isArray(home['Offline Homes']) && home['Offline Homes'].includes(employeeId),
  );
  const found: Array<{ home: ApiRecord; entry: ApiRecord; item: ApiRecord }> = [];
  // From the end of the list: the other browser tests change the first homes' schedules.
  for (const home of homes.reverse()) {
    const jobs = await getList(base, token, `/api/field_jobs/jobs/listByHome?homeId=${home.id}`);
    // The home's last job to start: the jobs screen opens its first, so opening this one
    // from the calendar shows that the tap chose it.
    const job = jobs
      .slice()
      .sort((a, b) => String(a['Start Date']).localeCompare(String(b['Start Date'])))
      .at(-1);
    if (job === undefined || jobs.length < 2) continue;
    const entries = await getList(
      base,
      token,
      `/api/field_jobs/schedules/listByJob?jobId=${job.id}`,
    );
    const entry = entries.at(-1);
    const items = await getList(base, token, `/api/field_walks/item/listByHome?homeId=${home.id}`);
    const item = items.find((candidate) => typeof candidate['WalkID'] === 'string');
    if (entry !== undefined && item !== undefined) found.push({ home, entry, item });
    if (found.length === 2) return found;
  }
  throw new Error('the builder has no two homes with a job schedule');
}

/** A punch item due in the week, on the walk of one of the home's items. */
async function itemDue(base: string, token: string, host: ApiRecord, name: string) {
  const id = crypto.randomUUID();
  await write(base, token, 'POST', '/api/field_walks/item/submit', {
    id,
    WalkID: host['WalkID'],
    Walk: host['Walk'],
    Category: 'Paint',
    Location: 'Kitchen',
    Name: name,
    'Due Date': WEEK[3],
  });
  return id;
}

/** Records on one home what the calendar should show, through the API. */
async function record(
  base: string,
  token: string,
  home: ApiRecord,
  entry: ApiRecord,
  host: ApiRecord,
  tag: string,
): Promise<Recorded> {
  const radon = crypto.randomUUID();
  const retest = crypto.randomUUID();
  const permit = crypto.randomUUID();
  const radonPath = '/api/field_testing/radon/submit';
  await write(base, token, 'POST', radonPath, {
    id: radon,
    HomeRID: home.id,
    'Test Date': WEEK[0],
    Result: 'Fail',
    Value: 5.2,
    Unit: 'pCi/L',
  });
  await write(base, token, 'POST', radonPath, {
    id: retest,
    HomeRID: home.id,
    'Test Date': WEEK[2],
    Result: 'Pass',
    Value: 2.1,
    Unit: 'pCi/L',
    'Retest Of': radon,
  });
  await write(base, token, 'POST', '/api/field_testing/permits/submit', {
    id: permit,
    HomeRID: home.id,
    'Permit Number': `CAL-${tag}`,
    Type: 'Building',
    Status: 'Passed',
    'Inspection Date': WEEK[1],
    'Expiration Date': WEEK[4],
  });
  await write(base, token, 'PATCH', `/api/field_jobs/schedules/update?id=${entry.id}`, {
    Status: 'Delayed',
    'Delay Reason': `Rain ${tag}`,
    'Scheduled Date': WEEK[2],
  });
  const item = await itemDue(base, token, host, `Trim ${tag}`);
  return { home, radon, retest, permit, entry: entry.id, item };
}

function event(page: Page, home: string, recordId?: string) {
  const selector = `[data-testid="calendar-event"][data-home="${home}"]`;
  return page.locator(recordId === undefined ? selector : `${selector}[data-record="${recordId}"]`);
}

/** Signs in, waits until the homes are on the device, and leaves the connection. */
async function readyOffline(page: Page, context: { setOffline: (o: boolean) => Promise<void> }) {
  await signIn(page, BUILDER);
  await page.waitForURL('**/homes/overview');
  await serviceWorkerInstalled(page);
  await page.goto(`${new URL(page.url()).origin}/homes/overview`);
  await page
    .locator('[data-testid="readiness-summary"][data-ready="true"]')
    .waitFor({ timeout: 60_000 });
  await context.setOffline(true);
}

/** Whether the address is a record's screen (its path, or under it) naming the record. */
function opened(url: URL, path: string, recordId: string): boolean {
  return url.pathname.startsWith(path) && url.searchParams.get('record') === recordId;
}

async function expectBoth(page: Page, homes: readonly Recorded[]) {
  for (const done of homes) {
    for (const id of [done.radon, done.retest, done.permit, done.entry, done.item]) {
      await event(page, done.home.id, id).first().waitFor();
    }
  }
}

describe.skipIf(skipReason !== undefined)('the calendar across my homes', () => {
  const session = useE2eSession();

  it('shows two homes offline in the week and the agenda, filters by home, and opens a record', async () => {
    const base = session.url();
    const token = await tokenFor(base, BUILDER);
    const employeeId = (await userOf(base, BUILDER)).fieldData.airtableId;
    if (employeeId === null) throw new Error('the builder has no employee id');
    const tag = String(Date.now());
    const targets = await homesWithSchedules(base, token, employeeId);
    const homes: Recorded[] = [];
    for (const [index, target] of targets.entries()) {
      homes.push(
        await record(base, token, target.home, target.entry, target.item, `${tag}-${index}`),
      );
    }
    const [one, two] = homes;
    if (one === undefined || two === undefined) throw new Error('two homes expected');

    await session.withPage(DESKTOP, async (page, context) => {
      await readyOffline(page, context);
      await page.goto(`${base}${CALENDAR}`);
      await page.getByTestId('offline-indicator').waitFor();
      await page.locator('[data-testid="calendar"][data-view="week"]').waitFor();
      await expectBoth(page, homes);
      // The delayed entry says so, and its name for a screen reader says it all.
      const delayed = event(page, one.home.id, one.entry);
      await delayed.getByText('Delayed').waitFor();
      expect(await delayed.getAttribute('aria-label')).toMatch(/^Task .*, Delayed$/);
      await shot(page, 'calendar-week');

      await page.getByRole('button', { name: 'Month', exact: true }).click();
      await page.locator('[data-testid="calendar"][data-view="month"]').waitFor();
      await event(page, two.home.id, two.permit).first().waitFor();
      await shot(page, 'calendar-month');
      await page.getByRole('button', { name: 'Agenda', exact: true }).click();
      await page.locator('[data-testid="calendar"][data-view="agenda"]').waitFor();
      await expectBoth(page, homes);
      await shot(page, 'calendar-agenda');
      await page.getByRole('button', { name: 'Week', exact: true }).click();

      // One home chosen: the other's events go.
      await choose(
        page.getByRole('combobox', { name: 'Home' }),
        page.getByRole('option', { name: String(one.home['Address']) }),
      );
      await event(page, one.home.id, one.radon).waitFor();
      await expect.poll(() => event(page, two.home.id).count()).toBe(0);
      // Tests hidden: the radon tests go, the permit stays.
      await page.getByRole('button', { name: 'Tests', exact: true }).click();
      await expect.poll(() => event(page, one.home.id, one.radon).count()).toBe(0);
      await event(page, one.home.id, one.permit).first().waitFor();
      await page.getByRole('button', { name: 'Tests', exact: true }).click();

      // A tap opens the radon test on its home's screen, shown and marked, still offline.
      await event(page, one.home.id, one.radon).click();
      await page.waitForURL((url) => opened(url, '/homes/inspections/radon', one.radon));
      await page.locator(`[data-record-id="${one.radon}"][data-opened="true"]`).waitFor();
      await page.getByTestId('offline-indicator').waitFor();

      // The delayed schedule entry opens its job, whose schedule lists it, marked.
      await page.goBack();
      await event(page, one.home.id, one.entry).click();
      await page.waitForURL((url) => url.pathname === '/homes/jobs');
      await page
        .getByTestId('job-schedule')
        .locator(`[data-record-id="${one.entry}"][data-opened="true"]`)
        .filter({ hasText: `Rain ${tag}-0` })
        .waitFor();
    });

    await session.withPage(PHONE, async (page, context) => {
      await readyOffline(page, context);
      await page.goto(`${base}${CALENDAR}`);
      await page.locator('[data-testid="calendar"][data-view="agenda"]').waitFor();
      await expectBoth(page, homes);
      await shot(page, 'calendar-agenda-week');
      await page.getByRole('button', { name: 'Month', exact: true }).click();
      await page.locator('[data-testid="calendar-period"]', { hasText: 'January 2030' }).waitFor();
      await expectBoth(page, homes);
      await shot(page, 'calendar-agenda-month');
      // The punch item of the second home opens among its items, marked.
      await event(page, two.home.id, two.item).click();
      await page.waitForURL((url) => opened(url, '/homes/items/', two.item));
      await page.locator(`[data-record-id="${two.item}"][data-opened="true"]`).waitFor();
      await shot(page, 'calendar-opened-item');
    });
  });
});
