// Photos and attachments on the device (docs/offline.md, Files): bytes in the Origin Private File
// System where the browser has it, otherwise in IndexedDB; a file record with a reference count per
// file (bytes deleted when it reaches 0); thumbnails in their own store; uploads travel through the
// write queue as `file upload` mutations.

import type { FileRecord } from '@field/domain';
import { MESSAGES } from '@field/domain';
import type { FieldDatabase } from './database';
import type { ReadFileForUpload } from './mutation-handlers';
import type { MutationQueue } from './mutation-queue';

class FileNotFoundError extends Error {
  constructor() {
    super(MESSAGES.fileNotFound);
    this.name = 'FileNotFoundError';
  }
}

/**
 * A photo, signature or PDF the user made could not be kept on the device (the disk, OPFS
 * or IndexedDB refused it): nothing is kept, and the user is asked to retry
 * (`Failed to save your data, please retry.`).
 */
class FileSaveError extends Error {
  constructor(cause: unknown) {
    super(MESSAGES.saveDataFailed, { cause });
    this.name = 'FileSaveError';
  }
}

/** Where the bytes live. */
export interface BlobStore {
  readonly kind: 'opfs' | 'indexeddb';
  write(path: string, blob: Blob): Promise<void>;
  read(path: string): Promise<Blob | undefined>;
  remove(path: string): Promise<void>;
}

