// The engine for screens: a provider and small hooks (queue counts and list as live
// queries, online state, drafts). Screens call these; they never open the database.

import { useLiveQuery } from 'dexie-react-hooks';
import type { ReactNode } from 'react';
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { MutationRow } from './database';
import type { OfflineEngine } from './engine';
import type { DraftRow } from './database';

const EngineContext = createContext<OfflineEngine | null>(null);

export function OfflineEngineProvider(props: { engine: OfflineEngine; children: ReactNode }) {
  return <EngineContext.Provider value={props.engine}>{props.children}</EngineContext.Provider>;
}

export function useOfflineEngine(): OfflineEngine {
  const engine = useContext(EngineContext);
  if (engine === null) throw new Error('useOfflineEngine needs an OfflineEngineProvider');
  return engine;
}

export interface QueueCounts {
  pending: number;
  failed: number;
}

/** Pending (in flight included) and failed writes, live. */
export function useQueueCounts(): QueueCounts {
  const { db } = useOfflineEngine();
  return (
    useLiveQuery(
      async () => ({
        pending: await db.mutations.where('status').equals('pending').count(),
        failed: await db.mutations.where('status').equals('failed').count(),
      }),
      [db],
    ) ?? { pending: 0, failed: 0 }
  );
}

/** Every queued write, oldest first, live (the Mutation Queue view). */
export function useQueuedMutations(): MutationRow[] {
  const { db } = useOfflineEngine();
  return useLiveQuery(() => db.mutations.orderBy('timestamp').toArray(), [db]) ?? [];
}

/** The connection state the engine uses (events + checks), live. */
export function useOnlineStatus(): boolean {
  const { connection } = useOfflineEngine();
  return useSyncExternalStore(connection.subscribe, connection.isOnline);
}

/** Drafts, optionally of one home and form, newest first, live. */
export function useDrafts(filter: { homeRID?: string; formTitle?: string } = {}): DraftRow[] {
  const { db, drafts } = useOfflineEngine();
  const { homeRID, formTitle } = filter;
  return (
    useLiveQuery(() => drafts.list({ homeRID, formTitle }), [db, drafts, homeRID, formTitle]) ?? []
  );
}

/** Expired drafts for the expired-drafts dialog, live. */
export function useExpiredDrafts(): DraftRow[] {
  const { db, drafts } = useOfflineEngine();
  return useLiveQuery(() => drafts.listExpired(), [db, drafts]) ?? [];
}
