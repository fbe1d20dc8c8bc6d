import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@field/domain';
import { createApiClient } from '../api/client';
import { openFieldDatabase } from './database';
import { createDraftStore } from './drafts';
import type { QueueEvent } from './mutation-queue';
import { MutationQueue } from './mutation-queue';
import { checkStorage, recoverFromQuotaError, requestPersistentStorage } from './storage-health';

const MB = 1024 * 1024;

describe('storage health', () => {
  it('warns above 75% and 90%, assuming 50 MB when the quota is unknown', async () => {
    expect(await checkStorage(() => Promise.resolve({ usage: 37 * MB }))).toMatchObject({
      quota: 50 * MB,
      level: 'ok',
    });
    expect(await checkStorage(() => Promise.resolve({ usage: 38 * MB, quota: 0 }))).toMatchObject({
      level: 'high',
      message: MESSAGES.storageHigh,
    });
    expect(await checkStorage(() => Promise.resolve({ usage: 91, quota: 100 }))).toMatchObject({
      level: 'nearly-full',
      message: MESSAGES.storageNearlyFull,
    });
  });

  it('asks for persistent storage once', async () => {
    const persist = vi.fn(() => Promise.resolve(true));
    const storage = {
      persist,
      persisted: () => Promise.resolve(false),
    } as unknown as StorageManager; // Safe: the two members used.
    expect(await requestPersistentStorage(storage)).toBe(true);
    expect(persist).toHaveBeenCalledTimes(1);
    expect(await requestPersistentStorage(undefined)).toBe(false);
  });

  it('on a full disk clears only caches: queued writes and drafts stay', async () => {
    const db = openFieldDatabase('storage-test-1');
    await db.cache.put({ key: 'q', value: { data: 1 }, updatedAt: 1 });
    await db.metadata.put({ key: 'sync:homes', value: { lastFullSync: 1, lastUpdate: 1 } });
    await db.mutations.add({
      id: 'm1',
      type: 'phoneCall',
      operation: 'delete',
      data: { id: 'x' },
      queryKeys: [],
      timestamp: 1,
      retryCount: 0,
      status: 'pending',
      recordKeys: ['phoneCall:x'],
      inFlight: false,
      nextAttemptAt: 0,
    });
    await createDraftStore(db).save({
      homeRID: 'h1',
      homeID: '1',
      address: 'a',
      formTitle: 'f',
      title: 't',
      data: {},
    });
    expect(await recoverFromQuotaError(db, new Error('other'))).toBeUndefined();
    const full = new DOMException('full', 'QuotaExceededError');
    expect(await recoverFromQuotaError(db, full)).toBe(MESSAGES.storageFullCleared);
    expect(await db.cache.count()).toBe(0);
    expect(await db.metadata.get('sync:homes')).toBeUndefined();
    expect(await db.mutations.count()).toBe(1);
    expect(await db.drafts.count()).toBe(1);
  });
});

describe('a write on a full disk', () => {
  it('clears the caches, stores the write and says so', async () => {
    const db = openFieldDatabase('storage-test-2');
    let full = true;
    db.use({
      stack: 'dbcore',
      name: 'full-disk',
      create: (down) => ({
        ...down,
        table: (name) => {
          const table = down.table(name);
          return {
            ...table,
            mutate: (request) => {
              if (full && name === 'mutations' && request.type === 'add') {
                full = false;
                return Promise.reject(new DOMException('full', 'QuotaExceededError'));
              }
              return table.mutate(request);
            },
          };
        },
      }),
    });
    // Middleware first: Dexie takes it only before the database opens.
    await db.cache.put({ key: 'q', value: { data: 1 }, updatedAt: 1 });
    const queue = new MutationQueue({
      db,
      client: createApiClient(),
      handlers: new Map(),
      processOnEnqueue: false,
    });
    const events: QueueEvent[] = [];
    queue.subscribe((e) => events.push(e));
    await queue.enqueue({ type: 'phoneCall', operation: 'delete', data: { id: 'x' } });
    expect(await db.mutations.count()).toBe(1);
    expect(await db.cache.count()).toBe(0);
    expect(events).toContainEqual({
      type: 'storage-cleared',
      message: MESSAGES.storageFullCleared,
    });
  });
});
