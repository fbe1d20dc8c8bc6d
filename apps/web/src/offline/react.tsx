// The engine for screens: a provider and small hooks (queue counts and list as live
// queries, online state, drafts). Screens call these; they never open the database.
// Writes and drafts another user kept on this device at sign-out are never shown.

import { liveQuery } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import type { DraftRow, FieldDatabase, MutationRow } from './database';
import { useOfflineEngine, useOptionalOfflineEngine } from './engine-context';
import { belongsTo, sessionUserId, subscribeSessionUser } from './session-user';

// The context lives in engine-context.tsx (no Dexie in it, for the guest screens); screens
// keep importing it from here.
export {
  OfflineEngineProvider,
  useOfflineEngine,
  useOptionalOfflineEngine,
} from './engine-context';

/** The signed-in user's id as the queue knows it (session-user.ts), live. */
export function useSessionUserId(): string | null {
  return useSyncExternalStore(subscribeSessionUser, sessionUserId);
}

export interface QueueCounts {
  pending: number;
  failed: number;
  /** Parked by the server for someone else's change: waiting for the user's choice. */
  conflicts: number;
}

interface QueueSnapshot {
  rows: MutationRow[] | undefined;
  listeners: Set<() => void>;
  stop: (() => void) | undefined;
}

const snapshots = new WeakMap<FieldDatabase, QueueSnapshot>();

function queueSnapshot(db: FieldDatabase): QueueSnapshot {
  let snapshot = snapshots.get(db);
  if (snapshot === undefined) {
    snapshot = { rows: undefined, listeners: new Set(), stop: undefined };
    snapshots.set(db, snapshot);
  }
  return snapshot;
}

/** A queue this long is read again at most every 250 ms and five of its read times apart. */
const LONG_QUEUE_ROWS = 500;
const QUEUE_READ_GAP_MS = 250;
const QUEUE_READ_GAP_READS = 5;

/**
 * One live read of the whole queue per database, shared by every hook that shows it (the
 * header's count, each list's overlay, the Mutation Queue view). A live query per hook
 * read a long queue once per hook on every change: with 10,000 writes queued, those reads
 * held up the drain's own transactions, which sent ~14 writes a second.
 *
 * The live query only counts the queue (cheap, and it fires on any change of the table,
 * in this tab or another); the whole read follows at once (changes that come while it
 * reads are taken by one more read), except for a long queue, read at most every 250 ms
 * and never closer than five of its own durations, so its reads take at most a sixth of
 * the time the drain shares with them. A short queue is never late: the header's count
 * shows a write before the screen's optimistic change can make it look sent.
 */
function subscribeQueue(db: FieldDatabase, listener: () => void): () => void {
  const snapshot = queueSnapshot(db);
  snapshot.listeners.add(listener);
  if (snapshot.stop === undefined) {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let reading = false;
    let again = false;
    let lastReadAt = Number.NEGATIVE_INFINITY;
    let readMs = 0;
    const read = async (): Promise<void> => {
      reading = true;
      again = false;
      const started = performance.now();
      try {
        const rows = await db.mutations.orderBy('timestamp').toArray();
        if (stopped) return;
        snapshot.rows = rows;
        for (const notify of [...snapshot.listeners]) notify();
      } catch (error) {
        console.error('Reading the write queue failed', error);
      } finally {
        reading = false;
        lastReadAt = performance.now();
        readMs = lastReadAt - started;
        if (again && !stopped) schedule();
      }
    };
    const schedule = (): void => {
      if (reading) {
        again = true;
        return;
      }
      if (timer !== undefined) return;
      const long = (snapshot.rows?.length ?? 0) >= LONG_QUEUE_ROWS;
      const gap = long ? Math.max(QUEUE_READ_GAP_MS, readMs * QUEUE_READ_GAP_READS) : 0;
      const wait = Math.max(0, lastReadAt + gap - performance.now());
      timer = setTimeout(() => {
        timer = undefined;
        void read();
      }, wait);
    };
    const subscription = liveQuery(() => db.mutations.count()).subscribe({
      next: schedule,
      error: (error: unknown) => console.error('Watching the write queue failed', error),
    });
    snapshot.stop = () => {
      stopped = true;
      clearTimeout(timer);
      subscription.unsubscribe();
    };
  }
  return () => {
    snapshot.listeners.delete(listener);
    if (snapshot.listeners.size > 0) return;
    snapshot.stop?.();
    snapshot.stop = undefined;
    snapshot.rows = undefined;
  };
}

