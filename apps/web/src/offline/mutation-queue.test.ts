// @vitest-environment node
// The real server (Fastify, jose) runs in this process: jsdom's globals would break it.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueryKey } from '@tanstack/react-query';
import { MESSAGES, mutationFailedMessage } from '@field/domain';
import type { ApiClient, Parser } from '../api/client';
import { anyJson, createApiClient } from '../api/client';
import type { FieldDatabase } from './database';
import { openFieldDatabase } from './database';
import type { SyncedRecord } from './differential-sync';
import { SYNCED_LISTS, syncList } from './differential-sync';
import {
  createFileStore,
  createIndexedDbBlobStore,
  queueFileUpload,
  releaseUploadedFiles,
} from './files';
import { createDefaultHandlers } from './mutation-handlers';
import type { QueueEvent } from './mutation-queue';
import { MutationQueue } from './mutation-queue';
import type { QueueLock } from './queue-lock';
import { createWebLock } from './queue-lock';
import { EnqueueError, MutationValidationError } from './queue-types';
import { fakeLockManager } from './testing/locks';
import type { RealServer } from './testing/real-server';
import { startRealServer } from './testing/real-server';
import type { TestNetwork } from './testing/network';
import { createTestNetwork, jsonResponse } from './testing/network';

let server: RealServer;
let db: FieldDatabase;
let network: TestNetwork;
let dbCounter = 0;

beforeAll(async () => {
  server = await startRealServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  dbCounter += 1;
  db = openFieldDatabase(`queue-test-${dbCounter}`);
  network = createTestNetwork();
});

/** A lock held by nobody else: each instance acts as its own tab whose lock died with it. */
const ownLock: QueueLock = {
  runExclusive: async (task) => ({ acquired: true, value: await task() }),
};

function makeClient(): ApiClient {
  const client = createApiClient({
    baseUrl: server.url,
    fetch: (input, init) => network.fetch(input, init),
  });
  client.setToken(server.token);
  return client;
}

function makeQueue(
  overrides: Partial<ConstructorParameters<typeof MutationQueue>[0]> = {},
  client: ApiClient = makeClient(),
): MutationQueue {
  return new MutationQueue({
    db,
    client,
    handlers: createDefaultHandlers(),
    lock: ownLock,
    isOnline: () => true,
    processOnEnqueue: false,
    backoffMs: () => 0,
    ...overrides,
  });
}

/** A phone call submit whose mutation id (the Idempotency-Key) is the record id too. */
function call(id: string, notes = 'Called the buyer') {
  return {
    id,
    type: 'phoneCall',
    operation: 'submit',
    data: {
      id,
      Home: 'h1',
      Staff: 'emp-2',
      Date: '2026-11-01T10:00:00.000Z',
      Notes: notes,
      Voicemail: false,
    },
  };
}

const callsOf = async (): Promise<number> => server.count('phoneCalls');

describe('enqueue', () => {
  it('stores before the optimistic change and refuses bad input with the spec text', async () => {
    const queue = makeQueue();
    const order: string[] = [];
    await queue.enqueue({
      ...call(crypto.randomUUID()),
      optimistic: async () => {
        order.push(`optimistic after ${await db.mutations.count()} stored`);
      },
    });
    expect(order).toEqual(['optimistic after 1 stored']);

    await expect(
      queue.enqueue({ type: 'phoneCall', operation: 'update', data: { id: 'x', Notes: 'n' } }),
    ).rejects.toThrow(
      new MutationValidationError(
        'Missing required field "Voicemail" for operation "update" in mutation type "phoneCall"',
      ),
    );
    expect(await db.mutations.count()).toBe(1);
  });

  it('gives "Failed to enqueue change." and changes nothing when the store fails', async () => {
    const queue = makeQueue();
    const optimistic = vi.fn();
    db.close();
    const attempt = queue.enqueue({ ...call(crypto.randomUUID()), optimistic });
    await expect(attempt).rejects.toBeInstanceOf(EnqueueError);
    await expect(attempt).rejects.toThrow(MESSAGES.enqueueFailed);
    expect(optimistic).not.toHaveBeenCalled();
  });
});

