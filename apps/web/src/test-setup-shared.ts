/**
 * The web files that share their worker's loaded modules (vitest.config.ts) start as if
 * alone: a device database of their own (Dexie, loaded once for all of them, is pointed at
 * it) and the app's circuit breaker closed, whatever the file before left.
 */
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
