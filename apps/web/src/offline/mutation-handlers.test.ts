// @vitest-environment node
// The real server (Fastify, jose) runs in this process: jsdom's globals would break it.
// Section 5: "A save response without a record id is an error: No record ID returned from
// the server." Checked on the answers of the registry's writes, alone and in a batch.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@field/domain';
import type { ApiClient } from '../api/client';
import { createApiClient } from '../api/client';
import type { FieldDatabase } from './database';
import { openFieldDatabase } from './database';
import { PermanentMutationError, createDefaultHandlers, handlerKey } from './mutation-handlers';
import type { QueueEvent } from './mutation-queue';
import { MutationQueue } from './mutation-queue';
import type { RealServer } from './testing/real-server';
import { startRealServer } from './testing/real-server';
import type { SentRequest, TestNetwork } from './testing/network';
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
  db = openFieldDatabase(`handlers-test-${dbCounter}`);
  network = createTestNetwork();
});

function makeClient(): ApiClient {
  const client = createApiClient({
    baseUrl: server.url,
    fetch: (input, init) => network.fetch(input, init),
  });
  client.setToken(server.token);
  return client;
}

function makeQueue(events: QueueEvent[] = []): MutationQueue {
  const queue = new MutationQueue({
    db,
    client: makeClient(),
    handlers: createDefaultHandlers(),
    lock: { runExclusive: async (task) => ({ acquired: true, value: await task() }) },
    isOnline: () => true,
    processOnEnqueue: false,
    backoffMs: () => 0,
  });
  queue.subscribe((event) => events.push(event));
  return queue;
}

const isHomeUpdate = (request: SentRequest): boolean =>
  request.method === 'PATCH' && request.path.startsWith('/api/field_homes/update?');

async function homeAddress(id: string): Promise<unknown> {
  const { body } = await server.get('/field_homes/listActive');
  const homes: unknown[] = Array.isArray(body) ? body : [];
  const home = homes.find(
    (h): h is Record<string, unknown> =>
      typeof h === 'object' && h !== null && 'id' in h && h.id === id,
  );
  return home?.['Address'];
}

describe('an answer without the record id', () => {
  it('fails a queued home update for good with the spec text, shown in the queue', async () => {
    const events: QueueEvent[] = [];
    const queue = makeQueue(events);
    // The server's answer, its id left out (a backend that saved and lost track of it).
    network.fault = (request) =>
      isHomeUpdate(request)
        ? { respond: () => jsonResponse(200, { Address: '9 Nowhere Road' }) }
        : undefined;
    const row = await queue.enqueue({
      type: 'home',
      operation: 'update',
      data: { id: 'h2', Address: '9 Nowhere Road' },
    });

    expect(await queue.process()).toMatchObject({ sent: 0, failed: 1 });
    const stored = await db.mutations.get(row.id);
    expect(stored).toMatchObject({ status: 'failed', error: MESSAGES.noRecordId });
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'failed',
        message: 'No record ID returned from the server.',
      }),
    );
    // Failed for good: another pass does not send it again.
    expect(await queue.process()).toMatchObject({ sent: 0, failed: 0 });
    expect(network.requests.filter(isHomeUpdate)).toHaveLength(1);
  });

  it('passes the same write when the server answers with the record', async () => {
    const queue = makeQueue();
    await queue.enqueue({
      type: 'home',
      operation: 'update',
      data: { id: 'h2', Address: '12 Answered Lane' },
    });
    expect(await queue.process()).toMatchObject({ sent: 1, failed: 0 });
    expect(await homeAddress('h2')).toBe('12 Answered Lane');
  });

  it('is checked on a write sent alone, on every add and change of a record resource', async () => {
    const handlers = createDefaultHandlers();
    const client = makeClient();
    const context = { client, headers: {} };
    network.fault = (request) =>
      isHomeUpdate(request) ? { respond: () => jsonResponse(200, {}) } : undefined;
    const update = handlers.get(handlerKey('home', 'update'));
    await expect(update?.send({ id: 'h1', Lot: '7' }, context)).rejects.toThrow(
      new PermanentMutationError(MESSAGES.noRecordId),
    );

    // The server's real answer carries the id and passes.
    network.fault = () => undefined;
    await expect(update?.send({ id: 'h1', Lot: '7' }, context)).resolves.toMatchObject({
      id: 'h1',
      Lot: '7',
    });

    // Generic: a staff change, a phone call's add and a note's change are judged alike;
    // a delete answers without a record and is not.
    for (const [type, operation] of [
      ['home', 'updateStaff'],
      ['phoneCall', 'submit'],
      ['note', 'update'],
      ['buyer', 'submit'],
    ] as const) {
      const handler = handlers.get(handlerKey(type, operation));
      expect(handler?.checkAnswer?.({ Notes: 'x' })?.message).toBe(MESSAGES.noRecordId);
      expect(handler?.checkAnswer?.({ id: 'r1' })).toBeUndefined();
    }
    expect(handlers.get(handlerKey('phoneCall', 'delete'))).not.toHaveProperty('checkAnswer');
  });
});

describe('a file delete', () => {
  it('counts a file already gone as deleted, and still fails on a refusal', async () => {
    const handlers = createDefaultHandlers();
    const context = { client: makeClient(), headers: {} };
    const remove = handlers.get(handlerKey('file', 'delete'));
    const data = { fileRef: 'f1', collection: 'walkItems', key: 'no-such-item/f1' };
    // The real server answers 404 for a file it does not hold.
    await expect(remove?.send(data, context)).resolves.toEqual({ deleted: false });
    network.fault = () => ({ respond: () => jsonResponse(403, { error: 'Not yours' }) });
    await expect(remove?.send(data, context)).rejects.toThrow('Not yours');
  });
});