describe('replay against the real server', () => {
  it('sends each write with its id as Idempotency-Key, removes it, invalidates its keys', async () => {
    const invalidated: QueryKey[] = [];
    const queue = makeQueue({ invalidate: (keys) => void invalidated.push(...keys) });
    const before = await callsOf();
    const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    for (const id of ids) {
      await queue.enqueue({ ...call(id), queryKeys: [['phoneCalls', 'h1']] });
    }
    const result = await queue.process();
    expect(result).toMatchObject({ ran: true, sent: 3, failed: 0, pending: 0 });
    expect(await callsOf()).toBe(before + 3);
    expect(await db.mutations.count()).toBe(0);
    for (const id of ids) expect(network.sentWithKey(id)).toHaveLength(1);
    expect(network.batches).toEqual([3]); // one request carried the three writes
    expect(invalidated).toEqual([['phoneCalls', 'h1']]);
  });

  it('sends four batches of 5 to a request, requests on their way together, each write once', async () => {
    const queue = makeQueue();
    const before = await callsOf();
    const ids = Array.from({ length: 45 }, () => crypto.randomUUID());
    for (const id of ids) await queue.enqueue(call(id));
    const result = await queue.process();
    expect(result).toMatchObject({ sent: 45, failed: 0, pending: 0 });
    expect(network.batches).toEqual([20, 20, 5]);
    // The first two requests are on their way together, in the order the writes were queued.
    const writes = network.requests.filter((r) => r.idempotencyKey !== undefined);
    expect(writes.map((r) => r.idempotencyKey)).toEqual(ids);
    const [first, second] = [writes.slice(0, 20), writes.slice(20, 40)];
    expect(Math.max(...second.map((r) => r.startedAt))).toBeLessThan(
      Math.min(...first.map((r) => r.endedAt ?? Infinity)),
    );
    for (const id of ids) expect(network.sentWithKey(id)).toHaveLength(1);
    expect(await callsOf()).toBe(before + 45);
  });

  it('refreshes the queries of a long drain a few times: the first at once, the rest when it ends', async () => {
    const refreshes: { keys: QueryKey[]; passOver: boolean }[] = [];
    let passOver = false;
    const queue = makeQueue({
      requestsInFlight: 1,
      refreshGapMs: 60_000,
      invalidate: (keys) => void refreshes.push({ keys, passOver }),
    });
    queue.subscribe((event) => {
      if (event.type === 'pass-end') passOver = true;
    });
    for (let i = 0; i < 60; i += 1) {
      const id = crypto.randomUUID();
      await queue.enqueue({
        ...call(id),
        queryKeys: [
          ['phoneCalls', 'h1'],
          ['write', id],
        ],
      });
    }
    const started = Date.now();
    expect(await queue.process()).toMatchObject({ sent: 60, failed: 0, pending: 0 });
    // Not held up by the gap between refreshes: the pass ends once its writes are answered.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(network.batches).toEqual([20, 20, 20]);
    // The first request's writes at once, the other two requests' writes together, before
    // the pass reports its end; every write's keys were refreshed.
    expect(refreshes.map((r) => r.keys.filter((key) => key[0] === 'write').length)).toEqual([
      20, 40,
    ]);
    expect(refreshes.every((r) => !r.passOver)).toBe(true);
    expect(refreshes.flatMap((r) => r.keys).filter((key) => key[0] === 'phoneCalls')).toEqual([
      ['phoneCalls', 'h1'],
      ['phoneCalls', 'h1'],
    ]);
  });

  it('sends the next request as soon as one is answered, not after the slowest', async () => {
    const queue = makeQueue();
    const ids = Array.from({ length: 60 }, () => crypto.randomUUID());
    for (const id of ids) await queue.enqueue(call(id));
    // The first request is slow; the other writes must not wait for it.
    const slow = ids[0];
    network.fault = (request) => (request.idempotencyKey === slow ? { delayMs: 400 } : undefined);
    expect(await queue.process()).toMatchObject({ sent: 60, failed: 0, pending: 0 });
    const writes = network.requests.filter((r) => r.idempotencyKey !== undefined);
    const slowEnd = writes.find((r) => r.idempotencyKey === slow)?.endedAt ?? 0;
    const third = writes.find((r) => r.idempotencyKey === ids[40]);
    expect(third?.startedAt).toBeLessThan(slowEnd);
    expect(network.batches).toEqual([20, 20, 20]);
  });

  it('sends the writes alone when a batch request itself is refused', async () => {
    // A server without batches (or a body too large for one request) answers the batch
    // request, not the writes: nothing may fail or be lost for that.
    const client = createApiClient({
      baseUrl: server.url,
      fetch: (input, init) =>
        (input instanceof Request ? input.url : input.toString()).endsWith('/api/batch')
          ? Promise.resolve(jsonResponse(413, { error: 'Request body is too large' }))
          : network.fetch(input, init),
    });
    client.setToken(server.token);
    const queue = makeQueue({}, client);
    const before = await callsOf();
    const ids = [crypto.randomUUID(), crypto.randomUUID()];
    for (const id of ids) await queue.enqueue(call(id));
    expect(await queue.process()).toMatchObject({ sent: 2, failed: 0, pending: 0 });
    for (const id of ids) expect(network.sentWithKey(id)).toHaveLength(1);
    expect(network.batches).toEqual([]);
    expect(await callsOf()).toBe(before + 2);
  });

  it('a write whose response was lost is sent again and lands once', async () => {
    const queue = makeQueue();
    const before = await callsOf();
    const id = crypto.randomUUID();
    await queue.enqueue(call(id));
    network.fault = (request) =>
      request.idempotencyKey === id && network.sentWithKey(id).length === 1
        ? 'lose-response'
        : undefined;

    const first = await queue.process();
    expect(first).toMatchObject({ sent: 0, pending: 1 });
    expect(await callsOf()).toBe(before + 1); // the server committed it
    expect((await db.mutations.get(id))?.retryCount).toBe(1);

    const second = await queue.process();
    expect(second).toMatchObject({ sent: 1, pending: 0 });
    expect(network.sentWithKey(id)).toHaveLength(2);
    expect(await callsOf()).toBe(before + 1);
  });

  it('resumes a write left in flight by a closed tab, without a duplicate', async () => {
    const id = crypto.randomUUID();
    const before = await callsOf();
    const closedTab = makeQueue();
    await closedTab.enqueue(call(id));
    // The request reaches the server, which commits; the tab dies before the answer.
    network.fault = (request) =>
      request.idempotencyKey === id && network.sentWithKey(id).length === 1
        ? 'commit-then-hang'
        : undefined;
    void closedTab.process();
    await vi.waitFor(async () => expect(await callsOf()).toBe(before + 1));
    expect(await db.mutations.get(id)).toMatchObject({ inFlight: true, status: 'pending' });

    const reopened = makeQueue(); // same database, new instance: a reload
    const result = await reopened.process();
    expect(result).toMatchObject({ sent: 1, pending: 0 });
    expect(network.sentWithKey(id)).toHaveLength(2);
    expect(await db.mutations.count()).toBe(0);
    expect(await callsOf()).toBe(before + 1);
  });

  it('keeps writes to one record in order while other records go in parallel', async () => {
    const queue = makeQueue();
    const id = crypto.randomUUID();
    const others = [crypto.randomUUID(), crypto.randomUUID()];
    await queue.enqueue(call(id, 'first'));
    await queue.enqueue({
      type: 'phoneCall',
      operation: 'update',
      data: { id, Notes: 'second', Voicemail: true },
    });
    for (const other of others) await queue.enqueue(call(other));
    await queue.enqueue({ type: 'phoneCall', operation: 'delete', data: { id } });
    // The submit is slow: the others must not wait for it, the update and delete must.
    network.fault = (request) =>
      request.method === 'POST' && request.idempotencyKey !== undefined
        ? request.path.includes('submit') && (request.body as { id?: string }).id === id
          ? { delayMs: 150 }
          : undefined
        : undefined;

    const result = await queue.process();
    expect(result).toMatchObject({ sent: 5, failed: 0 });
    const writes = network.requests.filter((r) => r.idempotencyKey !== undefined);
    const ofRecord = writes.filter(
      (r) => r.path.includes(id) || (r.body as { id?: string }).id === id,
    );
    expect(ofRecord.map((r) => r.method)).toEqual(['POST', 'PATCH', 'DELETE']);
    const [submit, update, remove] = ofRecord;
    expect(update?.startedAt).toBeGreaterThan(submit?.endedAt ?? Infinity);
    expect(remove?.startedAt).toBeGreaterThan(update?.endedAt ?? Infinity);
    // The other records were sent while the slow submit was still on its way.
    for (const other of others) {
      expect(
        network.sentWithKey(
          writes.find((r) => (r.body as { id?: string }).id === other)?.idempotencyKey ?? '',
        )[0]?.startedAt,
      ).toBeLessThan(submit?.endedAt ?? 0);
    }
    const answer = await server.get(`/field_communication/phoneCalls/listByHome?homeId=h1`);
    const ids = (answer.body as { id: string }[]).map((c) => c.id); // Safe: a list answer.
    expect(ids).not.toContain(id);
    expect(ids).toEqual(expect.arrayContaining(others));
  });

  it('fails a 400 at once with the server text while the others go through', async () => {
    const events: QueueEvent[] = [];
    const queue = makeQueue();
    queue.subscribe((event) => events.push(event));
    const bad = crypto.randomUUID();
    const good = [crypto.randomUUID(), crypto.randomUUID()];
    const before = await callsOf();
    await queue.enqueue({ ...call(bad), data: { ...call(bad).data, Home: 'no-such-home' } });
    await queue.enqueue({
      type: 'phoneCall',
      operation: 'update',
      data: { id: bad, Notes: 'later', Voicemail: false },
    });
    for (const id of good) await queue.enqueue(call(id));

    const result = await queue.process();
    expect(result).toMatchObject({ sent: 2, failed: 1, pending: 1 });
    expect(network.sentWithKey(bad)).toHaveLength(1);
    expect(await db.mutations.get(bad)).toMatchObject({
      status: 'failed',
      retryCount: 0,
      error: 'Invalid value for "Home": no such home',
    });
    // The later write to the failed record waits behind it, unsent.
    const waiting = (await db.mutations.toArray()).find((m) => m.operation === 'update');
    expect(waiting).toMatchObject({ status: 'pending' });
    expect(network.requests.some((r) => r.method === 'PATCH')).toBe(false);
    expect(await callsOf()).toBe(before + 2);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'failed',
        message: 'Invalid value for "Home": no such home',
      }),
    );

    // Discard the bad one: the update now goes (and 404s, the record never existed).
    await queue.discard(bad);
    await queue.process();
    expect(await db.mutations.count()).toBe(1);
    expect((await db.mutations.toArray())[0]).toMatchObject({ status: 'failed' });
  });

  it('edit and retry send a fixed write', async () => {
    const queue = makeQueue();
    const id = crypto.randomUUID();
    const before = await callsOf();
    await queue.enqueue({ ...call(id), data: { ...call(id).data, Home: 'no-such-home' } });
    await queue.process();
    expect((await db.mutations.get(id))?.status).toBe('failed');
    await queue.edit(id, call(id).data);
    await queue.process();
    expect(await db.mutations.count()).toBe(0);
    expect(await callsOf()).toBe(before + 1);
  });

  it('a 401 refreshes the session and sends again', async () => {
    const client = makeClient();
    // The client dropped the rejected token; the refresh puts a valid one back.
    const refreshSession = vi.fn(() => {
      client.setToken(server.token);
      return Promise.resolve(true);
    });
    const queue = makeQueue({ refreshSession }, client);
    const id = crypto.randomUUID();
    await queue.enqueue(call(id));
    network.fault = (request) =>
      network.sentWithKey(id).length === 1 && request.idempotencyKey === id
        ? { respond: () => jsonResponse(401, { error: MESSAGES.authenticationRequired }) }
        : undefined;
    const result = await queue.process();
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(result.sent).toBe(1);
    expect((await db.mutations.get(id))?.retryCount).toBeUndefined();
  });

  it('two tabs with Web Locks send each write once', async () => {
    const before = await callsOf();
    const locks = fakeLockManager();
    const tabA = makeQueue({ lock: createWebLock(locks) });
    const tabB = makeQueue({ lock: createWebLock(locks) });
    const ids = Array.from({ length: 12 }, () => crypto.randomUUID());
    for (const [index, id] of ids.entries()) {
      await (index % 2 === 0 ? tabA : tabB).enqueue(call(id));
    }
    network.fault = () => ({ delayMs: 5 });
    const [a, b] = await Promise.all([tabA.process(), tabB.process()]);
    expect([a.ran, b.ran].sort()).toEqual([false, true]);
    for (const id of ids) expect(network.sentWithKey(id)).toHaveLength(1);
    expect(await callsOf()).toBe(before + 12);
    tabA.stop();
    tabB.stop();
  });

  it('two queue instances sharing the database lease send each write once', async () => {
    const before = await callsOf();
    const tabA = makeQueue({ lock: undefined });
    const tabB = makeQueue({ lock: undefined });
    const ids = Array.from({ length: 12 }, () => crypto.randomUUID());
    for (const [index, id] of ids.entries()) {
      await (index % 2 === 0 ? tabA : tabB).enqueue(call(id));
    }
    network.fault = () => ({ delayMs: 5 });
    const results = await Promise.all([tabA.process(), tabB.process(), tabA.process()]);
    // One of the two drained; the other found the lock taken.
    expect(results.filter((r) => r.ran).length).toBeGreaterThanOrEqual(1);
    await Promise.all([tabA.process(), tabB.process()]);
    for (const id of ids) expect(network.sentWithKey(id)).toHaveLength(1);
    expect(await callsOf()).toBe(before + 12);
  });
});