/** OPFS: `files/<id>` under the origin's private directory. */
export function createOpfsBlobStore(root: FileSystemDirectoryHandle): BlobStore {
  async function parentOf(path: string, create: boolean) {
    const parts = path.split('/');
    const name = parts.pop() ?? path;
    let dir = root;
    for (const part of parts) dir = await dir.getDirectoryHandle(part, { create });
    return { dir, name };
  }
  const isNotFound = (error: unknown): boolean =>
    error instanceof DOMException &&
    (error.name === 'NotFoundError' || error.name === 'TypeMismatchError');
  return {
    kind: 'opfs',
    async write(path, blob) {
      const { dir, name } = await parentOf(path, true);
      const handle = await dir.getFileHandle(name, { create: true });
      const writable = await handle.createWritable();
      await writable.write(blob);
      await writable.close();
    },
    async read(path) {
      try {
        const { dir, name } = await parentOf(path, false);
        return await (await dir.getFileHandle(name)).getFile();
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    async remove(path) {
      try {
        const { dir, name } = await parentOf(path, false);
        await dir.removeEntry(name);
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },
  };
}

interface StoredBytes {
  type: string;
  bytes: ArrayBuffer;
}

function isStoredBytes(value: unknown): value is StoredBytes {
  return (
    typeof value === 'object' &&
    value !== null &&
    'bytes' in value &&
    // Not instanceof: a buffer cloned by IndexedDB may come from another realm.
    Object.prototype.toString.call(value.bytes) === '[object ArrayBuffer]' &&
    'type' in value &&
    typeof value.type === 'string'
  );
}

/** The fallback where OPFS is missing: bytes in the `metadata` store, as ArrayBuffers. */
export function createIndexedDbBlobStore(db: FieldDatabase): BlobStore {
  const key = (path: string): string => `blob:${path}`;
  return {
    kind: 'indexeddb',
    async write(path, blob) {
      const value: StoredBytes = { type: blob.type, bytes: await blob.arrayBuffer() };
      await db.metadata.put({ key: key(path), value });
    },
    async read(path) {
      const row = await db.metadata.get(key(path));
      return isStoredBytes(row?.value)
        ? new Blob([row.value.bytes], { type: row.value.type })
        : undefined;
    },
    async remove(path) {
      await db.metadata.delete(key(path));
    },
  };
}

/** OPFS when `navigator.storage.getDirectory` works, else IndexedDB. */
export async function createDefaultBlobStore(db: FieldDatabase): Promise<BlobStore> {
  try {
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
    // Writing from the page needs createWritable (Safari before 26 has OPFS without it).
    const writable =
      typeof FileSystemFileHandle !== 'undefined' &&
      typeof FileSystemFileHandle.prototype.createWritable === 'function';
    if (storage !== undefined && typeof storage.getDirectory === 'function' && writable) {
      return createOpfsBlobStore(await storage.getDirectory());
    }
  } catch (error) {
    console.warn('OPFS is not available; keeping files in IndexedDB', error);
  }
  return createIndexedDbBlobStore(db);
}

async function toBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

export interface AddFileInput {
  blob: Blob;
  name: string;
  type?: string;
}

/** Device files with reference counts. */
export function createFileStore(db: FieldDatabase, blobs: BlobStore) {
  async function record(id: string): Promise<FileRecord> {
    const found = await db.files.get(id);
    if (found === undefined) throw new FileNotFoundError();
    return found;
  }

  const store = {
    blobs,

    /** Stores the bytes, then the record with one reference (the caller's). */
    async add(input: AddFileInput): Promise<FileRecord> {
      const id = crypto.randomUUID();
      const file: FileRecord = {
        id,
        name: input.name,
        opfsPath: `files/${id}`,
        type: input.type ?? (input.blob.type || 'application/octet-stream'),
        size: input.blob.size,
        refCount: 1,
      };
      try {
        await blobs.write(file.opfsPath, input.blob);
        await db.files.add(file);
      } catch (error) {
        // Bytes written without their record would never be freed.
        await blobs.remove(file.opfsPath).catch(() => undefined);
        throw new FileSaveError(error);
      }
      return file;
    },

    get: record,

    /** The bytes; `The requested file could not be found...` when they are gone. */
    async read(id: string): Promise<Blob> {
      const file = await record(id);
      const blob = await blobs.read(file.opfsPath);
      if (blob === undefined) throw new FileNotFoundError();
      return blob;
    },

    /** One more holder (a draft, an item, a queued upload). */
    async retain(id: string): Promise<number> {
      return db.transaction('rw', db.files, async () => {
        const file = await record(id);
        await db.files.update(id, { refCount: file.refCount + 1 });
        return file.refCount + 1;
      });
    },

    /** One holder fewer; at 0 the record, its thumbnail and its bytes are deleted. */
    async release(id: string): Promise<number> {
      const left = await db.transaction('rw', db.files, db.thumbnails, async () => {
        const file = await db.files.get(id);
        if (file === undefined) return -1;
        const count = Math.max(0, file.refCount - 1);
        if (count === 0) {
          await db.files.delete(id);
          await db.thumbnails.delete(id);
        } else {
          await db.files.update(id, { refCount: count });
        }
        return count === 0 ? { count, path: file.opfsPath } : { count, path: undefined };
      });
      if (left === -1) return 0;
      if (left.path !== undefined) await blobs.remove(left.path);
      return left.count;
    },

    /**
     * Lets go of a photo an item held: its reference (record, thumbnail and bytes deleted
     * at 0) and a thumbnail kept without a file record (a photo fetched from the server).
     */
    async releasePhoto(id: string): Promise<number> {
      const left = await store.release(id);
      if (left === 0) await db.thumbnails.delete(id);
      return left;
    },

    async setThumbnail(fileId: string, thumbnail: string): Promise<void> {
      await db.thumbnails.put({ fileId, thumbnail });
    },

    async thumbnail(fileId: string): Promise<string | undefined> {
      return (await db.thumbnails.get(fileId))?.thumbnail;
    },

    /** For the `file upload` handler: base64 bytes, or undefined when the file is gone. */
    readForUpload: (async (fileRef) => {
      try {
        const file = await record(fileRef);
        const blob = await blobs.read(file.opfsPath);
        if (blob === undefined) return undefined;
        return { base64: await toBase64(blob), contentType: file.type };
      } catch (error) {
        if (error instanceof FileNotFoundError) return undefined;
        throw error;
      }
    }) satisfies ReadFileForUpload,
  };
  return store;
}

export type FileStore = ReturnType<typeof createFileStore>;

/** A small JPEG data URL of an image for lists (160 px), or undefined where it cannot be drawn. */
export async function makeThumbnail(blob: Blob): Promise<string | undefined> {
  try {
    const bitmap = await createImageBitmap(blob);
    const scale = Math.min(1, 160 / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (context === null) return undefined;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return canvas.toDataURL('image/jpeg', 0.7);
  } catch {
    return undefined;
  }
}

export interface QueueUploadInput {
  fileId: string;
  collection: string;
  key: string;
  queryKeys?: readonly (readonly unknown[])[];
}

/**
 * Queues the upload of a device file to `collection/key`. The queued write holds a
 * reference to the file until the server has the bytes (see `releaseUploadedFiles`).
 */
export async function queueFileUpload(
  queue: MutationQueue,
  files: FileStore,
  input: QueueUploadInput,
): Promise<{ collection: string; key: string }> {
  await files.retain(input.fileId);
  try {
    await queue.enqueue({
      type: 'file',
      operation: 'upload',
      data: { fileRef: input.fileId, collection: input.collection, key: input.key },
      queryKeys: (input.queryKeys ?? []).map((key) => [...key]),
    });
  } catch (error) {
    await files.release(input.fileId);
    throw error;
  }
  return { collection: input.collection, key: input.key };
}

/** Drops the queue's reference to each file once its upload has reached the server. */
export function releaseUploadedFiles(queue: MutationQueue, files: FileStore): () => void {
  return queue.subscribe((event) => {
    if (event.type !== 'sent' || event.mutation.type !== 'file') return;
    if (event.mutation.operation !== 'upload') return;
    const data = event.mutation.data;
    const fileRef =
      typeof data === 'object' && data !== null && 'fileRef' in data ? data.fileRef : undefined;
    if (typeof fileRef === 'string') {
      files.release(fileRef).catch((error: unknown) => {
        console.error('Releasing an uploaded file failed', error);
      });
    }
  });
}
