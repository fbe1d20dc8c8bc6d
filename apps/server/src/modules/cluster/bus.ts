// Announcements between the server processes of one database: "notifications changed"
// (streams look now), "this user or session changed" (auth caches forget) and "records of
// this kind were written" (kept list answers are checked again). A message
// is heard at once by the process that sends it, and by every other process through
// PostgreSQL LISTEN/NOTIFY: one held connection per process, listening on one channel per
// database schema. On the embedded database there is one process, so the bus stays in it.
//
// Messages are hints, not a log: one lost while a LISTEN connection was down is made up
// for on reconnecting (listeners of `reconnected` forget caches and look again), and the
// notification streams still look on their own now and then.

import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { DatabaseHandle } from '../../db/connection.js';
import type { AuthChanges } from '../../http/auth-changes.js';
import { readAuthChange } from '../../http/auth-changes.js';
import type { ListCache } from '../records/list-cache.js';
import type { Executor } from '../records/repository.js';

type Topic = 'auth' | 'notifications' | 'records';

type Listener = (payload: unknown) => void;

export interface Bus {
  /** Heard at once in this process, soon in the others. Never throws. */
  publish(topic: Topic, payload: unknown): void;
  /** Heard by the other processes only. Never throws. */
  send(topic: Topic, payload: unknown): void;
  /**
   * Heard by the other processes once `trx` commits, never if it rolls back (PostgreSQL's
   * NOTIFY is part of the transaction). Nothing on the embedded database. Fails with the
   * transaction's statement.
   */
  sendInTransaction(trx: Executor, topic: Topic, payload: unknown): Promise<void>;
  subscribe(topic: Topic, listener: Listener): () => void;
  /** After a lost LISTEN connection came back: what was said meanwhile is unknown. */
  onReconnected(listener: () => void): () => void;
  /**
   * Settles once the first LISTEN connection is made or has failed: a server that waits
   * for it before serving does not see its caches emptied by that first connection (its
   * "reconnected") just after its first requests filled them.
   */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** NOTIFY payloads must stay under 8000 bytes. */
const MAX_PAYLOAD = 7000;
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 10_000;

class Listeners {
  private readonly byTopic = new Map<Topic, Set<Listener>>();
  private readonly reconnect = new Set<() => void>();

  deliver(topic: Topic, payload: unknown, log: FastifyBaseLogger): void {
    for (const listener of this.byTopic.get(topic) ?? []) {
      try {
        listener(payload);
      } catch (err) {
        log.error({ err, topic }, 'a bus listener failed');
      }
    }
  }