describe('retries (answers made up by the network)', () => {
  it('retries 5xx and fails after more than 3 retries with the error text', async () => {
    const events: QueueEvent[] = [];
    const queue = makeQueue();
    queue.subscribe((event) => events.push(event));
    const id = crypto.randomUUID();
    await queue.enqueue(call(id));
    network.fault = () => ({
      respond: () => jsonResponse(503, { error: 'Service unavailable' }),
    });
    for (let pass = 1; pass <= 3; pass += 1) {
      await queue.process();
      expect(await db.mutations.get(id)).toMatchObject({ status: 'pending', retryCount: pass });
    }
    await queue.process();
    expect(await db.mutations.get(id)).toMatchObject({
      status: 'failed',
      retryCount: 4,
      error: 'Service unavailable',
    });
    expect(network.sentWithKey(id)).toHaveLength(4);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'failed', message: mutationFailedMessage(id) }),
    );
    await queue.process();
    expect(network.sentWithKey(id)).toHaveLength(4);

    await queue.retry(id);
    network.fault = () => undefined;
    await queue.process();
    expect(await db.mutations.count()).toBe(0);
  });

  it('honours Retry-After on 429', async () => {
    let now = 1_000_000;
    const queue = makeQueue({ now: () => now, backoffMs: () => 0 });
    queue.stop(); // no background timer: the test moves the clock itself
    const id = crypto.randomUUID();
    await queue.enqueue(call(id));
    network.fault = (request) =>
      network.sentWithKey(id).length === 1 && request.idempotencyKey === id
        ? { respond: () => jsonResponse(429, { error: 'slow down' }, { 'Retry-After': '2' }) }
        : undefined;
    await queue.process();
    expect(await db.mutations.get(id)).toMatchObject({ nextAttemptAt: now + 2000 });
    now += 1999;
    await queue.process();
    expect(network.sentWithKey(id)).toHaveLength(1);
    now += 1;
    await queue.process();
    expect(network.sentWithKey(id)).toHaveLength(2);
    expect(await db.mutations.count()).toBe(0);
  });

  it('network errors retry; an unknown type fails with "No handler found."', async () => {
    const queue = makeQueue({ handlers: new Map() });
    const id = crypto.randomUUID();
    await queue.enqueue(call(id));
    await queue.process();
    expect(await db.mutations.get(id)).toMatchObject({
      status: 'failed',
      error: MESSAGES.noHandler,
    });
    expect(network.requests).toHaveLength(0);

    const other = makeQueue();
    const second = crypto.randomUUID();
    await other.enqueue(call(second));
    network.fault = () => (network.sentWithKey(second).length === 1 ? 'fail' : undefined);
    await other.process();
    expect(await db.mutations.get(second)).toMatchObject({ status: 'pending', retryCount: 1 });
    await other.process();
    expect(await db.mutations.get(second)).toBeUndefined();
  });

  it('sends nothing while offline', async () => {
    let online = false;
    const queue = makeQueue({ isOnline: () => online });
    await queue.enqueue(call(crypto.randomUUID()));
    expect(await queue.process()).toMatchObject({ ran: false, pending: 1 });
    expect(network.requests).toHaveLength(0);
    online = true;
    expect(await queue.process()).toMatchObject({ ran: true, sent: 1 });

    // The connection drops mid-request: the write waits, its retries untouched.
    const id = crypto.randomUUID();
    await queue.enqueue(call(id));
    network.fault = () => {
      online = false;
      return 'fail';
    };
    await queue.process();
    expect(await db.mutations.get(id)).toMatchObject({ retryCount: 0, inFlight: false });
  });
});

