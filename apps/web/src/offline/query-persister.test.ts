import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/errors';
import type { FieldDatabase } from './database';
import { openFieldDatabase } from './database';
import { TEXT_LIST_MIN, TEXT_PART_CHARS } from './cache-storage';
import {
  QUERY_CACHE_PREFIX,
  createFieldQueryPersister,
  persistManualUpdates,
} from './query-persister';
import { createFieldQueryClient, shouldRetryQuery } from './query-client';

let db: FieldDatabase;
let counter = 0;
beforeEach(() => {
  counter += 1;
  db = openFieldDatabase(`persister-test-${counter}`);
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('per-query persister', () => {
  it('stores one row per query, tagged v4, written once per debounce', async () => {
    const persister = createFieldQueryPersister(db, { debounceMs: 40 });
    const client = createFieldQueryClient(persister);
    const bulkPut = vi.spyOn(db.cache, 'bulkPut');
    await client.fetchQuery({ queryKey: ['phoneCalls', 'h1'], queryFn: () => [{ id: 'a' }] });
    await client.fetchQuery({ queryKey: ['phoneCalls', 'h2'], queryFn: () => [{ id: 'b' }] });
    await client.fetchQuery({ queryKey: ['homes'], queryFn: () => [{ id: 'h1' }] });
    await wait(5);
    expect(await db.cache.count()).toBe(0); // still inside the debounce
    await wait(80);
    expect(bulkPut).toHaveBeenCalledTimes(1);
    const rows = await db.cache.toArray();
    expect(rows.map((r) => r.key).sort()).toEqual(
      [
        `${QUERY_CACHE_PREFIX}-["homes"]`,
        `${QUERY_CACHE_PREFIX}-["phoneCalls","h1"]`,
        `${QUERY_CACHE_PREFIX}-["phoneCalls","h2"]`,
      ].sort(),
    );
    expect(rows[0]?.value).toMatchObject({ buster: 'v4' });
    client.clear();
  });

  it('opens a query from the device after a reload, without the network', async () => {
    const first = createFieldQueryPersister(db, { debounceMs: 0 });
    const before = createFieldQueryClient(first);
    await before.fetchQuery({ queryKey: ['phoneCalls', 'h1'], queryFn: () => ['call-1'] });
    await wait(10);
    await first.storage.flush();
    before.clear();

    // A new page: new client and persister over the same database, offline.
    const persister = createFieldQueryPersister(db, { debounceMs: 0 });
    const client = createFieldQueryClient(persister);
    const offline = vi.fn(() => Promise.reject(new ApiError(0, 'offline', { kind: 'network' })));
    const data = await client.fetchQuery({
      queryKey: ['phoneCalls', 'h1'],
      queryFn: offline,
      retry: false,
    });
    expect(data).toEqual(['call-1']);
    expect(offline).not.toHaveBeenCalled();
    client.clear();
  });

  it('opens a list of thousands of homes after a reload, stored as text in part rows', async () => {
    const homes = Array.from({ length: TEXT_LIST_MIN + 500 }, (_, index) => ({
      id: `h${index}`,
      Address: `${index} Main St, "Unit [B]" ${'·'.repeat(index % 7)}`,
      'Offline Homes': index % 3 === 0 ? ['emp-1'] : [],
      notes: 'n'.repeat(300),
    }));
    const first = createFieldQueryPersister(db, { debounceMs: 0 });
    const before = createFieldQueryClient(first);
    // Stored twice: the second text's parts replace the first's.
    await before.fetchQuery({ queryKey: ['homes'], queryFn: () => homes.slice(1) });
    await wait(10);
    await first.storage.flush();
    await before.fetchQuery({ queryKey: ['homes'], queryFn: () => homes, staleTime: 0 });
    await wait(10);
    await first.storage.flush();
    before.clear();
    const rows = await db.cache.toArray();
    const heads = rows.filter((row) => !row.key.includes('#part:'));
    const parts = rows.filter((row) => row.key.includes('#part:'));
    expect(heads).toHaveLength(1);
    const value = heads[0]?.value as
      { state: { data: unknown }; dataParts?: { count: number } } | undefined;
    expect(value?.state.data).toBeNull();
    // No row holds the whole list: each part is at most TEXT_PART_CHARS of text.
    expect(JSON.stringify(homes).length).toBeGreaterThan(2 * TEXT_PART_CHARS);
    expect(parts.length).toBe(value?.dataParts?.count);
    for (const part of parts) {
      expect((part.value as { part: string }).part.length).toBeLessThanOrEqual(TEXT_PART_CHARS);
    }

    const persister = createFieldQueryPersister(db, { debounceMs: 0 });
    const client = createFieldQueryClient(persister);
    const offline = vi.fn(() => Promise.reject(new ApiError(0, 'offline', { kind: 'network' })));
    expect(
      await client.fetchQuery({ queryKey: ['homes'], queryFn: offline, retry: false }),
    ).toEqual(homes);
    expect(offline).not.toHaveBeenCalled();
    const restoring = createFieldQueryClient(createFieldQueryPersister(db, { debounceMs: 0 }));
    await persister.restoreQueries(restoring, ['homes']);
    expect(restoring.getQueryData(['homes'])).toEqual(homes);
    client.clear();
    restoring.clear();
  });

  it('discards entries of another version tag or older than 24 h', async () => {
    let now = Date.now();
    const old = createFieldQueryPersister(db, { debounceMs: 0, buster: 'v3' });
    const oldClient = createFieldQueryClient(old);
    await oldClient.fetchQuery({ queryKey: ['a'], queryFn: () => 'from v3' });
    await wait(10);
    await old.storage.flush();
    oldClient.clear();

    const current = createFieldQueryPersister(db, { debounceMs: 0, now: () => now });
    const client = new QueryClient();
    expect(await current.restoreQueries(client)).toBe(0);
    await current.storage.flush();
    expect(await db.cache.count()).toBe(0);

    const writer = createFieldQueryClient(current);
    await writer.fetchQuery({ queryKey: ['b'], queryFn: () => 'fresh' });
    await wait(10);
    await current.storage.flush();
    expect(await current.restoreQueries(client, ['b'])).toBe(1);
    now += 24 * 60 * 60 * 1000 + 60_000;
    const later = new QueryClient();
    expect(await current.restoreQueries(later)).toBe(0);
    writer.clear();
  });

  it('persists data set by hand (an optimistic change) too', async () => {
    const persister = createFieldQueryPersister(db, { debounceMs: 0 });
    const client = createFieldQueryClient(persister);
    const stop = persistManualUpdates(client, persister);
    client.setQueryData(['phoneCalls', 'h1'], ['queued call']);
    await wait(10);
    await persister.storage.flush();
    const restored = new QueryClient();
    await persister.restoreQueries(restored);
    expect(restored.getQueryData(['phoneCalls', 'h1'])).toEqual(['queued call']);
    stop();
  });

  it('retries a failed query 3 times, 5 on 429, never on another 4xx', () => {
    expect(shouldRetryQuery(2, new ApiError(500, 'x'))).toBe(true);
    expect(shouldRetryQuery(3, new ApiError(500, 'x'))).toBe(false);
    expect(shouldRetryQuery(4, new ApiError(429, 'x'))).toBe(true);
    expect(shouldRetryQuery(5, new ApiError(429, 'x'))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(404, 'x'))).toBe(false);
  });
});
