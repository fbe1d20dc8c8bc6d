// The routes (docs/product.md, Screens and routes) with their read scopes, and the side menu built
// on them: one table that the router (guards) and the menu (visibility) both read. Titles are not
// here: each entry's `id` is its key in the web app's translation file (`nav.{id}`). The routes and
// menu lines of record screens come from the resource registry's `screen`.

import type { Access, ScopeName } from './scopes.js';
import { hasAccess } from './scopes.js';
import { WALK_ITEM_SCOPE } from './resource-access.js';
import type { RecordMenuSection, RecordScreenResource } from './resources.js';
import { RECORD_SCREEN_RESOURCES, resourceDef } from './resources.js';
import type { WalkType } from './walks.js';
import { WALK_TYPES } from './walks.js';
import { WALK_FORM_DEFS } from './walk-forms.js';
import type { Mode } from './entities.js';
import { DEFAULT_LANDING_ROUTE } from './constants.js';

/** The screens the router can show; each is one lazy module in the web app. */
type FixedScreen =
  | 'dashboard'
  | 'homesReport'
  | 'homesOverview'
  | 'homesCalendar'
  | 'inspections'
  | 'permits'
  | 'soil'
  | 'openHole'
  | 'radon'
  | 'gicTesting'
  | 'items'
  | 'itemsAcrossHomes'
  | 'walksIndex'
  | 'walkForm'
  | 'communication'
  | 'vendors'
  | 'staff'
  | 'manageHomes'
  | 'adminImport'
  | 'account'
  | 'changelogRoadmap'
  | 'mutationQueue'
  | 'unauthorized'
  | 'notFound'
  | 'serverError'
  | 'underConstruction';
export type ScreenName = FixedScreen | RecordScreenResource;

export interface AppRoute {
  /** The exact path (no parameters): every route of the product is listed one by one. */
  readonly path: string;
  readonly screen: ScreenName;
  /** `undefined`: needs only a signed-in user (or, for the public screens, nothing). */
  readonly readScope: ScopeName | undefined;
  /** The key of the page title (`nav.{titleId}`). */
  readonly titleId: string;
  /** Administration: only for holders of the admin scope. */
  readonly adminOnly?: true;
}

export const HOMES_REPORT_PAGES = [
  'all',
  'behind-schedule',
  'closing-soon',
  'validation-issues',
] as const;

export const INSPECTION_PAGES = [
  { segment: 'permits', screen: 'permits', scope: 'homes_inspections_permits' },
  { segment: 'soil', screen: 'soil', scope: 'homes_inspections_soil' },
  { segment: 'openhole', screen: 'openHole', scope: 'homes_inspections_openhole' },
  { segment: 'radon', screen: 'radon', scope: 'homes_inspections_radon' },
  { segment: 'gic', screen: 'gicTesting', scope: 'homes_inspections_gic' },
] as const satisfies readonly { segment: string; screen: ScreenName; scope: ScopeName }[];

export const ITEM_LEVELS = ['outstanding', 'complete'] as const;
export type ItemLevel = (typeof ITEM_LEVELS)[number];

/** The eight walk forms under `/walks/`, each guarded by its own scope (walk-forms.ts). */
export const WALK_FORMS = WALK_FORM_DEFS;

export const ACCOUNT_TABS = ['my-account', 'notifications', 'security', 'settings'] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

/** Routes a signed-in user is sent away from (guest-only routes). */
export const GUEST_ROUTES = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/check-mail',
  '/reset-password',
  '/invitation',
] as const;

export const PUBLIC_ROUTES = {
  unauthorized: '/unauthorized',
  notFound: '/maintenance/404',
  serverError: '/maintenance/500',
  underConstruction: '/maintenance/under-construction',
  verifyEmail: '/verify-email',
} as const;

export const SYNC_ROUTE = '/sync';
export const CHANGELOG_ROUTE = '/support/changelog';

export function accountRoute(tab: AccountTab): string {
  return `/account/${tab}`;
}

/** The items of every home the user carries, from the device (not the selected home's). */
const ITEMS_ACROSS_HOMES_ROUTE = '/homes/items/across-homes';