describe('files through the queue', () => {
  it('uploads the bytes before the item that shows them, then lets the file go', async () => {
    const files = createFileStore(db, createIndexedDbBlobStore(db));
    const queue = makeQueue({ handlers: createDefaultHandlers({ readFile: files.readForUpload }) });
    const stopReleasing = releaseUploadedFiles(queue, files);
    const photo = await files.add({
      blob: new Blob(['jpeg bytes'], { type: 'image/jpeg' }),
      name: 'crack.jpg',
    });
    const itemId = crypto.randomUUID();
    const ref = await queueFileUpload(queue, files, {
      fileId: photo.id,
      collection: 'walk-items',
      key: `${itemId}/crack.jpg`,
    });
    expect((await files.get(photo.id)).refCount).toBe(2); // the screen's and the queue's
    await queue.enqueue({
      type: 'walkItem',
      operation: 'submit',
      data: {
        id: itemId,
        Walk: 'frame-punch',
        WalkID: 'w-predrywall',
        Category: 'Drywall',
        Location: 'Kitchen',
        Name: 'Crack above the window',
        Photos: [ref],
      },
    });
    // The upload fails once: the item must not go before the bytes are there.
    network.fault = (request) =>
      request.path.startsWith('/api/files/') && network.requests.length === 1 ? 'fail' : undefined;
    await queue.process();
    expect(network.requests.map((r) => r.method + ' ' + r.path.split('?')[0])).toEqual([
      `POST /api/files/walk-items/${itemId}/crack.jpg`,
    ]);
    await queue.process();
    const order = network.requests.map((r) => r.path.split('/').slice(0, 4).join('/'));
    expect(order).toEqual([
      '/api/files/walk-items',
      '/api/files/walk-items',
      '/api/field_walks/item',
    ]);
    const bytes = await server.get(`/files/walk-items/${itemId}/crack.jpg`);
    expect(bytes).toMatchObject({ status: 200, body: 'jpeg bytes' });
    await vi.waitFor(async () => expect((await files.get(photo.id)).refCount).toBe(1));
    stopReleasing();
  });
});

