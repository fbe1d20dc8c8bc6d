// Building blocks shared by the field resources: the lookup calls (`listByHome` /
// `listByHomes`, `listByWalk` / `listByWalks`, ...), the full and differential lists,
// and the write wrapper with idempotency and access checks.

import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { ConflictAnswer, Requirement, WriteBase } from '@field/domain';
import {
  MESSAGES,
  SERVER_FIELDS,
  changedFields,
  conflictingFields,
  deleteConflicts,
  hasAccess,
  ownChanges,
  splitWriteBase,
} from '@field/domain';
import type { DatabaseHandle } from '../../db/connection.js';
import type { Database, RecordsTable } from '../../db/schema.js';
import type { AuthUser } from '../../http/auth.js';
import { currentUser, requireAccess } from '../../http/auth.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import type { WriteRequest, WriteResult } from '../../http/idempotency.js';
import { runWrite } from '../../http/idempotency.js';
import {
  checkMutation,
  parseWith,
  requireId,
  requireIds,
  requireObject,
  requireTimestamp,
} from '../../http/validate.js';
import { Outbox } from '../notifications/outbox.js';
import type { HistoryWrite } from './history-repository.js';
import { HistoryRepository } from './history-repository.js';
import { ListCache } from './list-cache.js';
import type { ApiRecord, LookupColumn } from './repository.js';
import { RecordRepository, apiRecordsJson, toApiRecord } from './repository.js';
import type { WriteMethod } from './write-routes.js';
import { WriteRoutes } from './write-routes.js';

export interface RouteDeps {
  db: Kysely<Database>;
  records: RecordRepository;
  /** The write routes, for batches to call directly. */
  writes: WriteRoutes;
  /** Work writes leave for after their commit (notifications). */
  outbox: Outbox;
  /** Every record write, appended in its transaction (history-repository.ts). */
  history: HistoryRepository;
  /** The batch lookups' kept answers, told of every record write (list-cache.ts). */
  lists: ListCache;
}

/** The record routes' dependencies over one database. */
export function createRouteDeps(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  options: { outboxSweepMs?: number } = {},
): RouteDeps {
  const records = new RecordRepository(database.db);
  return {
    db: database.db,
    records,
    writes: new WriteRoutes(),
    outbox: new Outbox({
      db: database.db,
      dialect: database.dialect,
      records,
      log,
      ...(options.outboxSweepMs === undefined ? {} : { sweepMs: options.outboxSweepMs }),
    }),
    history: new HistoryRepository(database.db),
    lists: new ListCache(),
  };
}

type Visible = (record: ApiRecord, user: AuthUser) => boolean;

interface LookupParam {
  /** Path segment, e.g. `listByHome`. */
  path: string;
  /** Query (single) or body (batch) field, e.g. `homeId` / `homeIds`. */
  param: string;
  message: string;
}

