import { describe, expect, it } from 'vitest';
import type { MenuItem } from './navigation.js';
import {
  APP_ROUTES,
  MENU,
  MENU_ERRORS,
  MenuConfigError,
  canOpenRoute,
  findRoute,
  menuLeaves,
  presentationTarget,
  splitHorizontalMenu,
  visibleMenu,
} from './navigation.js';
import type { Scope } from './scopes.js';
import { SCOPES, resolveAccess } from './scopes.js';

const group = (value: string): Scope => ({
  value,
  approved: true,
  group: true,
  read: true,
  write: true,
});
const ACCESS = {
  admin: resolveAccess([{ ...group('admin'), group: false }]),
  manager: resolveAccess([group('manager')]),
  builder: resolveAccess([group('builder')]),
  customerService: resolveAccess([group('customerService')]),
  pending: resolveAccess([{ ...group('pending-user'), approved: false }]),
};

// The specification's route table, row by row.
const SPEC_ROUTES: [string, string | undefined][] = [
  ['/dashboard', 'dashboard'],
  ['/reports/homes/all', 'reports_homes'],
  ['/reports/homes/behind-schedule', 'reports_homes'],
  ['/reports/homes/closing-soon', 'reports_homes'],
  ['/reports/homes/validation-issues', 'reports_homes'],
  ['/homes/overview', 'homes_overview'],
  ['/homes/calendar', 'homes_calendar'],
  ['/homes/inspections', 'homes_inspections'],
  ['/homes/inspections/permits', 'homes_inspections_permits'],
  ['/homes/inspections/soil', 'homes_inspections_soil'],
  ['/homes/inspections/openhole', 'homes_inspections_openhole'],
  ['/homes/inspections/radon', 'homes_inspections_radon'],
  ['/homes/inspections/gic', 'homes_inspections_gic'],
  ['/homes/items/all-items', 'homes_items'],
  ['/homes/items/frame-punch', 'homes_final_punch_items'],
  ['/homes/items/final-punch', 'homes_final_punch_items'],
  ['/homes/items/nhp', 'homes_nhp_items'],
  ['/homes/items/who', 'homes_who_items'],
  ['/homes/items/post-close', 'homes_post_close_items'],
  ['/homes/items/outstanding', 'homes_items'],
  ['/homes/items/complete', 'homes_items'],
  ['/homes/items/outstanding/frame-punch', 'homes_final_punch_items'],
  ['/homes/items/outstanding/nhp', 'homes_nhp_items'],
  ['/homes/items/complete/who', 'homes_who_items'],
  ['/homes/items/complete/post-close', 'homes_post_close_items'],
  ['/walks', 'walks'],
  ['/walks/home-start', 'home_start'],
  ['/walks/pre-drywall', 'pre_drywall'],
  ['/walks/manager-walks', 'manager_walks'],
  ['/walks/final-punch', 'final_punch'],
  ['/walks/new-home-presentation', 'new_home_presentation'],
  ['/walks/landscape', 'landscape'],
  ['/walks/welcome-home-orientation', 'welcome_home_orientation'],
  ['/walks/post-close', 'post_close'],
  ['/collaboration/communication', 'communication'],
  ['/collaboration/communication/phone-calls', 'communication_phone_calls'],
  ['/collaboration/communication/notes', 'communication_notes'],
  ['/collaboration/buyers', 'collaboration_buyers'],
  ['/collaboration/daily-log', 'daily_logs'],
  ['/collaboration/vendors', 'collaboration_vendors'],
  ['/collaboration/staff', 'collaboration_staff'],
  ['/collaboration/homes', 'collaboration_homes'],
  ['/account/my-account', undefined],
  ['/account/notifications', undefined],
  ['/account/security', undefined],
  ['/account/settings', undefined],
  ['/support/changelog', undefined],
];

