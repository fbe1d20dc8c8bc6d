import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Resource } from '@field/domain';
import { lookupQueryKey } from '@field/domain';
import { createApiClient } from '../api/client';
import type { FieldDatabase } from './database';
import { openFieldDatabase } from './database';
import type { HomeStore, StoredRecord } from './home-store';
import { createHomeStore } from './home-store';
import { createFieldQueryPersister } from './query-persister';
import { createFieldQueryClient } from './query-client';
import type { SyncAhead, SyncPlan } from './sync-ahead';
import type { ChunkRunner } from './sync-chunk-runner';
import { createPageChunkRunner } from './sync-chunk-runner';
import { createSyncAhead } from './sync-ahead';

/** A small server: records of each resource, answered by the batch lookups. */
class FakeServer {
  records = new Map<string, StoredRecord[]>();
  requests: Array<{ path: string; ids: string[] }> = [];
  down = false;
  /** Answers wait for this while it is set. */
  hold: Promise<void> | undefined;

  fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (this.down) throw new TypeError('Failed to fetch');
    const body: unknown = JSON.parse(typeof init?.body === 'string' ? init.body : '{}');
    const path = url.replace(/^\/api/, '');
    const ids = Object.values(body as Record<string, string[]>)[0] ?? [];
    this.requests.push({ path, ids });
    await (this.hold ?? Promise.resolve());
    const match = /^(.*)\/(listByHomes|listByJobs)$/.exec(path);
    const base = match?.[1] ?? '';
    const list = this.records.get(base) ?? [];
    const wanted = new Set(ids);
    const field = match?.[2] === 'listByJobs' ? 'JobRID' : 'HomeRID';
    const answer = list.filter((record) => wanted.has(String(record[field])));
    return new Response(JSON.stringify(answer), { status: 200 });
  };
}

const BASE: Partial<Record<Resource, string>> = {
  phoneCalls: '/field_communication/phoneCalls',
  notes: '/field_communication/notes',
  jobs: '/field_jobs/jobs',
  jobSchedules: '/field_jobs/schedules',
};
const meta = { createdAt: '2026-11-01T00:00:00.000Z', deletedAt: null };
const call = (id: string, home: string, updatedAt = '2026-11-01T00:00:00.000Z') => ({
  id,
  Home: home,
  HomeRID: home,
  Staff: 'emp-1',
  Date: '2026-11-01',
  Notes: `call ${id}`,
  Voicemail: false,
  ...meta,
  updatedAt,
});
const note = (id: string, home: string) => ({
  id,
  HomeRID: home,
  Text: id,
  ...meta,
  updatedAt: '2026-11-01T00:00:00.000Z',
});
const job = (id: string, home: string) => ({
  id,
  JobRID: `J-${id}`,
  HomeRID: home,
  Name: id,
  Vendor: null,
  Status: 'Scheduled',
  'Start Date': null,
  'End Date': null,
  ...meta,
  updatedAt: '2026-11-01T00:00:00.000Z',
});
const schedule = (id: string, jobRid: string) => ({
  id,
  JobRID: jobRid,
  Task: id,
  'Scheduled Date': '2026-11-02',
  'Completed Date': null,
  Status: 'Scheduled',
  ...meta,
  updatedAt: '2026-11-01T00:00:00.000Z',
});

let db: FieldDatabase;
let server: FakeServer;
let store: HomeStore;
let sync: SyncAhead;
let online: boolean;
let onConnection: (online: boolean) => void;
let n = 0;
const HOMES = ['h1', 'h2', 'h3', 'h4', 'h5'];

function plan(overrides: Partial<SyncPlan> = {}): SyncPlan {
  return {
    userId: 'u1',
    homeIds: HOMES,
    resources: ['phoneCalls', 'notes', 'jobs'],
    jobSchedules: true,
    ...overrides,
  };
}

function start(options: { intervalMs?: number; runner?: ChunkRunner; now?: () => number } = {}) {
  const persister = createFieldQueryPersister(db, { homeLists: store.persisterFn });
  const queryClient = createFieldQueryClient(persister);
  sync = createSyncAhead({
    client: createApiClient({ fetch: server.fetch }),
    db,
    store,
    queryClient,
    isOnline: () => online,
    onConnectionChange: (listener) => {
      onConnection = listener;
      return () => undefined;
    },
    chunkSize: 2,
    reconnectDelayMs: 0,
    visible: () => true,
    ...options,
  });
  return queryClient;
}

beforeEach(() => {
  n += 1;
  db = openFieldDatabase(`sync-ahead-test-${n}`);
  store = createHomeStore(db, { sliceSize: 1 });
  server = new FakeServer();
  online = true;
  server.records.set(BASE.phoneCalls ?? '', [
    call('c1', 'h1'),
    call('c2', 'h1'),
    call('c3', 'h4'),
    call('elsewhere', 'h9'),
  ]);
  server.records.set(BASE.notes ?? '', [note('n1', 'h5')]);
  server.records.set(BASE.jobs ?? '', [job('j1', 'h2'), job('j2', 'h3')]);
  server.records.set(BASE.jobSchedules ?? '', [schedule('s1', 'J-j1'), schedule('s2', 'J-j2')]);
});

