// The read routes of the field resources: the lookups (`listByHome` / `listByHomes`,
// `listByWalk` / `listByWalks`, ...) and the full and differential lists.

import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Requirement } from '@field/domain';
import type { RecordsTable } from '../../db/schema.js';
import type { AuthUser } from '../../http/auth.js';
import { requireAccess } from '../../http/auth.js';
import { requireId, requireIds, requireTimestamp } from '../../http/validate.js';
import type { RouteDeps } from './deps.js';
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
