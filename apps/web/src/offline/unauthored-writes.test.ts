// @vitest-environment node
// The real server (Fastify, jose) runs in this process: jsdom's globals would break it.
import 'fake-indexeddb/auto';
// A queued write that records no author (stored while nobody was signed in, or by an older
// version) is nobody's: whoever signs in next does not send it. It stays on the device,
// marked failed with why, listed and counted for the user's attention.
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@field/domain';
import type { QueueEvent } from './queue-types';
import { call, callsOf, db, makeQueue, network, setUpQueueTests } from './testing/queue-harness';

setUpQueueTests('unauthored-writes-test');

describe('a queued write without an author', () => {
  it('is never sent under whoever signs in next, and is kept and shown instead', async () => {
    // Stored while nobody was signed in: the queue records no author then.
    let current: string | null = null;
    const queue = makeQueue({ currentUser: () => current });
    const nobodys = crypto.randomUUID();
    await queue.enqueue(call(nobodys, 'Queued while signed out'));
    expect((await db.mutations.get(nobodys))?.author).toBeUndefined();
    const before = await callsOf();

    // Someone signs in and the queue runs, again and again, and "Send now" too.
    current = 'user-b';
    const failures: QueueEvent[] = [];
    queue.subscribe((event) => {
      if (event.type === 'failed') failures.push(event);
    });
    const mine = crypto.randomUUID();
    await queue.enqueue(call(mine, 'B own call'));
    expect(await queue.process()).toMatchObject({ sent: 1 });
    expect(await queue.process()).toMatchObject({ sent: 0 });
    await queue.retry(nobodys);
    expect(await queue.process()).toMatchObject({ sent: 0 });
    await queue.sendAllNow(1_000);

    // Never sent: the server got B's call only, and no request carried the other.
    expect(await callsOf()).toBe(before + 1);
    const carried = network.requests.map((r) => JSON.stringify(r.body ?? ''));
    expect(carried.some((body) => body.includes(nobodys))).toBe(false);
    // Kept, failed with why, listed for B's attention.
    expect(await db.mutations.get(nobodys)).toMatchObject({
      status: 'failed',
      inFlight: false,
      error: MESSAGES.unauthoredWrite,
    });
    expect((await queue.list()).map((row) => row.id)).toEqual([nobodys]);
    expect(failures.length).toBeGreaterThan(0);
    expect(failures[0]).toMatchObject({
      mutation: { id: nobodys },
      message: MESSAGES.unauthoredWrite,
    });
    // The user may delete it; only then is it gone.
    await queue.discard(nobodys);
    expect(await db.mutations.get(nobodys)).toBeUndefined();
  });
});
