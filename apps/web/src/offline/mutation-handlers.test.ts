// @vitest-environment node
// The real server (Fastify, jose) runs in this process: jsdom's globals would break it.
// A save response without a record id is an error: "No record ID returned from the server." Checked
// on the answers of the registry's writes, alone and in a batch.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@field/domain';
import type { ApiClient } from '../api/client';
import { createApiClient } from '../api/client';
import type { FieldDatabase } from './database';
import { openFieldDatabase } from './database';
import {
  PermanentMutationError,
  createDefaultHandlers,
  fileKeyOfUrl,
  handlerKey,
  recordKeysOf,
  writeOrderOf,
} from './mutation-handlers';
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

describe('the order of writes across records (issue 10)', () => {
  const walkId = 'a1b2c3d4-0000-4000-8000-000000000001';
  const itemId = 'a1b2c3d4-0000-4000-8000-000000000002';
  const photo = { collection: 'walkItems', key: `${itemId}/p1.jpg`, name: 'p1.jpg' };

  it('keys a record by its id alone, so a write to it waits whatever its resource', () => {
    const submit = writeOrderOf('closing', { id: walkId, type: 'final-punch' });
    const update = writeOrderOf('closing', { id: walkId, notes: 'n' });
    const item = writeOrderOf('walkItem', { id: itemId, WalkID: walkId, Photos: [photo] });
    // The item needs its walk and its photo; it holds itself and its photo, not the walk,
    // so the other items of the walk do not wait for it.
    expect(item.needs).toEqual(expect.arrayContaining(submit.holds));
    expect(item.needs).toEqual(
      expect.arrayContaining(writeOrderOf('file', { fileRef: 'f', ...photo }).holds),
    );
    expect(item.holds.some((key) => submit.holds.includes(key))).toBe(false);
    expect(update.needs.some((key) => submit.holds.includes(key))).toBe(true);
  });

  it('an item with a marked-up photo waits for the bytes of its original too', () => {
    const original = { collection: 'walkItems', key: `${itemId}/p0.jpg` };
    const item = writeOrderOf('walkItem', { id: itemId, Photos: [{ ...photo, original }] });
    expect(item.needs).toEqual(
      expect.arrayContaining([
        ...writeOrderOf('file', { fileRef: 'f', ...photo }).holds,
        ...writeOrderOf('file', { fileRef: 'g', ...original }).holds,
      ]),
    );
  });

  it('an item assigned to a vendor made offline waits for that vendor, and its review photo for its bytes', () => {
    const vendorId = 'a1b2c3d4-0000-4000-8000-000000000003';
    const vendor = writeOrderOf('vendor', { id: vendorId, Name: 'Acme', Trade: 'Drywall' });
    const review = { collection: 'walkItems', key: `${itemId}/p2.jpg`, name: 'p2.jpg' };
    const item = writeOrderOf('walkItem', {
      id: itemId,
      Vendor: vendorId,
      Status: 'Ready for review',
      'Review Photos': [review],
    });
    expect(item.needs).toEqual(expect.arrayContaining(vendor.holds));
    expect(item.holds.some((key) => vendor.holds.includes(key))).toBe(false);
    expect(item.needs).toEqual(
      expect.arrayContaining(writeOrderOf('file', { fileRef: 'f', ...review }).holds),
    );
  });

  it('a pdfUrl of the files API needs that file, however the URL is written', async () => {
    // The path the upload handler itself requests for a file whose key needs escaping.
    const network = createTestNetwork();
    network.fault = () => ({ respond: () => jsonResponse(201, {}) });
    const client = createApiClient({
      baseUrl: 'http://api.test',
      fetch: (input, init) => network.fetch(input, init),
    });
    const upload = { fileRef: 'f', collection: 'closing', key: `${walkId}/walk report #1.pdf` };
    await createDefaultHandlers({
      readFile: () => Promise.resolve({ base64: 'JVBERg==', contentType: 'application/pdf' }),
    })
      .get(handlerKey('file', 'upload'))
      ?.send(upload, { client, headers: {} });
    const uploadedAt = network.requests[0]?.path ?? '';
    expect(uploadedAt).toContain('walk%20report%20%231.pdf');

    const file = writeOrderOf('file', upload).holds;
    for (const pdfUrl of [uploadedAt, `https://field.example${uploadedAt}?v=2`]) {
      expect(writeOrderOf('closing', { id: walkId, pdfUrl }).needs).toEqual(
        expect.arrayContaining(file),
      );
    }
    for (const elsewhere of [
      'https://cdn.example/walk.pdf',
      '/api/filesystem/closing/x.pdf',
      '/api/files/closing',
      '/api/files/closing/%E0%A4%A.pdf',
      'http://[bad',
    ]) {
      expect(fileKeyOfUrl(elsewhere)).toBeUndefined();
    }
  });

  it('a file write waits only for writes of that file, never for a record', () => {
    const upload = writeOrderOf('file', { fileRef: 'f', ...photo });
    expect(upload.needs).toEqual(upload.holds);
    expect(upload.needs).toHaveLength(1);
    expect(
      upload.needs.some((key) => writeOrderOf('walkItem', { id: itemId }).holds.includes(key)),
    ).toBe(false);
  });

  it('stores the old key of the record too, for a tab still running an older version', () => {
    expect(recordKeysOf('phoneCall', { id: 'c1', Notes: 'n' })).toContain('phoneCall:c1');
    expect(recordKeysOf('walkItem', { id: itemId, WalkID: walkId })).toEqual(
      expect.arrayContaining(writeOrderOf('walkItem', { id: itemId, WalkID: walkId }).needs),
    );
  });
});

describe('a trade link sent from the device', () => {
  const PATH = '/api/field_vendors/trade-links';

  it('is queued, sent alone under its key, and after a lost answer sent again without a second link', async () => {
    const queue = makeQueue();
    const sentTo = `queued-${dbCounter}@trade.test`;
    let sends = 0;
    // The server makes the link and mails it; its answer never reaches the device.
    network.fault = (request) =>
      request.path === PATH && (sends += 1) === 1 ? 'lose-response' : undefined;
    const row = await queue.enqueue({
      type: 'tradeLink',
      operation: 'send',
      data: { vendorId: 'vendor-1', email: sentTo },
    });
    for (let pass = 0; pass < 5 && (await db.mutations.get(row.id)) !== undefined; pass += 1) {
      await queue.process();
    }
    expect(await db.mutations.get(row.id)).toBeUndefined();
    const sent = network.sentWithKey(row.id);
    expect(sent.length).toBeGreaterThan(1);
    expect(sent.every((request) => request.method === 'POST' && request.path === PATH)).toBe(true);
    expect(network.batches).toEqual([]);
    const { body } = await server.get('/field_vendors/trade-links?vendorId=vendor-1');
    const links = Array.isArray(body) ? (body as { sentTo: string }[]) : [];
    expect(links.filter((link) => link.sentTo === sentTo)).toHaveLength(1);
  });

  it('waits for its vendor when the vendor was added on the device', () => {
    expect(writeOrderOf('tradeLink', { vendorId: 'v-new', email: 'a@b.test' })).toEqual({
      holds: [],
      needs: ['record:v-new'],
    });
  });
});