export interface LookupOptions {
  base: string;
  kind: string;
  column: LookupColumn;
  read: Requirement;
  single: LookupParam;
  batch: LookupParam;
  /** Hides records the caller may not read (e.g. closing walks of other types). */
  visible?: Visible;
  /** Keeps the batch lookup's answers while their rows are unchanged (list-cache.ts). */
  cache?: ListCache;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Sends a list as JSON: spliced from the stored text, or parsed when some rows are hidden. */
function sendList(
  reply: FastifyReply,
  rows: RecordsTable[],
  user: AuthUser,
  visible: Visible | undefined,
): FastifyReply {
  if (visible !== undefined) {
    return reply.send(rows.map(toApiRecord).filter((record) => visible(record, user)));
  }
  return reply.type(JSON_TYPE).send(apiRecordsJson(rows));
}

/** `GET {base}/{single}?{param}=` and `POST {base}/{batch}` with `{ [param]: [...] }`. */
export function lookupRoutes(app: FastifyInstance, deps: RouteDeps, o: LookupOptions): void {
  app.get(`${o.base}/${o.single.path}`, async (request, reply) => {
    const user = requireAccess(request, o.read, 'read');
    const id = requireId(request.query, o.single.param, o.single.message);
    return sendList(reply, await deps.records.listBy(o.kind, o.column, [id]), user, o.visible);
  });
  app.post(`${o.base}/${o.batch.path}`, async (request, reply) => {
    const user = requireAccess(request, o.read, 'read');
    const ids = requireIds(request.body, o.batch.param, o.batch.message);
    const cache = o.cache;
    // Lists hiding rows by reader are made per reader; the others are the same for all.
    if (cache === undefined || o.visible !== undefined) {
      return sendList(reply, await deps.records.listBy(o.kind, o.column, ids), user, o.visible);
    }
    const key = ListCache.key(o.kind, o.column, ids);
    const kept = cache.get(key);
    if (kept !== undefined && cache.fresh(o.kind, kept)) {
      return reply.type(JSON_TYPE).send(kept.json);
    }
    const stamp = cache.stamp();
    if (
      kept !== undefined &&
      kept.fingerprint === (await deps.records.fingerprint(o.kind, o.column, ids))
    ) {
      cache.confirm(kept, stamp);
      return reply.type(JSON_TYPE).send(kept.json);
    }
    const { rows, fingerprint } = await deps.records.listByWithFingerprint(o.kind, o.column, ids);
    const json = apiRecordsJson(rows);
    cache.set(key, { fingerprint, json, ...stamp });
    return reply.type(JSON_TYPE).send(json);
  });
}

export const HOME_LOOKUP = {
  column: 'home_rid',
  single: { path: 'listByHome', param: 'homeId', message: MESSAGES.homeIdRequired },
  batch: { path: 'listByHomes', param: 'homeIds', message: MESSAGES.homeIdsRequired },
} as const;

export function homeLookupRoutes(
  app: FastifyInstance,
  deps: RouteDeps,
  o: { base: string; kind: string; read: Requirement; visible?: Visible },
): void {
  lookupRoutes(app, deps, { ...HOME_LOOKUP, ...o });
}

/** A full list and its differential twin (`listUpdatedAfter?lastUpdate=`, with tombstones). */
export function syncListRoutes(
  app: FastifyInstance,
  deps: RouteDeps,
  o: { base: string; kind: string; read: Requirement; list: string; updatedAfter: string },
): void {
  app.get(`${o.base}/${o.list}`, async (request, reply) => {
    const user = requireAccess(request, o.read, 'read');
    return sendList(reply, await deps.records.listActive(o.kind), user, undefined);
  });
  app.get(`${o.base}/${o.updatedAfter}`, async (request, reply) => {
    const user = requireAccess(request, o.read, 'read');
    const since = requireTimestamp(request.query, 'lastUpdate');
    return sendList(reply, await deps.records.listUpdatedAfter(o.kind, since), user, undefined);
  });
}

export interface WriteContext {
  /** The write's request: its own, or one write of a batch. */
  request: WriteRequest;
  user: AuthUser;
  trx: Transaction<Database>;
  now: string;
  /** Runs `work` once the write is committed (never for a failed write or a replay). */
  afterCommit(work: () => void): void;
  /**
   * What the client edited from (the body's `base`, stripped before the handler reads
   * the body): patchRecord and deleteRecord refuse a stale one that conflicts (409).
   * Undefined for older clients: the write applies as before.
   */
  base?: WriteBase;
}

export type WriteHandler = (ctx: WriteContext) => Promise<WriteResult>;

/**
 * What every record write leaves in its transaction: its history entry, and the word to
 * the kept lists of its kind, here and in the other processes (list-cache.ts).
 */
async function noteWrite(deps: RouteDeps, ctx: WriteContext, write: HistoryWrite): Promise<void> {
  await deps.history.append(ctx.trx, write);
  await deps.lists.written(ctx, write.kind);
}

/** A write: signed-in caller, one transaction, Idempotency-Key honoured. */
export function writeHandler(deps: RouteDeps, handler: WriteHandler) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    const user = currentUser(request);
    const committed: (() => void)[] = [];
    const answer = await runWrite(deps.db, request, reply, user.id, (trx) =>
      handler({
        request,
        user,
        trx,
        now: new Date().toISOString(),
        afterCommit: (work) => committed.push(work),
      }),
    );
    for (const work of committed) work();
    return answer;
  };
}

/**
 * Registers a write route and the same handler for batches to call directly
 * (write-routes.ts): one handler, whichever way the write comes.
 */
