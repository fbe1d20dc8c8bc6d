// @vitest-environment node
// The real server (Fastify, jose) runs in this process: jsdom's globals would break it.
import 'fake-indexeddb/auto';
// What failures do to writes, end to end: a 400 fails at once, 5xx and lost answers
// retry and fail after more than 3 retries, Retry-After, no handler, offline.
import { describe, expect, it } from 'vitest';
import { MESSAGES, mutationFailedMessage } from '@field/domain';
import type { QueueEvent } from './mutation-queue';
import { jsonResponse } from './testing/network';
import { call, callsOf, db, makeQueue, network, setUpQueueTests } from './testing/queue-harness';

setUpQueueTests('queue-failures-test');

describe('replay against the real server', () => {
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