/** The items across homes filtered by one vendor: that trade's list (and its PDF). */
export function vendorItemsRoute(vendorId: string): string {
  return `${ITEMS_ACROSS_HOMES_ROUTE}?vendor=${encodeURIComponent(vendorId)}`;
}

function itemRoutes(): AppRoute[] {
  const byType = (prefix: string, type: WalkType): AppRoute => ({
    path: `${prefix}/${type}`,
    screen: 'items',
    readScope: WALK_ITEM_SCOPE[type],
    titleId: `items-${type}`,
  });
  return [
    {
      path: ITEMS_ACROSS_HOMES_ROUTE,
      screen: 'itemsAcrossHomes',
      readScope: 'homes_items',
      titleId: 'items-across-homes',
    },
    {
      path: '/homes/items/all-items',
      screen: 'items',
      readScope: 'homes_items',
      titleId: 'items-all',
    },
    ...WALK_TYPES.map((type) => byType('/homes/items', type)),
    ...ITEM_LEVELS.flatMap((level) => [
      {
        path: `/homes/items/${level}`,
        screen: 'items' as const,
        readScope: 'homes_items' as const,
        titleId: `items-${level}`,
      },
      ...WALK_TYPES.map((type) => byType(`/homes/items/${level}`, type)),
    ]),
  ];
}

/** The route of each record screen (the registry's `screen`), under its read scope. */
function recordScreenRoutes(): AppRoute[] {
  return RECORD_SCREEN_RESOURCES.map((resource): AppRoute => {
    const def = resourceDef(resource);
    const screen = def.screen;
    if (screen === undefined) throw new Error(`${resource} has no screen`);
    return { path: screen.path, screen: resource, readScope: def.read[0], titleId: screen.titleId };
  });
}

/** Every scope-guarded route of the product, plus the account, changelog and sync pages. */
export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/dashboard', screen: 'dashboard', readScope: 'dashboard', titleId: 'dashboard' },
  ...HOMES_REPORT_PAGES.map((page): AppRoute => ({
    path: `/reports/homes/${page}`,
    screen: 'homesReport',
    readScope: 'reports_homes',
    titleId: `report-${page}`,
  })),
  {
    path: '/homes/overview',
    screen: 'homesOverview',
    readScope: 'homes_overview',
    titleId: 'homes-overview',
  },
  {
    path: '/homes/calendar',
    screen: 'homesCalendar',
    readScope: 'homes_calendar',
    titleId: 'homes-calendar',
  },
  {
    path: '/homes/inspections',
    screen: 'inspections',
    readScope: 'homes_inspections',
    titleId: 'inspections',
  },
  ...INSPECTION_PAGES.map((page): AppRoute => ({
    path: `/homes/inspections/${page.segment}`,
    screen: page.screen,
    readScope: page.scope,
    titleId: `inspections-${page.segment}`,
  })),
  ...itemRoutes(),
  { path: '/walks', screen: 'walksIndex', readScope: 'walks', titleId: 'walks' },
  ...WALK_FORMS.map((form): AppRoute => ({
    path: `/walks/${form.segment}`,
    screen: 'walkForm',
    readScope: form.scope,
    titleId: `walk-${form.segment}`,
  })),
  {
    path: '/collaboration/communication',
    screen: 'communication',
    readScope: 'communication',
    titleId: 'communication',
  },
  ...recordScreenRoutes(),
  {
    path: '/collaboration/vendors',
    screen: 'vendors',
    readScope: 'collaboration_vendors',
    titleId: 'vendors',
  },
  {
    path: '/collaboration/staff',
    screen: 'staff',
    readScope: 'collaboration_staff',
    titleId: 'staff',
  },
  {
    path: '/collaboration/homes',
    screen: 'manageHomes',
    readScope: 'collaboration_homes',
    titleId: 'manage-homes',
  },
  {
    path: '/admin/import',
    screen: 'adminImport',
    readScope: undefined,
    titleId: 'import',
    adminOnly: true,
  },
  ...ACCOUNT_TABS.map((tab): AppRoute => ({
    path: accountRoute(tab),
    screen: 'account',
    readScope: undefined,
    titleId: `account-${tab}`,
  })),
  {
    path: CHANGELOG_ROUTE,
    screen: 'changelogRoadmap',
    readScope: undefined,
    titleId: 'changelog',
  },
  { path: SYNC_ROUTE, screen: 'mutationQueue', readScope: undefined, titleId: 'sync' },
];

