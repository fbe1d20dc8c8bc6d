// Access by home (docs/product.md, Roles and access; docs/decisions.md, Access by home): the
// rule beside the scope rule. Scopes say which kinds of record a user may read and write;
// this says on which homes. Admin, the manager and customer-service groups, and every user
// when the install is set company-wide (`HOME_ACCESS=company`) work on every home. Anyone
// else works on the homes whose staff lists (or Offline Homes) hold their employee id. A
// demo account works on test homes only, whatever else it holds.

import type { Home } from './entities.js';
import { HOME_TEST_STATUS } from './entities.js';
import { MESSAGES } from './messages.js';
import type { Access } from './scopes.js';
import type { StaffType } from './staff.js';
import { STAFF_TYPES } from './staff.js';

/** `assigned` (the default): by staff list; `company`: every user on every home. */
export const HOME_ACCESS_MODES = ['assigned', 'company'] as const;
export type HomeAccessMode = (typeof HOME_ACCESS_MODES)[number];
export const DEFAULT_HOME_ACCESS: HomeAccessMode = 'assigned';

/** Who asks: their expanded scopes, their employee id (`fieldData.airtableId`) and the
 * install's setting. */
export interface HomeViewer {
  readonly access: Access;
  readonly employeeId: string | null;
  readonly mode: HomeAccessMode;
}

/** What the rule reads of a home. */
export type HomeAccessFacts = Pick<Home, StaffType | 'Status'>;

/** The fields of a home that everyone who reads homes sees, worked on or not. */
const HOME_PUBLIC_FIELDS = [
  'id',
  'HomeRID',
  'HomeID',
  'Address',
  'Status',
  'createdAt',
  'updatedAt',
  // Tombstones of the differential list carry it.
  'deletedAt',
] as const;

/**
 * The header a client sends while in testing mode (`X-Testing-Mode: on`): lists that span
 * homes then hold test homes only (docs/api.md). A demo account is always in testing mode.
 */
export const TESTING_HEADER = 'x-testing-mode';
export const TESTING_HEADER_ON = 'on';

/**
 * What the rule reads of a home as stored: its status and staff lists, a list that is
 * missing or not a list of ids read as empty (a record written by an older import).
 */
export function homeAccessFacts(data: Readonly<Record<string, unknown>>): HomeAccessFacts {
  const lists = Object.fromEntries(
    STAFF_TYPES.map((list) => {
      const value = data[list];
      const ids = Array.isArray(value) ? value.filter((id) => typeof id === 'string') : [];
      return [list, ids];
    }),
  ) as Record<StaffType, string[]>; // Safe: one entry per staff type, each a list of ids.
  return { ...lists, Status: typeof data['Status'] === 'string' ? data['Status'] : '' };
}

/** Whether a home is the outsider's view of it (publicHomeView): it carries no staff list. */
export function isPublicHomeView(home: object): boolean {
  return !STAFF_TYPES.some((list) => list in home);
}

/** The message of a refused home: a demo account's, or anyone else's. */
export function homeRefusal(viewer: HomeViewer): string {
  return viewer.access.demo && !viewer.access.admin
    ? MESSAGES.demoTestHomesOnly
    : MESSAGES.notYourHome;
}

/** Whether an employee is on any of the home's staff lists or its Offline Homes. */
export function worksOnHome(
  home: Pick<Home, StaffType>,
  employeeId: string | null | undefined,
): boolean {
  if (employeeId === null || employeeId === undefined || employeeId === '') return false;
  return STAFF_TYPES.some((list) => home[list].includes(employeeId));
}

/** Whether the viewer works on every home (no home need list them). A demo account never
 * does: it is held to test homes. */
export function worksOnEveryHome(viewer: HomeViewer): boolean {
  const { access } = viewer;
  if (access.admin) return true;
  if (access.demo) return false;
  if (viewer.mode === 'company') return true;
  return access.groups.has('manager') || access.groups.has('customerService');
}

/** Whether the viewer may read and write the records of this home (its notes, calls,
 * buyers, walks, items, files...), scopes permitting. */
export function mayWorkOnHome(viewer: HomeViewer, home: HomeAccessFacts): boolean {
  if (!viewer.access.admin && viewer.access.demo) return home.Status === HOME_TEST_STATUS;
  return worksOnEveryHome(viewer) || worksOnHome(home, viewer.employeeId);
}

/** A home as a viewer outside it sees it in the all-homes list: address and status only. */
export function publicHomeView<T extends Record<string, unknown>>(
  home: T,
): Pick<T, Extract<(typeof HOME_PUBLIC_FIELDS)[number], keyof T>> {
  const view: Record<string, unknown> = {};
  for (const field of HOME_PUBLIC_FIELDS) if (field in home) view[field] = home[field];
  // Safe: `view` holds exactly the public fields `home` has.
  return view as Pick<T, Extract<(typeof HOME_PUBLIC_FIELDS)[number], keyof T>>;
}