const noQueue = (): (() => void) => () => undefined;

/** The shared queue read's subscription for useSyncExternalStore (none without a database). */
function useQueueSubscription(db: FieldDatabase | undefined): (listener: () => void) => () => void {
  return useCallback(
    (listener: () => void) => (db === undefined ? noQueue() : subscribeQueue(db, listener)),
    [db],
  );
}

/** Every queued write (any author), oldest first, live; undefined until first read. */
function useQueueRows(db: FieldDatabase | undefined): MutationRow[] | undefined {
  return useSyncExternalStore(useQueueSubscription(db), () =>
    db === undefined ? undefined : queueSnapshot(db).rows,
  );
}

/** The signed-in user's pending (in flight included), failed and conflicting writes, live. */
export function useQueueCounts(): QueueCounts {
  const { db } = useOfflineEngine();
  const user = useSessionUserId();
  const rows = useQueueRows(db);
  return useMemo(() => {
    const own = (rows ?? []).filter((row) => belongsTo(row.author, user));
    return {
      pending: own.filter((row) => row.status === 'pending').length,
      failed: own.filter((row) => row.status === 'failed').length,
      conflicts: own.filter((row) => row.status === 'conflict').length,
    };
  }, [rows, user]);
}

/** No queued writes (one array, so readers of an empty queue keep it). */
const NO_ROWS: MutationRow[] = [];

interface QueueSelection {
  rows: MutationRow[] | undefined;
  user: string | null;
  types: string | undefined;
  result: MutationRow[];
  /** Each selected row as JSON, to tell a read of the same writes from a change. */
  texts: string[];
}

/**
 * The signed-in user's queued writes, oldest first, live (the Mutation Queue view); of
 * `types` only when given. Works without the engine too (a browser without IndexedDB):
 * then nothing is queued.
 *
 * With `types`, a reader renders again only when those writes change: each read of the
 * queue brings new row objects, so a drain of 1,000 phone calls (two reads a round) made
 * every reader of the homes list (header, menu, picker, data panel, overview) render
 * twice a round for writes none of them shows. Without `types` (the whole queue, which
 * can hold 10,000 writes) every read is a change.
 */
export function useQueuedMutations(types?: readonly string[]): MutationRow[] {
  const engine = useOptionalOfflineEngine();
  const db = engine?.db;
  const user = useSessionUserId();
  const typesKey = types?.join('\u0000');
  const subscribe = useQueueSubscription(db);
  const kept = useRef<QueueSelection | undefined>(undefined);
  const select = useCallback((): MutationRow[] => {
    const rows = db === undefined ? undefined : queueSnapshot(db).rows;
    const previous = kept.current;
    if (
      previous !== undefined &&
      previous.rows === rows &&
      previous.user === user &&
      previous.types === typesKey
    ) {
      return previous.result;
    }
    const wanted = typesKey === undefined ? undefined : new Set(typesKey.split('\u0000'));
    const own = (rows ?? NO_ROWS).filter(
      (row) => belongsTo(row.author, user) && (wanted === undefined || wanted.has(row.type)),
    );
    const texts = wanted === undefined ? [] : own.map((row) => JSON.stringify(row));
    const same =
      wanted !== undefined &&
      previous !== undefined &&
      previous.types === typesKey &&
      previous.user === user &&
      previous.texts.length === texts.length &&
      texts.every((text, index) => text === previous.texts[index]);
    const result = same ? previous.result : own.length === 0 ? NO_ROWS : own;
    kept.current = { rows, user, types: typesKey, result, texts };
    return result;
  }, [db, user, typesKey]);
  return useSyncExternalStore(subscribe, select);
}

/** The connection state the engine uses (events + checks), live. */
export function useOnlineStatus(): boolean {
  const { connection } = useOfflineEngine();
  return useSyncExternalStore(connection.subscribe, connection.isOnline);
}

/** Expired drafts for the expired-drafts dialog, live. */
export function useExpiredDrafts(): DraftRow[] {
  const { db, drafts } = useOfflineEngine();
  const user = useSessionUserId();
  return (
    useLiveQuery(
      async () => (await drafts.listExpired()).filter((d) => belongsTo(d.author, user)),
      [db, drafts, user],
    ) ?? []
  );
}
