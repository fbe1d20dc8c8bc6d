// The engine for screens: a provider and small hooks (queue counts and list as live
// queries, online state, drafts). Screens call these; they never open the database.
// Writes and drafts another user kept on this device at sign-out are never shown.

import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import type { MutationRow } from './database';
import type { DraftRow } from './database';
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
}

/** The signed-in user's pending (in flight included) and failed writes, live. */
export function useQueueCounts(): QueueCounts {
  const { db } = useOfflineEngine();
  const user = useSessionUserId();
  return (
    useLiveQuery(async () => {
      const rows = (await db.mutations.toArray()).filter((row) => belongsTo(row.author, user));
      return {
        pending: rows.filter((row) => row.status === 'pending').length,
        failed: rows.filter((row) => row.status === 'failed').length,
      };
    }, [db, user]) ?? { pending: 0, failed: 0 }
  );
}

/** The signed-in user's queued writes, oldest first, live (the Mutation Queue view). */
const NO_ROWS: MutationRow[] = [];

/** Works without the engine too (a browser without IndexedDB): then nothing is queued. */
export function useQueuedMutations(): MutationRow[] {
  const engine = useOptionalOfflineEngine();
  const user = useSessionUserId();
  return (
    useLiveQuery(
      async () =>
        engine === null
          ? NO_ROWS
          : (await engine.db.mutations.orderBy('timestamp').toArray()).filter((row) =>
              belongsTo(row.author, user),
            ),
      [engine, user],
    ) ?? NO_ROWS
  );
}

/** The connection state the engine uses (events + checks), live. */
export function useOnlineStatus(): boolean {
  const { connection } = useOfflineEngine();
  return useSyncExternalStore(connection.subscribe, connection.isOnline);
}

/** Drafts, optionally of one home and form, newest first, live. */
export function useDrafts(filter: { homeRID?: string; formTitle?: string } = {}): DraftRow[] {
  const { db, drafts } = useOfflineEngine();
  const user = useSessionUserId();
  const { homeRID, formTitle } = filter;
  return (
    useLiveQuery(
      async () =>
        (await drafts.list({ homeRID, formTitle })).filter((d) => belongsTo(d.author, user)),
      [db, drafts, homeRID, formTitle, user],
    ) ?? []
  );
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
