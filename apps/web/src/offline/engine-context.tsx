// The engine's React context on its own, without the device database's hooks: the entry
// and the session read it on the guest screens, where the engine (and Dexie) are not
// loaded yet (app/offline-engine.tsx starts it after sign-in).

import type { ReactNode } from 'react';
import { createContext, useContext } from 'react';
import type { OfflineEngine } from './engine';

const EngineContext = createContext<OfflineEngine | null>(null);

export function OfflineEngineProvider(props: {
  engine: OfflineEngine | null;
  children: ReactNode;
}) {
  return <EngineContext.Provider value={props.engine}>{props.children}</EngineContext.Provider>;
}

/** The engine, or null where it did not start (the app runs online only) or not yet. */
export function useOptionalOfflineEngine(): OfflineEngine | null {
  return useContext(EngineContext);
}

export function useOfflineEngine(): OfflineEngine {
  const engine = useContext(EngineContext);
  if (engine === null) throw new Error('useOfflineEngine needs an OfflineEngineProvider');
  return engine;
}
