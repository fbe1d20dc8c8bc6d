// Homes' writes (add, fields, staff) and the archived homes' list; the active lists come
// from the registry (registry-routes).

import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  RESOURCE_ACCESS,
  RESOURCE_DEFS,
  homeInputSchema,
  homeUpdateSchema,
  isArchived,
} from '@field/domain';
import { badRequest } from '../../http/errors.js';
import { checkMutation, parseWith, requireId, requireObject } from '../../http/validate.js';
import { requireAccess, requireWrite } from '../../http/auth.js';
import { writeRoute } from '../../http/write-pipeline.js';
import type { RouteDeps } from '../records/deps.js';
import { movedField } from '../records/home-record-routes.js';
import {
  createRecord,
  ensureUnique,
  existingRecord,
  patchRecord,
  storedData,
} from '../records/record-writes.js';
import { toApiRecord } from '../records/repository.js';
import { z } from 'zod';

const KIND = 'homes';
const access = RESOURCE_ACCESS.homes;
const staffIdsSchema = z.array(z.string().min(1));

/**
 * A home's writes: a new home (`submit`: its HomeRID is its id, its HomeID unique), its
 * fields (`update`, archiving with `Active: false` too) and one staff list
 * (`updateStaff`); and `GET listArchived`, the homes the active lists leave out, for
 * those who manage homes to bring one back.
 */
export function homeWriteRoutes(app: FastifyInstance, deps: RouteDeps): void {
  writeRoute(app, deps, 'POST', '/field_homes/submit', async (ctx) => {
    requireWrite(ctx.user, access.write);
    checkMutation('home', 'submit', ctx.request.body);
    const input = parseWith(homeInputSchema, ctx.request.body);
    const id = input.id ?? randomUUID();
    if (input.HomeRID !== undefined && input.HomeRID !== id) {
      throw badRequest(MESSAGES.homeRidIsId);
    }
    const data = { ...input, HomeRID: id };
    await ensureUnique(ctx, deps, KIND, { ...data, id });
    return createRecord(ctx, deps, KIND, { id, homeRid: id, parentId: null, data });
  });

  app.get('/field_homes/listArchived', async (request) => {
    requireAccess(request, access.write, 'read');
    const rows = await deps.records.listActive(KIND);
    return rows.map(toApiRecord).filter(isArchived);
  });

  writeRoute(app, deps, 'PATCH', '/field_homes/update', async (ctx) => {
    requireWrite(ctx.user, access.write);
    const id = requireId(ctx.request.query, 'id', MESSAGES.dataAndIdRequired);
    const body = requireObject(ctx.request.body, MESSAGES.dataAndIdRequired);
    if (Object.keys(body).length === 0) throw badRequest(MESSAGES.dataAndIdRequired);
    checkMutation('home', 'update', { ...body, id });
    const changes = parseWith(homeUpdateSchema, body);
    delete changes['HomeRID'];
    const row = await existingRecord(ctx, deps, KIND, id);
    // The registry's immutable fields: a home keeps its HomeID (sent unchanged is no change).
    const fixed = movedField(RESOURCE_DEFS.homes.immutable, changes, storedData(row));
    if (fixed !== undefined)
      throw badRequest(`Invalid value for "${fixed}": a home keeps its ${fixed}`);
    await ensureUnique(
      ctx,
      deps,
      KIND,
      { ...storedData(row), ...changes, id },
      Object.keys(changes),
    );
    return patchRecord(ctx, deps, row, changes);
  });

  // The `home updateStaff` mutation has no path of its own: ours (docs/decisions.md).
  writeRoute(app, deps, 'PATCH', '/field_homes/updateStaff', async (ctx) => {
    requireWrite(ctx.user, access.write);
    const body = requireObject(ctx.request.body ?? {}, MESSAGES.dataAndIdRequired);
    const query = requireObject(ctx.request.query, MESSAGES.dataAndIdRequired);
    const payload: Record<string, unknown> = { ...body, id: query['id'] };
    checkMutation('home', 'updateStaff', payload);
    const staffIds = parseWith(z.object({ staffIds: staffIdsSchema }), payload).staffIds;
    const row = await existingRecord(ctx, deps, KIND, String(payload['id']));
    return patchRecord(ctx, deps, row, {
      [String(payload['staffType'])]: [...new Set(staffIds)],
    });
  });
}
