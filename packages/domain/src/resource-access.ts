// Which scope guards reading and writing each resource of the API: the one table the
// server enforces and the web app uses to hide what a user cannot do
// (spec-clarifications, "Write scopes").

import type { ScopeName, Access } from './scopes.js';
import { hasAccess } from './scopes.js';
import type { ClosingType, WalkKind, WalkType } from './walks.js';
import { CLOSING_TYPES } from './walks.js';

export const RESOURCES = [
  'employees',
  'vendors',
  'homes',
  'phoneCalls',
  'walkItems',
  'homeStart',
  'preDrywall',
  'managerWalk',
  'closing',
  'landscape',
  'permits',
  'radon',
  'soil',
  'openhole',
  'gic',
  'reviews',
  'jobs',
  'jobSchedules',
  'notes',
  'buyers',
] as const;
export type Resource = (typeof RESOURCES)[number];

interface ResourceAccess {
  readonly read: readonly ScopeName[];
  /** Absent where the API offers no write for the resource. */
  readonly write?: readonly ScopeName[];
}

/**
 * Read and write requirements per resource. Walk items and closing walks depend on
 * the record's type as well: see `walkItemScope` and `closingTypeScope`.
 */
export const RESOURCE_ACCESS: Readonly<Record<Resource, ResourceAccess>> = {
  employees: { read: ['collaboration_staff'] },
  vendors: { read: ['collaboration_vendors'] },
  homes: { read: ['homes_overview'], write: ['collaboration_homes'] },
  phoneCalls: { read: ['communication_phone_calls'], write: ['phone_call_logs'] },
  walkItems: { read: ['homes_items'] },
  homeStart: { read: ['home_start'], write: ['home_start'] },
  preDrywall: { read: ['pre_drywall'], write: ['pre_drywall'] },
  managerWalk: { read: ['manager_walks'], write: ['manager_walks'] },
  closing: { read: ['walks'] },
  landscape: { read: ['landscape'], write: ['landscape'] },
  permits: { read: ['homes_inspections_permits'] },
  radon: { read: ['homes_inspections_radon'] },
  soil: { read: ['homes_inspections_soil'] },
  openhole: { read: ['homes_inspections_openhole'] },
  gic: { read: ['homes_inspections_gic'] },
  reviews: { read: ['homes_overview'] },
  jobs: { read: ['homes_overview'] },
  jobSchedules: { read: ['homes_overview'] },
  notes: { read: ['communication_notes'], write: ['communication_notes'] },
  buyers: { read: ['collaboration_buyers'], write: ['collaboration_buyers'] },
};

/** A phone call's notes and voicemail flag are changed under their own scope. */
export const PHONE_CALL_UPDATE_SCOPE: ScopeName = 'phone_call_notes';

/** Items of a walk type are read and written under that type's item scope. */
export const WALK_ITEM_SCOPE: Readonly<Record<WalkType, ScopeName>> = {
  'frame-punch': 'homes_final_punch_items',
  'final-punch': 'homes_final_punch_items',
  nhp: 'homes_nhp_items',
  who: 'homes_who_items',
  'post-close': 'homes_post_close_items',
};

/** Each closing type is a walk form with its own scope. */
export const CLOSING_TYPE_SCOPE: Readonly<Record<ClosingType, ScopeName>> = {
  'final-punch': 'final_punch',
  nhp: 'new_home_presentation',
  who: 'welcome_home_orientation',
  'post-close': 'post_close',
};

/** The walk-form route segment of each walk kind (`/walks/{segment}`). */
export const WALK_KIND_ROUTE: Readonly<Record<Exclude<WalkKind, 'closing'>, string>> = {
  homeStart: 'home-start',
  preDrywall: 'pre-drywall',
  managerWalk: 'manager-walks',
  landscape: 'landscape',
};

/** The closing types whose walks a user may read; a closing list shows only these. */
export function readableClosingTypes(access: Access): ClosingType[] {
  return CLOSING_TYPES.filter((type) => hasAccess(access, [CLOSING_TYPE_SCOPE[type]], 'read'));
}
