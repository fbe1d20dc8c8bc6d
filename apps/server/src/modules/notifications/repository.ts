// Notifications of each user: the only module that touches the notifications table. Deletes
// are soft (a tombstone with deleted_at), so the live stream of any process can tell
// its subscribers; list and counts show live rows only.

import type { Kysely, Transaction } from 'kysely';
import type { Notification, NotificationApp, NotificationCounts, Scope } from '@field/domain';

export type { NotificationCounts } from '@field/domain';
import { NOTIFICATION_APPS, notificationInTab } from '@field/domain';
import type { Database, NotificationsTable } from '../../db/schema.js';

export type Executor = Kysely<Database> | Transaction<Database>;

/** A notification as the API shows it (docs/api.md), plus deletedAt for the stream. */
export type ApiNotification = Notification & { deletedAt: string | null };

export interface NewNotification {
  id: string;
  userId: string;
  title: string;
  priority: string;
  timestamp: string;
  category: string;
  app: NotificationApp;
  metadata: Record<string, unknown>;
  /** Seeds only: an already read notification, made at another time than now. */
  read?: boolean;
  createdAt?: string;
}

interface CountPair {
  total: number;
  unread: number;
}

function isApp(value: string): value is NotificationApp {
  return (NOTIFICATION_APPS as readonly string[]).includes(value);
}

export function toApiNotification(row: NotificationsTable): ApiNotification {
  return {
    id: row.id,
    title: row.title,
    read: row.read === 1,
    priority: row.priority,
    timestamp: row.occurred_at,
    // Safe: metadata is only written by this module, from a JSON object.
    metadata: JSON.parse(row.metadata) as ApiNotification['metadata'],
    category: row.category,
    app: isApp(row.app) ? row.app : 'all',
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deletedAt: row.deleted_at,
  };
}

/** The stored app values a filter tab shows. */
function appsOfTab(tab: NotificationApp): NotificationApp[] {
  return NOTIFICATION_APPS.filter((app) => notificationInTab(tab, app));
}

