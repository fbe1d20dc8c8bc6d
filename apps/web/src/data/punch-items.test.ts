import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../api/client';
import { createCircuitBreaker } from '../api/circuit-breaker';
import type { MutationRow } from '../offline/database';
import type { OfflineEngine } from '../offline/engine';
import { startOfflineEngine } from '../offline/engine';
import {
  PHOTO_COLLECTION,
  addPunchItem,
  deletePunchItem,
  photoCacheId,
  toItem,
  updatePunchItem,
} from './punch-items';

let engine: OfflineEngine;
let n = 0;

beforeEach(async () => {
  n += 1;
  engine = await startOfflineEngine({
    dbName: `punch-items-api-test-${n}`,
    client: createApiClient({ fetch: () => Promise.reject(new TypeError('offline')) }),
    breaker: createCircuitBreaker(),
  });
  // Nothing is sent: the test reads what waits in the queue.
  engine.queue.stop();
});

afterEach(() => engine.stop());

const queued = (): Promise<MutationRow[]> => engine.db.mutations.orderBy('timestamp').toArray();
const photo = (seed: string) => ({
  blob: new Blob([seed], { type: 'image/png' }),
  name: `${seed}.png`,
});

/** Writes that share a record key are sent in order: `later` waits for `earlier`. */
const ordered = (earlier: MutationRow, later: MutationRow): boolean =>
  earlier.timestamp < later.timestamp &&
  (later.recordKeys ?? []).some((key) => (earlier.recordKeys ?? []).includes(key));

async function addedItem(photos: number) {
  await addPunchItem(
    engine,
    'h1',
    undefined,
    { Walk: 'post-close', Category: 'Paint', Location: 'Hall', Name: 'Scuff' },
    Array.from({ length: photos }, (_, i) => photo(`p${i}`)),
  );
  const submit = (await queued()).find((row) => row.operation === 'submit');
  if (submit === undefined) throw new Error('no item queued');
  // Safe: the queue stores the item's fields as given.
  return toItem(submit.data as Record<string, unknown> & { id: string });
}

describe('punch item writes', () => {
  it('adds an item by home alone when no walk is given (the server finds the walk)', async () => {
    const item = await addedItem(0);
    expect(item.HomeRID).toBe('h1');
    expect((await queued())[0]?.data).not.toHaveProperty('WalkID');
  });

  it('adds photos to an existing item: uploads first, then the item with the longer list', async () => {
    const item = await addedItem(1);
    await updatePunchItem(engine, 'h1', item, {}, [photo('later')]);
    const rows = await queued();
    const uploads = rows.filter((row) => row.type === 'file' && row.operation === 'upload');
    const update = rows.find((row) => row.operation === 'update');
    expect(uploads).toHaveLength(2);
    expect(update?.data).toMatchObject({ id: item.id, Name: 'Scuff' });
    const photos = toItem({ id: item.id, ...(update?.data ?? {}) }).Photos;
    expect(photos.map((p) => p.key)).toEqual(
      uploads.map((u) => (u.data as { key: string }).key), // Safe: upload data carries key.
    );
    const second = uploads[1];
    if (second === undefined || update === undefined) throw new Error('missing writes');
    expect(ordered(second, update)).toBe(true);
    // Each new photo is kept on the device: one hold for the item, one for the upload.
    const fileId = photoCacheId(photos[1] ?? { collection: '', key: '' });
    expect((await engine.files.get(fileId)).refCount).toBe(2);
  });

  it('reopens a completed item: Outstanding, Completed At cleared', async () => {
    const item = await addedItem(0);
    await updatePunchItem(engine, 'h1', item, { Status: 'Outstanding', 'Completed At': null });
    const update = (await queued()).find((row) => row.operation === 'update');
    expect(update?.data).toEqual({
      id: item.id,
      Name: 'Scuff',
      Status: 'Outstanding',
      'Completed At': null,
    });
  });

  it('deleting an item queues a file delete per photo after it and releases the device copies', async () => {
    const item = await addedItem(1);
    const local = item.Photos[0];
    if (local === undefined) throw new Error('no photo');
    const localId = photoCacheId(local);
    // A photo another device added, of which this device keeps only a thumbnail.
    const remote = { collection: PHOTO_COLLECTION, key: `${item.id}/remote-file` };
    await engine.files.setThumbnail(photoCacheId(remote), 'data:image/jpeg;base64,AAAA');
    const withBoth = { ...item, Photos: [local, remote] };

    await deletePunchItem(engine, 'h1', withBoth);

    const rows = await queued();
    const remove = rows.find((row) => row.type === 'walkItem' && row.operation === 'delete');
    const fileDeletes = rows.filter((row) => row.type === 'file' && row.operation === 'delete');
    if (remove === undefined) throw new Error('no item delete');
    expect(fileDeletes.map((row) => row.data)).toEqual([
      { fileRef: localId, collection: PHOTO_COLLECTION, key: local.key },
      { fileRef: 'remote-file', collection: PHOTO_COLLECTION, key: remote.key },
    ]);
    for (const row of fileDeletes) expect(ordered(remove, row)).toBe(true);
    // The upload still waiting holds the bytes; the item's hold is gone.
    expect((await engine.files.get(localId)).refCount).toBe(1);
    expect(await engine.files.thumbnail('remote-file')).toBeUndefined();
    // Once the upload has gone, nothing of the photo is left on the device.
    await engine.files.release(localId);
    await expect(engine.files.get(localId)).rejects.toThrow();
    expect(await engine.files.thumbnail(localId)).toBeUndefined();
    expect(await engine.files.blobs.read(`files/${localId}`)).toBeUndefined();
  });

  it('a marked-up photo is listed with its original: both uploaded before the item, both deleted after it', async () => {
    const original = new File(['as taken'], 'crack.png', { type: 'image/png' });
    const marked = new Blob(['drawn on'], { type: 'image/jpeg' });
    await addPunchItem(
      engine,
      'h1',
      undefined,
      { Walk: 'post-close', Category: 'Paint', Location: 'Hall', Name: 'Crack' },
      [{ blob: marked, name: 'crack-markup.jpg', original }],
    );
    const rows = await queued();
    const uploads = rows.filter((row) => row.type === 'file' && row.operation === 'upload');
    const submit = rows.find((row) => row.operation === 'submit');
    if (submit === undefined) throw new Error('no item queued');
    // Safe: the queue stores the item's fields as given.
    const item = toItem(submit.data as Record<string, unknown> & { id: string });
    const [shown] = item.Photos;
    expect(item.Photos).toHaveLength(1);
    expect(shown?.name).toBe('crack-markup.jpg');
    expect(shown?.original).toBeDefined();
    // Safe: upload data carries collection and key.
    const keys = uploads.map((u) => (u.data as { key: string }).key);
    expect(keys).toEqual([shown?.original?.key, shown?.key]);
    for (const upload of uploads) expect(ordered(upload, submit)).toBe(true);
    const originalId = photoCacheId(shown?.original ?? { collection: '', key: '' });
    expect(await (await engine.files.read(originalId)).text()).toBe('as taken');
    expect((await engine.files.get(originalId)).name).toBe('crack.png');

    await deletePunchItem(engine, 'h1', item);
    const deletes = (await queued()).filter(
      (row) => row.type === 'file' && row.operation === 'delete',
    );
    expect(deletes.map((row) => (row.data as { key: string }).key)).toEqual([
      shown?.key,
      shown?.original?.key,
    ]);
  });
});