describe('a walk made offline (issue 10): writes wait for the records and files they need', () => {
  type Queued = { path: string; key: string | undefined; startedAt: number; endedAt: number };

  function closingWalk(id: string) {
    return {
      id,
      type: 'closing',
      operation: 'submit',
      data: {
        id,
        date: '2026-11-02T09:00:00.000Z',
        selectedHome: 'h1',
        user: 'emp-2',
        type: 'final-punch',
      },
    };
  }

  /** An item added on a walk: its mutation id is its record id. */
  function itemOn(walkId: string, name = 'Scuff by the door') {
    const id = crypto.randomUUID();
    return {
      id,
      type: 'walkItem',
      operation: 'submit',
      data: {
        id,
        Walk: 'final-punch',
        WalkID: walkId,
        Category: 'Paint',
        Location: 'Hall',
        Name: name,
      },
    };
  }

  /**
   * What a closing walk done offline queues, in the order the screens queue it: the walk,
   * an item on it, a photo's bytes and the walk's change listing it, the PDF's bytes and
   * the walk's change pointing at it.
   */
  async function queueWalk(queue: MutationQueue, files: ReturnType<typeof createFileStore>) {
    const walkId = crypto.randomUUID();
    await queue.enqueue(closingWalk(walkId));
    const item = itemOn(walkId);
    await queue.enqueue(item);
    const photo = await files.add({
      blob: new Blob(['jpeg bytes'], { type: 'image/jpeg' }),
      name: 'porch.jpg',
    });
    const photoRef = await queueFileUpload(queue, files, {
      fileId: photo.id,
      collection: 'closing',
      key: `${walkId}/porch.jpg`,
    });
    const withPhoto = crypto.randomUUID();
    await queue.enqueue({
      id: withPhoto,
      type: 'closing',
      operation: 'update',
      data: { id: walkId, uploadedFiles: [photoRef] },
    });
    const pdf = await files.add({
      blob: new Blob(['%PDF-1.7 walk'], { type: 'application/pdf' }),
      name: 'walk.pdf',
    });
    await queueFileUpload(queue, files, {
      fileId: pdf.id,
      collection: 'closing',
      key: `${walkId}/walk.pdf`,
    });
    const withPdf = crypto.randomUUID();
    const pdfUrl = `/api/files/closing/${walkId}/walk.pdf`;
    await queue.enqueue({
      id: withPdf,
      type: 'closing',
      operation: 'update',
      data: { id: walkId, pdfUrl },
    });
    return {
      walkId,
      itemId: item.id,
      withPhoto,
      withPdf,
      pdfUrl,
      photoRef,
      photoPath: `/api/files/closing/${walkId}/porch.jpg`,
      pdfPath: `/api/files/closing/${walkId}/walk.pdf`,
    };
  }

  function fileQueue(overrides: Partial<ConstructorParameters<typeof MutationQueue>[0]> = {}) {
    const files = createFileStore(db, createIndexedDbBlobStore(db));
    const queue = makeQueue({
      handlers: createDefaultHandlers({ readFile: files.readForUpload }),
      ...overrides,
    });
    queue.stop(); // no background passes: each test runs its own
    return { files, queue };
  }

  /** Every request of a write (by key) or a file (by path), in the order they started. */
  function sent(match: { key?: string; path?: string }): Queued[] {
    return network.requests
      .filter((r) =>
        match.key !== undefined ? r.idempotencyKey === match.key : r.path === match.path,
      )
      .map((r) => ({
        path: r.path,
        key: r.idempotencyKey,
        startedAt: r.startedAt,
        endedAt: r.endedAt ?? Infinity,
      }));
  }
  const first = (requests: Queued[]): Queued => {
    const [request] = requests;
    if (request === undefined) throw new Error('never sent');
    return request;
  };
  const last = (requests: Queued[]): Queued => {
    const request = requests.at(-1);
    if (request === undefined) throw new Error('never sent');
    return request;
  };
  const touchesItems = (r: { path: string }) => r.path.startsWith('/api/field_walks/item/');
  const updatesWalk = (walkId: string) => (r: { path: string }) =>
    r.path.startsWith(`/api/field_walks/closing/update/${walkId}`);

  async function walkOnServer(walkId: string): Promise<Record<string, unknown> | undefined> {
    const { body } = await server.get('/field_walks/closing/listByHome?homeId=h1');
    const walks: unknown[] = Array.isArray(body) ? body : [];
    return walks.find(
      (w): w is Record<string, unknown> =>
        typeof w === 'object' && w !== null && 'id' in w && w.id === walkId,
    );
  }

  async function itemsOnServer(walkId: string): Promise<string[]> {
    const { body } = await server.get(`/field_walks/item/listByWalk?walkId=${walkId}`);
    const items: unknown[] = Array.isArray(body) ? body : [];
    return items.map((i) => (typeof i === 'object' && i !== null && 'id' in i ? String(i.id) : ''));
  }

  it('sends the walk first, through a 503 and a tab closed mid-request, each write once', async () => {
    let online = false;
    const { files, queue: closedTab } = fileQueue({ isOnline: () => online });
    const walksBefore = await server.count('closing');
    const itemsBefore = await server.count('walkItems');
    const walk = await queueWalk(closedTab, files);
    const unrelated = crypto.randomUUID();
    await closedTab.enqueue(call(unrelated));
    expect(await closedTab.process()).toMatchObject({ ran: false, pending: 7 });
    expect(network.requests).toHaveLength(0);

    // Back online; the server turns the walk away for now.
    online = true;
    network.fault = (request) =>
      request.idempotencyKey === walk.walkId && sent({ key: walk.walkId }).length === 1
        ? { respond: () => jsonResponse(503, { error: 'Service unavailable' }) }
        : undefined;
    expect(await closedTab.process()).toMatchObject({ sent: 3, failed: 0, pending: 4 });
    // Nothing that needs the walk went; the files' bytes and the unrelated call did.
    expect(network.requests.some(touchesItems)).toBe(false);
    expect(network.requests.some(updatesWalk(walk.walkId))).toBe(false);
    expect(sent({ path: walk.photoPath })).toHaveLength(1);
    expect(sent({ path: walk.pdfPath })).toHaveLength(1);
    expect(sent({ key: unrelated })).toHaveLength(1);
    const waiting = await db.mutations.toArray();
    expect(waiting.map((row) => row.status)).toEqual(['pending', 'pending', 'pending', 'pending']);
    expect(await server.count('closing')).toBe(walksBefore);

    // The walk goes again; the server commits it and the tab is closed before the answer.
    network.fault = (request) =>
      request.idempotencyKey === walk.walkId && sent({ key: walk.walkId }).length === 2
        ? 'commit-then-hang'
        : undefined;
    void closedTab.process();
    await vi.waitFor(async () => expect(await server.count('closing')).toBe(walksBefore + 1), {
      timeout: 15_000,
    });
    expect(network.requests.some(touchesItems)).toBe(false);

    // The app opens again: the same database, a new queue.
    const reopened = makeQueue({
      handlers: createDefaultHandlers({ readFile: files.readForUpload }),
    });
    reopened.stop();
    expect(await reopened.process()).toMatchObject({ sent: 4, failed: 0, pending: 0 });
    expect(await db.mutations.count()).toBe(0);

    // Each record once on the server, each dependant sent once and after what it needs.
    expect(await server.count('closing')).toBe(walksBefore + 1);
    expect(await server.count('walkItems')).toBe(itemsBefore + 1);
    const walkDone = last(sent({ key: walk.walkId })).endedAt;
    const item = sent({ key: walk.itemId });
    const photoChange = sent({ key: walk.withPhoto });
    const pdfChange = sent({ key: walk.withPdf });
    for (const requests of [item, photoChange, pdfChange]) expect(requests).toHaveLength(1);
    expect(sent({ path: walk.photoPath })).toHaveLength(1);
    expect(sent({ path: walk.pdfPath })).toHaveLength(1);
    expect(first(item).startedAt).toBeGreaterThan(walkDone);
    expect(first(photoChange).startedAt).toBeGreaterThan(walkDone);
    expect(first(photoChange).startedAt).toBeGreaterThan(
      first(sent({ path: walk.photoPath })).endedAt,
    );
    expect(first(pdfChange).startedAt).toBeGreaterThan(first(photoChange).endedAt);
    expect(first(pdfChange).startedAt).toBeGreaterThan(first(sent({ path: walk.pdfPath })).endedAt);

    expect(await walkOnServer(walk.walkId)).toMatchObject({
      pdfUrl: walk.pdfUrl,
      uploadedFiles: [walk.photoRef],
    });
    expect(await itemsOnServer(walk.walkId)).toEqual([walk.itemId]);
    expect(await server.get(`/files/closing/${walk.walkId}/walk.pdf`)).toMatchObject({
      status: 200,
    });
  });

  it('a walk the server refuses keeps what needs it waiting until it is retried', async () => {
    const { files, queue } = fileQueue();
    const walksBefore = await server.count('closing');
    const walk = await queueWalk(queue, files);
    // Two items on a walk the server already has, the first refused: the second is not
    // held up by it, nor by the refused new walk.
    const refusedItem = itemOn('w-final', 'Refused item');
    const siblingItem = itemOn('w-final', 'Sibling item');
    await queue.enqueue(refusedItem);
    await queue.enqueue(siblingItem);
    const unrelated = crypto.randomUUID();
    await queue.enqueue(call(unrelated));
    network.fault = (request) =>
      (request.idempotencyKey === walk.walkId && sent({ key: walk.walkId }).length === 1) ||
      request.idempotencyKey === refusedItem.id
        ? { respond: () => jsonResponse(400, { error: 'Invalid value for "date"' }) }
        : undefined;

    expect(await queue.process()).toMatchObject({ sent: 4, failed: 2, pending: 3 });
    expect(await db.mutations.get(walk.walkId)).toMatchObject({
      status: 'failed',
      error: 'Invalid value for "date"',
    });
    // The walk's dependants wait: not sent, not failed, no retry spent.
    for (const id of [walk.itemId, walk.withPhoto, walk.withPdf]) {
      expect(await db.mutations.get(id)).toMatchObject({ status: 'pending', retryCount: 0 });
      expect(sent({ key: id })).toHaveLength(0);
    }
    expect(sent({ key: siblingItem.id })).toHaveLength(1);
    expect(sent({ key: unrelated })).toHaveLength(1);
    expect(await db.mutations.get(siblingItem.id)).toBeUndefined();
    // Another pass changes nothing while the walk stays failed.
    expect(await queue.process()).toMatchObject({ sent: 0, failed: 0, pending: 3 });
    expect(network.requests.some(updatesWalk(walk.walkId))).toBe(false);

    // Retried (the Mutation Queue view's Retry): the walk goes, then all that needed it.
    await queue.discard(refusedItem.id);
    await queue.retry(walk.walkId);
    await queue.process();
    await vi.waitFor(async () => expect(await db.mutations.count()).toBe(0), {
      timeout: 15_000,
    });
    expect(await server.count('closing')).toBe(walksBefore + 1);
    expect(await itemsOnServer(walk.walkId)).toEqual([walk.itemId]);
    const walkDone = last(sent({ key: walk.walkId })).endedAt;
    for (const id of [walk.itemId, walk.withPhoto, walk.withPdf]) {
      expect(sent({ key: id })).toHaveLength(1);
      expect(first(sent({ key: id })).startedAt).toBeGreaterThan(walkDone);
    }
  });

  it('discarding the refused walk lets its dependants go, and the server refuses them', async () => {
    const { files, queue } = fileQueue();
    const walk = await queueWalk(queue, files);
    network.fault = (request) =>
      request.idempotencyKey === walk.walkId
        ? { respond: () => jsonResponse(400, { error: 'Invalid value for "date"' }) }
        : undefined;
    await queue.process();
    expect(network.requests.some(touchesItems)).toBe(false);

    await queue.discard(walk.walkId);
    await queue.process();
    // The item names a walk the server never got: a 400, failed for the user to see.
    expect(await db.mutations.get(walk.itemId)).toMatchObject({
      status: 'failed',
      error: 'Invalid value for "WalkID": no such walk',
    });
    expect(await db.mutations.get(walk.withPhoto)).toMatchObject({ status: 'failed' });
    // The PDF's change waits behind the failed change of the same walk.
    expect(await db.mutations.get(walk.withPdf)).toMatchObject({ status: 'pending' });
    expect(sent({ key: walk.withPdf })).toHaveLength(0);
  });

  it('orders rows stored with the old record keys against new ones', async () => {
    const queue = makeQueue();
    queue.stop();
    const legacy = (id: string, type: string, data: Record<string, unknown>, timestamp: number) =>
      db.mutations.add({
        id,
        type,
        operation: 'submit',
        data,
        queryKeys: [],
        timestamp,
        retryCount: 0,
        status: 'pending',
        recordKeys: [`${type}:${id}`], // as versions before cross-resource keys stored them
        inFlight: false,
        nextAttemptAt: 0,
      });
    const walkId = crypto.randomUUID();
    const callId = crypto.randomUUID();
    await legacy(walkId, 'closing', closingWalk(walkId).data, 1);
    await legacy(callId, 'phoneCall', call(callId).data, 2);
    const item = itemOn(walkId);
    await queue.enqueue(item);
    const change = crypto.randomUUID();
    await queue.enqueue({
      id: change,
      type: 'phoneCall',
      operation: 'update',
      data: { id: callId, Notes: 'Called back', Voicemail: true },
    });
    const legacyIds: string[] = [walkId, callId];
    network.fault = (request) =>
      legacyIds.includes(request.idempotencyKey ?? '') &&
      sent({ key: request.idempotencyKey ?? '' }).length === 1
        ? { respond: () => jsonResponse(503, { error: 'Service unavailable' }) }
        : undefined;

    await queue.process();
    expect(sent({ key: item.id })).toHaveLength(0);
    expect(sent({ key: change })).toHaveLength(0);

    expect(await queue.process()).toMatchObject({ sent: 4, failed: 0, pending: 0 });
    expect(first(sent({ key: item.id })).startedAt).toBeGreaterThan(
      last(sent({ key: walkId })).endedAt,
    );
    expect(first(sent({ key: change })).startedAt).toBeGreaterThan(
      last(sent({ key: callId })).endedAt,
    );
    expect(await itemsOnServer(walkId)).toEqual([item.id]);
  });
});