export class NotificationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertMany(
    executor: Executor,
    notifications: readonly NewNotification[],
    now: string,
  ): Promise<ApiNotification[]> {
    const rows: NotificationsTable[] = notifications.map((n) => ({
      id: n.id,
      user_id: n.userId,
      title: n.title,
      read: n.read === true ? 1 : 0,
      priority: n.priority,
      occurred_at: n.timestamp,
      category: n.category,
      app: n.app,
      metadata: JSON.stringify(n.metadata),
      created_at: n.createdAt ?? now,
      updated_at: n.createdAt ?? now,
      deleted_at: null,
    }));
    const chunkSize = 200;
    for (let i = 0; i < rows.length; i += chunkSize) {
      await executor
        .insertInto('notifications')
        .values(rows.slice(i, i + chunkSize))
        .execute();
    }
    return rows.map(toApiNotification);
  }

  /** One page of a user's live notifications under a tab, newest first. */
  async page(
    userId: string,
    options: {
      app: NotificationApp;
      offset: number;
      limit: number;
      unreadOnly: boolean;
      category?: string;
    },
  ): Promise<{ items: ApiNotification[]; total: number }> {
    let query = this.db
      .selectFrom('notifications')
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .where('app', 'in', appsOfTab(options.app));
    if (options.unreadOnly) query = query.where('read', '=', 0);
    if (options.category !== undefined) query = query.where('category', '=', options.category);
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(options.limit)
        .offset(options.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(toApiNotification), total: Number(count.n) };
  }

  async counts(userId: string): Promise<NotificationCounts> {
    const rows = await this.db
      .selectFrom('notifications')
      .select(['app', 'category', 'read', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .groupBy(['app', 'category', 'read'])
      .execute();
    const apps = Object.fromEntries(
      NOTIFICATION_APPS.map((app) => [app, { total: 0, unread: 0 }]),
    ) as Record<NotificationApp, CountPair>; // Safe: one entry per app, made just above.
    const categories: Record<string, CountPair> = {};
    for (const row of rows) {
      const n = Number(row.n);
      const unread = row.read === 0 ? n : 0;
      const app: NotificationApp = isApp(row.app) ? row.app : 'all';
      for (const tab of NOTIFICATION_APPS) {
        if (!notificationInTab(tab, app)) continue;
        apps[tab].total += n;
        apps[tab].unread += unread;
      }
      const category = (categories[row.category] ??= { total: 0, unread: 0 });
      category.total += n;
      category.unread += unread;
    }
    return { apps, categories };
  }

  /** The live notification `id` of `userId`, or undefined (another user's is not found). */
  async find(executor: Executor, userId: string, id: string): Promise<ApiNotification | undefined> {
    const row = await executor
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row === undefined ? undefined : toApiNotification(row);
  }

  /** Marks one read; undefined when there is no such live notification of the user. */
  async markRead(
    executor: Executor,
    userId: string,
    id: string,
    now: string,
  ): Promise<ApiNotification | undefined> {
    const existing = await this.find(executor, userId, id);
    if (existing === undefined || existing.read) return existing;
    await executor
      .updateTable('notifications')
      .set({ read: 1, updated_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .execute();
    return { ...existing, read: true, updatedAt: now };
  }

  /** Marks every unread one of a tab read; answers how many changed. */
  async markAllRead(
    executor: Executor,
    userId: string,
    app: NotificationApp,
    now: string,
  ): Promise<number> {
    const result = await executor
      .updateTable('notifications')
      .set({ read: 1, updated_at: now })
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .where('read', '=', 0)
      .where('app', 'in', appsOfTab(app))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async softDelete(executor: Executor, userId: string, id: string, now: string): Promise<boolean> {
    const result = await executor
      .updateTable('notifications')
      .set({ deleted_at: now, updated_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Rows of any of `userIds` changed at or after `since` (tombstones too), in order of
   * change, `limit` at a time after the `after` key: what the stream hub polls.
   */
  changedSince(
    userIds: readonly string[],
    since: string,
    after: { updatedAt: string; id: string } | undefined,
    limit: number,
  ): Promise<NotificationsTable[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    let query = this.db
      .selectFrom('notifications')
      .selectAll()
      .where('updated_at', '>=', since)
      .where('user_id', 'in', userIds);
    if (after !== undefined) {
      query = query.where((eb) =>
        eb.or([
          eb('updated_at', '>', after.updatedAt),
          eb.and([eb('updated_at', '=', after.updatedAt), eb('id', '>', after.id)]),
        ]),
      );
    }
    return query.orderBy('updated_at').orderBy('id').limit(limit).execute();
  }

  /** The newest live notifications of a user: the stream's first snapshot. */
  async latest(userId: string, limit: number): Promise<ApiNotification[]> {
    const rows = await this.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toApiNotification);
  }

  /** Ids of users whose employee id (`fieldData.airtableId`) is one of `employeeIds`. */
  /** The users holding any of `employeeIds`, with the employee id each holds. */
  async usersByEmployee(
    executor: Executor,
    employeeIds: readonly string[],
  ): Promise<{ id: string; employeeId: string | null }[]> {
    if (employeeIds.length === 0) return [];
    const rows = await executor
      .selectFrom('users')
      .select(['id', 'airtable_id'])
      .where('airtable_id', 'in', employeeIds)
      .execute();
    return rows.map((r) => ({ id: r.id, employeeId: r.airtable_id }));
  }

  /** The scopes of each of `userIds`, for checking what a recipient may read. */
  async scopesOfUsers(
    executor: Executor,
    userIds: readonly string[],
  ): Promise<Map<string, Scope[]>> {
    const scopes = new Map<string, Scope[]>(userIds.map((id) => [id, []]));
    if (userIds.length === 0) return scopes;
    const rows = await executor
      .selectFrom('user_scopes')
      .selectAll()
      .where('user_id', 'in', userIds)
      .execute();
    for (const row of rows) {
      scopes.get(row.user_id)?.push({
        value: row.value,
        group: row.is_group === 1,
        approved: row.approved === 1,
        read: row.can_read === 1,
        write: row.can_write === 1,
      });
    }
    return scopes;
  }

  /**
   * Whether a stream ticket issued at `issuedAt` (epoch seconds) still speaks for the user:
   * the user exists and has not ended their sessions since (password change or reset).
   */
  async userExists(executor: Executor, userId: string): Promise<boolean> {
    const row = await executor
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async allUserIds(executor: Executor): Promise<string[]> {
    const rows = await executor.selectFrom('users').select('id').orderBy('id').execute();
    return rows.map((r) => r.id);
  }

  /** Forgets tombstones older than `before`; streams have long seen them. */
  async pruneDeleted(before: string): Promise<void> {
    await this.db.deleteFrom('notifications').where('deleted_at', '<', before).execute();
  }
}
