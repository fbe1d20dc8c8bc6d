// What the server writes to disk is readable by the server's user only: the embedded
// database (its password hashes and buyers' data), the outbox mails (their reset and
// invitation links are passwords) and stored files. Folders 0700, files 0600, whatever the
// process's umask (docs/decisions.md, Security review findings).

import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';

/** Read and write for the server's user only. */
export const PRIVATE_FILE_MODE = 0o600;
/** Enter, list and write for the server's user only. */
const PRIVATE_DIR_MODE = 0o700;

/** Makes `dir` and any missing parent folders, each private. */
export async function makePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

export function makePrivateDirSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Makes `file` if missing, private, and makes an existing one private too (an install from
 * before this rule). SQLite gives its -wal and -shm files the database file's mode.
 */
export function makePrivateFileSync(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  chmodSync(file, PRIVATE_FILE_MODE);
}
