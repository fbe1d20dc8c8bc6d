// Backup and restore of the embedded install: one archive holding a consistent snapshot of
// the SQLite database (SQLite's online backup, taken while the server runs), the local
// files folder and the kept signing secret. PostgreSQL and S3 have their own tools
// (docs/operations.md). The snapshot is taken before the files are copied: a file a
// snapshot's record names was written before it (uploads are written, then recorded), so
// the archive holds it unless it was deleted in between.

import { randomUUID } from 'node:crypto';
import {
  copyFile,
  link,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';
import { z } from 'zod';
import { SQLITE_FILE } from '../db/connection.js';
import { LOCAL_FILES_FOLDER } from './open-file-store.js';

const MANIFEST = 'backup.json';
/** The signing secret kept in DATA_DIR when JWT_SECRET is unset (config.ts). */
const SECRET_FILE = '.jwt-secret';
const FORMAT = 1;

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  createdAt: z.string(),
  database: z.literal('sqlite'),
  files: z.boolean(),
  secret: z.boolean(),
});
type Manifest = z.infer<typeof manifestSchema>;

export interface BackupSummary {
  archive: string;
  databaseBytes: number;
  files: number;
}

const exists = (file: string): Promise<boolean> =>
  stat(file).then(
    () => true,
    () => false,
  );

/** Copies every page in one step, so the copy is one moment of the database. */
async function snapshotDatabase(source: string, target: string): Promise<void> {
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(target, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
}

/**
 * Links every file under `from` into `to` (same file system): a moment's view of the
 * folder that the server's later writes and deletes do not change. Half-written uploads
 * (local-files.ts writes a .tmp, then renames it) stay out. Returns how many files.
 */
async function linkTree(from: string, to: string): Promise<number> {
  await mkdir(to, { recursive: true });
  let count = 0;
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    if (entry.isDirectory()) count += await linkTree(source, path.join(to, entry.name));
    else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
      // A file deleted since the folder was read is simply not in the backup.
      const linked = await link(source, path.join(to, entry.name)).then(
        () => true,
        (error: unknown) => {
          if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return false;
          throw error;
        },
      );
      if (linked) count += 1;
    }
  }
  return count;
}

/**
 * Writes `archive` (a gzipped tar) from DATA_DIR while the server may be running:
 * the database first, then the files folder (when files are local) and the secret.
 */
export async function takeBackup(options: {
  dataDir: string;
  archive: string;
  localFiles: boolean;
}): Promise<BackupSummary> {
  const database = path.join(options.dataDir, SQLITE_FILE);
  if (!(await exists(database))) {
    throw new Error(`no embedded database at ${database}: is DATA_DIR right?`);
  }
  // Staged inside DATA_DIR, so the files can be linked rather than copied.
  const staging = await mkdtemp(path.join(options.dataDir, '.backup-'));
  try {
    await snapshotDatabase(database, path.join(staging, SQLITE_FILE));
    const filesFolder = path.join(options.dataDir, LOCAL_FILES_FOLDER);
    const withFiles = options.localFiles && (await exists(filesFolder));
    const files = withFiles
      ? await linkTree(filesFolder, path.join(staging, LOCAL_FILES_FOLDER))
      : 0;
    const secret = path.join(options.dataDir, SECRET_FILE);
    const withSecret = await exists(secret);
    if (withSecret) await copyFile(secret, path.join(staging, SECRET_FILE));
    const manifest: Manifest = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      database: 'sqlite',
      files: withFiles,
      secret: withSecret,
    };
    await writeFile(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
    const temporary = `${options.archive}.${randomUUID()}.tmp`;
    try {
      // Created first, for the server's user only: the archive holds the signing secret and
      // every record.
      await writeFile(temporary, '', { mode: 0o600 });
      await tar.create({ gzip: true, file: temporary, cwd: staging, portable: true }, [
        MANIFEST,
        SQLITE_FILE,
        ...(withFiles ? [LOCAL_FILES_FOLDER] : []),
        ...(withSecret ? [SECRET_FILE] : []),
      ]);
      await rename(temporary, options.archive);
    } finally {
      await rm(temporary, { force: true });
    }
    return {
      archive: options.archive,
      databaseBytes: (await stat(path.join(staging, SQLITE_FILE))).size,
      files,
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Whether a process has the database open: a connection of a running server, even idle,
 * keeps SQLite from granting an exclusive lock in exclusive locking mode.
 */
function databaseInUse(file: string): boolean {
  const db = new SQLite(file, { timeout: 200 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    return false;
  } catch (error) {
    if (error instanceof SQLite.SqliteError && error.code.startsWith('SQLITE_BUSY')) return true;
    throw error;
  } finally {
    db.close();
  }
}

export interface RestoreSummary {
  createdAt: string;
  /** Where the data it replaced was moved to (nothing is deleted). */
  keptAs: string | undefined;
}

/**
 * Puts an archive of takeBackup back into DATA_DIR, on a stopped server (refused while a
 * process has the database open). What it replaces is moved aside, not deleted.
 */
export async function restoreBackup(options: {
  dataDir: string;
  archive: string;
}): Promise<RestoreSummary> {
  await mkdir(options.dataDir, { recursive: true });
  const database = path.join(options.dataDir, SQLITE_FILE);
  if ((await exists(database)) && databaseInUse(database)) {
    throw new Error('the database is in use: stop the server before restoring');
  }
  const unpacked = await mkdtemp(path.join(options.dataDir, '.restore-'));
  try {
    await tar.extract({ file: options.archive, cwd: unpacked, strict: true });
    const parsed = manifestSchema.safeParse(
      JSON.parse(await readFile(path.join(unpacked, MANIFEST), 'utf8').catch(() => 'null')),
    );
    if (!parsed.success) throw new Error(`${options.archive} is not a backup of this app`);
    const restored = new SQLite(path.join(unpacked, SQLITE_FILE), { fileMustExist: true });
    try {
      const check = restored.pragma('integrity_check', { simple: true });
      if (check !== 'ok')
        throw new Error(`the archive's database fails its check: ${String(check)}`);
    } finally {
      restored.close();
    }
    const names = [
      SQLITE_FILE,
      ...(parsed.data.files ? [LOCAL_FILES_FOLDER] : []),
      ...(parsed.data.secret ? [SECRET_FILE] : []),
    ];
    const keptAs = path.join(
      options.dataDir,
      `before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`,
    );
    let kept = false;
    // The old database's journal files go with it: left beside the restored file, SQLite
    // would replay them into it.
    for (const name of [...names, `${SQLITE_FILE}-wal`, `${SQLITE_FILE}-shm`]) {
      const current = path.join(options.dataDir, name);
      if (!(await exists(current))) continue;
      await mkdir(keptAs, { recursive: true, mode: 0o700 });
      await rename(current, path.join(keptAs, name));
      kept = true;
    }
    for (const name of names) {
      await rename(path.join(unpacked, name), path.join(options.dataDir, name));
    }
    return { createdAt: parsed.data.createdAt, keptAs: kept ? keptAs : undefined };
  } finally {
    await rm(unpacked, { recursive: true, force: true });
  }
}
