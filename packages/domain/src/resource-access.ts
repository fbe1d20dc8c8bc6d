// Which scope guards reading and writing each resource of the API: the one table the server
// enforces and the web app uses to hide what a user cannot do (docs/api.md). Where the
// specification names no write scope, a write needs the write flag of the scope that guards reading
// it.

import type { ResourceDef, Resource } from './resources.js';
import { CLOSING_TYPE_SCOPE, RESOURCES, resourceDef, typeScopeOf } from './resources.js';
import { SERVER_FIELDS } from './entities.js';
import type { ScopeName, Access, AccessKind, Requirement } from './scopes.js';
import { hasAccess } from './scopes.js';
import type { ClosingType, WalkKind, WalkType } from './walks.js';
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

/**
 * What an update of `resource` changing these fields needs: the update's write scope, and
 * where the update names the fields it may change (a phone call's notes and voicemail),
 * any other field needs the scope that creates the record as well (`phone_call_logs`).
 * The server's own fields are ignored by every write and do not count.
 */
export function updateRequirement(resource: Resource, fields: readonly string[]): Requirement {
  const ops = resourceDef(resource).operations ?? {};
  const update = ops.update?.write;
  const base: readonly string[] = update === undefined || update === 'byType' ? [] : update;
  const free = ops.update?.fields;
  if (free === undefined) return base;
  const ignored: readonly string[] = SERVER_FIELDS;
  const outside = fields.some((field) => !free.includes(field) && !ignored.includes(field));
  const submit = ops.submit?.write;
  if (!outside || submit === undefined || submit === 'byType') return base;
  return [...new Set([...base, ...submit])];
}

/** The closing types whose walks a user may read; a closing list shows only these. */
export function readableClosingTypes(access: Access): ClosingType[] {
  return CLOSING_TYPES.filter((type) => hasAccess(access, [CLOSING_TYPE_SCOPE[type]], 'read'));
}

/** Whether the caller may read this walk record: its kind's scope, and a closing walk's type's. */
export function canReadWalk(access: Access, kind: WalkKind, type: unknown): boolean {
  if (kind !== 'closing') return hasAccess(access, RESOURCE_ACCESS[kind].read, 'read');
  const closingType = CLOSING_TYPES.find((t) => t === type);
  if (closingType === undefined) return access.admin;
  return hasAccess(
    access,
    [...RESOURCE_ACCESS.closing.read, CLOSING_TYPE_SCOPE[closingType]],
    'read',
  );
}

/**
 * Whether an item of walk type `itemWalk` may be attached to this walk (the caller's write
 * of that item type is checked apart): the caller can read the walk, or the walk is the
 * item type's own closing walk (a post-close item on the home's post-close closing walk).
 * So customer service, which writes post-close items but reads no walk form, can add
 * them, and cannot hang an item on a walk it may not see.
 */
export function mayAttachItemToWalk(
  access: Access,
  itemWalk: WalkType,
  walk: { kind: WalkKind; type: unknown },
): boolean {
  if (canReadWalk(access, walk.kind, walk.type)) return true;
  return walk.kind === 'closing' && walk.type === itemWalk;
}

/**
 * What reading or writing one record of `resource` needs: its resource's read scope and,
 * where its type decides (`typeScope`), its type's scope; for a write, the update's scope
 * or its type's. Null where nothing but admin may: a record of an unknown type.
 */
function recordRequirement(
  resource: Resource,
  record: Readonly<Record<string, unknown>>,
  kind: AccessKind,
): readonly string[] | null {
  const def = resourceDef(resource);
  const typeScopes: string[] = [];
  if (def.typeScope !== undefined) {
    const scope = typeScopeOf(resource, record);
    if (scope === undefined) return null;
    typeScopes.push(scope);
  }
  if (kind === 'read') return [...def.read, ...typeScopes];
  const write = def.operations?.update?.write ?? def.operations?.submit?.write;
  if (write === undefined) return null;
  return write === 'byType' ? typeScopes : write;
}

/** Whether the caller may read (or write) this record of `resource`, by its scopes. */
export function mayOnRecord(
  access: Access,
  resource: Resource,
  record: Readonly<Record<string, unknown>>,
  kind: AccessKind,
): boolean {
  const requirement = recordRequirement(resource, record, kind);
  return requirement === null ? access.admin : hasAccess(access, requirement, kind);
}

/** The resources whose records keep their files in `collection` (`fileCollections`). */
export function resourcesOfFileCollection(collection: string): Resource[] {
  return RESOURCES.filter((resource) =>
    (resourceDef(resource).fileCollections ?? []).includes(collection),
  );
}

/**
 * Whether the caller may read (or write) some record that keeps files in `collection`:
 * what a file of a record not stored needs (a photo is sent before its record).
 */
export function mayOnFileCollection(access: Access, collection: string, kind: AccessKind): boolean {
  return resourcesOfFileCollection(collection).some((resource) => {
    const typeScope = resourceDef(resource).typeScope;
    const records =
      typeScope === undefined
        ? [{}]
        : Object.keys(typeScope.scopes).map((type) => ({ [typeScope.field]: type }));
    return records.some((record) => mayOnRecord(access, resource, record, kind));
  });
}