const ROUTES_BY_PATH = new Map(APP_ROUTES.map((route) => [route.path, route]));

/** The route of a path (trailing slash ignored), or undefined for an unknown path. */
export function findRoute(path: string): AppRoute | undefined {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return ROUTES_BY_PATH.get(trimmed);
}

export function canOpenRoute(route: AppRoute, access: Access): boolean {
  if (route.adminOnly === true && !access.admin) return false;
  return hasAccess(access, route.readScope === undefined ? undefined : [route.readScope], 'read');
}

// ---------------------------------------------------------------------------------------
// The side menu (docs/product.md, Screens and routes).

type MenuMode = Mode | 'all';

type MenuItemType = 'group' | 'collapse' | 'item';

export interface MenuItem {
  readonly id: string;
  readonly type: MenuItemType;
  /** Items only: the route they open. */
  readonly url?: string;
  /** Material icon name the web app maps to an icon component. */
  readonly icon?: string;
  readonly readScope?: ScopeName;
  /** Administration: only for holders of the admin scope. */
  readonly adminOnly?: true;
  readonly modes: readonly MenuMode[];
  readonly children?: readonly MenuItem[];
  /** A short label beside the title (e.g. "new"). */
  readonly chip?: string;
  /** Which open-item count to show as a badge. */
  readonly badge?: OpenItemCountKey;
}

/** The open-item counts (open-items.ts) a badge can show. */
export const OPEN_ITEM_COUNT_KEYS = [
  'Open Items',
  'Open Frame Punch Items',
  'Open Final Punch Items',
  'Open NHP Items',
  'Open WHO Items',
  'Open Post Close Items',
] as const;
export type OpenItemCountKey = (typeof OPEN_ITEM_COUNT_KEYS)[number];

export const WALK_TYPE_COUNT_KEY: Readonly<Record<WalkType, OpenItemCountKey>> = {
  'frame-punch': 'Open Frame Punch Items',
  'final-punch': 'Open Final Punch Items',
  nhp: 'Open NHP Items',
  who: 'Open WHO Items',
  'post-close': 'Open Post Close Items',
};

const WORK: readonly MenuMode[] = ['work'];
const ALL_MODES: readonly MenuMode[] = ['all'];

function routeItem(
  path: string,
  options: { icon?: string; modes?: readonly MenuMode[]; badge?: OpenItemCountKey; chip?: string },
): MenuItem {
  const route = findRoute(path);
  if (route === undefined) throw new Error(`menu names an unknown route: ${path}`);
  return {
    id: route.titleId,
    type: 'item',
    url: route.path,
    ...(route.readScope === undefined ? {} : { readScope: route.readScope }),
    ...(route.adminOnly === true ? { adminOnly: true } : {}),
    modes: options.modes ?? ALL_MODES,
    ...(options.icon === undefined ? {} : { icon: options.icon }),
    ...(options.badge === undefined ? {} : { badge: options.badge }),
    ...(options.chip === undefined ? {} : { chip: options.chip }),
  };
}

/** The menu lines of the record screens listed in one section, in the registry's order. */
function recordScreenItems(section: RecordMenuSection): MenuItem[] {
  return RECORD_SCREEN_RESOURCES.flatMap((resource) => {
    const screen = resourceDef(resource).screen;
    if (screen?.menu !== section) return [];
    return [
      routeItem(screen.path, {
        modes: screen.presentation === true ? ALL_MODES : WORK,
        ...(screen.icon === undefined ? {} : { icon: screen.icon }),
      }),
    ];
  });
}

/**
 * The menu: groups reports, homes and collaboration. Presentation mode (customer-facing)
 * keeps what a buyer may see: the home, its calendar, the customer walks and buyers.
 */