describe('route table', () => {
  it.each(SPEC_ROUTES)('%s is guarded by %s', (path, scope) => {
    expect(findRoute(path)?.readScope).toBe(scope);
  });

  it('has no duplicate paths and ignores a trailing slash', () => {
    const paths = APP_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(findRoute('/homes/overview/')?.path).toBe('/homes/overview');
    expect(findRoute('/no/such/page')).toBeUndefined();
  });

  it.each([
    ['customerService', '/walks/home-start', false],
    ['customerService', '/collaboration/communication/phone-calls', true],
    ['builder', '/walks/manager-walks', false],
    ['builder', '/walks/pre-drywall', true],
    ['manager', '/walks/manager-walks', true],
    ['pending', '/homes/overview', false],
    ['pending', '/account/my-account', true],
    ['admin', '/walks/manager-walks', true],
    ['customerService', '/collaboration/daily-log', true],
    ['builder', '/collaboration/daily-log', true],
  ] as const)('%s opening %s: %s', (who, path, allowed) => {
    const route = findRoute(path);
    if (route === undefined) throw new Error(`no route ${path}`);
    expect(canOpenRoute(route, ACCESS[who])).toBe(allowed);
  });
});

const urls = (menu: MenuItem[]) => menuLeaves(menu).map((item) => item.url);

describe('menu', () => {
  it('points every item at a route of the table', () => {
    for (const item of menuLeaves(MENU)) expect(findRoute(item.url ?? '')).toBeDefined();
  });

  it('shows a manager every entry in work mode but administration', () => {
    expect(urls(visibleMenu(ACCESS.manager, 'work'))).toEqual(
      urls([...MENU]).filter((url) => url !== '/admin/import'),
    );
  });

  it('shows the import to an admin only, and opens its route for an admin only', () => {
    const admin = resolveAccess([
      { value: 'admin', group: false, approved: true, read: true, write: true },
    ]);
    expect(urls(visibleMenu(admin, 'work'))).toContain('/admin/import');
    const route = findRoute('/admin/import');
    expect(route !== undefined && canOpenRoute(route, admin)).toBe(true);
    expect(route !== undefined && canOpenRoute(route, ACCESS.manager)).toBe(false);
  });

  it('hides manager walks from a builder', () => {
    const builder = urls(visibleMenu(ACCESS.builder, 'work'));
    expect(builder).not.toContain('/walks/manager-walks');
    expect(builder).toContain('/walks/pre-drywall');
  });

  it('drops the walk forms and their empty parent for customer service', () => {
    const menu = visibleMenu(ACCESS.customerService, 'work');
    expect(urls(menu).filter((u) => u?.startsWith('/walks'))).toEqual([]);
    const ids = menu.flatMap((g) => (g.children ?? []).map((c) => c.id));
    expect(ids).not.toContain('walks-menu');
    expect(urls(menu)).toContain('/collaboration/communication/phone-calls');
  });

  it('lists the daily log under Collaboration, after buyers, in work mode only', () => {
    const collaboration = visibleMenu(ACCESS.builder, 'work').find((g) => g.id === 'collaboration');
    const ids = (collaboration?.children ?? []).map((entry) => entry.id);
    expect(ids.indexOf('daily-log')).toBe(ids.indexOf('buyers') + 1);
    expect(urls(visibleMenu(ACCESS.customerService, 'work'))).toContain('/collaboration/daily-log');
    expect(urls(visibleMenu(ACCESS.manager, 'presentation'))).not.toContain(
      '/collaboration/daily-log',
    );
    const others = resolveAccess(
      SCOPES.filter((s) => s !== 'daily_logs').map((value) => ({ ...group(value), group: false })),
    );
    expect(urls(visibleMenu(others, 'work'))).not.toContain('/collaboration/daily-log');
  });

  it('shows a pending user nothing at all', () => {
    expect(visibleMenu(ACCESS.pending, 'work')).toEqual([]);
  });

  it('keeps only customer-facing entries in presentation mode', () => {
    const presentation = urls(visibleMenu(ACCESS.manager, 'presentation'));
    expect(presentation).toContain('/homes/overview');
    expect(presentation).toContain('/walks/new-home-presentation');
    expect(presentation).not.toContain('/dashboard');
    expect(presentation).not.toContain('/collaboration/staff');
    expect(presentation).not.toContain('/walks/manager-walks');
    expect(presentation.length).toBeLessThan(urls(visibleMenu(ACCESS.manager, 'work')).length);
  });

  it('rejects a top-level entry that is not a group', () => {
    const bad: MenuItem[] = [{ id: 'x', type: 'item', url: '/dashboard', modes: ['all'] }];
    expect(() => visibleMenu(ACCESS.admin, 'work', bad)).toThrow(MENU_ERRORS.badGroup);
  });

  it('rejects a group nested in a group, or an item without a url', () => {
    const nested: MenuItem[] = [
      {
        id: 'g',
        type: 'group',
        modes: ['all'],
        children: [{ id: 'h', type: 'group', modes: ['all'] }],
      },
    ];
    expect(() => visibleMenu(ACCESS.admin, 'work', nested)).toThrow(MenuConfigError);
    expect(() => visibleMenu(ACCESS.admin, 'work', nested)).toThrow(MENU_ERRORS.badChild);
    const noUrl: MenuItem[] = [
      {
        id: 'g',
        type: 'group',
        modes: ['all'],
        children: [{ id: 'i', type: 'item', modes: ['all'] }],
      },
    ];
    expect(() => visibleMenu(ACCESS.admin, 'work', noUrl)).toThrow(MENU_ERRORS.badChild);
  });

  it('puts at most 7 entries in the horizontal bar, the rest under More', () => {
    const menu = visibleMenu(ACCESS.manager, 'work');
    const { shown, more } = splitHorizontalMenu(menu, 7);
    expect(shown).toHaveLength(6);
    expect(shown.length + more.length).toBe(menu.flatMap((g) => g.children ?? []).length);
    const small = visibleMenu(ACCESS.manager, 'presentation');
    const entries = small.flatMap((g) => g.children ?? []);
    if (entries.length <= 7) expect(splitHorizontalMenu(small, 7).more).toEqual([]);
  });
});