afterEach(() => {
  sync.stop();
  db.close();
});

const ids = (records: StoredRecord[] | undefined) => (records ?? []).map((r) => r.id).sort();

describe('sync ahead', () => {
  it('brings every list of every carried home in chunks, one batch call per list and chunk', async () => {
    start();
    sync.setPlan(plan());
    await vi.waitFor(() => expect(sync.status().lastSyncedAt).not.toBeNull());
    // 3 chunks (2 + 2 + 1 homes) x 3 lists, plus the schedules of the chunks' jobs.
    const calls = server.requests.map((r) => r.path);
    expect(calls.filter((p) => p.endsWith('/listByHomes'))).toHaveLength(9);
    expect(calls.filter((p) => p.endsWith('/listByJobs'))).toHaveLength(2);
    expect(server.requests.every((r) => r.ids.length <= 2)).toBe(true);

    const read = async (resource: Resource, homeId: string) =>
      ids((await store.read({ resource, homeId }))?.records);
    expect(await read('phoneCalls', 'h1')).toEqual(['c1', 'c2']);
    expect(await read('phoneCalls', 'h4')).toEqual(['c3']);
    expect(await read('notes', 'h5')).toEqual(['n1']);
    expect(await read('phoneCalls', 'h5')).toEqual([]); // synced, and empty
    expect(await read('jobSchedules', 'h2')).toEqual(['s1']);
    expect(await read('jobSchedules', 'h3')).toEqual(['s2']);
    expect(await db.homeRecords.get('h9')).toBeUndefined();

    const summaries = await store.summaries(HOMES);
    expect(summaries).toHaveLength(5);
    expect(summaries.every((s) => s.resources.includes('jobSchedules'))).toBe(true);
    expect(sync.status()).toMatchObject({ state: 'idle' });
  });

  it('a later pass takes changes and removes records deleted on the server, writing only changed homes', async () => {
    start();
    sync.setPlan(plan());
    await vi.waitFor(() => expect(sync.status().lastSyncedAt).not.toBeNull());
    const first = sync.status().lastSyncedAt;

    // On the server: c1 deleted (it leaves every list), c2 changed, a new call on h3.
    server.records.set(BASE.phoneCalls ?? '', [
      call('c2', 'h1', '2026-11-03T00:00:00.000Z'),
      call('c3', 'h4'),
      call('c4', 'h3', '2026-11-03T00:00:00.000Z'),
    ]);
    const put = vi.spyOn(db.homeRecords, 'bulkPut');
    await sync.syncNow();
    expect(sync.status().lastSyncedAt).not.toBe(first);
    const written = put.mock.calls.flatMap(([rows]) => rows.map((row) => row.homeId)).sort();
    expect(written).toEqual(['h1', 'h3']);
    const h1 = (await store.read({ resource: 'phoneCalls', homeId: 'h1' }))?.records;
    expect(h1).toEqual([call('c2', 'h1', '2026-11-03T00:00:00.000Z')]);
    expect(ids((await store.read({ resource: 'phoneCalls', homeId: 'h3' }))?.records)).toEqual([
      'c4',
    ]);
  });

  it('brings only the homes new to the plan, and updates a list a screen shows', async () => {
    const queryClient = start();
    sync.setPlan(plan({ homeIds: ['h1', 'h2'] }));
    await vi.waitFor(() => expect(sync.status().lastSyncedAt).not.toBeNull());
    const shown = await queryClient.fetchQuery({
      queryKey: lookupQueryKey('phoneCalls', 'home', 'h1'),
      queryFn: () => Promise.reject(new Error('not asked')),
    });
    expect(ids(shown)).toEqual(['c1', 'c2']);
    server.requests = [];
    server.records.set(BASE.phoneCalls ?? '', [call('c1', 'h1'), call('c3', 'h4')]);

    sync.setPlan(plan({ homeIds: ['h1', 'h2', 'h4'] }));
    await vi.waitFor(() => expect(sync.status().state).toBe('idle'));
    await vi.waitFor(async () =>
      expect(ids((await store.read({ resource: 'phoneCalls', homeId: 'h4' }))?.records)).toEqual([
        'c3',
      ]),
    );
    expect(new Set(server.requests.flatMap((r) => r.ids))).toEqual(new Set(['h4']));

    // A full pass updates the list on screen without a fetch of its own.
    await sync.syncNow();
    expect(ids(queryClient.getQueryData(lookupQueryKey('phoneCalls', 'home', 'h1')))).toEqual([
      'c1',
    ]);
  });

  it('leaves a list changed on the device after a pass started as it is, on screen and stored', async () => {
    // The pass starts a second before the device's own write lands (a reopened item).
    const queryClient = start({ now: () => Date.now() - 1000 });
    sync.setPlan(plan({ homeIds: ['h1'] }));
    await vi.waitFor(() => expect(sync.status().lastSyncedAt).not.toBeNull());
    const key = lookupQueryKey('phoneCalls', 'home', 'h1');
    await queryClient.fetchQuery({
      queryKey: key,
      queryFn: () => Promise.reject(new Error('not asked')),
    });
    // Read from the store: the list is as fresh as that pass.
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(key)?.dataUpdatedAt).toBe(sync.status().lastSyncedAt),
    );
    let release: () => void = () => undefined;
    server.hold = new Promise((resolve) => (release = resolve));
    server.requests = [];
    const passing = sync.syncNow();
    await vi.waitFor(() => expect(server.requests.length).toBeGreaterThan(0));

    // Meanwhile the device's write is confirmed and its list refetched: newer than the pass.
    const changed = [{ ...call('c1', 'h1'), Notes: 'changed here' }, call('c2', 'h1')];
    queryClient.setQueryData(key, changed);
    await store.write({ resource: 'phoneCalls', homeId: 'h1' }, changed);
    release();
    await passing;

    expect(queryClient.getQueryData(key)).toEqual(changed);
    const stored = await store.read({ resource: 'phoneCalls', homeId: 'h1' });
    expect(stored?.records).toEqual(changed);
  });

  it('waits for the connection, then syncs when it returns; a failed pass says so', async () => {
    online = false;
    start();
    sync.setPlan(plan());
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(server.requests).toEqual([]);

    server.down = true;
    await expect(sync.syncNow()).rejects.toThrow();
    expect(sync.status().state).toBe('failed');

    server.down = false;
    online = true;
    onConnection(true);
    await vi.waitFor(() => expect(sync.status().lastSyncedAt).not.toBeNull());
    expect(sync.status().state).toBe('idle');
  });

  it('does not sync again on a new page within the interval, and syncs again after it', async () => {
    start({ intervalMs: 200 });
    sync.setPlan(plan());
    await vi.waitFor(() => expect(sync.status().lastSyncedAt).not.toBeNull());
    sync.stop();
    const before = server.requests.length;

    start({ intervalMs: 200 });
    sync.setPlan(plan());
    await vi.waitFor(() => expect(sync.status().lastSyncedAt).not.toBeNull());
    expect(server.requests.length).toBe(before);
    await vi.waitFor(() => expect(server.requests.length).toBeGreaterThan(before), {
      timeout: 2000,
    });
  });

  it('a new page says when the last pass was, offline or before its own pass ends', async () => {
    start();
    sync.setPlan(plan());
    await vi.waitFor(() => expect(sync.status().lastSyncedAt).not.toBeNull());
    const last = sync.status().lastSyncedAt;
    sync.stop();

    online = false;
    start();
    sync.setPlan(plan());
    await vi.waitFor(() => expect(sync.status().lastSyncedAt).toBe(last));

    // Online with the pass due: the stored time shows while the new pass runs.
    let release: () => void = () => undefined;
    server.hold = new Promise((resolve) => (release = resolve));
    online = true;
    sync.stop();
    start({ intervalMs: 1 });
    sync.setPlan(plan());
    await vi.waitFor(() => expect(sync.status().state).toBe('syncing'));
    expect(sync.status().lastSyncedAt).toBe(last);
    release();

    // Another user's page shows none of it.
    sync.stop();
    start();
    online = false;
    sync.setPlan(plan({ userId: 'u2' }));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(sync.status().lastSyncedAt).toBeNull();
  });

  it('stops a pass under way when the user signs out', async () => {
    let release: () => void = () => undefined;
    server.hold = new Promise((resolve) => (release = resolve));
    start();
    sync.setPlan(plan());
    await vi.waitFor(() => expect(sync.status()).toMatchObject({ state: 'syncing', total: 5 }));
    await vi.waitFor(() => expect(server.requests.length).toBeGreaterThan(0));
    sync.setPlan(null);
    release();
    await vi.waitFor(() => expect(sync.status().state).toBe('idle'));
    const count = server.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests.length).toBe(count);
    expect(sync.status().lastSyncedAt).toBeNull();
  });

  it('a sign-out clears the homes only once the chunk being written is in: none is left after', async () => {
    // As the sync worker: a chunk it is writing is finished after the pass is stopped.
    const page = createPageChunkRunner(store);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let writing = false;
    const runner: ChunkRunner = {
      async store(answers, fetchSchedules, write) {
        writing = true;
        try {
          await held;
          return await page.store(answers, fetchSchedules, write, new AbortController().signal);
        } finally {
          writing = false;
        }
      },
      stop: () => undefined,
    };
    start({ runner });
    sync.setPlan(plan({ jobSchedules: false }));
    await vi.waitFor(() => expect(writing).toBe(true));
    let settled = false;
    const clearing = sync.settle().then(async () => {
      settled = true;
      await store.clear();
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    release();
    await clearing;
    expect(writing).toBe(false);
    expect(await store.summaries()).toEqual([]);
    expect(await db.homeRecords.count()).toBe(0);
  });
});
