// Notification rules both sides share (docs/api.md, Notifications): the app tabs with the
// `home_info_portal` alias, priorities, categories, the payloads of the notification
// calls and the relative-time label of the list.

import { z } from './zod.js';
import type { Notification } from './entities.js';
import { NOTIFICATION_APPS, normalizeNotificationApp, notificationSchema } from './entities.js';
import { relativeTime } from './dates.js';
import type { Resource } from './resources.js';
import { resourceDef } from './resources.js';
import { WALK_FORM_DEFS } from './walk-forms.js';
import { WALK_TYPES } from './walks.js';

export { formatNotificationDate, relativeTime } from './dates.js';

export type NotificationApp = (typeof NOTIFICATION_APPS)[number];

/** An app value, `home_info_portal` read as `notification_info_portal`. */
export const notificationAppSchema = z.pipe(
  z.transform((value: unknown) =>
    typeof value === 'string' ? normalizeNotificationApp(value) : value,
  ),
  z.enum(NOTIFICATION_APPS),
);

/**
 * Whether a notification of `app` shows under the filter tab `tab`: the `all` tab shows
 * every notification, and a notification meant for `all` apps shows under every tab.
 */
export function notificationInTab(tab: NotificationApp, app: NotificationApp): boolean {
  return tab === 'all' || app === 'all' || app === tab;
}

const NOTIFICATION_PRIORITIES = ['low', 'normal', 'high'] as const;

/** Categories of the notifications the server makes itself; admins may use others. */
export const NOTIFICATION_CATEGORIES = {
  punchItem: 'punch_item',
  phoneCall: 'phone_call',
  announcement: 'announcement',
  /**
   * A message from a person: what the header's messages menu lists (sender in
   * `metadata.senderName`, optional picture `metadata.senderPhotoURL`, subtitle
   * `metadata.subtitle`). Made like any notification (`POST /api/notifications`).
   */
  message: 'message',
} as const;

const notificationCategorySchema = z
  .string()
  .check(z.regex(/^[a-z0-9_-]{1,50}$/, 'expected 1 to 50 lower-case letters, digits, "_" or "-"'));

const metadataValue = z.union([
  z.string().check(z.maxLength(2000)),
  z.number(),
  z.boolean(),
  z.null(),
]);

const notificationMetadataSchema = z
  .catchall(
    z.object({ homeAddress: z.optional(z.string().check(z.maxLength(500))) }),
    metadataValue,
  )
  .check(z.refine((value) => Object.keys(value).length <= 20, 'expected at most 20 entries'));

/** What an admin sends to make a notification (`POST /api/notifications`). */
export const notificationCreateSchema = z
  .strictObject({
    title: z.string().check(z.trim(), z.minLength(1, 'expected a title'), z.maxLength(300)),
    category: z._default(notificationCategorySchema, NOTIFICATION_CATEGORIES.announcement),
    app: z._default(notificationAppSchema, 'all'),
    priority: z._default(z.enum(NOTIFICATION_PRIORITIES), 'normal'),
    timestamp: z.optional(
      z
        .string()
        .check(z.refine((value) => !Number.isNaN(Date.parse(value)), 'expected a date (ISO 8601)')),
    ),
    metadata: z._default(notificationMetadataSchema, {}),
    /** One recipient by user id, or every user with `allUsers: true`. */
    userId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
    allUsers: z.optional(z.literal(true)),
  })
  .check(
    z.refine((value) => (value.userId === undefined) !== (value.allUsers === undefined), {
      message: 'Send either "userId" or "allUsers": true',
    }),
  );
export type NotificationCreate = z.infer<typeof notificationCreateSchema>;

/** Opening a notification marks it read with the body `{ read: true }`. */
export const notificationReadSchema = z.strictObject({ read: z.literal(true) });

/** Query of the notification list: the filter tab and a 1-based page. */
export const notificationListQuerySchema = z.object({
  app: z._default(notificationAppSchema, 'all'),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
  pageSize: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100))),
  unread: z.optional(z.enum(['true', 'false'])),
  /** Only this category (the messages menu asks for `message`). */
  category: z.optional(notificationCategorySchema),
});

const countPair = z.object({ total: z.number().check(z.int()), unread: z.number().check(z.int()) });

/** `GET /api/notifications/counts`, and the `counts` of the stream. */
export const notificationCountsSchema = z.object({
  apps: z.object(
    Object.fromEntries(NOTIFICATION_APPS.map((app) => [app, countPair])) as Record<
      NotificationApp,
      typeof countPair
    >, // Safe: one entry per app, made just above.
  ),
  categories: z.record(z.string(), countPair),
});
export type NotificationCounts = z.infer<typeof notificationCountsSchema>;

/** `GET /api/notifications`: one page of a tab, newest first. */
export const notificationPageSchema = z.object({
  notifications: z.array(notificationSchema),
  app: z.enum(NOTIFICATION_APPS),
  page: z.number().check(z.int()),
  pageSize: z.number().check(z.int()),
  total: z.number().check(z.int()),
  totalPages: z.number().check(z.int()),
});

/** `POST /api/notifications/stream-ticket`. */
export const streamTicketSchema = z.object({ ticket: z.string(), expiresAt: z.string() });

