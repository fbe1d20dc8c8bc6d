// The offline engine (device database, persisted queries, write queue) is started when a
// signed-in screen first needs it, not on the guest screens: /login loads neither the
// engine nor Dexie (docs/performance.md, "first load"). The first signed-in screen waits
// for it, so every screen still finds the engine (or knows it runs online only).

import type { ReactNode } from 'react';
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import type { OfflineEngine } from '../offline/engine';
import { OfflineEngineProvider } from '../offline/engine-context';

/** Not started, starting, or settled: the engine, or null where it cannot run. */
type EngineState =
  { status: 'idle' | 'starting' } | { status: 'settled'; engine: OfflineEngine | null };

export interface EngineLoader {
  /** Starts the engine once; later calls get the same promise. */
  start: () => Promise<OfflineEngine | null>;
  state: () => EngineState;
  subscribe: (listener: () => void) => () => void;
}

/**
 * One loader per page around `run`, which loads and starts the engine and resolves null
 * when the device cannot keep data (the app then runs online only).
 */
export function createEngineLoader(run: () => Promise<OfflineEngine | null>): EngineLoader {
  let state: EngineState = { status: 'idle' };
  let started: Promise<OfflineEngine | null> | undefined;
  const listeners = new Set<() => void>();
  const set = (next: EngineState): void => {
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    start: () => {
      if (started === undefined) {
        set({ status: 'starting' });
        started = run()
          .catch((error: unknown) => {
            console.warn('The offline engine did not start; running online only', error);
            return null;
          })
          .then((engine) => {
            set({ status: 'settled', engine });
            return engine;
          });
      }
      return started;
    },
    state: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

const LoaderContext = createContext<EngineLoader | null>(null);

function useLoader(): EngineLoader {
  const loader = useContext(LoaderContext);
  if (loader === null) throw new Error('RequireEngine needs an EngineHost');
  return loader;
}

/** Provides the engine to everything below once it has started (null before). */
export function EngineHost(props: { loader: EngineLoader; children: ReactNode }) {
  const state = useSyncExternalStore(props.loader.subscribe, props.loader.state);
  return (
    <LoaderContext.Provider value={props.loader}>
      <OfflineEngineProvider engine={state.status === 'settled' ? state.engine : null}>
        {props.children}
      </OfflineEngineProvider>
    </LoaderContext.Provider>
  );
}

/** Starts the engine and shows `fallback` until it has started (or could not). */
export function RequireEngine(props: { fallback: ReactNode; children: ReactNode }) {
  const loader = useLoader();
  const state = useSyncExternalStore(loader.subscribe, loader.state);
  useEffect(() => {
    void loader.start();
  }, [loader]);
  return state.status === 'settled' ? props.children : props.fallback;
}

/** Starts the engine ahead of need (a sign-in being sent); safe to call any number of times. */
export function useStartEngine(): () => void {
  const loader = useContext(LoaderContext);
  return () => void loader?.start();
}
