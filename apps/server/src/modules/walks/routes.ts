// Walk items and the five walk record kinds of docs/api.md (`/field_walks/...`).

import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Requirement, WalkKind, WalkType, WriteBase } from '@field/domain';
import {
  ADMIN_SCOPE,
  ITEM_HOME_NOT_WALKS,
  ITEM_WALK_MISSING,
  MESSAGES,
  RESOURCE_DEFS,
  RESOURCE_ACCESS,
  WALK_KINDS,
  closingWalkInputSchema,
  closingWalkUpdateSchema,
  isWalkOfForm,
  itemHostForm,
  itemTransitionError,
  mayAttachItemToWalk,
  noHostWalkMessage,
  stripLocalFields,
  typeScopeOf,
  walkFormInputSchema,
  walkFormUpdateSchema,
  walkItemInputSchema,
  walkItemUpdateSchema,
  withoutAbsentNulls,
} from '@field/domain';
import { badRequest, forbidden } from '../../http/errors.js';
import { checkMutation, parseWith, requireObject } from '../../http/validate.js';
import { requireWrite } from '../../http/auth.js';
import type { WriteContext } from '../../http/write-context.js';
import { writeRoute } from '../../http/write-pipeline.js';
import type { RouteDeps } from '../records/deps.js';
import { amendmentFields, checkPdfUrl, checkSignedWalk } from './closing-rules.js';
import {
  createRecord,
  deleteRecord,
  deletionId,
  ensureHome,
  existingRecord,
  patchRecord,
  storedData,
} from '../records/record-writes.js';
import type { RecordsTable } from '../../db/schema.js';

const ITEMS = 'walkItems';

/**
 * 400 unless the status change is one the item's review step allows (the domain's
 * item-review.ts, the one place of that rule). Refused from the stored status but allowed
 * from the one the writer saw: someone changed the status meanwhile, and the write goes
 * on to its conflict (409) rather than a refusal.
 */
function checkTransition(
  current: Record<string, unknown>,
  changes: Record<string, unknown>,
  base: WriteBase | undefined,
): void {
  const error = itemTransitionError(current['Status'], changes, 'staff');
  if (error === undefined) return;
  const seen = base?.fields?.['Status'];
  const changedMeanwhile = seen !== undefined && seen !== current['Status'];
  if (changedMeanwhile && itemTransitionError(seen, changes, 'staff') === undefined) return;
  throw badRequest(error);
}

/** 400 unless a vendor an item names is a live vendor of the company. */
async function ensureVendor(ctx: WriteContext, deps: RouteDeps, vendor: unknown): Promise<void> {
  if (typeof vendor !== 'string') return;
  const row = await deps.records.find(ctx.trx, 'vendors', vendor);
  if (row === undefined || row.deleted_at !== null) {
    throw badRequest('Invalid value for "Vendor": no such vendor');
  }
}

/** The write requirement a record's type names; only an admin passes an unknown type. */
const typeRequirement = (resource: 'walkItems' | 'closing', data: Record<string, unknown>) =>
  [typeScopeOf(resource, data) ?? ADMIN_SCOPE] as const;

const itemScope = (walk: unknown): Requirement => typeRequirement(ITEMS, { Walk: walk });

/**
 * The walk an item given only its home belongs to: the home's latest walk of the form that
 * hosts the item's type (the domain's ITEM_HOST_FORM). So a user who may write items of a
 * type without reading walk forms (customer service's post-close items) still files them
 * on their walk (docs/decisions.md).
 */
async function homeWalkFor(
  ctx: WriteContext,
  deps: RouteDeps,
  homeRid: string,
  type: WalkType,
): Promise<RecordsTable | undefined> {
  const host = itemHostForm(type);
  const walks = await deps.records.listOfHome(ctx.trx, host.kind, homeRid);
  return walks.filter((walk) => isWalkOfForm(host, storedData(walk)['type'])).at(-1);
}

/**
 * The walk a new item hangs on: the one it names (`WalkID`), which must exist, be one the
 * caller may attach to, and be on the item's `HomeRID` when it gives one; or, named only
 * by its home, that home's walk of its type. 400 when there is none (docs/decisions.md).
 */