describe('presentation mode opened on a work-only route', () => {
  const only = (...values: string[]) =>
    resolveAccess(
      values.map((value) => ({ value, approved: true, group: false, read: true, write: true })),
    );

  it('sends a work-only walk form to the first customer-facing walk form', () => {
    expect(presentationTarget('/walks/final-punch', ACCESS.manager)).toBe(
      '/walks/new-home-presentation',
    );
    expect(presentationTarget('/walks', ACCESS.builder)).toBe('/walks/new-home-presentation');
  });

  it('skips the customer-facing forms the user cannot open', () => {
    const access = only('homes_overview', 'walks', 'final_punch', 'welcome_home_orientation');
    expect(presentationTarget('/walks/final-punch', access)).toBe(
      '/walks/welcome-home-orientation',
    );
  });

  it('goes up to the enclosing group when the whole section is hidden', () => {
    // Inspections are work-only as a whole: the homes group's first screen is next.
    expect(presentationTarget('/homes/inspections/soil', ACCESS.manager)).toBe('/homes/overview');
    // No presentation walk form for this user: the walks section is empty in presentation.
    const access = only('homes_calendar', 'walks', 'final_punch');
    expect(presentationTarget('/walks/final-punch', access)).toBe('/homes/calendar');
    expect(presentationTarget('/collaboration/staff', ACCESS.manager)).toBe(
      '/collaboration/buyers',
    );
  });

  it('falls back to the first screen of the whole menu, then the landing page', () => {
    // The reports group is work-only.
    expect(presentationTarget('/dashboard', ACCESS.manager)).toBe('/homes/overview');
    expect(presentationTarget('/dashboard', only('dashboard', 'collaboration_buyers'))).toBe(
      '/collaboration/buyers',
    );
    expect(presentationTarget('/dashboard', ACCESS.pending)).toBe('/homes/overview');
  });

  it('keeps a work-only item list in the items section, sub-pages too', () => {
    expect(presentationTarget('/homes/items/outstanding', ACCESS.manager)).toBe(
      '/homes/items/all-items',
    );
    expect(presentationTarget('/homes/items/complete/nhp/', ACCESS.manager)).toBe(
      '/homes/items/all-items',
    );
  });

  it('leaves customer-facing routes and routes outside the menu where they are', () => {
    for (const path of [
      '/walks/new-home-presentation',
      '/walks/welcome-home-orientation',
      '/homes/items/nhp',
      '/homes/calendar',
      '/collaboration/buyers',
      '/account/settings',
      '/support/changelog',
      '/sync',
      '/no/such/page',
    ]) {
      expect(presentationTarget(path, ACCESS.manager), path).toBeUndefined();
    }
  });

  it('only ever sends a user to a screen the presentation menu shows them', () => {
    for (const who of ['manager', 'builder', 'customerService'] as const) {
      const shown = urls(visibleMenu(ACCESS[who], 'presentation'));
      for (const { path } of APP_ROUTES) {
        const target = presentationTarget(path, ACCESS[who]);
        if (target !== undefined) expect(shown, `${who} ${path}`).toContain(target);
      }
    }
  });
});
