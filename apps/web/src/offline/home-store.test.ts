import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_DB, lookupQueryKey } from '@field/domain';
import { ApiError } from '../api/errors';
import { applyConfirmedWrites, applyWrite, targetOfWrite } from './confirmed-writes';
import type { FieldDatabase, MutationRow } from './database';
import { openFieldDatabase } from './database';
import { startOfflineEngine } from './engine';
import type { QueueEvent } from './mutation-queue';
import type { OfflineEngine } from './engine';
import type { StoredRecord } from './home-store';
import { createHomeStore } from './home-store';
import { createFieldQueryPersister } from './query-persister';
import { createFieldQueryClient } from './query-client';
import { createApiClient } from '../api/client';
import { createCircuitBreaker } from '../api/circuit-breaker';

let db: FieldDatabase;
let n = 0;
let name: string;
beforeEach(() => {
  n += 1;
  name = `home-store-test-${n}`;
  db = openFieldDatabase(name);
});
afterEach(() => db.close());

const call = (
  id: string,
  homeId: string,
  updatedAt = '2026-11-01T00:00:00.000Z',
): StoredRecord => ({
  id,
  Home: homeId,
  HomeRID: homeId,
  Notes: `call ${id}`,
  updatedAt,
});
const callsKey = (homeId: string) => lookupQueryKey('phoneCalls', 'home', homeId);
const offline = () => Promise.reject(new ApiError(0, 'offline', { kind: 'network' }));

/** A page's reading side: the cache persister routing home lists to the home store. */
function page() {
  const homeStore = createHomeStore(db);
  const persister = createFieldQueryPersister(db, {
    debounceMs: 0,
    homeLists: homeStore.persisterFn,
  });
  return { homeStore, persister, client: createFieldQueryClient(persister) };
}

