// The notifications centre under /api/notifications: the signed-in user's list by filter
// tab and page, counts, mark read, mark all read, delete, a live stream (Server-Sent
// Events), and admins' announcements. docs/api.md has the shapes.

import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  NOTIFICATIONS,
  NOTIFICATION_MESSAGES,
  notificationAppSchema,
  notificationCreateSchema,
  notificationListQuerySchema,
  notificationReadSchema,
} from '@field/domain';
import type { Database } from '../../db/schema.js';
import { currentUser } from '../../http/auth.js';
import { forbidden, notFound, unauthorized } from '../../http/errors.js';
import { formatEvent, openEventStream } from '../../http/event-stream.js';
import { runWrite } from '../../http/idempotency.js';
import { parseWith, requireObject } from '../../http/validate.js';
import type { Bus } from '../cluster/bus.js';
import type { StreamEvent } from './hub.js';
import { NotificationHub } from './hub.js';
import { NotificationRepository } from './repository.js';
import { createAnnouncement } from './announcements.js';
import { UserRepository } from '../users/repository.js';
import type { StreamTickets, TicketHolder } from './stream-ticket.js';
import { createStreamTickets } from './stream-ticket.js';

const HEARTBEAT_MS = 25_000;
/** Streams end after an hour at most; the app asks for a new ticket then. */
const STREAM_MAX_AGE_MS = 60 * 60_000;
const SNAPSHOT_DEFAULT = 50;
const TOMBSTONE_LIFETIME_MS = 7 * 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;

export interface NotificationsModule {
  repository: NotificationRepository;
  hub: NotificationHub;
  tickets: StreamTickets;
  /**
   * Whether a ticket's holder may (still) have a stream: the session it was issued in is
   * live (no sign-out, no password change since) and the user exists.
   */
  holderValid(holder: TicketHolder): Promise<boolean>;
  /**
   * Calls `end` when the holder's stream must end: their session ended, or their user
   * changed (scopes, password, profile: the app asks for a new ticket, checked afresh).
   * Announced by every process (modules/cluster/bus.ts); answers the unsubscribe.
   */
  watchHolder(holder: TicketHolder, end: () => void): () => void;
  /** Announces that notifications changed (once committed): every process's streams look. */
  changed(): void;
  /** Stops the hub and its streams, and the tombstone pruning. */
  close(): Promise<void>;
}

export function createNotificationsModule(options: {
  db: Kysely<Database>;
  secret: Uint8Array;
  pollIntervalMs: number;
  log: FastifyBaseLogger;
  bus: Bus;
}): NotificationsModule {
  const repository = new NotificationRepository(options.db);
  const hub = new NotificationHub(repository, {
    pollIntervalMs: options.pollIntervalMs,
    // Rows stamped before their commit, clocks of other processes a little behind.
    overlapMs: Math.max(10_000, Math.min(options.pollIntervalMs, 2000) * 5),
    onError: (err) => options.log.error({ err }, 'polling notifications failed'),
  });
  const unsubscribe = options.bus.subscribe('notifications', () => hub.nudge());
  const unsubscribeReconnect = options.bus.onReconnected(() => hub.nudge());
  const prune = (): void => {
    repository
      .pruneDeleted(new Date(Date.now() - TOMBSTONE_LIFETIME_MS).toISOString())
      .catch((err: unknown) => options.log.error({ err }, 'pruning notifications failed'));
  };
  const pruneTimer = setInterval(prune, HOUR_MS);
  pruneTimer.unref();
  const users = new UserRepository(options.db);
  const holderValid = async (holder: TicketHolder): Promise<boolean> => {
    const row = await users.findWithLiveSession(holder.userId, holder.sessionId);
    if (row === undefined) return false;
    return row.tokens_valid_after === null || holder.issuedAt >= Number(row.tokens_valid_after);
  };
  return {
    repository,
    hub,
    tickets: createStreamTickets(options.secret),
    holderValid,
    watchHolder: (holder, end) =>
      users.changes.subscribe((change) => {
        if (change.type === 'all') {
          // Changes of other processes were missed: look whether this one still holds.
          holderValid(holder)
            .then((valid) => (valid ? undefined : end()))
            .catch(end);
        } else if (
          change.type === 'user'
            ? change.userId === holder.userId
            : change.sessionId === holder.sessionId
        ) {
          end();
        }
      }),
    changed: () => options.bus.publish('notifications', {}),
    close: async () => {
      clearInterval(pruneTimer);
      unsubscribe();
      unsubscribeReconnect();
      await hub.close();
    },
  };
}

const ticketQuerySchema = z.object({ ticket: z.string().min(1).max(2000) });
const streamQuerySchema = z.object({
  ticket: z.string(),
  limit: z.coerce.number().int().min(1).max(200).default(SNAPSHOT_DEFAULT),
});

const markAllSchema = z.object({ app: z._default(notificationAppSchema, 'all') }).strict();

function idParam(params: unknown): string {
  return parseWith(z.object({ id: z.string().min(1).max(64) }), params).id;
}

