// @vitest-environment node
// The real server (Fastify, jose) runs in this process: jsdom's globals would break it.
import 'fake-indexeddb/auto';
// Passes: requests overlapping within a pass, queries refreshed a few times per drain,
// a lost answer or a closed tab sent again without duplicates, one tab at a time.
import { describe, expect, it, vi } from 'vitest';
import type { QueryKey } from '@tanstack/react-query';
import { createWebLock } from './queue-lock';
import { fakeLockManager } from './testing/locks';
import { call, callsOf, db, makeQueue, network, setUpQueueTests } from './testing/queue-harness';

setUpQueueTests('queue-pass-test');

describe('replay against the real server', () => {
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
