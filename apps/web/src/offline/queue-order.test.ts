// @vitest-environment node
// The real server (Fastify, jose) runs in this process: jsdom's globals would break it.
import 'fake-indexeddb/auto';
// Which writes are due, end to end: writes to one record in order, files before the
// records that list them, a walk made offline before what hangs on it.
import { describe, expect, it, vi } from 'vitest';
import {
  createFileStore,
  createIndexedDbBlobStore,
  queueFileUpload,
  releaseUploadedFiles,
} from './files';
import { createDefaultHandlers } from './mutation-handlers';
import type { MutationQueue } from './mutation-queue';
import { jsonResponse } from './testing/network';
import { call, db, makeQueue, network, server, setUpQueueTests } from './testing/queue-harness';

setUpQueueTests('queue-order-test');

describe('replay against the real server', () => {
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
      collection: 'walkItems',
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
      `POST /api/files/walkItems/${itemId}/crack.jpg`,
    ]);
    await queue.process();
    const order = network.requests.map((r) => r.path.split('/').slice(0, 4).join('/'));
    expect(order).toEqual([
      '/api/files/walkItems',
      '/api/files/walkItems',
      '/api/field_walks/item',
    ]);
    const bytes = await server.get(`/files/walkItems/${itemId}/crack.jpg`);
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
      collection: 'walks',
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
      collection: 'walkPdfs',
      key: `${walkId}/walk.pdf`,
    });
    const withPdf = crypto.randomUUID();
    const pdfUrl = `/api/files/walkPdfs/${walkId}/walk.pdf`;
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
      photoPath: `/api/files/walks/${walkId}/porch.jpg`,
      pdfPath: `/api/files/walkPdfs/${walkId}/walk.pdf`,
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
    expect(await server.get(`/files/walkPdfs/${walk.walkId}/walk.pdf`)).toMatchObject({
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
