// What a record write tells the staff of its home: a new punch item, a phone call logged.
// One listener of the write pipeline (app.ts adds it): it stores the home event in the
// write's transaction through the outbox, which tells the staff after the commit.

import { z } from 'zod';
import type { Resource, WalkType } from '@field/domain';
import {
  NOTIFICATION_CATEGORIES,
  RESOURCE_ACCESS,
  WALK_ITEM_SCOPE,
  WALK_TYPES,
  vendorOfActor,
} from '@field/domain';
import type { AuthUser } from '../../http/auth.js';
import type { RecordWrite, RecordWriteListener, WriteContext } from '../../http/write-context.js';
import type { HomeEvent } from './home-staff.js';
import type { Outbox } from './outbox.js';

function authorName(user: AuthUser): string {
  const name = `${user.row.first_name} ${user.row.last_name}`.trim();
  return name === '' ? user.row.email : name;
}

const WALK_LABELS: Record<WalkType, string> = {
  'frame-punch': 'frame punch item',
  'final-punch': 'final punch item',
  nhp: 'NHP item',
  who: 'WHO item',
  'post-close': 'post-close item',
};

const createdItemSchema = z.looseObject({
  id: z.string(),
  HomeRID: z.string().nullable().optional(),
  Walk: z.enum(WALK_TYPES),
  Name: z.string(),
  Location: z.string().optional(),
  WalkID: z.string().nullable().optional(),
});

const createdCallSchema = z.looseObject({
  id: z.string(),
  HomeRID: z.string(),
  Voicemail: z.boolean().optional(),
});

type Created = (ctx: WriteContext, record: Record<string, unknown>) => HomeEvent | undefined;

/** The home event of a record created, by its resource; the others tell nobody. */
const ON_CREATE: Partial<Record<Resource, Created>> = {
  // A walk item was submitted: the home's staff hear of the new punch item.
  walkItems: (ctx, record) => {
    const item = createdItemSchema.parse(record);
    if (item.HomeRID === null || item.HomeRID === undefined) return undefined;
    const where = item.Location === undefined || item.Location === '' ? '' : ` (${item.Location})`;
    return {
      homeRid: item.HomeRID,
      category: NOTIFICATION_CATEGORIES.punchItem,
      title: `${authorName(ctx.user)} added a ${WALK_LABELS[item.Walk]}: ${item.Name}${where}`,
      read: [RESOURCE_ACCESS.walkItems.read, [WALK_ITEM_SCOPE[item.Walk]]],
      metadata: { recordId: item.id, walk: item.Walk, walkId: item.WalkID ?? null },
      authorId: ctx.user.id,
      now: ctx.now,
    };
  },
  // A phone call was logged on a home: its staff hear of it.
  phoneCalls: (ctx, record) => {
    const call = createdCallSchema.parse(record);
    const what = call.Voicemail === true ? 'a phone call (voicemail)' : 'a phone call';
    return {
      homeRid: call.HomeRID,
      category: NOTIFICATION_CATEGORIES.phoneCall,
      title: `${authorName(ctx.user)} logged ${what}`,
      read: [RESOURCE_ACCESS.phoneCalls.read],
      metadata: { recordId: call.id },
      authorId: ctx.user.id,
      now: ctx.now,
    };
  },
};

/**
 * A trade said through its link that an item is fixed (modules/trade; docs/decisions.md,
 * The trade's own link): the home's staff who may read the item hear of it.
 */
function tradeMarkedReady(ctx: WriteContext, write: RecordWrite): HomeEvent | undefined {
  if (write.kind !== 'walkItems' || vendorOfActor(ctx.user.id) === undefined) return undefined;
  const after = write.after ?? {};
  if (after['Status'] !== 'Ready for review' || write.before?.['Status'] === 'Ready for review') {
    return undefined;
  }
  const item = createdItemSchema.parse({ ...after, id: write.recordId });
  if (item.HomeRID === null || item.HomeRID === undefined) return undefined;
  const where = item.Location === undefined || item.Location === '' ? '' : ` (${item.Location})`;
  return {
    homeRid: item.HomeRID,
    category: NOTIFICATION_CATEGORIES.punchItem,
    title: `${authorName(ctx.user)} marked a ${WALK_LABELS[item.Walk]} ready for review: ${item.Name}${where}`,
    read: [RESOURCE_ACCESS.walkItems.read, [WALK_ITEM_SCOPE[item.Walk]]],
    metadata: { recordId: item.id, walk: item.Walk, walkId: item.WalkID ?? null },
    authorId: ctx.user.id,
    now: ctx.now,
  };
}

/** The listener that stores a record's home event in the write's transaction. */
export function homeEventsOf(outbox: Outbox): RecordWriteListener {
  return async (ctx, write) => {
    if (write.after === null) return;
    if (write.operation === 'update') {
      const ready = tradeMarkedReady(ctx, write);
      if (ready !== undefined) await outbox.enqueueHomeEvent(ctx, ready);
      return;
    }
    if (write.operation !== 'create') return;
    const created = ON_CREATE[write.kind as Resource]; // A kind not in the table: undefined.
    const event = created?.(ctx, { ...write.after, id: write.recordId });
    if (event !== undefined) await outbox.enqueueHomeEvent(ctx, event);
  };
}