async function walkOfNewItem(
  ctx: WriteContext,
  deps: RouteDeps,
  input: { Walk: WalkType; WalkID?: string | undefined; HomeRID?: string | undefined },
): Promise<RecordsTable> {
  if (input.WalkID === undefined) {
    if (input.HomeRID === undefined) throw badRequest(ITEM_WALK_MISSING);
    await ensureHome(ctx, deps, input.HomeRID, 'HomeRID');
    const walk = await homeWalkFor(ctx, deps, input.HomeRID, input.Walk);
    if (walk === undefined) throw badRequest(noHostWalkMessage(input.Walk));
    return walk;
  }
  const walk = await deps.records.findLiveOfKinds(ctx.trx, WALK_KINDS, input.WalkID);
  if (walk === undefined) throw badRequest('Invalid value for "WalkID": no such walk');
  // Only on a walk the caller may read, or on the item type's own closing walk
  // (customer service's post-close items): docs/decisions.md.
  const kind = walk.kind as WalkKind; // Safe: findLiveOfKinds selects only WALK_KINDS.
  if (!mayAttachItemToWalk(ctx.user.access, input.Walk, { kind, type: storedData(walk)['type'] })) {
    throw forbidden();
  }
  if (input.HomeRID !== undefined && input.HomeRID !== walk.home_rid) {
    throw badRequest(ITEM_HOME_NOT_WALKS);
  }
  return walk;
}

/** Walk items' writes: their scope follows the item's walk type (the registry's typeScope). */
export function walkItemWriteRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const base = RESOURCE_DEFS.walkItems.base;

  writeRoute(app, deps, 'POST', `${base}/submit`, async (ctx) => {
    const body = stripLocalFields(
      requireObject(ctx.request.body ?? {}, MESSAGES.unsupportedOperation),
    );
    checkMutation('walkItem', 'submit', body);
    const input = parseWith(walkItemInputSchema, body);
    requireWrite(ctx.user, itemScope(input.Walk));
    checkTransition({ Status: 'Outstanding' }, input, undefined);
    await ensureVendor(ctx, deps, input.Vendor);
    const walk = await walkOfNewItem(ctx, deps, input);
    // An item always hangs on a walk that exists and takes that walk's home.
    const homeRid = walk.home_rid;
    const completedAt = input.Status === 'Complete' ? (input['Completed At'] ?? ctx.now) : null;
    const result = await createRecord(ctx, deps, ITEMS, {
      id: input.id,
      homeRid,
      parentId: walk.id,
      data: {
        ...input,
        WalkID: walk.id,
        HomeRID: homeRid,
        'Completed At': completedAt,
      },
    });
    return result;
  });

  writeRoute(app, deps, 'PATCH', `${base}/update`, async (ctx) => {
    const body = stripLocalFields(
      requireObject(ctx.request.body ?? {}, MESSAGES.dataAndIdRequired),
    );
    const id = requireObject(ctx.request.query, MESSAGES.dataAndIdRequired)['id'];
    checkMutation('walkItem', 'update', { ...body, id });
    const changes = parseWith(walkItemUpdateSchema, body);
    const row = await existingRecord(ctx, deps, ITEMS, String(id));
    const current = storedData(row);
    requireWrite(ctx.user, itemScope(current['Walk']));
    const sent: Record<string, unknown> = changes;
    for (const fixed of RESOURCE_DEFS.walkItems.immutable) {
      if (sent[fixed] !== undefined && sent[fixed] !== current[fixed]) {
        throw badRequest(`Invalid value for "${fixed}": an item keeps its walk and home`);
      }
    }
    checkTransition(current, changes, ctx.base);
    if (changes.Vendor !== current['Vendor']) await ensureVendor(ctx, deps, changes.Vendor);
    if (changes.Status !== undefined && changes.Status !== current['Status']) {
      changes['Completed At'] =
        changes.Status === 'Complete' ? (changes['Completed At'] ?? ctx.now) : null;
    }
    return patchRecord(ctx, deps, row, changes);
  });

  writeRoute(app, deps, 'DELETE', `${base}/delete`, async (ctx) => {
    const row = await existingRecord(ctx, deps, ITEMS, deletionId(ctx.request));
    requireWrite(ctx.user, itemScope(storedData(row)['Walk']));
    return deleteRecord(ctx, deps, row);
  });
}

