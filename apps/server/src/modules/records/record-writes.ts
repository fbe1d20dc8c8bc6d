// The writes of one record, for every route that makes, changes or deletes one: in the
// write's transaction, with the conflict check of a stale base (conflict-answers.ts), and
// each told to what follows a record write (the pipeline's listeners: history, kept
// lists, notifications; wired in app.ts).

import { randomUUID } from 'node:crypto';
import type { ConflictAnswer, Resource } from '@field/domain';
import {
  MESSAGES,
  SERVER_FIELDS,
  changedFields,
  duplicateMessage,
  mayOnRecord,
  duplicateOf,
  naturalKeyOf,
  ownChanges,
  resourceDef,
  writerFields,
} from '@field/domain';
import type { AuthUser } from '../../http/auth.js';
import type { RecordsTable } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { WriteRequest, WriteResult } from '../../http/idempotency.js';
import { requireId } from '../../http/validate.js';
import type { WriteContext } from '../../http/write-context.js';
import { deleteConflict, updateConflict, withoutRecordValues } from './conflict-answers.js';
import type { RouteDeps } from './deps.js';
import { toApiRecord } from './repository.js';

/** The fields a client may store: everything but the id and the server's times. */
function clientFields(input: Record<string, unknown>): Record<string, unknown> {
  const data: Record<string, unknown> = { ...input };
  delete data['id'];
  for (const field of SERVER_FIELDS) delete data[field];
  return data;
}

export function storedData(row: RecordsTable): Record<string, unknown> {
  return JSON.parse(row.data) as Record<string, unknown>; // Safe: written as an object here.
}

/** The signed-in user as a record names its writer (`writtenBy`): name and employee id. */
function recordWriter(user: AuthUser): { name: string; employeeId: string } {
  return {
    name: `${user.row.first_name} ${user.row.last_name}`.trim(),
    employeeId: user.row.airtable_id ?? user.id,
  };
}

/** 400 when a change names another writer than the record's (`writtenBy`, set on add). */
function refuseOtherWriter(
  kind: string,
  before: Record<string, unknown>,
  changes: Record<string, unknown>,
) {
  const field = resourceDef(kind as Resource).writtenBy?.field; // Safe: a stored kind.
  if (field === undefined || !(field in changes)) return;
  if (changedFields({ [field]: before[field] }, { [field]: changes[field] }).length > 0) {
    throw badRequest(`Invalid value for "${field}": it is set when the record is made`);
  }
}

/** Creates a record under the client's id (offline-made records have one) or a new one. */
export async function createRecord(
  ctx: WriteContext,
  deps: RouteDeps,
  kind: string,
  record: {
    id: unknown;
    homeRid: string | null;
    parentId: string | null;
    data: Record<string, unknown>;
  },
): Promise<WriteResult> {
  await deps.homes.require(ctx.trx, ctx.user, record.homeRid);
  const id = typeof record.id === 'string' ? record.id : randomUUID();
  if ((await deps.records.find(ctx.trx, kind, id)) !== undefined) {
    throw conflict(MESSAGES.recordExists);
  }
  const created = await deps.records.insert(
    ctx.trx,
    kind,
    {
      id,
      homeRid: record.homeRid,
      parentId: record.parentId,
      data: {
        ...clientFields(record.data),
        ...writerFields(kind as Resource, recordWriter(ctx.user)),
      }, // Safe: a resource's kind.
    },
    ctx.now,
  );
  // Sent twice at once (a retry without its Idempotency-Key): the other one stored it.
  if (created === undefined) throw conflict(MESSAGES.recordExists);
  const after = clientFields(created);
  await deps.writes.recordWritten(ctx, {
    kind,
    recordId: id,
    userId: ctx.user.id,
    operation: 'create',
    fields: changedFields(null, after),
    before: null,
    after,
    at: ctx.now,
  });
  return { statusCode: 201, body: created };
}

/**
 * The live record of `kind` with `id`, or 404; 403 when it is on a home the caller may
 * not work on (before anything of it, a conflict's answer included, is shown). Held until
 * the write's transaction ends: a change or delete decides from this copy and stores it
 * whole, and two changes side by side on PostgreSQL each stored their own copy, the
 * second undoing the first (the second now waits, then reads what the first stored).
 */
export async function existingRecord(
  ctx: WriteContext,
  deps: RouteDeps,
  kind: string,
  id: string,
): Promise<RecordsTable> {
  await deps.records.hold(ctx.trx, kind, id);
  const row = await deps.records.find(ctx.trx, kind, id);
  if (row === undefined || row.deleted_at !== null) throw notFound();
  await deps.homes.requireRow(ctx.trx, ctx.user, row);
  return row;
}