export const MENU: readonly MenuItem[] = [
  {
    id: 'reports',
    type: 'group',
    modes: WORK,
    children: [
      routeItem('/dashboard', { icon: 'dashboard' }),
      {
        id: 'homes-reports',
        type: 'collapse',
        icon: 'assessment',
        readScope: 'reports_homes',
        modes: WORK,
        children: HOMES_REPORT_PAGES.map((page) => routeItem(`/reports/homes/${page}`, {})),
      },
    ],
  },
  {
    id: 'homes',
    type: 'group',
    modes: ALL_MODES,
    children: [
      routeItem('/homes/overview', { icon: 'home' }),
      routeItem('/homes/calendar', { icon: 'calendar' }),
      {
        id: 'inspections',
        type: 'collapse',
        icon: 'fact-check',
        readScope: 'homes_inspections',
        modes: WORK,
        children: [
          routeItem('/homes/inspections', {}),
          ...INSPECTION_PAGES.map((page) => routeItem(`/homes/inspections/${page.segment}`, {})),
        ],
      },
      {
        id: 'items',
        type: 'collapse',
        icon: 'checklist',
        readScope: 'homes_items',
        modes: ALL_MODES,
        children: [
          routeItem(ITEMS_ACROSS_HOMES_ROUTE, { modes: WORK }),
          routeItem('/homes/items/all-items', { badge: 'Open Items' }),
          routeItem('/homes/items/outstanding', { modes: WORK }),
          routeItem('/homes/items/complete', { modes: WORK }),
          ...WALK_TYPES.map((type) =>
            routeItem(`/homes/items/${type}`, { badge: WALK_TYPE_COUNT_KEY[type] }),
          ),
        ],
      },
      {
        id: 'walks-menu',
        type: 'collapse',
        icon: 'walk',
        readScope: 'walks',
        modes: ALL_MODES,
        children: [
          routeItem('/walks', { modes: WORK }),
          ...WALK_FORMS.map((form) =>
            routeItem(`/walks/${form.segment}`, {
              modes: form.presentation ? ALL_MODES : WORK,
            }),
          ),
        ],
      },
    ],
  },
  {
    id: 'collaboration',
    type: 'group',
    modes: ALL_MODES,
    children: [
      {
        id: 'communication-menu',
        type: 'collapse',
        icon: 'forum',
        readScope: 'communication',
        modes: WORK,
        children: [
          routeItem('/collaboration/communication', {}),
          ...recordScreenItems('communication-menu'),
        ],
      },
      ...recordScreenItems('collaboration'),
      routeItem('/collaboration/vendors', { icon: 'engineering', modes: WORK }),
      routeItem('/collaboration/staff', { icon: 'badge', modes: WORK }),
      routeItem('/collaboration/homes', { icon: 'home-work', modes: WORK }),
    ],
  },
  {
    id: 'administration',
    type: 'group',
    modes: WORK,
    children: [routeItem('/admin/import', { icon: 'upload-file', modes: WORK })],
  },
];

/** The texts for a broken menu configuration (docs/product.md, Messages). */
export const MENU_ERRORS = {
  badChild: 'Fix - Collapse or Item',
  badGroup: 'Menu Items Error',
} as const;

export class MenuConfigError extends Error {
  constructor(
    message: (typeof MENU_ERRORS)[keyof typeof MENU_ERRORS],
    readonly itemId: string,
  ) {
    super(message);
    this.name = 'MenuConfigError';
  }
}

function modeMatches(item: MenuItem, mode: Mode): boolean {
  return item.modes.includes('all') || item.modes.includes(mode);
}

function visibleChild(item: MenuItem, access: Access, mode: Mode): MenuItem | undefined {
  if (item.type === 'group') throw new MenuConfigError(MENU_ERRORS.badChild, item.id);
  if (!modeMatches(item, mode)) return undefined;
  if (item.adminOnly === true && !access.admin) return undefined;
  if (!hasAccess(access, item.readScope === undefined ? undefined : [item.readScope], 'read')) {
    return undefined;
  }
  if (item.type === 'item') {
    if (item.url === undefined) throw new MenuConfigError(MENU_ERRORS.badChild, item.id);
    return item;
  }
  const children = (item.children ?? [])
    .map((child) => visibleChild(child, access, mode))
    .filter((child): child is MenuItem => child !== undefined);
  return children.length === 0 ? undefined : { ...item, children };
}

/**
 * The menu a user sees: entries whose read scope they hold and whose modes include the
 * current one; collapses and groups left empty are dropped. Top-level entries must be
 * groups (`Menu Items Error`), their children collapses or items (`Fix - Collapse or
 * Item`).
 */
