// The read routes of the field resources: the lookups (`listByHome` / `listByHomes`,
// `listByWalk` / `listByWalks`, ...) and the full and differential lists.

import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Requirement } from '@field/domain';
import { isArchived } from '@field/domain';
import type { RecordsTable } from '../../db/schema.js';
import type { AuthUser } from '../../http/auth.js';
import { requireAccess } from '../../http/auth.js';
import { requireId, requireIds, requireTimestamp } from '../../http/validate.js';
import type { RouteDeps } from './deps.js';
import { testingOf } from './home-gate.js';
import { ListCache } from './list-cache.js';
import type { ApiRecord, LookupColumn } from './repository.js';
import { apiRecordsJson, toApiRecord } from './repository.js';

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

/** The homes of a batch lookup the caller may work on (test homes only in testing mode). */
async function workableIds(
  deps: RouteDeps,
  user: AuthUser,
  ids: string[],
  testing: boolean,
): Promise<string[]> {
  const allowed = await deps.homes.workable(deps.db, user, ids, testing);
  return allowed === 'all' ? ids : ids.filter((id) => allowed.has(id));
}

/**
 * `GET {base}/{single}?{param}=` and `POST {base}/{batch}` with `{ [param]: [...] }`. One
 * home (or a parent on one home) the caller may not work on is a 403; a batch spanning
 * homes leaves those out (home-gate.ts).
 */
export function lookupRoutes(app: FastifyInstance, deps: RouteDeps, o: LookupOptions): void {
  const byHome = o.column === 'home_rid';
  app.get(`${o.base}/${o.single.path}`, async (request, reply) => {
    const user = requireAccess(request, o.read, 'read');
    const id = requireId(request.query, o.single.param, o.single.message);
    if (byHome) await deps.homes.require(deps.db, user, id);
    const rows = await deps.records.listBy(o.kind, o.column, [id]);
    const first = rows[0];
    if (!byHome && first !== undefined) await deps.homes.requireRow(deps.db, user, first);
    return sendList(reply, rows, user, o.visible);
  });
  app.post(`${o.base}/${o.batch.path}`, async (request, reply) => {
    const user = requireAccess(request, o.read, 'read');
    const testing = testingOf(request, user);
    const asked = requireIds(request.body, o.batch.param, o.batch.message);
    const ids = byHome ? await workableIds(deps, user, asked, testing) : asked;
    const cache = o.cache;
    // Lists hiding rows by reader are made per reader; the others are the same for all.
    if (
      cache === undefined ||
      o.visible !== undefined ||
      (!byHome && deps.homes.narrows(user, testing))
    ) {
      const rows = await deps.records.listBy(o.kind, o.column, ids);
      const kept = byHome ? rows : await deps.homes.filter(deps.db, user, rows, testing);
      return sendList(reply, kept, user, o.visible);
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

/**
 * Whether a stored row is archived (`Active: false`, company-records.ts). The stored JSON
 * is written by JSON.stringify, so an archived record's text holds `"Active":false`: only
 * such rows (few) are parsed to be sure.
 */
function isArchivedRow(row: RecordsTable): boolean {
  return row.data.includes('"Active":false') && isArchived(toApiRecord(row));
}

/** In a list of active records, an archived one shows as left: a tombstone at its change. */
function asLeft(row: RecordsTable): RecordsTable {
  return row.deleted_at === null && isArchivedRow(row)
    ? { ...row, deleted_at: row.updated_at }
    : row;
}

/**
 * A full list and its differential twin (`listUpdatedAfter?lastUpdate=`, with tombstones).
 * `activeOnly` (homes): the full list leaves archived records out and its twin answers
 * them as tombstones, so a device's copy drops a record archived since its last sync.
 */
export function syncListRoutes(
  app: FastifyInstance,
  deps: RouteDeps,
  o: {
    base: string;
    kind: string;
    read: Requirement;
    list: string;
    updatedAfter: string;
    /**
     * How each row shows to this reader (homes: outsiders see address and status), or
     * undefined when every row shows whole, as stored.
     */
    viewFor?: (user: AuthUser) => ((row: RecordsTable) => Record<string, unknown>) | undefined;
    activeOnly: boolean;
  },
): void {
  const send = (reply: FastifyReply, rows: RecordsTable[], user: AuthUser) => {
    const view = o.viewFor?.(user);
    return view === undefined ? sendList(reply, rows, user, undefined) : reply.send(rows.map(view));
  };
  app.get(`${o.base}/${o.list}`, async (request, reply) => {
    const user = requireAccess(request, o.read, 'read');
    const rows = await deps.records.listActive(o.kind);
    return send(reply, o.activeOnly ? rows.filter((row) => !isArchivedRow(row)) : rows, user);
  });
  app.get(`${o.base}/${o.updatedAfter}`, async (request, reply) => {
    const user = requireAccess(request, o.read, 'read');
    const since = requireTimestamp(request.query, 'lastUpdate');
    const rows = await deps.records.listUpdatedAfter(o.kind, since);
    return send(reply, o.activeOnly ? rows.map(asLeft) : rows, user);
  });
}