describe('differential sync against the real server', () => {
  it('picks up a home changed through the queue with listActiveUpdatedAfter', async () => {
    interface Home extends SyncedRecord {
      Address: string;
    }
    // Safe for the test: the server answers lists of homes.
    const homes = anyJson as Parser<Home[]>;
    const client = makeClient();
    let now = Date.now();
    const first = await syncList(SYNCED_LISTS.homes, {
      client,
      db,
      parser: homes,
      current: undefined,
      now: () => now,
    });
    expect(first.map((h) => h.id)).toEqual(expect.arrayContaining(['h1', 'h2']));

    const queue = makeQueue();
    await queue.enqueue({
      type: 'home',
      operation: 'update',
      data: { id: 'h2', Address: '2 New Road' },
    });
    expect(await queue.process()).toMatchObject({ sent: 1 });

    now += 60_000;
    const second = await syncList(SYNCED_LISTS.homes, {
      client,
      db,
      parser: homes,
      current: first,
      now: () => now,
    });
    const asked = network.requests.filter((r) => r.path.includes('listActiveUpdatedAfter'));
    expect(asked).toHaveLength(1);
    expect(second.find((h) => h.id === 'h2')?.Address).toBe('2 New Road');
    expect(second).toHaveLength(first.length);
  });
});

