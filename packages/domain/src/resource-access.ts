// Which scope guards reading and writing each resource of the API: the one table the
// server enforces and the web app uses to hide what a user cannot do
// (spec-clarifications, "Write scopes").

import type { ResourceDef, Resource } from './resources.js';
import { CLOSING_TYPE_SCOPE, RESOURCES, RESOURCE_DEFS, resourceDef } from './resources.js';
import type { ScopeName, Access } from './scopes.js';
import { hasAccess } from './scopes.js';
import type { ClosingType, WalkKind } from './walks.js';
import { CLOSING_TYPES } from './walks.js';

export { RESOURCES } from './resources.js';
export type { Resource } from './resources.js';
export { CLOSING_TYPE_SCOPE, WALK_ITEM_SCOPE } from './resources.js';

interface ResourceAccess {
  readonly read: readonly ScopeName[];
  /** Absent where the API offers no write for the resource, or the record's type decides. */
  readonly write?: readonly ScopeName[];
}

function accessOf(def: ResourceDef): ResourceAccess {
  const ops = def.operations ?? {};
  const write = ops.submit?.write ?? ops.update?.write;
  return { read: def.read, ...(write === undefined || write === 'byType' ? {} : { write }) };
}

/**
 * Read and write requirements per resource, from the registry. Walk items and closing
 * walks depend on the record's type as well: see `WALK_ITEM_SCOPE` and `CLOSING_TYPE_SCOPE`.
 */
export const RESOURCE_ACCESS = Object.fromEntries(
  RESOURCES.map((resource) => [resource, accessOf(resourceDef(resource))]),
) as Readonly<Record<Resource, ResourceAccess>>; // Safe: one entry per resource, made above.

/** A phone call's notes and voicemail flag are changed under their own scope. */
export const PHONE_CALL_UPDATE_SCOPE: ScopeName =
  RESOURCE_DEFS.phoneCalls.operations.update.write[0];

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
