import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { FieldDatabase } from './database';
import { openFieldDatabase } from './database';
import { createDraftStore } from './drafts';
import { relieveStoragePressure } from './eviction';
import type { HomeStore, StoredRecord } from './home-store';
import { createHomeStore } from './home-store';
import { KEEP_HOMES_KEY, recoverFromQuotaError } from './storage-health';

let n = 0;

/** Usage as this fake browser counts it: the homes' bytes, plus a fixed rest. */
function smallQuota(db: FieldDatabase, quota: number, rest: () => number) {
  return async (): Promise<StorageEstimate> => {
    const homes = await db.homeSync.toArray();
    const cache = (await db.cache.count()) * 1000;
    return { usage: rest() + cache + homes.reduce((sum, row) => sum + row.bytes, 0), quota };
  };
}

const records = (homeId: string, count: number): StoredRecord[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `${homeId}-${i}`,
    HomeRID: homeId,
    Notes: 'x'.repeat(80),
  }));

async function device(): Promise<{ db: FieldDatabase; store: HomeStore }> {
  n += 1;
  const db = openFieldDatabase(`eviction-test-${n}`);
  const store = createHomeStore(db);
  // Six homes of about the same size; the user carries a, b and c.
  const homes = ['a', 'b', 'c', 'x', 'y', 'z'];
  for (const [index, homeId] of homes.entries()) {
    await store.putSynced([{ homeId, lists: { phoneCalls: records(homeId, 10) } }], {
      at: 1000 + index,
      resources: ['phoneCalls'],
    });
  }
  await db.metadata.put({ key: KEEP_HOMES_KEY, value: ['a', 'b', 'c'] });
  await db.cache.put({ key: 'q', value: { data: 1 }, updatedAt: 1 });
  await db.mutations.add({
    id: 'm1',
    type: 'phoneCall',
    operation: 'submit',
    data: { id: 'n1' },
    queryKeys: [],
    timestamp: 1,
    retryCount: 0,
    status: 'pending',
    recordKeys: [],
    inFlight: false,
    nextAttemptAt: 0,
  });
  await createDraftStore(db).save({
    homeRID: 'a',
    homeID: '1',
    address: 'a',
    formTitle: 'Final punch',
    title: 'Final punch',
    data: { notes: 'typed' },
  });
  await db.files.add({
    id: 'f1',
    name: 'p.jpg',
    opfsPath: 'files/f1',
    type: 'image/jpeg',
    size: 1,
    refCount: 1,
  });
  return { db, store };
}

async function homesLeft(db: FieldDatabase): Promise<string[]> {
  return (await db.homeRecords.toCollection().primaryKeys()).sort();
}

async function untouched(db: FieldDatabase): Promise<void> {
  expect(await db.mutations.count()).toBe(1);
  expect(await db.drafts.count()).toBe(1);
  expect(await db.files.count()).toBe(1);
}

describe('storage pressure', () => {
  it('does nothing below 75% of the quota', async () => {
    const { db, store } = await device();
    const perHome = (await store.summaries())[0]?.bytes ?? 0;
    const estimate = smallQuota(db, perHome * 100, () => 0);
    expect(await relieveStoragePressure(db, store, { estimate })).toEqual({
      evicted: [],
      cacheCleared: false,
    });
    expect(await homesLeft(db)).toEqual(['a', 'b', 'c', 'x', 'y', 'z']);
  });

  it('evicts homes the user does not carry first, oldest first, and keeps queued writes, drafts and files', async () => {
    const { db, store } = await device();
    const perHome = (await store.summaries())[0]?.bytes ?? 0;
    // 6 homes in a quota of 7.5: 80%. Under 70% once one home is gone (5 / 7.5 = 67%)...
    // but homes go in batches, so every home not carried goes and the carried ones stay.
    const estimate = smallQuota(db, perHome * 7.5, () => 0);
    const result = await relieveStoragePressure(db, store, { estimate });
    expect(result.evicted).toEqual(['x', 'y', 'z']);
    expect(result.cacheCleared).toBe(false);
    expect(await homesLeft(db)).toEqual(['a', 'b', 'c']);
    await untouched(db);
  });

  it('then clears the query cache, and only when nearly full the carried homes least recently used', async () => {
    const { db, store } = await device();
    const perHome = (await store.summaries())[0]?.bytes ?? 0;
    // Something else fills the rest: even with every other home gone it stays above 90%.
    const estimate = smallQuota(db, perHome * 10, () => perHome * 7.5);
    await db.homeSync.update('b', { openedAt: 5000 }); // b was opened lately
    const result = await relieveStoragePressure(db, store, { estimate });
    expect(result.cacheCleared).toBe(true);
    expect(await db.cache.count()).toBe(0);
    expect(result.evicted.slice(0, 3)).toEqual(['x', 'y', 'z']);
    // The carried homes go in one batch (20 at a time) once nearly full: a and c before b.
    expect(result.evicted.slice(3)).toEqual(['a', 'c', 'b']);
    await untouched(db);
  });

  it('a write refused for a full disk clears the caches and the homes not carried', async () => {
    const { db } = await device();
    await recoverFromQuotaError(db, new DOMException('full', 'QuotaExceededError'));
    expect(await homesLeft(db)).toEqual(['a', 'b', 'c']);
    expect(await db.cache.count()).toBe(0);
    await untouched(db);
  });
});
