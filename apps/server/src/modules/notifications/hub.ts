// Fans notification changes out to the live streams of this process. Changes reach it
// through the database, not process memory, so a notification written by any server
// process (or straight into the table) reaches every subscriber: when a change is
// announced (`nudge`, from this process or another one over PostgreSQL NOTIFY), and now
// and then anyway, one query per 500 connected users reads the rows changed lately.
//
// A row's updated_at is stamped before its transaction commits, so a row can become
// visible with a time older than the last poll. Each poll therefore re-reads a window of
// `overlapMs` before the previous poll's start (also covering clocks of other processes
// running a little behind) and skips what it has already sent, by id and change.

import type { NotificationsTable } from '../../db/schema.js';
import type { ApiNotification, NotificationCounts, NotificationRepository } from './repository.js';
import { toApiNotification } from './repository.js';

export type StreamEvent =
  | { type: 'notification'; data: ApiNotification }
  | { type: 'deleted'; data: { id: string; deletedAt: string } }
  | { type: 'counts'; data: NotificationCounts };

export interface Subscriber {
  userId: string;
  send(event: StreamEvent): void;
  /** Ends the stream (server shutting down). */
  close(): void;
}

export interface HubOptions {
  pollIntervalMs: number;
  overlapMs: number;
  onError: (error: unknown) => void;
  /** Live streams one user may hold; default MAX_STREAMS_PER_USER. */
  maxStreamsPerUser?: number;
}

/**
 * A user's live streams at most (tabs and devices). A new one beyond it ends the user's
 * oldest: that is the likeliest to be dead (a phone that changed networks), and refusing
 * the new one would leave the user without live updates until the dead ones time out.
 */
const MAX_STREAMS_PER_USER = 5;

const USERS_PER_QUERY = 500;
const ROWS_PER_QUERY = 500;

export class NotificationHub {
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  /** What was sent lately: id → its change key, forgotten once out of the window. */
  private readonly sent = new Map<string, { updatedAt: string; key: string }>();
  private timer: NodeJS.Timeout | undefined;
  private lastPollStartedAt = 0;
  private polling: Promise<void> | undefined;
  private pollAgain = false;
  private closed = false;

  constructor(
    private readonly repository: NotificationRepository,
    private readonly options: HubOptions,
  ) {}

  get subscriberCount(): number {
    let n = 0;
    for (const set of this.subscribers.values()) n += set.size;
    return n;
  }

  /** Adds a stream; answers the function that removes it. */
  subscribe(subscriber: Subscriber): () => void {
    if (this.closed) {
      subscriber.close();
      return () => undefined;
    }
    let set = this.subscribers.get(subscriber.userId);
    if (set === undefined) {
      set = new Set();
      this.subscribers.set(subscriber.userId, set);
    }
    const max = this.options.maxStreamsPerUser ?? MAX_STREAMS_PER_USER;
    for (const oldest of set) {
      if (set.size < max) break;
      set.delete(oldest);
      oldest.close();
    }
    set.add(subscriber);
    if (this.timer === undefined) this.start();
    return () => this.unsubscribe(subscriber);
  }

  private unsubscribe(subscriber: Subscriber): void {
    const set = this.subscribers.get(subscriber.userId);
    if (set === undefined) return;
    set.delete(subscriber);
    if (set.size === 0) this.subscribers.delete(subscriber.userId);
    if (this.subscribers.size === 0) this.stop();
  }

  private start(): void {
    // The first poll re-reads one window before now: a change of that window may repeat
    // what the subscriber's snapshot holds (clients upsert by id), none is lost.
    this.lastPollStartedAt = Date.now();
    this.sent.clear();
    this.timer = setInterval(() => {
      if (this.polling === undefined) this.runPoll();
    }, this.options.pollIntervalMs);
    this.timer.unref();
  }

  /** Looks now: a change was announced. A look under way is followed by one more. */
  nudge(): void {
    if (this.closed || this.timer === undefined) return;
    if (this.polling !== undefined) {
      this.pollAgain = true;
      return;
    }
    this.runPoll();
  }

  private runPoll(): void {
    this.polling = this.poll()
      .catch(this.options.onError)
      .finally(() => {
        this.polling = undefined;
        if (this.pollAgain && !this.closed) {
          this.pollAgain = false;
          this.runPoll();
        }
      });
  }

  private stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One look at the table: sends every change since the last look to its user's streams. */
  async poll(): Promise<void> {
    const startedAt = Date.now();
    const since = new Date(this.lastPollStartedAt - this.options.overlapMs).toISOString();
    const userIds = [...this.subscribers.keys()];
    const changed: NotificationsTable[] = [];
    for (let i = 0; i < userIds.length; i += USERS_PER_QUERY) {
      const chunk = userIds.slice(i, i + USERS_PER_QUERY);
      let after: { updatedAt: string; id: string } | undefined;
      for (;;) {
        const rows = await this.repository.changedSince(chunk, since, after, ROWS_PER_QUERY);
        changed.push(...rows);
        const last = rows.at(-1);
        if (last === undefined || rows.length < ROWS_PER_QUERY) break;
        after = { updatedAt: last.updated_at, id: last.id };
      }
    }
    this.lastPollStartedAt = startedAt;
    for (const [id, seen] of this.sent) if (seen.updatedAt < since) this.sent.delete(id);

    const touched = new Set<string>();
    for (const row of changed) {
      // Two changes within one millisecond share updated_at; read and deleted_at tell them apart.
      const key = `${row.updated_at}|${row.read}|${row.deleted_at ?? ''}`;
      if (this.sent.get(row.id)?.key === key) continue;
      this.sent.set(row.id, { updatedAt: row.updated_at, key });
      touched.add(row.user_id);
      const event: StreamEvent =
        row.deleted_at === null
          ? { type: 'notification', data: toApiNotification(row) }
          : { type: 'deleted', data: { id: row.id, deletedAt: row.deleted_at } };
      this.broadcast(row.user_id, event);
    }
    for (const userId of touched) {
      if (!this.subscribers.has(userId)) continue;
      this.broadcast(userId, { type: 'counts', data: await this.repository.counts(userId) });
    }
  }

  private broadcast(userId: string, event: StreamEvent): void {
    for (const subscriber of this.subscribers.get(userId) ?? []) subscriber.send(event);
  }

  /** Ends every stream and stops polling (server shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    this.stop();
    await this.polling;
    for (const set of this.subscribers.values()) for (const s of set) s.close();
    this.subscribers.clear();
  }
}