export function visibleMenu(
  access: Access,
  mode: Mode,
  menu: readonly MenuItem[] = MENU,
): MenuItem[] {
  const groups: MenuItem[] = [];
  for (const group of menu) {
    if (group.type !== 'group') throw new MenuConfigError(MENU_ERRORS.badGroup, group.id);
    if (!modeMatches(group, mode)) continue;
    const children = (group.children ?? [])
      .map((child) => visibleChild(child, access, mode))
      .filter((child): child is MenuItem => child !== undefined);
    if (children.length > 0) groups.push({ ...group, children });
  }
  return groups;
}

/** Every item (leaf) of a menu, depth first. */
export function menuLeaves(menu: readonly MenuItem[]): MenuItem[] {
  return menu.flatMap((entry) =>
    entry.type === 'item' ? [entry] : menuLeaves(entry.children ?? []),
  );
}

/** A menu leaf with the entries above it, outermost first. */
interface MenuPath {
  readonly leaf: MenuItem;
  readonly ancestors: readonly MenuItem[];
}

function menuPaths(menu: readonly MenuItem[], ancestors: readonly MenuItem[] = []): MenuPath[] {
  return menu.flatMap((entry) =>
    entry.type === 'item'
      ? [{ leaf: entry, ancestors }]
      : menuPaths(entry.children ?? [], [...ancestors, entry]),
  );
}

function findMenuEntry(menu: readonly MenuItem[], id: string): MenuItem | undefined {
  for (const entry of menu) {
    if (entry.type !== 'item' && entry.id === id) return entry;
    const inside = findMenuEntry(entry.children ?? [], id);
    if (inside !== undefined) return inside;
  }
  return undefined;
}

/**
 * The menu entry a path belongs to: its own leaf, else the leaf whose url is the longest
 * prefix of it (`/homes/items/outstanding/nhp` belongs to `/homes/items/outstanding`).
 */
function menuPathOf(path: string, menu: readonly MenuItem[]): MenuPath | undefined {
  let best: MenuPath | undefined;
  for (const candidate of menuPaths(menu)) {
    const url = candidate.leaf.url ?? '';
    if (path !== url && !path.startsWith(`${url}/`)) continue;
    if (best === undefined || url.length > (best.leaf.url ?? '').length) best = candidate;
  }
  return best;
}

/**
 * Where presentation mode sends a path opened by URL (presentation mode keeps
 * only the customer-facing screens): `undefined` when the path may stay (its menu entry and every
 * entry above it allow presentation mode, or it is in no menu section, like /account), else the
 * nearest screen the presentation menu shows this user: the first visible entry of the innermost
 * section that still has one, then the first visible entry of the whole menu, then the landing
 * page.
 */
export function presentationTarget(
  path: string,
  access: Access,
  menu: readonly MenuItem[] = MENU,
): string | undefined {
  const route = findRoute(path);
  if (route === undefined) return undefined;
  const entry = menuPathOf(route.path, menu);
  if (entry === undefined) return undefined;
  const chain = [...entry.ancestors, entry.leaf];
  if (chain.every((item) => modeMatches(item, 'presentation'))) return undefined;
  const shown = visibleMenu(access, 'presentation', menu);
  for (const section of [...entry.ancestors].reverse()) {
    const visible = findMenuEntry(shown, section.id);
    const first = visible === undefined ? undefined : menuLeaves([visible])[0];
    if (first?.url !== undefined) return first.url;
  }
  return menuLeaves(shown)[0]?.url ?? DEFAULT_LANDING_ROUTE;
}

/**
 * The horizontal layout's top bar: at most `max` entries, the rest under More. The top
 * bar shows the groups' children (collapses and items) in order.
 */
export function splitHorizontalMenu(
  menu: readonly MenuItem[],
  max: number,
): { shown: MenuItem[]; more: MenuItem[] } {
  const entries = menu.flatMap((group) => group.children ?? []);
  if (entries.length <= max) return { shown: entries, more: [] };
  // One slot goes to the More entry itself.
  return { shown: entries.slice(0, max - 1), more: entries.slice(max - 1) };
}
