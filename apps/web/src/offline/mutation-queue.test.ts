// @vitest-environment node
// The real server (Fastify, jose) runs in this process: jsdom's globals would break it.
import 'fake-indexeddb/auto';
// The queue's own actions: storing a write, editing and retrying it, whose writes are
// sent and listed, and a write read back by differential sync.
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@field/domain';
import type { ApiClient, Parser } from '../api/client';
import { anyJson, createApiClient } from '../api/client';
import type { SyncedRecord } from './differential-sync';
import { SYNCED_LISTS, syncList } from './differential-sync';
import { EnqueueError, MutationValidationError } from './queue-types';
import { jsonResponse } from './testing/network';
import {
  call,
  callsOf,
  db,
  makeClient,
  makeQueue,
  network,
  server,
  setUpQueueTests,
} from './testing/queue-harness';

setUpQueueTests('queue-test');

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