export function writeRoute(
  app: FastifyInstance,
  deps: RouteDeps,
  method: WriteMethod,
  url: string,
  inner: WriteHandler,
  options: { bodyLimit?: number; shares?: boolean } = {},
): void {
  const handler = withBase(inner);
  app.route({
    method,
    url,
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    handler: writeHandler(deps, handler),
  });
  deps.writes.add(method, `${app.prefix}${url}`, { handler, shares: options.shares ?? true });
}

/**
 * A handler that reads a write's base off its body: the rest of the body goes to `inner`
 * as if the base had never been there (schemas stay strict), the base into `ctx.base`.
 * The Idempotency-Key's hash still covers the whole body, base included.
 */
function withBase(inner: WriteHandler): WriteHandler {
  return (ctx) => {
    const split = splitWriteBase(ctx.request.body);
    if (split.invalid) throw badRequest(MESSAGES.writeBaseInvalid);
    if (split.base === undefined && split.body === ctx.request.body) return inner(ctx);
    const { method, url, query, params, headers } = ctx.request;
    return inner({
      ...ctx,
      request: { method, url, query, params, headers, body: split.body },
      ...(split.base === undefined ? {} : { base: split.base }),
    });
  };
}

export function requireWrite(user: AuthUser, requirement: Requirement): void {
  if (!hasAccess(user.access, requirement, 'write')) throw forbidden();
}