describe('home store', () => {
  it("keeps a screen's home list in the home's row and opens it offline on the next page", async () => {
    const first = page();
    await first.client.fetchQuery({
      queryKey: callsKey('h1'),
      queryFn: () => [call('c1', 'h1'), call('c2', 'h1')],
    });
    await first.homeStore.flush();
    // Stored in the home store, not as a query of the cache.
    expect(await db.cache.count()).toBe(0);
    expect((await db.homeSync.get('h1'))?.records).toBe(2);
    first.client.clear();

    const next = page();
    const queryFn = vi.fn(offline);
    const data = await next.client.fetchQuery({ queryKey: callsKey('h1'), queryFn });
    expect(data).toEqual([call('c1', 'h1'), call('c2', 'h1')]);
    next.client.clear();
  });

  it('opens a list the sync brought though no screen ever asked for it', async () => {
    const { homeStore, client } = page();
    await homeStore.putSynced(
      [{ homeId: 'h7', lists: { phoneCalls: [call('c9', 'h7')], notes: [] } }],
      { at: Date.now(), resources: ['phoneCalls', 'notes'] },
    );
    const data = await client.fetchQuery({ queryKey: callsKey('h7'), queryFn: offline });
    expect(data).toEqual([call('c9', 'h7')]);
    const notes = await client.fetchQuery({
      queryKey: lookupQueryKey('notes', 'home', 'h7'),
      queryFn: offline,
    });
    expect(notes).toEqual([]);
    client.clear();
  });

  it('reads the asked lists of many homes at once (a view across homes), leaving out homes it never stored', async () => {
    const { homeStore } = page();
    const permit = { id: 'p1', HomeRID: 'h2', 'Permit Number': 'BP-1' };
    await homeStore.putSynced(
      [
        { homeId: 'h1', lists: { phoneCalls: [call('c1', 'h1')], permits: [] } },
        { homeId: 'h2', lists: { phoneCalls: [call('c2', 'h2')], permits: [permit] } },
      ],
      { at: Date.now(), resources: ['phoneCalls', 'permits'] },
    );
    const homes = await homeStore.readHomes(['h1', 'h2', 'h3'], ['permits', 'radon']);
    expect([...homes.keys()]).toEqual(['h1', 'h2']);
    expect(homes.get('h1')).toEqual({ permits: [] });
    expect(homes.get('h2')).toEqual({ permits: [permit] });
  });

  it('a pass keeps the lists written or changed on the device since it started, and brings the home its others', async () => {
    const { homeStore } = page();
    const passAt = Date.now() - 60_000;
    // A screen's fetch of the calls and a confirmed write to the notes, after the pass began.
    await homeStore.putSynced([{ homeId: 'h1', lists: { notes: [] } }], {
      at: passAt - 60_000,
      resources: ['notes'],
    });
    const mine = [{ ...call('c1', 'h1'), Notes: 'fetched here' }];
    await homeStore.write({ resource: 'phoneCalls', homeId: 'h1' }, mine);
    const note = { id: 'n1', HomeRID: 'h1', Notes: 'written here' };
    await homeStore.apply({ resource: 'notes', homeId: 'h1' }, () => [note]);
    const permit = { id: 'p1', HomeRID: 'h1', 'Permit Number': 'BP-1' };
    await homeStore.putSynced(
      [{ homeId: 'h1', lists: { phoneCalls: [call('c1', 'h1')], notes: [], permits: [permit] } }],
      { at: passAt, resources: ['phoneCalls', 'notes', 'permits'] },
    );
    const homes = await homeStore.readHomes(['h1'], ['phoneCalls', 'notes', 'permits']);
    expect(homes.get('h1')).toEqual({ phoneCalls: mine, notes: [note], permits: [permit] });
    const [summary] = await homeStore.summaries(['h1']);
    expect(summary?.syncedAt).toBe(passAt);
    expect(summary?.resources).toBe('phoneCalls,notes,permits');
  });

  it('a pass whose lists never reached the device leaves no home ready, and the next pass writes them', async () => {
    const { homeStore } = page();
    const lists = { phoneCalls: [call('c1', 'h1')] };
    // The lists' transaction dies (the page went while it was under way).
    const lost = vi
      .spyOn(db.homeRecords, 'bulkPut')
      .mockRejectedValueOnce(new DOMException('The transaction was aborted', 'AbortError'));
    await expect(
      homeStore.putSynced([{ homeId: 'h1', lists }], { at: 1, resources: ['phoneCalls'] }),
    ).rejects.toThrow('aborted');
    lost.mockRestore();
    expect(await homeStore.summaries(['h1'])).toEqual([]);
    expect(
      await homeStore.putSynced([{ homeId: 'h1', lists }], { at: 2, resources: ['phoneCalls'] }),
    ).toBe(1);
    expect((await homeStore.readHomes(['h1'], ['phoneCalls'])).get('h1')).toEqual(lists);
  });

  it('writes again only the homes whose lists changed since the last pass', async () => {
    const { homeStore } = page();
    const homes = (suffix: string) =>
      ['a', 'b', 'c'].map((homeId) => ({
        homeId,
        lists: { phoneCalls: [call(`${homeId}1`, homeId, homeId === 'b' ? suffix : 'x')] },
      }));
    expect(await homeStore.putSynced(homes('1'), { at: 1, resources: ['phoneCalls'] })).toBe(3);
    expect(await homeStore.putSynced(homes('1'), { at: 2, resources: ['phoneCalls'] })).toBe(0);
    expect(await homeStore.putSynced(homes('2'), { at: 3, resources: ['phoneCalls'] })).toBe(1);
    const summaries = await homeStore.summaries(['a', 'b', 'c']);
    expect(summaries.map((s) => [s.homeId, s.syncedAt, s.records])).toEqual([
      ['a', 3, 1],
      ['b', 3, 1],
      ['c', 3, 1],
    ]);
    expect(summaries.every((s) => s.bytes > 0)).toBe(true);
  });

  it('applies a confirmed add, change and delete to the stored list', async () => {
    const { homeStore } = page();
    await homeStore.write({ resource: 'phoneCalls', homeId: 'h1' }, [call('c1', 'h1')]);
    const write = (operation: string, data: Record<string, unknown>): MutationRow => ({
      id: `m-${operation}`,
      type: 'phoneCall',
      operation,
      data,
      queryKeys: [callsKey('h1')],
      timestamp: 1,
      retryCount: 0,
      status: 'pending',
      recordKeys: [],
      inFlight: false,
      nextAttemptAt: 0,
    });
    const added = write('submit', call('c2', 'h1'));
    const target = targetOfWrite(added);
    expect(target).toEqual({ resource: 'phoneCalls', homeId: 'h1' });
    if (target === undefined) return;
    await homeStore.apply(target, (records) => applyWrite(records, added));
    await homeStore.apply(target, (records) =>
      applyWrite(records, write('update', { id: 'c1', Notes: 'changed' })),
    );
    await homeStore.apply(target, (records) => applyWrite(records, write('delete', { id: 'c2' })));
    expect((await homeStore.read(target))?.records).toEqual([
      { ...call('c1', 'h1'), Notes: 'changed' },
    ]);
  });

  it('applies the first confirmed write at once, a long drain in a few writes, and all of it when the pass ends', async () => {
    const { homeStore } = page();
    const target = { resource: 'phoneCalls' as const, homeId: 'h1' };
    await homeStore.write(target, [call('c0', 'h1')]);
    const listeners = new Set<(event: QueueEvent) => void>();
    const emit = (event: QueueEvent) => listeners.forEach((listener) => listener(event));
    const queue = {
      subscribe: (listener: (event: QueueEvent) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const apply = vi.spyOn(homeStore, 'apply');
    const stop = applyConfirmedWrites(queue, homeStore, 2000);
    const sent = (id: string): QueueEvent => ({
      type: 'sent',
      mutation: {
        id: `m-${id}`,
        type: 'phoneCall',
        operation: 'submit',
        data: call(id, 'h1'),
        queryKeys: [callsKey('h1')],
        timestamp: 1,
        retryCount: 0,
        status: 'pending',
        recordKeys: [],
        inFlight: false,
        nextAttemptAt: 0,
      },
    });
    const stored = async () => (await homeStore.read(target))?.records.map((r) => r.id) ?? [];

    // The first write a pass confirms is on the device at once, before the pass ends.
    emit({ type: 'pass-start' });
    emit(sent('c1'));
    await vi.waitFor(async () => expect(await stored()).toEqual(['c0', 'c1']), { timeout: 500 });
    emit({ type: 'pass-end', result: { ran: true, sent: 1, failed: 0, pending: 0 } });

    // A drain: 100 writes answered 20 at a time, 30 ms apart.
    apply.mockClear();
    emit({ type: 'pass-start' });
    for (let round = 0; round < 5; round += 1) {
      for (let i = 0; i < 20; i += 1) emit(sent(`d${round * 20 + i}`));
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    expect(apply.mock.calls.length).toBeLessThanOrEqual(1);
    emit({ type: 'pass-end', result: { ran: true, sent: 100, failed: 0, pending: 0 } });
    await vi.waitFor(async () => expect(await stored()).toHaveLength(102), { timeout: 500 });
    expect(apply.mock.calls.length).toBeLessThanOrEqual(2);
    stop();
  });

  it('forgets every home on clear, and a fetch that was under way does not store its answer', async () => {
    const { homeStore, client } = page();
    await homeStore.write({ resource: 'phoneCalls', homeId: 'h1' }, [call('c1', 'h1')]);
    let answer: (value: StoredRecord[]) => void = () => undefined;
    const fetching = client.fetchQuery({
      queryKey: callsKey('h2'),
      queryFn: () => new Promise<StoredRecord[]>((resolve) => (answer = resolve)),
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    await homeStore.clear();
    answer([call('c5', 'h2')]);
    await fetching;
    await homeStore.flush();
    expect(await db.homeRecords.count()).toBe(0);
    expect(await db.homeSync.count()).toBe(0);
    client.clear();
  });
});

describe('device database upgrade', () => {
  it('keeps every store and moves home lists cached per query by version 4 into home rows', async () => {
    db.close();
    await Dexie.delete(name);
    const old = new Dexie(name);
    old.version(LOCAL_DB.version).stores({
      files: 'id, opfsPath',
      thumbnails: 'fileId',
      drafts: 'key, [homeRID+formTitle], expirationTime, creationTime',
      mutations: 'id, status, timestamp, *recordKeys',
      cache: 'key, updatedAt',
      metadata: 'key',
    });
    const persisted = (queryKey: unknown[], data: unknown) => ({
      key: `field-app-query-${JSON.stringify(queryKey)}`,
      value: {
        buster: 'v4',
        queryHash: JSON.stringify(queryKey),
        queryKey,
        state: { data, dataUpdatedAt: 1234, status: 'success' },
      },
      updatedAt: 1234,
    });
    await old
      .table('cache')
      .bulkPut([
        persisted(callsKey('h1'), [call('c1', 'h1')]),
        persisted(['field_homes', 'listActive'], [{ id: 'h1' }]),
      ]);
    await old
      .table('metadata')
      .put({ key: 'sync:homes', value: { lastFullSync: 1, lastUpdate: 2 } });
    await old
      .table('drafts')
      .put({ key: 'd1', homeRID: 'h1', formTitle: 'x', expirationTime: 1, creationTime: 1 });
    old.close();

    db = openFieldDatabase(name);
    expect(await db.homeRecords.get('h1')).toEqual({
      homeId: 'h1',
      json: JSON.stringify({
        lists: { phoneCalls: [call('c1', 'h1')] },
        syncedAt: { phoneCalls: 1234 },
      }),
    });
    expect((await db.cache.toArray()).map((row) => row.key)).toEqual([
      'field-app-query-["field_homes","listActive"]',
    ]);
    expect(await db.metadata.get('sync:homes')).toBeDefined();
    expect(await db.drafts.count()).toBe(1);
  });
});

describe('flush on unload', () => {
  let engine: OfflineEngine;
  afterEach(() => engine.stop());

  it('stores what the cache debounce holds when the page is hidden or left', async () => {
    engine = await startOfflineEngine({
      dbName: `${name}-engine`,
      client: createApiClient({ fetch: () => Promise.reject(new TypeError('offline')) }),
      breaker: createCircuitBreaker(),
    });
    engine.queue.stop();
    await engine.queryClient.fetchQuery({ queryKey: ['field_vendors'], queryFn: () => ['v1'] });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The debounce (500 ms) still holds it.
    expect(await engine.db.cache.count()).toBe(0);
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(async () => expect(await engine.db.cache.count()).toBe(1), { timeout: 300 });

    await engine.queryClient.fetchQuery({ queryKey: ['field_employees'], queryFn: () => ['e1'] });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await engine.db.cache.count()).toBe(1);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(async () => expect(await engine.db.cache.count()).toBe(2), { timeout: 300 });
    visibility.mockRestore();
  });
});
