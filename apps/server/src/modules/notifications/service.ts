// Makes notifications: for the staff of a home when something happens on it (a new punch
// item, a phone call logged), through the outbox after that write commits, and for admins'
// announcements. Reading and streaming them is the routes' and the hub's business.

import { z } from 'zod';
import type { NotificationCreate, Requirement, WalkType } from '@field/domain';
import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_MESSAGES,
  RESOURCE_ACCESS,
  STAFF_TYPES,
  WALK_ITEM_SCOPE,
  WALK_TYPES,
  hasAccess,
  resolveAccess,
} from '@field/domain';
import { notFound } from '../../http/errors.js';
import type { WriteResult } from '../../http/idempotency.js';
import type { RecordRepository } from '../records/repository.js';
import type { WriteContext } from '../records/routes.js';
import type { Outbox, OutboxWriter } from './outbox.js';
import type { ApiNotification, Executor, NewNotification } from './repository.js';
import { sortableId } from '../../db/sortable-id.js';
import { NotificationRepository } from './repository.js';

/** What a home event needs: who wrote, when, and where its outbox row goes. */
export interface HomeEventContext extends OutboxWriter {
  user: WriteContext['user'];
  now: string;
}

/** Something that happened on a home, as the outbox keeps it until it is told. */
export interface HomeEvent {
  homeRid: string;
  category: string;
  title: string;
  /** Recipients must meet each of these to read what the notification tells of. */
  read: readonly Requirement[];
  metadata: Record<string, string | null>;
  /** The author, who is not told. */
  authorId: string;
  /** When it happened: the notifications' timestamp and creation time. */
  now: string;
}

const homeSchema = z.looseObject({
  Address: z.string().optional(),
  HomeID: z.union([z.string(), z.number()]).optional(),
});

function staffOf(data: Record<string, unknown>): string[] {
  const ids = new Set<string>();
  for (const type of STAFF_TYPES) {
    const list = data[type];
    if (!Array.isArray(list)) continue;
    for (const id of list) if (typeof id === 'string' && id !== '') ids.add(id);
  }
  return [...ids];
}

function authorName(user: HomeEventContext['user']): string {
  const name = `${user.row.first_name} ${user.row.last_name}`.trim();
  return name === '' ? user.row.email : name;
}

/**
 * Notifies the staff of a home (users whose employee id is in any staff list of section
 * 3) who may read what happened, except the author, in the outbox's transaction. Answers
 * who was notified.
 */
export async function notifyHomeStaff(
  trx: Executor,
  records: RecordRepository,
  event: HomeEvent,
): Promise<string[]> {
  const home = await records.find(trx, 'homes', event.homeRid);
  if (home === undefined || home.deleted_at !== null) return [];
  // Safe: `data` is a JSON object written by the records module.
  const data = homeSchema.parse(JSON.parse(home.data) as unknown);
  const repository = new NotificationRepository(trx);
  const candidates = (await repository.usersByEmployee(trx, staffOf(data))).filter(
    (id) => id !== event.authorId,
  );
  const scopes = await repository.scopesOfUsers(trx, candidates);
  const recipients = candidates.filter((id) => {
    const access = resolveAccess(scopes.get(id) ?? []);
    return event.read.every((requirement) => hasAccess(access, requirement, 'read'));
  });
  const metadata = {
    ...(data.Address === undefined ? {} : { homeAddress: data.Address }),
    homeRID: event.homeRid,
    homeID: data.HomeID === undefined ? null : String(data.HomeID),
    ...event.metadata,
  };
  await repository.insertMany(
    trx,
    recipients.map((userId) => ({
      id: sortableId(),
      userId,
      title: event.title,
      priority: 'normal',
      timestamp: event.now,
      category: event.category,
      app: 'field',
      metadata,
    })),
    event.now,
  );
  return recipients;
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

/** A walk item was submitted: tell the home's staff about the new punch item. */
export async function notifyNewPunchItem(
  ctx: HomeEventContext,
  outbox: Outbox,
  result: WriteResult,
): Promise<void> {
  const item = createdItemSchema.parse(result.body);
  if (item.HomeRID === null || item.HomeRID === undefined) return;
  const where = item.Location === undefined || item.Location === '' ? '' : ` (${item.Location})`;
  await outbox.enqueueHomeEvent(ctx, {
    homeRid: item.HomeRID,
    category: NOTIFICATION_CATEGORIES.punchItem,
    title: `${authorName(ctx.user)} added a ${WALK_LABELS[item.Walk]}: ${item.Name}${where}`,
    read: [RESOURCE_ACCESS.walkItems.read, [WALK_ITEM_SCOPE[item.Walk]]],
    metadata: { recordId: item.id, walk: item.Walk, walkId: item.WalkID ?? null },
    authorId: ctx.user.id,
    now: ctx.now,
  });
}

const createdCallSchema = z.looseObject({
  id: z.string(),
  HomeRID: z.string(),
  Voicemail: z.boolean().optional(),
});

/** A phone call was logged on a home: tell its staff. */
export async function notifyPhoneCallLogged(
  ctx: HomeEventContext,
  outbox: Outbox,
  result: WriteResult,
): Promise<void> {
  const call = createdCallSchema.parse(result.body);
  const what = call.Voicemail === true ? 'a phone call (voicemail)' : 'a phone call';
  await outbox.enqueueHomeEvent(ctx, {
    homeRid: call.HomeRID,
    category: NOTIFICATION_CATEGORIES.phoneCall,
    title: `${authorName(ctx.user)} logged ${what}`,
    read: [RESOURCE_ACCESS.phoneCalls.read],
    metadata: { recordId: call.id },
    authorId: ctx.user.id,
    now: ctx.now,
  });
}

/** An admin's notification for one user or for every user. */
export async function createAnnouncement(
  trx: Executor,
  repository: NotificationRepository,
  input: NotificationCreate,
  now: string,
): Promise<ApiNotification[]> {
  let recipients: string[];
  if (input.userId !== undefined) {
    if (!(await repository.userExists(trx, input.userId))) {
      throw notFound(NOTIFICATION_MESSAGES.recipientNotFound);
    }
    recipients = [input.userId];
  } else {
    recipients = await repository.allUserIds(trx);
  }
  const base: Omit<NewNotification, 'id' | 'userId'> = {
    title: input.title,
    priority: input.priority,
    timestamp: input.timestamp === undefined ? now : new Date(input.timestamp).toISOString(),
    category: input.category,
    app: input.app,
    metadata: input.metadata,
  };
  return repository.insertMany(
    trx,
    recipients.map((userId) => ({ ...base, id: sortableId(), userId })),
    now,
  );
}
