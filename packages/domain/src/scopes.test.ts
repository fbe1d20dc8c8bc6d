import { describe, expect, it } from 'vitest';
import type { Scope } from './scopes.js';
import {
  GROUP_EXPANSION,
  INITIAL_SCOPE,
  SCOPES,
  WALK_FORM_SCOPES,
  hasAccess,
  mergeLegacyScopes,
  mergeScopes,
  resolveAccess,
} from './scopes.js';

const group = (value: string, overrides: Partial<Scope> = {}): Scope => ({
  value,
  approved: true,
  group: true,
  read: true,
  write: true,
  ...overrides,
});
const single = (value: string, read: boolean, write: boolean): Scope => ({
  value,
  approved: true,
  group: false,
  read,
  write,
});

describe('scope catalogue', () => {
  it('names every read scope of the routes table', () => {
    const routeScopes = [
      'dashboard',
      'reports_homes',
      'homes_overview',
      'homes_calendar',
      'homes_inspections',
      'homes_inspections_permits',
      'homes_inspections_soil',
      'homes_inspections_openhole',
      'homes_inspections_radon',
      'homes_inspections_gic',
      'homes_items',
      'homes_final_punch_items',
      'homes_nhp_items',
      'homes_who_items',
      'homes_post_close_items',
      'walks',
      'home_start',
      'pre_drywall',
      'manager_walks',
      'final_punch',
      'new_home_presentation',
      'landscape',
      'welcome_home_orientation',
      'post_close',
      'communication',
      'communication_phone_calls',
      'communication_notes',
      'collaboration_buyers',
      'collaboration_vendors',
      'collaboration_staff',
      'collaboration_homes',
    ];
    for (const scope of routeScopes) expect(SCOPES).toContain(scope);
    expect(new Set(SCOPES).size).toBe(SCOPES.length);
  });

  it('starts a registration as pending-user, unapproved, group, read and write', () => {
    expect(INITIAL_SCOPE).toEqual({
      value: 'pending-user',
      approved: false,
      group: true,
      read: true,
      write: true,
    });
  });
});

describe('group expansion', () => {
  it.each(['demo', 'manager'] as const)('%s gets every scope to read and write', (name) => {
    expect([...GROUP_EXPANSION[name].read].sort()).toEqual([...SCOPES].sort());
    expect([...GROUP_EXPANSION[name].write].sort()).toEqual([...SCOPES].sort());
  });

  it('builder gets what manager gets except manager_walks', () => {
    const expected = SCOPES.filter((s) => s !== 'manager_walks');
    expect(GROUP_EXPANSION.builder.read).toEqual(expected);
    expect(GROUP_EXPANSION.builder.write).toEqual(expected);
  });

  it('customer service reads all but the walk forms and writes three scopes', () => {
    const cs = GROUP_EXPANSION.customerService;
    for (const scope of WALK_FORM_SCOPES) expect(cs.read).not.toContain(scope);
    expect(cs.read).toHaveLength(SCOPES.length - WALK_FORM_SCOPES.length);
    expect([...cs.write].sort()).toEqual([
      'homes_post_close_items',
      'phone_call_logs',
      'phone_call_notes',
    ]);
  });

  it('expands read and write separately by the scope flags', () => {
    const access = resolveAccess([group('manager', { write: false })]);
    expect(access.read.has('manager_walks')).toBe(true);
    expect(access.write.has('manager_walks')).toBe(false);
  });

  it('ignores unapproved scopes, so a pending user may read nothing', () => {
    const access = resolveAccess([INITIAL_SCOPE, group('manager', { approved: false })]);
    expect(access.read.size).toBe(0);
    expect(hasAccess(access, ['homes_overview'], 'read')).toBe(false);
  });

  it('marks demo accounts and admins', () => {
    expect(resolveAccess([group('demo')]).demo).toBe(true);
    expect(resolveAccess([group('manager')]).demo).toBe(false);
    expect(resolveAccess([single('admin', true, true)]).admin).toBe(true);
  });
});

describe('access rule', () => {
  const cs = resolveAccess([group('customerService')]);
  const admin = resolveAccess([single('admin', true, true)]);
  const nobody = resolveAccess([]);

  it.each([
    ['admin bypasses any requirement', admin, ['manager_walks'], 'write', true],
    ['no requirement grants access', nobody, undefined, 'read', true],
    ['a requirement of all grants access', nobody, 'all', 'write', true],
    ['every required read scope held', cs, ['homes_items', 'communication'], 'read', true],
    ['one required read scope missing', cs, ['homes_items', 'walks'], 'read', false],
    ['write needs the write flag', cs, ['homes_items'], 'write', false],
    ['customer service writes post-close items', cs, ['homes_post_close_items'], 'write', true],
    ['an empty list requires nothing', nobody, [], 'read', true],
  ] as const)('%s', (_name, access, requirement, kind, expected) => {
    expect(hasAccess(access, requirement, kind)).toBe(expected);
  });
});

describe('legacy scope merge', () => {
  it('merges the four legacy lists into unique scopes, OR-ing read and write', () => {
    const merged = mergeLegacyScopes({
      readGroups: ['builder'],
      writeGroups: ['builder'],
      read: ['homes_items', 'walks'],
      write: ['homes_items'],
    });
    expect(merged).toEqual([
      { value: 'builder', approved: true, group: true, read: true, write: true },
      { value: 'homes_items', approved: true, group: false, read: true, write: true },
      { value: 'walks', approved: true, group: false, read: true, write: false },
    ]);
  });

  it('keeps the current scopes and widens them', () => {
    const merged = mergeLegacyScopes({ write: ['walks'] }, [single('walks', true, false)]);
    expect(merged).toEqual([single('walks', true, true)]);
  });

  it('keeps a group and a single scope of the same name apart', () => {
    expect(mergeScopes([group('demo')], [single('demo', true, false)])).toHaveLength(2);
  });
});
