// An admin's announcements: a notification for one user or for every user.

import type { NotificationCreate } from '@field/domain';
import { NOTIFICATION_MESSAGES } from '@field/domain';
import { sortableId } from '../../db/sortable-id.js';
import { notFound } from '../../http/errors.js';
import type {
  ApiNotification,
  Executor,
  NewNotification,
  NotificationRepository,
} from './repository.js';

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
