// What the files module needs of the place file bytes live, whichever it is: a folder
// under DATA_DIR (local-files.ts, the default) or an S3 bucket (s3-files.ts). Paths are
// the checked segments of `collection/key`; the files table, not the store, says what
// exists, so a store only writes, reads and removes bytes.

import type { Readable } from 'node:stream';

/**
 * A file where a folder is (`a/b` when `a/b/c` exists), or a folder inside a file. Both
 * stores refuse these, so a path means the same whichever store holds the bytes.
 */
export class FilePathConflictError extends Error {
  constructor(readonly code: string) {
    super(`file path conflict (${code})`);
    this.name = 'FilePathConflictError';
  }
}

export interface FileStore {
  /**
   * Stores `bytes` at the path, replacing a file there; a reader sees the old bytes or the
   * new, never part of them. Throws FilePathConflictError when the path is, or runs
   * through, the other kind.
   */
  write(segments: readonly string[], bytes: Uint8Array): Promise<void>;
  /** The bytes as a stream, or undefined when there is no file at the path. */
  read(segments: readonly string[]): Promise<Readable | undefined>;
  /** Removes the file; removing a file that is not there is no error. */
  remove(segments: readonly string[]): Promise<void>;
  /** Throws when the store cannot be reached or written (the readiness check). */
  check(): Promise<void>;
  /** Releases connections; called once when the server closes. */
  close(): Promise<void>;
}