  subscribe(topic: Topic, listener: Listener): () => void {
    let set = this.byTopic.get(topic);
    if (set === undefined) {
      set = new Set();
      this.byTopic.set(topic, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  onReconnected(listener: () => void): () => void {
    this.reconnect.add(listener);
    return () => this.reconnect.delete(listener);
  }

  reconnected(): void {
    for (const listener of this.reconnect) listener();
  }
}

/** One process: messages go round in memory. */
function localBus(log: FastifyBaseLogger): Bus {
  const listeners = new Listeners();
  return {
    publish: (topic, payload) => listeners.deliver(topic, payload, log),
    send: () => undefined,
    sendInTransaction: () => Promise.resolve(),
    subscribe: (topic, listener) => listeners.subscribe(topic, listener),
    onReconnected: (listener) => listeners.onReconnected(listener),
    ready: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

/** The channel of a database schema (suites of the test database each have their own). */
function channelOf(schema: string | undefined): string {
  return `field_app_${(schema ?? 'public').replace(/[^a-z0-9_]/gi, '_')}`.slice(0, 63);
}

/** Several processes on PostgreSQL: LISTEN on a connection of its own, NOTIFY through the pool. */
function postgresBus(database: DatabaseHandle, log: FastifyBaseLogger): Bus {
  const url = database.url;
  if (url === undefined) throw new Error('postgresBus needs the database URL');
  const channel = channelOf(database.schema);
  const me = randomBytes(8).toString('hex');
  const listeners = new Listeners();
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = RECONNECT_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel !== channel || message.payload === undefined) return;
      try {
        const { from, topic, payload } = JSON.parse(message.payload) as {
          from: string;
          topic: Topic;
          payload: unknown;
        };
        if (from !== me) listeners.deliver(topic, payload, log);
      } catch (err) {
        log.warn({ err }, 'an unreadable bus message');
      }
    });
    const lost = (err?: unknown): void => {
      if (client !== next) return;
      client = undefined;
      next.removeAllListeners('error');
      next.on('error', () => undefined);
      void next.end().catch(() => undefined);
      if (closed) return;
      log.warn({ err }, 'the LISTEN connection was lost; connecting again');
      schedule();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (err) {
      next.on('error', () => undefined);
      await next.end().catch(() => undefined);
      throw err;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    retryMs = RECONNECT_MIN_MS;
    // What others said before this connection listened is unknown: the first connection
    // too (the process has been serving meanwhile).
    listeners.reconnected();
  };

  const schedule = (): void => {
    if (closed || retryTimer !== undefined) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch((err: unknown) => {
        log.warn({ err }, 'connecting the LISTEN connection failed; trying again');
        retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
        schedule();
      });
    }, retryMs);
    retryTimer.unref();
  };

  // Connected in the background: until then the process hears only itself.
  const firstAttempt = connect().catch((err: unknown) => {
    log.warn({ err }, 'connecting the LISTEN connection failed; trying again');
    schedule();
  });

  /** The NOTIFY of a message; undefined for one too large to send. */
  const notifyOf = (topic: Topic, payload: unknown) => {
    const text = JSON.stringify({ from: me, topic, payload });
    if (text.length <= MAX_PAYLOAD) return sql`select pg_notify(${channel}, ${text})`;
    log.error({ topic }, 'a bus message too large to send');
    return undefined;
  };

  const send = (topic: Topic, payload: unknown): void => {
    if (closed) return;
    notifyOf(topic, payload)
      ?.execute(database.db)
      .catch((err: unknown) => log.warn({ err, topic }, 'sending a bus message failed'));
  };

  const sendInTransaction = async (trx: Executor, topic: Topic, payload: unknown) => {
    await notifyOf(topic, payload)?.execute(trx);
  };

  return {
    publish(topic, payload) {
      listeners.deliver(topic, payload, log);
      send(topic, payload);
    },
    send,
    sendInTransaction,
    subscribe: (topic, listener) => listeners.subscribe(topic, listener),
    onReconnected: (listener) => listeners.onReconnected(listener),
    ready: () => firstAttempt,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const last = client;
      client = undefined;
      if (last !== undefined) {
        last.removeAllListeners('error');
        last.on('error', () => undefined);
        await last.end().catch(() => undefined);
      }
    },
  };
}

export function createBus(database: DatabaseHandle, log: FastifyBaseLogger): Bus {
  return database.dialect === 'postgres' ? postgresBus(database, log) : localBus(log);
}

/**
 * Auth changes made in this process go to the others; theirs reach this process's
 * caches; after a lost connection every cache forgets everything.
 */
export function shareAuthChanges(bus: Bus, changes: AuthChanges): void {
  changes.forwardTo((change) => bus.send('auth', change));
  bus.subscribe('auth', (payload) => {
    const change = readAuthChange(payload);
    if (change !== undefined) changes.deliver(change);
  });
  bus.onReconnected(() => changes.deliver({ type: 'all' }));
}

/**
 * Record writes made in this process go to the other processes in their transactions;
 * theirs reach this process's kept lists; after a lost connection every list is checked.
 */
export function shareListChanges(bus: Bus, lists: ListCache): void {
  lists.announceThrough((trx, kind) => bus.sendInTransaction(trx, 'records', { kind }));
  bus.subscribe('records', (payload) => {
    const kind = (payload as { kind?: unknown } | null)?.kind; // Checked below.
    if (typeof kind === 'string') lists.changed(kind);
    else lists.changedAll();
  });
  bus.onReconnected(() => lists.changedAll());
}