/** The fields a client may store: everything but the id and the server's times. */
export function clientFields(input: Record<string, unknown>): Record<string, unknown> {
  const data: Record<string, unknown> = { ...input };
  delete data['id'];
  for (const field of SERVER_FIELDS) delete data[field];
  return data;
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
  const id = typeof record.id === 'string' ? record.id : randomUUID();
  if ((await deps.records.find(ctx.trx, kind, id)) !== undefined) {
    throw conflict(MESSAGES.recordExists);
  }
  const created = await deps.records.insert(
    ctx.trx,
    kind,
    { id, homeRid: record.homeRid, parentId: record.parentId, data: clientFields(record.data) },
    ctx.now,
  );
  const after = clientFields(created);
  await noteWrite(deps, ctx, {
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

/** The live record of `kind` with `id`, or 404. */
export async function existingRecord(
  ctx: WriteContext,
  deps: RouteDeps,
  kind: string,
  id: string,
): Promise<RecordsTable> {
  const row = await deps.records.find(ctx.trx, kind, id);
  if (row === undefined || row.deleted_at !== null) throw notFound();
  return row;
}

export function storedData(row: RecordsTable): Record<string, unknown> {
  return JSON.parse(row.data) as Record<string, unknown>; // Safe: written as an object here.
}

/** Merges changed fields into a record and stores it. */
export async function patchRecord(
  ctx: WriteContext,
  deps: RouteDeps,
  row: RecordsTable,
  changes: Record<string, unknown>,
  keys: { homeRid?: string | null; parentId?: string | null } = {},
): Promise<WriteResult> {
  let mine = clientFields(changes);
  const before = storedData(row);
  if (ctx.base !== undefined && ctx.base.updatedAt !== row.updated_at) {
    mine = ownChanges(mine, ctx.base);
    const current = toApiRecord(row);
    const others = await deps.history.othersSince(
      ctx.trx,
      row.kind,
      row.id,
      ctx.base.updatedAt,
      ctx.user.id,
    );
    const fields = conflictingFields(mine, ctx.base, current, others);
    if (fields.length > 0) {
      const body: ConflictAnswer = {
        error: MESSAGES.recordChangedByOthers,
        conflict: { operation: 'update', kind: row.kind, id: row.id, current, fields },
      };
      return { statusCode: 409, body };
    }
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
  await noteWrite(deps, ctx, {
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

export async function deleteRecord(
  ctx: WriteContext,
  deps: RouteDeps,
  row: RecordsTable,
): Promise<WriteResult> {
  if (ctx.base !== undefined && ctx.base.updatedAt !== row.updated_at) {
    const others = await deps.history.othersSince(
      ctx.trx,
      row.kind,
      row.id,
      ctx.base.updatedAt,
      ctx.user.id,
    );
    if (deleteConflicts(ctx.base, row.updated_at, others)) {
      const current = toApiRecord(row);
      const last = others[others.length - 1];
      const changed = [...new Set(others.flatMap((write) => write.fields))].sort();
      const body: ConflictAnswer = {
        error: MESSAGES.recordChangedByOthers,
        conflict: {
          operation: 'delete',
          kind: row.kind,
          id: row.id,
          current,
          // A delete has no values of its own: each field others changed, theirs shown.
          fields: changed.map((field) => {
            const by = [...others].reverse().find((write) => write.fields.includes(field));
            return {
              field,
              mine: null,
              theirs: current[field] ?? null,
              ...(by === undefined
                ? {}
                : { changedBy: { id: by.userId, name: by.userName }, changedAt: by.at }),
            };
          }),
          ...(last === undefined
            ? {}
            : { changedBy: { id: last.userId, name: last.userName }, changedAt: last.at }),
        },
      };
      return { statusCode: 409, body };
    }
  }
  const deleted = await deps.records.softDelete(ctx.trx, row, ctx.now);
  await noteWrite(deps, ctx, {
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

export interface HomeRecordWrites {
  base: string;
  kind: string;
  /** Mutation type of section 5 (or ours) whose required fields are checked. */
  mutationType: string;
  input: z.core.$ZodType<Record<string, unknown>>;
  update: z.core.$ZodType<Record<string, unknown>>;
  /** The input field naming the home, when it is not `HomeRID` itself. */
  homeField: string;
  scopes: { submit: Requirement; update: Requirement; delete: Requirement };
  /** Fields an update may not change (the record's home). */
  immutable: readonly string[];
  /**
   * What an update sending these fields needs beyond `scopes.update` (a phone call's
   * log fields need the logging scope), with the 403 message when it is not held.
   */
  updateFields?: { requirement: (fields: string[]) => Requirement; message: string };
  /** Runs in the submit's transaction after the record is made (notifications). */
  afterSubmit?: (ctx: WriteContext, result: WriteResult) => Promise<void>;
}

/** `POST submit`, `PATCH update?id=`, `DELETE delete?id=` of records that hang off a home. */
export function homeRecordWriteRoutes(
  app: FastifyInstance,
  deps: RouteDeps,
  o: HomeRecordWrites,
): void {
  writeRoute(app, deps, 'POST', `${o.base}/submit`, async (ctx) => {
    requireWrite(ctx.user, o.scopes.submit);
    checkMutation(o.mutationType, 'submit', ctx.request.body);
    const input = parseWith(o.input, ctx.request.body);
    const homeRid = String(input['HomeRID'] ?? input[o.homeField]);
    await ensureHome(ctx, deps, homeRid, o.homeField);
    const result = await createRecord(ctx, deps, o.kind, {
      id: input['id'],
      homeRid,
      parentId: null,
      data: { ...input, HomeRID: homeRid },
    });
    await o.afterSubmit?.(ctx, result);
    return result;
  });
  writeRoute(app, deps, 'PATCH', `${o.base}/update`, async (ctx) => {
    requireWrite(ctx.user, o.scopes.update);
    const body = requireObject(ctx.request.body ?? {}, MESSAGES.dataAndIdRequired);
    const id = requireObject(ctx.request.query, MESSAGES.dataAndIdRequired)['id'];
    checkMutation(o.mutationType, 'update', { ...body, id });
    const changes = parseWith(o.update, body);
    const fieldRule = o.updateFields;
    if (
      fieldRule !== undefined &&
      !hasAccess(ctx.user.access, fieldRule.requirement(Object.keys(changes)), 'write')
    ) {
      throw new AppError(403, fieldRule.message);
    }
    const row = await existingRecord(ctx, deps, o.kind, String(id));
    const current = storedData(row);
    for (const field of o.immutable) {
      if (changes[field] !== undefined && changes[field] !== current[field]) {
        throw badRequest(`Invalid value for "${field}": a record cannot move to another home`);
      }
    }
    return patchRecord(ctx, deps, row, changes);
  });
  writeRoute(app, deps, 'DELETE', `${o.base}/delete`, async (ctx) => {
    requireWrite(ctx.user, o.scopes.delete);
    const row = await existingRecord(ctx, deps, o.kind, deletionId(ctx.request));
    return deleteRecord(ctx, deps, row);
  });
}
