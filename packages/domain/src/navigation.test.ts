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
  splitHorizontalMenu,
  visibleMenu,
} from './navigation.js';
import type { Scope } from './scopes.js';
import { resolveAccess } from './scopes.js';

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

// Section 2's route table, row by row.
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
  ] as const)('%s opening %s: %s', (who, path, allowed) => {
    const route = findRoute(path);
    if (route === undefined) throw new Error(`no route ${path}`);
    expect(canOpenRoute(route, ACCESS[who])).toBe(allowed);
  });
});

describe('menu', () => {
  const urls = (menu: MenuItem[]) => menuLeaves(menu).map((item) => item.url);

  it('points every item at a route of the table', () => {
    for (const item of menuLeaves(MENU)) expect(findRoute(item.url ?? '')).toBeDefined();
  });

  it('shows a manager every entry in work mode', () => {
    expect(urls(visibleMenu(ACCESS.manager, 'work'))).toEqual(urls([...MENU]));
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