describe('writes carry their author (a shared device)', () => {
  /** The writes each request carried, with the bearer token it went under. */
  interface Carried {
    key: string;
    authorization: string | null;
  }

  /** A client whose token changes with the signed-in user, recording who sent what. */
  function sessionClient(carried: Carried[]): ApiClient {
    const client = createApiClient({
      baseUrl: server.url,
      fetch: (input, init) => {
        const authorization = new Headers(init?.headers).get('Authorization');
        const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
        const writes: unknown[] =
          typeof body === 'object' &&
          body !== null &&
          'writes' in body &&
          Array.isArray(body.writes)
            ? body.writes
            : [];
        for (const write of writes) {
          if (typeof write === 'object' && write !== null && 'key' in write) {
            carried.push({ key: String(write.key), authorization });
          }
        }
        return network.fetch(input, init);
      },
    });
    return client;
  }

  it("never sends a write under another user's session; it goes when its author is back", async () => {
    const tokenA = server.token;
    const tokenB = await server.otherUserToken();
    const carried: Carried[] = [];
    const client = sessionClient(carried);
    let current: string | null = 'user-a';
    client.setToken(tokenA);
    const queue = makeQueue({ currentUser: () => current }, client);
    const before = await callsOf();

    // A queues two calls offline (nothing is sent), then signs out, keeping them.
    const a1 = crypto.randomUUID();
    const a2 = crypto.randomUUID();
    await queue.enqueue(call(a1, 'A first'));
    await queue.enqueue(call(a2, 'A second'));
    expect((await db.mutations.get(a1))?.author).toBe('user-a');
    current = null;
    client.setToken(null);
    expect(await queue.process()).toMatchObject({ sent: 0, failed: 0, pending: 0 });

    // B signs in on the same device and queues a call of their own.
    current = 'user-b';
    client.setToken(tokenB);
    const b1 = crypto.randomUUID();
    await queue.enqueue(call(b1, 'B only'));
    expect(await queue.process()).toMatchObject({ sent: 1, failed: 0, pending: 0 });
    expect(carried).toEqual([{ key: b1, authorization: `Bearer ${tokenB}` }]);
    expect(await callsOf()).toBe(before + 1);
    // A's writes wait: not sent, not failed, not counted, not listed for B.
    for (const id of [a1, a2]) {
      expect(await db.mutations.get(id)).toMatchObject({
        status: 'pending',
        retryCount: 0,
        inFlight: false,
        author: 'user-a',
      });
    }
    expect(await queue.list()).toEqual([]);
    expect(await queue.sendAllNow(1_000)).toEqual([]);
    expect(carried.map((c) => c.key)).toEqual([b1]);

    // B signs out; A signs in again: A's writes go, once each, under A's session.
    current = 'user-a';
    client.setToken(tokenA);
    expect(await queue.process()).toMatchObject({ sent: 2, failed: 0, pending: 0 });
    expect(carried.slice(1)).toEqual([
      { key: a1, authorization: `Bearer ${tokenA}` },
      { key: a2, authorization: `Bearer ${tokenA}` },
    ]);
    expect(await queue.process()).toMatchObject({ sent: 0 });
    expect(await callsOf()).toBe(before + 3);
    expect(await db.mutations.count()).toBe(0);
  });

  it("does not send a write when a refresh after a 401 brings another user's session", async () => {
    const tokenB = await server.otherUserToken();
    const carried: Carried[] = [];
    const client = sessionClient(carried);
    let current: string | null = 'user-a';
    client.setToken('expired-token-of-a');
    const queue = makeQueue(
      {
        currentUser: () => current,
        // The refresh cookie on the device now belongs to B (signed in in another tab).
        refreshSession: () => {
          current = 'user-b';
          client.setToken(tokenB);
          return Promise.resolve(true);
        },
      },
      client,
    );
    const before = await callsOf();
    const a1 = crypto.randomUUID();
    await queue.enqueue(call(a1, 'A after refresh'));
    const result = await queue.process();
    expect(result).toMatchObject({ sent: 0, failed: 0 });
    expect(carried.filter((c) => c.authorization === `Bearer ${tokenB}`)).toEqual([]);
    expect(await db.mutations.get(a1)).toMatchObject({
      status: 'pending',
      retryCount: 0,
      inFlight: false,
    });
    expect(await callsOf()).toBe(before);
  });

  it('Send now resends the failed and waiting writes of the signed-in user only', async () => {
    let current: string | null = 'user-a';
    const queue = makeQueue({ currentUser: () => current, maxRetries: 0 });
    const a1 = crypto.randomUUID();
    const b1 = crypto.randomUUID();
    await queue.enqueue(call(a1, 'A kept'));
    current = 'user-b';
    await queue.enqueue(call(b1, 'B failed once'));
    network.fault = (request) =>
      request.idempotencyKey === b1 && network.sentWithKey(b1).length === 1
        ? { respond: () => jsonResponse(503, { error: 'down' }) }
        : undefined;
    expect(await queue.process()).toMatchObject({ failed: 1 });
    expect((await db.mutations.get(b1))?.status).toBe('failed');

    expect(await queue.sendAllNow(5_000)).toEqual([]);
    expect(await db.mutations.get(b1)).toBeUndefined();
    expect(network.sentWithKey(a1)).toEqual([]);
    expect((await db.mutations.get(a1))?.status).toBe('pending');
  });
});
