import { describe, expect, it } from 'vitest';
import type { HomeAccessFacts, HomeAccessMode } from './home-access.js';
import { mayWorkOnHome, publicHomeView, worksOnHome } from './home-access.js';
import type { Scope } from './scopes.js';
import { resolveAccess } from './scopes.js';

const group = (value: string): Scope => ({
  value,
  approved: true,
  group: true,
  read: true,
  write: true,
});

function home(lists: Partial<HomeAccessFacts> = {}): HomeAccessFacts {
  return {
    Status: 'Under Construction',
    'Construction Staff': [],
    'Design Staff': [],
    'Sales Staff': [],
    'Initial CS Staff': [],
    'Year End Staff': [],
    'Offline Homes': [],
    ...lists,
  };
}

const viewer = (scopes: Scope[], employeeId: string | null, mode: HomeAccessMode = 'assigned') => ({
  access: resolveAccess(scopes),
  employeeId,
  mode,
});

describe('access by home', () => {
  it('lets a builder work on a home any of whose staff lists holds them, and no other', () => {
    const builder = viewer([group('builder')], 'emp-1');
    expect(mayWorkOnHome(builder, home({ 'Design Staff': ['emp-1'] }))).toBe(true);
    expect(mayWorkOnHome(builder, home({ 'Offline Homes': ['emp-1'] }))).toBe(true);
    expect(mayWorkOnHome(builder, home({ 'Construction Staff': ['emp-2'] }))).toBe(false);
  });

  it('never matches a user without an employee id, even on a list holding an empty id', () => {
    expect(worksOnHome(home({ 'Sales Staff': [''] }), '')).toBe(false);
    expect(mayWorkOnHome(viewer([group('builder')], null), home({ 'Sales Staff': [''] }))).toBe(
      false,
    );
  });

  it('lets managers, customer service and admins work on every home', () => {
    for (const scopes of [[group('manager')], [group('customerService')], [group('admin')]]) {
      expect(mayWorkOnHome(viewer(scopes, null), home())).toBe(true);
    }
  });

  it('lets everyone work on every home when the install is company-wide', () => {
    expect(mayWorkOnHome(viewer([group('builder')], null, 'company'), home())).toBe(true);
  });

  it('holds a demo account to test homes, company-wide or not', () => {
    for (const mode of ['assigned', 'company'] as const) {
      const demo = viewer([group('demo')], 'emp-1', mode);
      expect(mayWorkOnHome(demo, home({ Status: 'Test Home' }))).toBe(true);
      expect(mayWorkOnHome(demo, home({ 'Offline Homes': ['emp-1'] }))).toBe(false);
    }
  });

  it('shows an outsider the address and status of a home, not its staff or buyers', () => {
    const view = publicHomeView({
      id: 'h1',
      Address: '1 Main St',
      Status: 'Under Construction',
      'Construction Staff': ['emp-1'],
      Notes: 'gate code 1234',
    });
    expect(view).toEqual({ id: 'h1', Address: '1 Main St', Status: 'Under Construction' });
  });
});
