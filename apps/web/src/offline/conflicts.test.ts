// @vitest-environment node
// The real server (Fastify, jose) runs in this process: jsdom's globals would break it.
// Two people's queues (two devices, two users) write the same phone call: the second
// write, based on what its user saw, is parked as a conflict with both values and who
// changed theirs; each choice ends with the server holding what was chosen, once; writes
// of different fields go through without asking.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../api/client';
import { openFieldDatabase } from './database';
import { createDefaultHandlers } from './mutation-handlers';
import { MutationQueue } from './mutation-queue';
import type { RealServer } from './testing/real-server';
import { startRealServer } from './testing/real-server';

let server: RealServer;
let devices = 0;

beforeAll(async () => {
  server = await startRealServer();
});
afterAll(async () => {
  await server.close();
});

type Call = Record<string, unknown> & { id: string; updatedAt: string };

function device(token: string) {
  devices += 1;
  const db = openFieldDatabase(`conflicts-test-${devices}`);
  const client = createApiClient({ baseUrl: server.url });
  client.setToken(token);
  const queue = new MutationQueue({
    db,
    client,
    handlers: createDefaultHandlers(),
    lock: { runExclusive: async (task) => ({ acquired: true, value: await task() }) },
    isOnline: () => true,
    processOnEnqueue: false,
    backoffMs: () => 0,
  });
  return { db, queue };
}

async function serverCall(id: string): Promise<Call> {
  const answer = await server.get('/field_communication/phoneCalls/listByHome?homeId=h1');
  const found = (answer.body as Call[]).find((c) => c.id === id);
  if (found === undefined) throw new Error(`no call ${id}`);
  return found;
}

async function history(id: string): Promise<{ operation: string }[]> {
  return (await server.get(`/history?kind=phoneCalls&id=${id}`)).body as { operation: string }[];
}

/** A call on the server, then seen by both users as it is. */
async function sharedCall(): Promise<{ id: string; seen: Call }> {
  const id = crypto.randomUUID();
  const { queue } = device(server.token);
  await queue.enqueue({
    type: 'phoneCall',
    operation: 'submit',
    data: {
      id,
      Home: 'h1',
      Staff: 'emp-2',
      Date: '2026-11-01T10:00:00.000Z',
      Notes: 'first',
      Voicemail: false,
    },
  });
  await queue.process();
  return { id, seen: await serverCall(id) };
}

function edit(seen: Call, changes: Record<string, unknown>) {
  const data = { Notes: seen['Notes'], Voicemail: seen['Voicemail'], ...changes, id: seen.id };
  const fields: Record<string, unknown> = {};
  for (const field of Object.keys(data)) if (field !== 'id') fields[field] = seen[field];
  return {
    type: 'phoneCall',
    operation: 'update',
    data,
    base: { updatedAt: seen.updatedAt, fields },
  };
}

describe('two people change the same phone call', () => {
  let other: string;
  beforeAll(async () => {
    other = await server.otherUserToken();
  });

  async function conflicted() {
    const { id, seen } = await sharedCall();
    const them = device(other);
    const me = device(server.token);
    await them.queue.enqueue(edit(seen, { Notes: 'theirs' }));
    await me.queue.enqueue(edit(seen, { Notes: 'mine' }));
    expect((await them.queue.process()).sent).toBe(1);
    const pass = await me.queue.process();
    expect(pass).toMatchObject({ sent: 0, failed: 0, pending: 0 });
    const [row] = await me.queue.list();
    return { id, me, row };
  }

  it('parks the second write as a conflict with both values and who changed theirs', async () => {
    const { id, row } = await conflicted();
    expect(row?.status).toBe('conflict');
    expect(row?.conflict?.fields).toEqual([
      expect.objectContaining({
        field: 'Notes',
        mine: 'mine',
        theirs: 'theirs',
        changedBy: expect.objectContaining({ name: 'Test User' }) as unknown,
      }),
    ]);
    // Parked, not retried: another pass sends nothing and the server keeps theirs.
    expect((await serverCall(id))['Notes']).toBe('theirs');
  });

  it('keep mine: the server ends with mine, written once more', async () => {
    const { id, me, row } = await conflicted();
    await me.queue.resolve(row?.id ?? '', () => 'mine');
    expect((await me.queue.process()).sent).toBe(1);
    expect((await serverCall(id))['Notes']).toBe('mine');
    expect(await me.queue.list()).toEqual([]);
    expect((await history(id)).map((e) => e.operation)).toEqual(['create', 'update', 'update']);
  });

  it('take theirs: nothing more is written', async () => {
    const { id, me, row } = await conflicted();
    await me.queue.resolve(row?.id ?? '', () => 'theirs');
    expect(await me.queue.list()).toEqual([]);
    expect((await serverCall(id))['Notes']).toBe('theirs');
    expect((await history(id)).map((e) => e.operation)).toEqual(['create', 'update']);
  });

  it('merges changes of different fields without asking', async () => {
    const { id, seen } = await sharedCall();
    const them = device(other);
    const me = device(server.token);
    await them.queue.enqueue(edit(seen, { Notes: 'theirs' }));
    await me.queue.enqueue(edit(seen, { Voicemail: true }));
    await them.queue.process();
    expect((await me.queue.process()).sent).toBe(1);
    expect(await serverCall(id)).toMatchObject({ Notes: 'theirs', Voicemail: true });
  });

  it('parks a delete of a call someone else changed; "delete anyway" deletes it', async () => {
    const { id, seen } = await sharedCall();
    const them = device(other);
    const me = device(server.token);
    await them.queue.enqueue(edit(seen, { Notes: 'theirs' }));
    await them.queue.process();
    await me.queue.enqueue({
      type: 'phoneCall',
      operation: 'delete',
      data: { id },
      base: { updatedAt: seen.updatedAt },
    });
    await me.queue.process();
    const [row] = await me.queue.list();
    expect(row?.status).toBe('conflict');
    await me.queue.resolve(row?.id ?? '', () => 'mine');
    await me.queue.process();
    expect(await me.queue.list()).toEqual([]);
    await expect(serverCall(id)).rejects.toThrow('no call');
  });
});
