import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { anyJson, createApiClient } from '../api/client';
import type { Parser } from '../api/client';
import { openFieldDatabase } from './database';
import type { SyncedRecord } from './differential-sync';
import { SYNCED_LISTS, mergeChanges, syncList } from './differential-sync';

interface Home extends SyncedRecord {
  Address: string;
}

// Safe for the test: the fake server below answers lists of homes.
const homes = anyJson as Parser<Home[]>;
const DAY = 24 * 60 * 60 * 1000;

describe('differential sync', () => {
  it('lists in full first, then asks for changes since the last sync minus 5 minutes', async () => {
    const db = openFieldDatabase('sync-test-1');
    const requested: string[] = [];
    let answer: Home[] = [];
    const client = createApiClient({
      fetch: (input) => {
        requested.push(
          typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        );
        return Promise.resolve(new Response(JSON.stringify(answer), { status: 200 }));
      },
    });
    let now = Date.UTC(2026, 10, 22, 12);
    const start = now;

    answer = [
      { id: 'h1', Address: '1 A St' },
      { id: 'h2', Address: '2 B St' },
      { id: 'h3', Address: '3 C St', deletedAt: '2026-01-01T00:00:00.000Z' },
    ];
    let list = await syncList(SYNCED_LISTS.homes, {
      client,
      db,
      parser: homes,
      current: undefined,
      now: () => now,
    });
    expect(requested).toEqual(['/api/field_homes/listActive']);
    expect(list.map((h) => h.id)).toEqual(['h1', 'h2']);

    now += 60 * 60 * 1000;
    answer = [
      { id: 'h1', Address: '1 A Street' },
      { id: 'h2', Address: '2 B St', deletedAt: '2026-11-22T12:30:00.000Z' },
      { id: 'h4', Address: '4 D St', deletedAt: null },
    ];
    list = await syncList(SYNCED_LISTS.homes, {
      client,
      db,
      parser: homes,
      current: list,
      now: () => now,
    });
    const since = new Date(start - 5 * 60 * 1000).toISOString();
    expect(requested[1]).toBe(
      `/api/field_homes/listActiveUpdatedAfter?lastUpdate=${encodeURIComponent(since)}`,
    );
    expect(list).toEqual([
      { id: 'h1', Address: '1 A Street' },
      { id: 'h4', Address: '4 D St', deletedAt: null },
    ]);

    now = start + 7 * DAY;
    answer = [{ id: 'h9', Address: '9 Z St' }];
    list = await syncList(SYNCED_LISTS.homes, {
      client,
      db,
      parser: homes,
      current: list,
      now: () => now,
    });
    expect(requested[2]).toBe('/api/field_homes/listActive');
    expect(list.map((h) => h.id)).toEqual(['h9']);
  });

  it('asks again for changes a list restored older than its sync time lacks', async () => {
    const db = openFieldDatabase('sync-test-2');
    const requested: string[] = [];
    const client = createApiClient({
      fetch: (input) => {
        requested.push(
          typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        );
        return Promise.resolve(new Response('[]', { status: 200 }));
      },
    });
    const now = Date.UTC(2026, 10, 22, 12);
    await syncList(SYNCED_LISTS.homes, {
      client,
      db,
      parser: homes,
      current: undefined,
      now: () => now,
    });
    // The page closed before the synced list was stored: the device holds a list whose
    // newest change is a day older than the recorded sync.
    const stale: Home[] = [
      { id: 'h1', Address: '1 A St', updatedAt: new Date(now - DAY).toISOString() },
      { id: 'h2', Address: '2 B St', updatedAt: new Date(now - 2 * DAY).toISOString() },
    ];
    await syncList(SYNCED_LISTS.homes, {
      client,
      db,
      parser: homes,
      current: stale,
      now: () => now + 60_000,
    });
    const since = new Date(now - DAY - 5 * 60 * 1000).toISOString();
    expect(requested[1]).toBe(
      `/api/field_homes/listActiveUpdatedAfter?lastUpdate=${encodeURIComponent(since)}`,
    );
  });

  it('merges tombstones away and keeps untouched records', () => {
    expect(
      mergeChanges(
        [
          { id: 'a', deletedAt: null },
          { id: 'b', deletedAt: null },
        ],
        [{ id: 'a', deletedAt: 'x' }],
      ),
    ).toEqual([{ id: 'b', deletedAt: null }]);
  });
});
