// File bytes in a local folder under DATA_DIR (the default store); written through a
// temporary file and a rename, so a reader never sees half a file, and no temporary file
// outlives a failed write.

import { constants } from 'node:fs';
import { access, open, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import type { ReadStream } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FileStore } from './file-store.js';
import { FilePathConflictError } from './file-store.js';
import { PRIVATE_FILE_MODE, makePrivateDir } from './private-files.js';

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

// What the file system answers when a path runs into a file or a folder of another kind.
const CONFLICT_CODES = new Set(['EISDIR', 'ENOTDIR', 'EEXIST', 'ENOTEMPTY', 'ERR_FS_EISDIR']);

function asConflict(error: unknown): unknown {
  const code = errorCode(error);
  return code !== undefined && CONFLICT_CODES.has(code) ? new FilePathConflictError(code) : error;
}

export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  /** `segments` were checked by the caller: letters, digits, '.', '_', '-', never '..'. */
  private pathOf(segments: readonly string[]): string {
    return path.join(this.root, ...segments);
  }

  /** Throws FilePathConflictError when the path is, or runs through, the other kind. */
  async write(segments: readonly string[], bytes: Uint8Array): Promise<void> {
    const target = this.pathOf(segments);
    const temp = `${target}.${randomUUID()}.tmp`;
    try {
      // Twice at most: a delete may prune the folder between mkdir and the write.
      for (let attempt = 1; ; attempt += 1) {
        await makePrivateDir(path.dirname(target));
        try {
          await writeFile(temp, bytes, { flag: 'wx', mode: PRIVATE_FILE_MODE });
          break;
        } catch (error) {
          if (errorCode(error) !== 'ENOENT' || attempt === 2) throw error;
        }
      }
      // A folder left empty by deletes gives way to the file; a folder with files does not.
      await rmdir(target).catch(() => undefined);
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true }).catch(() => undefined);
      throw asConflict(error);
    }
  }

  /** The bytes as a stream, or undefined when there is no file at the path. */
  async read(segments: readonly string[]): Promise<ReadStream | undefined> {
    let handle;
    try {
      handle = await open(this.pathOf(segments), 'r');
    } catch (error) {
      const code = errorCode(error);
      if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
      throw error;
    }
    try {
      if ((await handle.stat()).isFile()) return handle.createReadStream();
    } catch (error) {
      await handle.close();
      throw error;
    }
    await handle.close();
    return undefined;
  }

  /** Removes the file, then every folder the removal left empty. */
  async remove(segments: readonly string[]): Promise<void> {
    try {
      await rm(this.pathOf(segments), { force: true });
    } catch (error) {
      throw asConflict(error);
    }
    for (let depth = segments.length - 1; depth > 0; depth -= 1) {
      try {
        await rmdir(this.pathOf(segments.slice(0, depth)));
      } catch {
        return; // Not empty (or already gone): the folders above are not empty either.
      }
    }
  }

  /** The folder exists, or can be made, and this process may read and write it. */
  async check(): Promise<void> {
    await makePrivateDir(this.root);
    await access(this.root, constants.R_OK | constants.W_OK);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