interface KindRules {
  input: z.core.$ZodType<Record<string, unknown>>;
  update: z.core.$ZodType<Record<string, unknown>>;
  /** The write requirement for a record of this kind with these fields. */
  writeScope: (data: Record<string, unknown>) => Requirement;
  homeRid: (input: Record<string, unknown>) => string;
  homeField: string;
}

const closingScope = (data: Record<string, unknown>): Requirement =>
  typeRequirement('closing', data);

function rulesOf(kind: WalkKind): KindRules {
  if (kind === 'closing') {
    return {
      input: closingWalkInputSchema,
      update: closingWalkUpdateSchema,
      writeScope: closingScope,
      homeRid: (input) => String(input['HomeRID'] ?? input['selectedHome']),
      homeField: 'selectedHome',
    };
  }
  return {
    input: walkFormInputSchema,
    update: walkFormUpdateSchema,
    writeScope: () => RESOURCE_ACCESS[kind].write,
    homeRid: (input) => String(input['HomeRID']),
    homeField: 'HomeRID',
  };
}

/** A walk kind's writes: `submit` and `update/{id}` (docs/api.md). */
export function walkFormWriteRoutes(app: FastifyInstance, deps: RouteDeps, kind: WalkKind): void {
  const base = RESOURCE_DEFS[kind].base;
  const rules = rulesOf(kind);

  writeRoute(app, deps, 'POST', `${base}/submit`, async (ctx) => {
    const body = withoutAbsentNulls(kind, ctx.request.body);
    checkMutation(kind, 'submit', body);
    const input = parseWith(rules.input, body);
    requireWrite(ctx.user, rules.writeScope(input));
    const homeRid = rules.homeRid(input);
    await ensureHome(ctx, deps, homeRid, rules.homeField);
    const id = typeof input['id'] === 'string' ? input['id'] : randomUUID();
    const data: Record<string, unknown> = { ...input, HomeRID: homeRid };
    if (kind === 'closing') {
      await checkPdfUrl(ctx, id, input['pdfUrl']);
      delete data['amendment'];
      Object.assign(data, await amendmentFields(ctx, deps, { id, homeRid, input }));
    }
    return createRecord(ctx, deps, kind, { id, homeRid, parentId: null, data });
  });

  writeRoute(app, deps, 'PATCH', `${base}/update/:id`, async (ctx: WriteContext) => {
    const body = requireObject(
      withoutAbsentNulls(kind, ctx.request.body ?? {}),
      MESSAGES.dataAndIdRequired,
    );
    const params = requireObject(ctx.request.params, MESSAGES.dataAndIdRequired);
    checkMutation(kind, 'update', { ...body, id: params['id'] });
    const changes = parseWith(rules.update, body);
    const row = await existingRecord(ctx, deps, kind, String(params['id']));
    const current = storedData(row);
    requireWrite(ctx.user, rules.writeScope(current));
    for (const fixed of RESOURCE_DEFS[kind].immutable) {
      if (changes[fixed] !== undefined && changes[fixed] !== current[fixed]) {
        throw badRequest(`Invalid value for "${fixed}": a walk keeps its home and type`);
      }
    }
    if (
      kind === 'closing' &&
      changes['customerServiceStaff'] !== undefined &&
      current['type'] !== 'who'
    ) {
      throw badRequest('Invalid value for "customerServiceStaff": only sent when type is who');
    }
    if (kind === 'closing') {
      checkSignedWalk(current, changes);
      if (changes['pdfUrl'] !== current['pdfUrl'])
        await checkPdfUrl(ctx, row.id, changes['pdfUrl']);
    }
    return patchRecord(ctx, deps, row, changes);
  });
}