/** Opens the SSE response: snapshot first, then changes as the hub sees them. */
async function openStream(
  module: NotificationsModule,
  reply: FastifyReply,
  holder: TicketHolder,
  limit: number,
): Promise<void> {
  const { hub, repository } = module;
  const { userId } = holder;
  const write = openEventStream(reply);
  const res = reply.raw;
  write('retry: 5000\n\n');

  // Changes the hub sees while the snapshot loads wait for it, so the order holds.
  let pending: StreamEvent[] | undefined = [];
  const unsubscribe = hub.subscribe({
    userId,
    send: (event) => {
      if (pending === undefined) write(formatEvent(event.type, event.data));
      else pending.push(event);
    },
    close: () => res.end(),
  });
  const heartbeat = setInterval(() => write(': keep-alive\n\n'), HEARTBEAT_MS);
  const maxAge = setTimeout(() => res.end(), STREAM_MAX_AGE_MS);
  // Sign-out, a password change or a scope change ends the stream at once, on any process.
  const unwatch = module.watchHolder(holder, () => res.end());
  const cleanup = (): void => {
    clearInterval(heartbeat);
    clearTimeout(maxAge);
    unsubscribe();
    unwatch();
  };
  res.on('close', cleanup);
  res.on('error', cleanup);

  try {
    const [notifications, counts] = await Promise.all([
      repository.latest(userId, limit),
      repository.counts(userId),
    ]);
    write(formatEvent('snapshot', { notifications, counts }));
    const waiting = pending;
    pending = undefined;
    for (const event of waiting) write(formatEvent(event.type, event.data));
  } catch (err) {
    reply.log.error({ err }, 'notification stream snapshot failed');
    res.end();
  }
}

/** A committed change of notifications, announced to every process's streams. */
async function announced<T>(module: NotificationsModule, write: Promise<T>): Promise<T> {
  const answer = await write;
  module.changed();
  return answer;
}

export function notificationRoutes(
  api: FastifyInstance,
  db: Kysely<Database>,
  module: NotificationsModule,
): void {
  const { repository, tickets } = module;

  api.get('/notifications', async (request) => {
    const user = currentUser(request);
    const query = parseWith(notificationListQuerySchema, request.query);
    const pageSize = query.pageSize ?? NOTIFICATIONS.pageSize;
    const { items, total } = await repository.page(user.id, {
      app: query.app,
      offset: (query.page - 1) * pageSize,
      limit: pageSize,
      unreadOnly: query.unread === 'true',
      ...(query.category === undefined ? {} : { category: query.category }),
    });
    return {
      notifications: items,
      app: query.app,
      page: query.page,
      pageSize,
      total,
      totalPages: Math.ceil(total / pageSize),
    };
  });

  api.get('/notifications/counts', async (request) => repository.counts(currentUser(request).id));

  api.post('/notifications', async (request, reply) => {
    const user = currentUser(request);
    if (!user.access.admin) throw forbidden();
    const input = parseWith(notificationCreateSchema, request.body);
    return announced(
      module,
      runWrite(db, request, reply, user.id, async (trx) => {
        const created = await createAnnouncement(trx, repository, input, new Date().toISOString());
        return {
          statusCode: 201,
          body: {
            created: created.length,
            ...(input.userId === undefined ? {} : { notification: created[0] }),
          },
        };
      }),
    );
  });

  api.patch('/notifications/:id', async (request, reply) => {
    const user = currentUser(request);
    const id = idParam(request.params);
    parseWith(notificationReadSchema, requireObject(request.body ?? {}, 'Send { "read": true }'));
    return announced(
      module,
      runWrite(db, request, reply, user.id, async (trx) => {
        const updated = await repository.markRead(trx, user.id, id, new Date().toISOString());
        if (updated === undefined) throw notFound(NOTIFICATION_MESSAGES.notFound);
        return { statusCode: 200, body: updated };
      }),
    );
  });

  api.post('/notifications/mark-all-read', async (request, reply) => {
    const user = currentUser(request);
    const { app } = parseWith(markAllSchema, request.body ?? {});
    return announced(
      module,
      runWrite(db, request, reply, user.id, async (trx) => ({
        statusCode: 200,
        body: {
          updated: await repository.markAllRead(trx, user.id, app, new Date().toISOString()),
        },
      })),
    );
  });

  api.delete('/notifications/:id', async (request, reply) => {
    const user = currentUser(request);
    const id = idParam(request.params);
    return announced(
      module,
      runWrite(db, request, reply, user.id, async (trx) => {
        if (!(await repository.softDelete(trx, user.id, id, new Date().toISOString()))) {
          throw notFound(NOTIFICATION_MESSAGES.notFound);
        }
        return { statusCode: 200, body: { id, deleted: true } };
      }),
    );
  });

  api.post('/notifications/stream-ticket', async (request) => {
    const user = currentUser(request);
    return tickets.issue(user.id, user.sessionId);
  });

  // Public to the bearer hook: EventSource sends no headers, so the ticket in the query
  // is the credential here (see stream-ticket.ts), checked before anything is sent.
  api.get('/notifications/stream', { config: { public: true } }, async (request, reply) => {
    const ticket = ticketQuerySchema.safeParse(request.query);
    if (!ticket.success) throw unauthorized(NOTIFICATION_MESSAGES.streamTicketInvalid);
    const query = parseWith(streamQuerySchema, request.query);
    const holder = await tickets.verify(ticket.data.ticket);
    if (holder === undefined || !(await module.holderValid(holder))) {
      throw unauthorized(NOTIFICATION_MESSAGES.streamTicketInvalid);
    }
    await openStream(module, reply, holder, query.limit);
  });
}
