// `POST submit`, `PATCH update?id=`, `DELETE delete?id=` of the records that hang off a
// home, `submit` / `update` of the company's own records (employees, vendors), and the
// `update` alone of records the field only updates (jobs and their schedule entries),
// registered from the registry's facts (registry-routes.ts).

import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Requirement, Resource } from '@field/domain';
import { MESSAGES, hasAccess, isMissing, missingFieldMessage, resourceDef } from '@field/domain';
import { requireWrite } from '../../http/auth.js';
import { AppError, badRequest } from '../../http/errors.js';
import { checkMutation, parseWith, requireObject } from '../../http/validate.js';
import { writeRoute } from '../../http/write-pipeline.js';
import type { RouteDeps } from './deps.js';
import {
  createRecord,
  deleteRecord,
  deletionId,
  ensureHome,
  ensureUnique,
  existingRecord,
  derivedFields,
  patchRecord,
  storedData,
} from './record-writes.js';

export interface HomeRecordWrites {
  base: string;
  kind: Resource;
  /** Mutation type (docs/entities.md) whose required fields are checked. */
  mutationType: string;
  /** Absent: no add from the app (jobs, schedule entries). */
  input?: z.core.$ZodType<Record<string, unknown>>;
  update: z.core.$ZodType<Record<string, unknown>>;
  /**
   * The input field naming the home; undefined for a record of the company (no home) or
   * of a parent (a job's schedule entries: updated only, their home is the job's).
   */
  homeField: string | undefined;
  /** No delete where records are archived instead (`Active: false`); no submit without an input. */
  scopes: { submit?: Requirement; update: Requirement; delete?: Requirement };
  /** Fields an update may not change (the record's home). */
  immutable: readonly string[];
  /**
   * What an update sending these fields needs beyond `scopes.update` (a phone call's
   * log fields need the logging scope), with the 403 message when it is not held.
   */
  updateFields?: { requirement: (fields: string[]) => Requirement; message: string };
}

/**
 * The first of the `immutable` fields an update would change: sent, and not the stored
 * value (sending the same value again is no change). Undefined when the update may apply.
 */
export function movedField(
  immutable: readonly string[],
  changes: Record<string, unknown>,
  current: Record<string, unknown>,
): string | undefined {
  return immutable.find(
    (field) => changes[field] !== undefined && changes[field] !== current[field],
  );
}

/** A company record's change may not blank a field its add requires (400, naming it). */
function refuseBlanked(o: HomeRecordWrites, changes: Record<string, unknown>): void {
  const required = resourceDef(o.kind).operations?.submit?.required ?? [];
  const blank = required.find((field) => field in changes && isMissing(changes[field]));
  if (blank !== undefined) {
    throw badRequest(missingFieldMessage(blank, 'update', o.mutationType));
  }
}

function submitRoute(
  app: FastifyInstance,
  deps: RouteDeps,
  o: HomeRecordWrites,
  scopes: Requirement,
  schema: z.core.$ZodType<Record<string, unknown>>,
): void {
  writeRoute(app, deps, 'POST', `${o.base}/submit`, async (ctx) => {
    requireWrite(ctx.user, scopes);
    checkMutation(o.mutationType, 'submit', ctx.request.body);
    const input = parseWith(schema, ctx.request.body);
    const id = typeof input['id'] === 'string' ? input['id'] : randomUUID();
    const homeField = o.homeField;
    if (homeField === undefined) {
      const data = { ...input, ...derivedFields(o.kind, input) };
      await ensureUnique(ctx, deps, o.kind, { ...data, id });
      return createRecord(ctx, deps, o.kind, { id, homeRid: null, parentId: null, data });
    }
    const homeRid = String(input['HomeRID'] ?? input[homeField]);
    await ensureHome(ctx, deps, homeRid, homeField);
    return createRecord(ctx, deps, o.kind, {
      id,
      homeRid,
      parentId: null,
      data: { ...input, HomeRID: homeRid },
    });
  });
}

export function homeRecordWriteRoutes(
  app: FastifyInstance,
  deps: RouteDeps,
  o: HomeRecordWrites,
): void {
  if (o.scopes.submit !== undefined && o.input !== undefined) {
    submitRoute(app, deps, o, o.scopes.submit, o.input);
  }
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
    if (o.homeField === undefined) refuseBlanked(o, changes);
    const row = await existingRecord(ctx, deps, o.kind, String(id));
    const moved = movedField(o.immutable, changes, storedData(row));
    if (moved !== undefined) {
      throw badRequest(`Invalid value for "${moved}": a record cannot move to another home`);
    }
    const merged = { ...storedData(row), ...changes };
    await ensureUnique(ctx, deps, o.kind, { ...merged, id: row.id }, Object.keys(changes));
    return patchRecord(ctx, deps, row, { ...changes, ...derivedFields(o.kind, merged) });
  });
  const deleteScopes = o.scopes.delete;
  if (deleteScopes === undefined) return;
  writeRoute(app, deps, 'DELETE', `${o.base}/delete`, async (ctx) => {
    requireWrite(ctx.user, deleteScopes);
    const row = await existingRecord(ctx, deps, o.kind, deletionId(ctx.request));
    return deleteRecord(ctx, deps, row);
  });
}