/** The writes of others to `row` since the client's stale base; none for a current one. */
async function othersSinceBase(ctx: WriteContext, deps: RouteDeps, row: RecordsTable) {
  if (ctx.base === undefined || ctx.base.updatedAt === row.updated_at) return undefined;
  const others = await deps.history.othersSince(
    ctx.trx,
    row.kind,
    row.id,
    ctx.base.updatedAt,
    ctx.user.id,
  );
  return { base: ctx.base, others };
}

/** A 409 answer as the caller may see it: without the record's values unless they read it. */
function conflictFor(ctx: WriteContext, row: RecordsTable, answer: ConflictAnswer): WriteResult {
  const readable = mayOnRecord(ctx.user.access, row.kind as Resource, storedData(row), 'read'); // Safe: a stored kind.
  return { statusCode: 409, body: readable ? answer : withoutRecordValues(answer) };
}

/** Merges changed fields into a record and stores it; 409 when others changed them. */
export async function patchRecord(
  ctx: WriteContext,
  deps: RouteDeps,
  row: RecordsTable,
  changes: Record<string, unknown>,
  keys: { homeRid?: string | null; parentId?: string | null } = {},
): Promise<WriteResult> {
  let mine = clientFields(changes);
  const before = storedData(row);
  refuseOtherWriter(row.kind, before, mine);
  const stale = await othersSinceBase(ctx, deps, row);
  if (stale !== undefined) {
    mine = ownChanges(mine, stale.base);
    const answer = updateConflict(toApiRecord(row), row.kind, mine, stale.base, stale.others);
    if (answer !== undefined) return conflictFor(ctx, row, answer);
  }
  const after = { ...before, ...mine };
  const updated = await deps.records.replace(
    ctx.trx,
    row,
    {
      homeRid: keys.homeRid === undefined ? row.home_rid : keys.homeRid,
      parentId: keys.parentId === undefined ? row.parent_id : keys.parentId,
      data: after,
    },
    ctx.now,
  );
  await deps.writes.recordWritten(ctx, {
    kind: row.kind,
    recordId: row.id,
    userId: ctx.user.id,
    operation: 'update',
    fields: changedFields(before, after),
    before,
    after,
    at: ctx.now,
  });
  return { statusCode: 200, body: updated };
}

/** Deletes a record (a tombstone); 409 when others changed it since the client's base. */
export async function deleteRecord(
  ctx: WriteContext,
  deps: RouteDeps,
  row: RecordsTable,
): Promise<WriteResult> {
  const stale = await othersSinceBase(ctx, deps, row);
  if (stale !== undefined) {
    const answer = deleteConflict(toApiRecord(row), row.kind, stale.base, stale.others);
    if (answer !== undefined) return conflictFor(ctx, row, answer);
  }
  const deleted = await deps.records.softDelete(ctx.trx, row, ctx.now);
  await deps.writes.recordWritten(ctx, {
    kind: row.kind,
    recordId: row.id,
    userId: ctx.user.id,
    operation: 'delete',
    fields: [],
    before: storedData(row),
    after: null,
    at: ctx.now,
  });
  return { statusCode: 200, body: deleted };
}

/** 400 unless the home exists: records hang off real homes. */
export async function ensureHome(
  ctx: WriteContext,
  deps: RouteDeps,
  homeRid: string,
  field: string,
) {
  const home = await deps.records.find(ctx.trx, 'homes', homeRid);
  if (home === undefined || home.deleted_at !== null) {
    throw badRequest(`Invalid value for "${field}": no such home`);
  }
}

export function deletionId(request: WriteRequest): string {
  return requireId(request.query, 'id', MESSAGES.recordIdRequiredForDeletion);
}

/**
 * 409 when another live record of `resource` holds the natural key `record` would have
 * (company-records.ts): a second employee with an e-mail, a vendor name and trade, a
 * HomeID. `record` is the record as it would be stored, its id included; `changed`, an
 * update's fields: the check is skipped when none of the key's fields is among them.
 */
export async function ensureUnique(
  ctx: WriteContext,
  deps: RouteDeps,
  resource: Resource,
  record: Record<string, unknown> & { id: string },
  changed?: readonly string[],
): Promise<void> {
  const key = resourceDef(resource).naturalKey ?? [];
  if (changed !== undefined && !key.some((field) => changed.includes(field))) return;
  if (naturalKeyOf(resource, record) === undefined) return;
  await deps.records.holdKeys(ctx.trx, resource);
  const rows = await deps.records.listLiveIn(ctx.trx, resource);
  if (duplicateOf(resource, rows.map(toApiRecord), record) !== undefined) {
    throw conflict(duplicateMessage(resource, record));
  }
}

/** The fields its resource derives from a record (an employee's Name); none for most. */
export function derivedFields(
  resource: Resource,
  record: Record<string, unknown>,
): Record<string, unknown> {
  return resourceDef(resource).derive?.(record) ?? {};
}
