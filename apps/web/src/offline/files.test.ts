import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@field/domain';
import { openFieldDatabase } from './database';
import {
  createDefaultBlobStore,
  createFileStore,
  createIndexedDbBlobStore,
  createOpfsBlobStore,
} from './files';

/** An in-memory stand-in for the origin's private directory (jsdom has no OPFS). */
function fakeDirectory(): FileSystemDirectoryHandle {
  const dirs = new Map<string, FileSystemDirectoryHandle>();
  const files = new Map<string, Blob>();
  const notFound = () => new DOMException('missing', 'NotFoundError');
  const fileHandle = (name: string) => ({
    getFile: () => {
      const blob = files.get(name);
      return blob === undefined ? Promise.reject(notFound()) : Promise.resolve(blob);
    },
    createWritable: () => {
      const parts: Blob[] = [];
      return Promise.resolve({
        write: (blob: Blob) => {
          parts.push(blob);
          return Promise.resolve();
        },
        close: () => {
          files.set(name, new Blob(parts));
          return Promise.resolve();
        },
      });
    },
  });
  const handle = {
    getDirectoryHandle: (name: string, options?: { create?: boolean }) => {
      const found = dirs.get(name);
      if (found !== undefined) return Promise.resolve(found);
      if (options?.create !== true) return Promise.reject(notFound());
      const created = fakeDirectory();
      dirs.set(name, created);
      return Promise.resolve(created);
    },
    getFileHandle: (name: string, options?: { create?: boolean }) => {
      if (!files.has(name) && options?.create !== true) return Promise.reject(notFound());
      if (!files.has(name)) files.set(name, new Blob([]));
      return Promise.resolve(fileHandle(name));
    },
    removeEntry: (name: string) =>
      files.delete(name) ? Promise.resolve() : Promise.reject(notFound()),
  };
  // Safe: the blob store calls only these four methods.
  return handle as unknown as FileSystemDirectoryHandle;
}

describe('device files', () => {
  it('falls back to IndexedDB where OPFS is missing', async () => {
    const db = openFieldDatabase('files-test-0');
    expect((await createDefaultBlobStore(db)).kind).toBe('indexeddb');
  });

  it('counts references and deletes record, thumbnail and bytes at 0', async () => {
    const db = openFieldDatabase('files-test-1');
    const blobs = createIndexedDbBlobStore(db);
    const files = createFileStore(db, blobs);
    const file = await files.add({
      blob: new Blob(['photo bytes'], { type: 'image/jpeg' }),
      name: 'a.jpg',
    });
    expect(file).toMatchObject({
      refCount: 1,
      type: 'image/jpeg',
      size: 11,
      opfsPath: `files/${file.id}`,
    });
    await files.setThumbnail(file.id, 'data:image/png;base64,AAAA');

    expect(await files.retain(file.id)).toBe(2);
    expect(await files.release(file.id)).toBe(1);
    expect(await (await files.read(file.id)).text()).toBe('photo bytes');
    expect(await files.readForUpload(file.id)).toEqual({
      base64: btoa('photo bytes'),
      contentType: 'image/jpeg',
    });

    expect(await files.release(file.id)).toBe(0);
    expect(await db.files.get(file.id)).toBeUndefined();
    expect(await files.thumbnail(file.id)).toBeUndefined();
    expect(await blobs.read(file.opfsPath)).toBeUndefined();
    await expect(files.read(file.id)).rejects.toThrow(MESSAGES.fileNotFound);
    expect(await files.readForUpload(file.id)).toBeUndefined();
    // Releasing again is harmless.
    expect(await files.release(file.id)).toBe(0);
  });

  it('reports a file whose bytes went missing', async () => {
    const db = openFieldDatabase('files-test-2');
    const blobs = createIndexedDbBlobStore(db);
    const files = createFileStore(db, blobs);
    const file = await files.add({ blob: new Blob(['x']), name: 'x.bin' });
    await blobs.remove(file.opfsPath);
    await expect(files.read(file.id)).rejects.toThrow(MESSAGES.fileNotFound);
  });

  it('OPFS store: writes under files/, reads back, removes, tolerates a missing file', async () => {
    const blobs = createOpfsBlobStore(fakeDirectory());
    const db = openFieldDatabase('files-test-3');
    const files = createFileStore(db, blobs);
    const file = await files.add({
      blob: new Blob(['opfs bytes']),
      name: 'p.jpg',
      type: 'image/jpeg',
    });
    expect(await (await files.read(file.id)).text()).toBe('opfs bytes');
    expect(await blobs.read('files/nope')).toBeUndefined();
    expect(await blobs.read('other/dir/nope')).toBeUndefined();
    await blobs.remove('files/nope');
    expect(await files.release(file.id)).toBe(0);
    expect(await blobs.read(file.opfsPath)).toBeUndefined();
  });
});
