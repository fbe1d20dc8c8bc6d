// @vitest-environment node
// The real server (Fastify, jose) runs in this process: jsdom's globals would break it.
import 'fake-indexeddb/auto';
// Sending: each write's id as its Idempotency-Key, four batches of 5 to a request, a
// refused batch request, a 401 answered by a refresh.
import { describe, expect, it, vi } from 'vitest';
import type { QueryKey } from '@tanstack/react-query';
import { MESSAGES } from '@field/domain';
import { createApiClient } from '../api/client';
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

setUpQueueTests('queue-transport-test');

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
});
