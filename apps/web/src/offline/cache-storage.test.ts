import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { PersistedQuery } from './cache-storage';
import { TEXT_LIST_MIN, createCacheStorage } from './cache-storage';
import { openFieldDatabase } from './database';

const query = (hash: string, data: unknown): PersistedQuery => ({
  buster: 'v4',
  queryHash: hash,
  queryKey: [hash],
  state: { data, dataUpdatedAt: 1, status: 'success' },
});

describe('the cache storage on pagehide (flushNow)', () => {
  it('hands the waiting writes to the database at once, a long list whole, its old parts gone', async () => {
    const db = openFieldDatabase('cache-storage-test-1');
    await db.open();
    const storage = createCacheStorage(db, 60_000);
    const long = Array.from({ length: TEXT_LIST_MIN + 1 }, (_, index) => ({ id: `h${index}` }));
    storage.setItem('homes', query('homes', long.slice(1)));
    storage.setItem('gone', query('gone', ['x']));
    await storage.flush();
    expect(await db.cache.where('key').startsWith('homes#part:').count()).toBeGreaterThan(0);

    storage.setItem('homes', query('homes', long));
    storage.removeItem('gone');
    storage.flushNow();
    // Nothing waits for the debounce or a later task: a new page reads it all back.
    await vi.waitFor(async () => expect(await db.cache.count()).toBe(1));
    const reopened = createCacheStorage(db);
    expect(await reopened.getItem('homes')).toEqual(query('homes', long));
    expect(await reopened.getItem('gone')).toBeUndefined();
    db.close();
  });

  it('falls back to an ordinary write when the database is not open', async () => {
    const db = openFieldDatabase('cache-storage-test-2');
    const storage = createCacheStorage(db, 60_000);
    storage.setItem('calls', query('calls', ['call-1']));
    storage.flushNow();
    await storage.flush();
    expect(await createCacheStorage(db).getItem('calls')).toEqual(query('calls', ['call-1']));
    db.close();
  });
});
