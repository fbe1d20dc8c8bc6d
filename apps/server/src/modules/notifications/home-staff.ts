// Tells the staff of a home what happened on it: the outbox (outbox.ts) does this for
// each home event after the write that made it has committed.

import { z } from 'zod';
import type { HomeAccessMode, Requirement } from '@field/domain';
import {
  STAFF_TYPES,
  hasAccess,
  homeAccessFacts,
  mayWorkOnHome,
  resolveAccess,
} from '@field/domain';
import { sortableId } from '../../db/sortable-id.js';
import type { RecordRepository } from '../records/repository.js';
import type { Executor } from './repository.js';
import { NotificationRepository } from './repository.js';

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

/**
 * Notifies the staff of a home (users whose employee id is in any of its staff lists,
 * docs/entities.md) who may work on the home (a demo account only on a test home:
 * docs/decisions.md, Access by home) and read what happened, except the author, in the
 * outbox's transaction. Answers who was notified.
 */
export async function notifyHomeStaff(
  trx: Executor,
  records: RecordRepository,
  event: HomeEvent,
  mode: HomeAccessMode,
): Promise<string[]> {
  const home = await records.find(trx, 'homes', event.homeRid);
  if (home === undefined || home.deleted_at !== null) return [];
  // Safe: `data` is a JSON object written by the records module.
  const stored = JSON.parse(home.data) as Record<string, unknown>;
  const data = homeSchema.parse(stored);
  const facts = homeAccessFacts(stored);
  const repository = new NotificationRepository(trx);
  const candidates = (await repository.usersByEmployee(trx, staffOf(data))).filter(
    (user) => user.id !== event.authorId,
  );
  const scopes = await repository.scopesOfUsers(
    trx,
    candidates.map((user) => user.id),
  );
  const recipients = candidates
    .filter((user) => {
      const access = resolveAccess(scopes.get(user.id) ?? []);
      return (
        mayWorkOnHome({ access, employeeId: user.employeeId, mode }, facts) &&
        event.read.every((requirement) => hasAccess(access, requirement, 'read'))
      );
    })
    .map((user) => user.id);
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
