// Homes' two writes; their lists come from the registry (registry-routes).

import type { FastifyInstance } from 'fastify';
import { MESSAGES, RESOURCE_ACCESS, homeUpdateSchema } from '@field/domain';
import { badRequest } from '../../http/errors.js';
import { checkMutation, parseWith, requireId, requireObject } from '../../http/validate.js';
import { requireWrite } from '../../http/auth.js';
import { writeRoute } from '../../http/write-pipeline.js';
import type { RouteDeps } from '../records/deps.js';
import { existingRecord, patchRecord } from '../records/record-writes.js';
import { z } from 'zod';

const KIND = 'homes';
const access = RESOURCE_ACCESS.homes;
const staffIdsSchema = z.array(z.string().min(1));

/** A home's two writes: its fields (`update`) and one staff list (`updateStaff`). */
export function homeWriteRoutes(app: FastifyInstance, deps: RouteDeps): void {
  writeRoute(app, deps, 'PATCH', '/field_homes/update', async (ctx) => {
    requireWrite(ctx.user, access.write);
    const id = requireId(ctx.request.query, 'id', MESSAGES.dataAndIdRequired);
    const body = requireObject(ctx.request.body, MESSAGES.dataAndIdRequired);
    if (Object.keys(body).length === 0) throw badRequest(MESSAGES.dataAndIdRequired);
    checkMutation('home', 'update', { ...body, id });
    const changes = parseWith(homeUpdateSchema, body);
    delete changes['HomeRID'];
    return patchRecord(ctx, deps, await existingRecord(ctx, deps, KIND, id), changes);
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
