// The scope catalogue, the group expansion and the access rule (docs/product.md, Roles and
// access).

import { z } from './zod.js';

/** Scopes that guard the walk forms (`/walks` and its eight forms). */
export const WALK_FORM_SCOPES = [
  'walks',
  'home_start',
  'pre_drywall',
  'manager_walks',
  'final_punch',
  'new_home_presentation',
  'landscape',
  'welcome_home_orientation',
  'post_close',
] as const;

/** Every scope a route, a menu entry or an API call can require. */
export const SCOPES = [
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
  ...WALK_FORM_SCOPES,
  'communication',
  'communication_phone_calls',
  'communication_notes',
  'phone_call_logs',
  'phone_call_notes',
  'collaboration_buyers',
  'daily_logs',
  'collaboration_vendors',
  'collaboration_staff',
  'collaboration_homes',
] as const;

export type ScopeName = (typeof SCOPES)[number];

export const ADMIN_SCOPE = 'admin';
export const DEMO_SCOPE = 'demo';
export const PENDING_USER_SCOPE = 'pending-user';

export const SCOPE_GROUPS = ['demo', 'customerService', 'builder', 'manager'] as const;
export type ScopeGroup = (typeof SCOPE_GROUPS)[number];

interface GroupExpansion {
  readonly read: readonly ScopeName[];
  readonly write: readonly ScopeName[];
}

const ALL: readonly ScopeName[] = SCOPES;
const walkForms: readonly string[] = WALK_FORM_SCOPES;

/** Each group expands to a fixed list, separately for read and write. */
export const GROUP_EXPANSION: Readonly<Record<ScopeGroup, GroupExpansion>> = {
  demo: { read: ALL, write: ALL },
  manager: { read: ALL, write: ALL },
  builder: {
    read: ALL.filter((s) => s !== 'manager_walks'),
    write: ALL.filter((s) => s !== 'manager_walks'),
  },
  customerService: {
    read: ALL.filter((s) => !walkForms.includes(s)),
    write: ['phone_call_logs', 'phone_call_notes', 'homes_post_close_items'],
  },
};

export const scopeSchema = z.object({
  value: z.string().check(z.minLength(1)),
  approved: z.boolean(),
  group: z.boolean(),
  read: z.boolean(),
  write: z.boolean(),
});
export type Scope = z.infer<typeof scopeSchema>;

/** The scope every new registration starts with. */
export const INITIAL_SCOPE: Scope = {
  value: PENDING_USER_SCOPE,
  approved: false,
  group: true,
  read: true,
  write: true,
};

export function isScopeGroup(value: string): value is ScopeGroup {
  return (SCOPE_GROUPS as readonly string[]).includes(value);
}

/** What a user's scopes add up to once groups are expanded. */
export interface Access {
  readonly admin: boolean;
  readonly demo: boolean;
  /** The approved groups held (manager and customerService see every home: home-access.ts). */
  readonly groups: ReadonlySet<ScopeGroup>;
  readonly read: ReadonlySet<string>;
  readonly write: ReadonlySet<string>;
}

/**
 * Expands a user's scopes. Only approved scopes count: a pending user holds
 * `pending-user` unapproved and so may read nothing.
 */
export function resolveAccess(scopes: readonly Scope[]): Access {
  const read = new Set<string>();
  const write = new Set<string>();
  const groups = new Set<ScopeGroup>();
  let admin = false;
  let demo = false;
  for (const scope of scopes) {
    if (!scope.approved) continue;
    if (scope.value === ADMIN_SCOPE && (scope.read || scope.write)) admin = true;
    if (scope.value === DEMO_SCOPE) demo = true;
    if (scope.read) read.add(scope.value);
    if (scope.write) write.add(scope.value);
    if (scope.group && isScopeGroup(scope.value)) {
      groups.add(scope.value);
      const expansion = GROUP_EXPANSION[scope.value];
      if (scope.read) for (const s of expansion.read) read.add(s);
      if (scope.write) for (const s of expansion.write) write.add(s);
    }
  }
  return { admin, demo, groups, read, write };
}

/** A requirement: a list of scopes that must all be held, `'all'`, or none. */
export type Requirement = readonly string[] | 'all' | undefined;
export type AccessKind = 'read' | 'write';

/**
 * The access rule: admin bypasses; no requirement and the requirement `all` grant access; otherwise
 * every required scope must be held with the flag of the kind asked for.
 */
export function hasAccess(access: Access, requirement: Requirement, kind: AccessKind): boolean {
  if (access.admin) return true;
  if (requirement === undefined || requirement === 'all') return true;
  const held = kind === 'read' ? access.read : access.write;
  return requirement.every((scope) => held.has(scope));
}

/** Legacy scope lists of older user documents. */
export const legacyScopesSchema = z.object({
  readGroups: z.optional(z.array(z.string())),
  writeGroups: z.optional(z.array(z.string())),
  read: z.optional(z.array(z.string())),
  write: z.optional(z.array(z.string())),
});
export type LegacyScopes = z.infer<typeof legacyScopesSchema>;

function scopeKey(scope: Pick<Scope, 'value' | 'group'>): string {
  return `${scope.group ? 'g' : 's'}:${scope.value}`;
}

/** Merges scope lists into unique scopes; read, write and approved are OR-ed. */
export function mergeScopes(...lists: readonly (readonly Scope[])[]): Scope[] {
  const merged = new Map<string, Scope>();
  for (const list of lists) {
    for (const scope of list) {
      const key = scopeKey(scope);
      const existing = merged.get(key);
      merged.set(
        key,
        existing
          ? {
              ...existing,
              approved: existing.approved || scope.approved,
              read: existing.read || scope.read,
              write: existing.write || scope.write,
            }
          : { ...scope },
      );
    }
  }
  return [...merged.values()];
}

/** Turns the legacy lists into approved scopes and merges them with the current ones. */
export function mergeLegacyScopes(legacy: LegacyScopes, current: readonly Scope[] = []): Scope[] {
  const from = (values: readonly string[] | undefined, group: boolean, read: boolean): Scope[] =>
    (values ?? []).map((value) => ({ value, approved: true, group, read, write: !read }));
  return mergeScopes(
    current,
    from(legacy.readGroups, true, true),
    from(legacy.writeGroups, true, false),
    from(legacy.read, false, true),
    from(legacy.write, false, false),
  );
}
