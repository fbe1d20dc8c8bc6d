// Which homes a list shows (docs/product.md, Roles and access): all homes or "my homes", the
// in-construction view, testing mode and the address search. Testing mode restricts every
// home list and the in-construction view to `Test Home`; without it, the in-construction
// view leaves out `Test Home` and KOVA `Cancelled`.

import type { Home } from './entities.js';
import { HOME_TEST_STATUS, KOVA_CANCELLED } from './entities.js';
import type { BehindReason } from './schedule-standing.js';
import { reportDay } from './schedule-standing.js';

type HomeLike = Pick<Home, 'Address' | 'Status' | 'KOVA Status' | 'Offline Homes'>;

export const HOME_LIST_KINDS = ['all', 'mine'] as const;
export type HomeListKind = (typeof HOME_LIST_KINDS)[number];

function isTestHome(home: Pick<Home, 'Status'>): boolean {
  return home.Status === HOME_TEST_STATUS;
}

/** Testing mode keeps only test homes; without it every home stays. */
export function homesForMode<T extends Pick<Home, 'Status'>>(
  homes: readonly T[],
  testing: boolean,
): T[] {
  return testing ? homes.filter(isTestHome) : [...homes];
}

/** The in-construction view: no test homes, no cancelled KOVA; in testing mode only tests. */
export function inConstruction<T extends Pick<Home, 'Status' | 'KOVA Status'>>(
  homes: readonly T[],
  testing: boolean,
): T[] {
  if (testing) return homes.filter(isTestHome);
  return homes.filter((home) => !isTestHome(home) && home['KOVA Status'] !== KOVA_CANCELLED);
}

/** A user's homes: their employee id (fieldData.airtableId) is in the home's Offline Homes. */
export function isMyHome(home: Pick<Home, 'Offline Homes'>, employeeId: string | null): boolean {
  return employeeId !== null && employeeId !== '' && home['Offline Homes'].includes(employeeId);
}

/**
 * Address order (numbers in their natural order): one collator for every comparison, as
 * `localeCompare` with options builds one per call (10,000 addresses sorted in Node: 525 ms
 * vs 23 ms).
 */
const ADDRESS_ORDER = new Intl.Collator('en', { numeric: true });

/**
 * The homes of a list: "all" or "mine", filtered by testing mode, sorted by address
 * (numbers in their natural order).
 */
export function homeList<T extends HomeLike>(
  homes: readonly T[],
  options: { kind: HomeListKind; employeeId: string | null; testing: boolean },
): T[] {
  const mine =
    options.kind === 'mine' ? homes.filter((h) => isMyHome(h, options.employeeId)) : homes;
  return homesForMode(mine, options.testing).sort((a, b) =>
    ADDRESS_ORDER.compare(a.Address, b.Address),
  );
}

/** The home search matches the Address, case-insensitive substring. */
export function filterByAddress<T extends Pick<Home, 'Address'>>(
  homes: readonly T[],
  query: string,
): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return [...homes];
  return homes.filter((home) => home.Address.toLocaleLowerCase().includes(needle));
}

// ---------------------------------------------------------------------------------------
// The homes report (`/reports/homes/{page}`). The spec names the pages only; our readings:
// behind schedule = not closed, and the projected close has passed or a job or schedule
// entry is delayed or overdue as the field updated it (schedule-standing.ts); closing soon = not
// closed and the projected close falls within the next 30 days; validation issues = a
// home missing what the field needs to work on it.

const HOME_CLOSED_STATUS = 'Closed';
const CLOSING_SOON_DAYS = 30;

type ReportHome = Pick<
  Home,
  | 'Status'
  | 'Projected Close'
  | 'Construction Start'
  | 'Lot'
  | 'Plan'
  | 'Construction Staff'
  | 'Offline Homes'
>;

/** The problems that put a home on the validation-issues page, as field names. */
export function homeValidationIssues(home: ReportHome): string[] {
  const issues: string[] = [];
  if (home['Construction Start'] === null) issues.push('Construction Start');
  if (home['Projected Close'] === null) issues.push('Projected Close');
  if (home.Lot.trim() === '') issues.push('Lot');
  if (home.Plan.trim() === '') issues.push('Plan');
  if (home['Construction Staff'].length === 0) issues.push('Construction Staff');
  if (home['Offline Homes'].length === 0) issues.push('Offline Homes');
  return issues;
}

function dayOf(value: string): string {
  return value.slice(0, 10);
}

/**
 * Why an open home is behind schedule on `now`: its projected close passed, then what its
 * jobs and schedule entries say (`schedule`, by home id); empty when it is not behind.
 */
export function behindReasons(
  home: ReportHome & { id: string },
  now: Date,
  schedule?: ReadonlyMap<string, readonly BehindReason[]>,
): BehindReason[] {
  if (home.Status === HOME_CLOSED_STATUS) return [];
  const close = home['Projected Close'];
  const reasons: BehindReason[] =
    close !== null && dayOf(close) < reportDay(now) ? [{ kind: 'close', date: dayOf(close) }] : [];
  return [...reasons, ...(schedule?.get(home.id) ?? [])];
}

export function homesReport<T extends ReportHome & { id: string }>(
  homes: readonly T[],
  page: 'all' | 'behind-schedule' | 'closing-soon' | 'validation-issues',
  now: Date,
  schedule?: ReadonlyMap<string, readonly BehindReason[]>,
): T[] {
  const today = reportDay(now);
  const soon = new Date(now.getTime() + CLOSING_SOON_DAYS * 24 * 60 * 60 * 1000)
    .toISOString()
    .slice(0, 10);
  const open = (home: T) => home.Status !== HOME_CLOSED_STATUS;
  switch (page) {
    case 'all':
      return [...homes];
    case 'behind-schedule':
      return homes.filter((h) => behindReasons(h, now, schedule).length > 0);
    case 'closing-soon':
      return homes.filter((h) => {
        const close = h['Projected Close'];
        return open(h) && close !== null && dayOf(close) >= today && dayOf(close) <= soon;
      });
    case 'validation-issues':
      return homes.filter((h) => homeValidationIssues(h).length > 0);
  }
}
