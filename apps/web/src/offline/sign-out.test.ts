import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { exportBackup, importBackup } from './backup';
import type { FieldDatabase, MutationRow } from './database';
import { openFieldDatabase } from './database';
import type { DraftStore } from './drafts';
import { createDraftStore } from './drafts';
import type { FileStore } from './files';
import { createFileStore, createIndexedDbBlobStore } from './files';
import type { FieldQueryPersister } from './query-persister';
import { createFieldQueryPersister } from './query-persister';
import { createFieldQueryClient } from './query-client';
import type { DeviceData } from './sign-out';
import { clearDeviceForSignOut, unsentWork } from './sign-out';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

let counter = 0;
let db: FieldDatabase;
let drafts: DraftStore;
let files: FileStore;
let persister: FieldQueryPersister;
let device: DeviceData;

beforeEach(() => {
  counter += 1;
  db = openFieldDatabase(`sign-out-test-${counter}`);
  drafts = createDraftStore(db);
  files = createFileStore(db, createIndexedDbBlobStore(db));
  persister = createFieldQueryPersister(db, { debounceMs: 10 });
  device = { db, drafts, files, persister, queryClient: createFieldQueryClient(persister) };
});

function write(id: string, author: string | undefined, data: Record<string, unknown>): MutationRow {
  return {
    id,
    type: data['fileRef'] === undefined ? 'phoneCall' : 'file',
    operation: data['fileRef'] === undefined ? 'submit' : 'upload',
    data,
    queryKeys: [],
    timestamp: Number(id.replace(/\D/g, '')) || 1,
    retryCount: 0,
    status: 'pending',
    recordKeys: [],
    inFlight: false,
    nextAttemptAt: 0,
    ...(author === undefined ? {} : { author }),
  };
}

const draftInput = (title: string) => ({
  homeRID: 'h1',
  homeID: '1',
  address: '1 Test Street',
  formTitle: 'Phone call',
  title,
  data: { Notes: title },
});

/**
 * A's device before sign-out: A's two writes (one uploads photo `mine`), A's draft; B's
 * write (uploading `theirs`) and draft kept from an earlier sign-out; a photo nobody
 * queued (`loose`) with its thumbnail; cached reads, sync times.
 */
async function sharedDevice(): Promise<Record<'mine' | 'theirs' | 'loose', string>> {
  const add = async (name: string) =>
    (await files.add({ blob: new Blob([name], { type: 'image/png' }), name })).id;
  const mine = await add('mine.png');
  const theirs = await add('theirs.png');
  const loose = await add('loose.png');
  for (const id of [mine, theirs, loose]) await files.setThumbnail(id, `data:${id}`);
  await db.mutations.bulkAdd([
    write('w1', 'user-a', { id: 'c1', Notes: 'A call' }),
    write('w2', 'user-a', { fileRef: mine, collection: 'walk-items', key: 'x.png' }),
    write('w3', 'user-b', { fileRef: theirs, collection: 'walk-items', key: 'y.png' }),
  ]);
  await drafts.save(draftInput('A draft'));
  const kept = await drafts.save(draftInput('B draft'));
  await db.drafts.update(kept.draft.key, { author: 'user-b' });
  device.queryClient.setQueryData(['phoneCalls', 'h1'], [{ id: 'c1', Notes: 'A call' }]);
  await device.queryClient.fetchQuery({ queryKey: ['homes'], queryFn: () => [{ id: 'h1' }] });
  await tick();
  await persister.storage.flush();
  await db.metadata.bulkPut([
    { key: 'sync:homes', value: { lastFullSync: 1, lastUpdate: 1 } },
    { key: 'sync:employees', value: { lastFullSync: 1, lastUpdate: 1 } },
  ]);
  return { mine, theirs, loose };
}

async function readsAreGone(): Promise<void> {
  expect(await db.cache.count()).toBe(0);
  expect(await db.metadata.where('key').startsWith('sync:').count()).toBe(0);
  expect(device.queryClient.getQueryCache().getAll()).toEqual([]);
}

describe('sign-out on a shared device', () => {
  it("counts the user's unsent writes and drafts, not another user's", async () => {
    await sharedDevice();
    const work = await unsentWork(device, 'user-a');
    expect(work.writes.map((w) => w.id)).toEqual(['w1', 'w2']);
    expect(work.drafts.map((d) => d.title)).toEqual(['A draft']);
  });

  it("keeping: the user's writes and drafts stay tagged, everything else of theirs goes", async () => {
    const photos = await sharedDevice();
    expect(await db.cache.count()).toBeGreaterThan(0);
    await clearDeviceForSignOut(device, { user: 'user-a', keepUnsent: true });

    await readsAreGone();
    expect((await db.mutations.toArray()).map((w) => [w.id, w.author])).toEqual([
      ['w1', 'user-a'],
      ['w2', 'user-a'],
      ['w3', 'user-b'],
    ]);
    expect((await db.drafts.toArray()).map((d) => [d.title, d.author]).sort()).toEqual([
      ['A draft', 'user-a'],
      ['B draft', 'user-b'],
    ]);
    // Photos of kept writes stay; the loose one (record, thumbnail, bytes) is gone.
    expect((await db.files.toArray()).map((f) => f.id).sort()).toEqual(
      [photos.mine, photos.theirs].sort(),
    );
    expect((await db.thumbnails.toArray()).map((t) => t.fileId).sort()).toEqual(
      [photos.mine, photos.theirs].sort(),
    );
    expect(await db.metadata.get(`blob:files/${photos.loose}`)).toBeUndefined();
    expect(await files.read(photos.mine)).toBeInstanceOf(Blob);
    // The next user sees none of it.
    expect(await unsentWork(device, 'user-b')).toMatchObject({
      writes: [{ id: 'w3' }],
      drafts: [{ title: 'B draft' }],
    });
  });

  it("not keeping: the user's writes, drafts and their photos go; another user's stay", async () => {
    const photos = await sharedDevice();
    await clearDeviceForSignOut(device, { user: 'user-a', keepUnsent: false });

    await readsAreGone();
    expect((await db.mutations.toArray()).map((w) => w.id)).toEqual(['w3']);
    expect((await db.drafts.toArray()).map((d) => d.title)).toEqual(['B draft']);
    expect((await db.files.toArray()).map((f) => f.id)).toEqual([photos.theirs]);
    expect(await db.metadata.get(`blob:files/${photos.mine}`)).toBeUndefined();
  });

  it('a read answered after the clear is not stored for the next user', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const late = device.queryClient.fetchQuery({
      queryKey: ['homes', 'late'],
      queryFn: () => new Promise((resolve) => (answer = resolve)),
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    await persister.clear();
    answer([{ id: 'h1' }]);
    await late;
    await tick();
    await persister.storage.flush();
    expect(await db.cache.count()).toBe(0);
  });

  it("exports only the user's work, with its author, and an import keeps the author", async () => {
    await sharedDevice();
    const text = await (await exportBackup(db, new Date(), { user: 'user-a' })).text();
    const target = openFieldDatabase(`sign-out-import-${counter}`);
    expect(await importBackup(target, text)).toEqual({ mutations: 2, drafts: 1 });
    expect((await target.mutations.toArray()).map((w) => [w.id, w.author])).toEqual([
      ['w1', 'user-a'],
      ['w2', 'user-a'],
    ]);
  });
});
