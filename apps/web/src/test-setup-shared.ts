/**
 * The web files that share their worker's loaded modules (vitest.config.ts) start as if
 * alone: a device database of their own (Dexie, loaded once for all of them, is pointed at
 * it) and the app's circuit breaker closed, whatever the file before left.
 */
// Loaded here first, so its one setting of the globals comes before the fresh database
// below, not after it from the first file that imports it: the app's own reads of
// `indexedDB` (data/session.tsx) and Dexie then see the same one.
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import Dexie from 'dexie';
import { circuitBreaker } from './api/client';

Object.defineProperty(globalThis, 'indexedDB', {
  value: new IDBFactory(),
  configurable: true,
  writable: true,
});
Dexie.dependencies.indexedDB = globalThis.indexedDB;
Dexie.dependencies.IDBKeyRange = IDBKeyRange;
circuitBreaker.reset();