/** The `data` of each event of `GET /api/notifications/stream`, by event name. */
export const notificationStreamEventSchemas = {
  snapshot: z.object({
    notifications: z.array(notificationSchema),
    counts: notificationCountsSchema,
  }),
  notification: notificationSchema,
  deleted: z.object({ id: z.string(), deletedAt: z.string() }),
  counts: notificationCountsSchema,
} as const;

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
  streamTicketInvalid: 'The stream ticket is missing, invalid or expired',
  recipientNotFound: 'No such user',
} as const;

// ---------------------------------------------------------------------------------------
// Relative time: Just now, minutes, hours, days, weeks under 4, then a date.

const UNIT_WORDS = {
  minutes: ['minute', 'minutes'],
  hours: ['hour', 'hours'],
  days: ['day', 'days'],
  weeks: ['week', 'weeks'],
} as const;

/** The English label: `Just now`, `1 minute ago`, `3 weeks ago`, `09/30/2026`. */
export function relativeTimeLabel(
  time: string | number | Date,
  now: string | number | Date = Date.now(),
  timeZone = 'UTC',
): string {
  const relative = relativeTime(time, now, timeZone);
  switch (relative.unit) {
    case 'justNow':
      return 'Just now';
    case 'date':
      return relative.date;
    case 'minutes':
    case 'hours':
    case 'days':
    case 'weeks': {
      const [one, many] = UNIT_WORDS[relative.unit];
      return `${relative.count} ${relative.count === 1 ? one : many} ago`;
    }
  }
}

// ---------------------------------------------------------------------------------------
// The header's messages menu: avatar, title, subtitle, time.

export interface MessageView {
  id: string;
  read: boolean;
  /** A picture's address, or the sender's initials when there is none. */
  avatar: { photoURL: string } | { initials: string };
  title: string;
  subtitle: string;
  /** Relative time (`Just now`, `3 hours ago`, a date). */
  time: string;
}

function metadataText(notification: Notification, key: string): string | undefined {
  const value: unknown = notification.metadata[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => /\p{L}|\p{N}/u.test(word));
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words.slice(0, 1);
  return (
    letters
      .map((word) => [...(word ?? '')][0] ?? '')
      .join('')
      .toUpperCase() || '?'
  );
}

/**
 * A notification of the `message` category as the messages menu shows it: the sender's
 * picture or initials, the title, a subtitle (the message's own, else the sender, else the
 * home's address) and when it came.
 */
export function messageView(
  notification: Notification,
  now: string | number | Date = Date.now(),
): MessageView {
  const sender = metadataText(notification, 'senderName');
  const photoURL = metadataText(notification, 'senderPhotoURL');
  return {
    id: notification.id,
    read: notification.read,
    avatar:
      photoURL === undefined
        ? { initials: initialsOf(sender ?? notification.title) }
        : { photoURL },
    title: notification.title,
    subtitle:
      metadataText(notification, 'subtitle') ?? sender ?? notification.metadata.homeAddress ?? '',
    time: relativeTimeLabel(notification.createdAt, now),
  };
}

/**
 * The home's address to show under a notification's title, unless the title names it
 * already (most do: "Phone call logged for {address}"); on a phone it took two more lines.
 */
export function addressBelowTitle(notification: Notification): string | undefined {
  const address = notification.metadata.homeAddress;
  if (address === undefined || address === '' || notification.title.includes(address)) {
    return undefined;
  }
  return address;
}

// ---------------------------------------------------------------------------------------
// Where opening a notification leads: the record it tells of, on its home.

export interface NotificationTarget {
  /** The home the record is on (the metadata's `homeRID`, the home's id); opening selects it. */
  homeRID: string;
  /** The record's resource. */
  resource: Resource;
  /** The record's screen. */
  path: string;
  /** The address's query: the record to show (`record`), or the walk to open (`walk`). */
  search: Readonly<Record<string, string>>;
}

/**
 * The record a notification tells of: a phone call (`phone_call`) on the home's calls, a
 * punch item (`punch_item`) among the items of its walk type, a walk (metadata `walkForm`,
 * a walk form's segment) opened in its form. Undefined for those that name no record on a
 * home (an announcement, a message).
 */
export function notificationTarget(notification: Notification): NotificationTarget | undefined {
  const { metadata } = notification;
  const homeRID = metadata['homeRID'];
  const recordId = metadata['recordId'];
  if (typeof homeRID !== 'string' || typeof recordId !== 'string') return undefined;
  if (notification.category === NOTIFICATION_CATEGORIES.phoneCall) {
    const path = resourceDef('phoneCalls').screen?.path;
    return path === undefined
      ? undefined
      : { homeRID, resource: 'phoneCalls', path, search: { record: recordId } };
  }
  if (notification.category === NOTIFICATION_CATEGORIES.punchItem) {
    const walk = WALK_TYPES.find((type) => type === metadata['walk']);
    const path = walk === undefined ? '/homes/items/all-items' : `/homes/items/${walk}`;
    return { homeRID, resource: 'walkItems', path, search: { record: recordId } };
  }
  const form = WALK_FORM_DEFS.find((def) => def.segment === metadata['walkForm']);
  if (form !== undefined) {
    return {
      homeRID,
      resource: form.kind,
      path: `/walks/${form.segment}`,
      search: { walk: recordId },
    };
  }
  return undefined;
}
