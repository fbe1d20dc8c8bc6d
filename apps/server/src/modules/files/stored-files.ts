// Storing and deleting one file (metadata in the files table, bytes in the file store)
// with its rules: each file has an owner (its first uploader; a user's own folder belongs
// to that user), only the owner or an admin replaces or deletes it, and each owner's
// files together stay within the quota. Used by the files routes and the profile picture.

import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { MESSAGES, PROFILE_PICTURE_MAX_BYTES } from '@field/domain';
import { holdName } from '../../db/locks.js';
import type { Database } from '../../db/schema.js';
import { AppError, conflict } from '../../http/errors.js';
import type { FileStore } from '../../storage/file-store.js';
import { FilePathConflictError } from '../../storage/file-store.js';

export interface StoredFile {
  collection: string;
  key: string;
  path: string;
  contentType: string;
  size: number;
  sha256: string;
  updatedAt: string;
}

/** Who writes: the signed-in user, whether they are an admin, and whether still pending. */
export interface Writer {
  id: string;
  admin: boolean;
  /** Holds no approved scope yet (a registration waiting for an admin). */
  pending: boolean;
}

export interface StoreLimits {
  /** Bytes of files one owner may hold. */
  quotaBytes: number;
}

/** All a pending account's files together: room for its profile picture. */
const PENDING_QUOTA_BYTES = PROFILE_PICTURE_MAX_BYTES;

/** The profile picture's key in a user's folder, the one file a user folder holds. */
export const PROFILE_PICTURE = 'profilePicture';

const isProfilePicture = (segments: readonly string[]): boolean =>
  segments.length === 3 && segments[0] === 'users' && segments[2] === PROFILE_PICTURE;

const notOwner = (): AppError => new AppError(403, MESSAGES.fileNotOwner);
const fileNotFound = (): AppError => new AppError(404, MESSAGES.fileNotFound);

function split(segments: readonly string[]): { collection: string; key: string } {
  const [collection = '', ...rest] = segments;
  return { collection, key: rest.join('/') };
}

/** The owner of a new file: `users/{id}/...` belongs to user {id}, anything else to its uploader. */
function newOwner(segments: readonly string[], writer: Writer): string {
  return segments[0] === 'users' && segments[1] !== undefined ? segments[1] : writer.id;
}

async function withPathConflicts<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof FilePathConflictError) throw conflict(MESSAGES.filePathConflict);
    throw error;
  }
}

/**
 * Stores the bytes at `segments` and their metadata, inside the caller's transaction so a
 * refused or failed write leaves neither. The metadata is written first: on PostgreSQL its
 * row lock makes a second writer of the same path wait until the first has committed.
 */
export async function storeFile(
  db: Kysely<Database>,
  store: FileStore,
  file: { segments: string[]; bytes: Buffer; contentType: string },
  writer: Writer,
  limits: StoreLimits,
  now: string,
): Promise<StoredFile> {
  const { collection, key } = split(file.segments);
  const existing = await db
    .selectFrom('files')
    .select('owner_id')
    .where('collection', '=', collection)
    .where('key', '=', key)
    .executeTakeFirst();
  if (existing !== undefined && existing.owner_id !== writer.id && !writer.admin) {
    throw notOwner();
  }
  const owner = existing?.owner_id ?? newOwner(file.segments, writer);

  // What the owner holds besides this file (a replaced file counts with its new size),
  // read with the owner's uploads held: side by side, each read the others' as not there,
  // and six uploads at once all passed a quota that had room for two.
  await holdName(db, `file-quota:${owner}`);
  const held = await db
    .selectFrom('files')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('size'), eb.lit(0)).as('bytes'))
    .where('owner_id', '=', owner)
    .where((eb) => eb.not(eb.and([eb('collection', '=', collection), eb('key', '=', key)])))
    .executeTakeFirst();
  // A profile picture has a size cap; a pending account (anyone may register one) may
  // store no more than one such picture in all (docs/decisions.md, Security review findings).
  if (isProfilePicture(file.segments) && file.bytes.length > PROFILE_PICTURE_MAX_BYTES) {
    throw new AppError(413, MESSAGES.profilePictureTooLarge);
  }
  const quota = writer.pending && owner === writer.id ? PENDING_QUOTA_BYTES : limits.quotaBytes;
  if (Number(held?.bytes ?? 0) + file.bytes.length > quota) {
    throw new AppError(413, MESSAGES.fileQuotaExceeded);
  }

  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  const changes = {
    content_type: file.contentType,
    size: file.bytes.length,
    sha256,
    updated_at: now,
  };
  const written = await db
    .insertInto('files')
    .values({ collection, key, ...changes, owner_id: owner, created_at: now })
    .onConflict((oc) => {
      const update = oc.columns(['collection', 'key']).doUpdateSet(changes);
      // Another user may have created the path since the look above.
      return writer.admin ? update : update.where('files.owner_id', '=', writer.id);
    })
    .executeTakeFirst();
  if (Number(written.numInsertedOrUpdatedRows ?? 0n) === 0) throw notOwner();

  await withPathConflicts(store.write(file.segments, file.bytes));
  return {
    collection,
    key,
    path: file.segments.join('/'),
    contentType: file.contentType,
    size: file.bytes.length,
    sha256,
    updatedAt: now,
  };
}

/** Deletes the file at `segments` (owner or admin only), inside the caller's transaction. */
export async function deleteFile(
  db: Kysely<Database>,
  store: FileStore,
  segments: string[],
  writer: Writer,
): Promise<void> {
  const { collection, key } = split(segments);
  const existing = await db
    .selectFrom('files')
    .select('owner_id')
    .where('collection', '=', collection)
    .where('key', '=', key)
    .executeTakeFirst();
  if (existing === undefined) throw fileNotFound();
  if (existing.owner_id !== writer.id && !writer.admin) throw notOwner();
  let remove = db.deleteFrom('files').where('collection', '=', collection).where('key', '=', key);
  if (!writer.admin) remove = remove.where('owner_id', '=', writer.id);
  const deleted = await remove.executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw fileNotFound();
  await withPathConflicts(store.remove(segments));
}

/** Whether a file is stored at `segments`. */
export async function fileExists(
  db: Kysely<Database>,
  segments: readonly string[],
): Promise<boolean> {
  const { collection, key } = split(segments);
  const row = await db
    .selectFrom('files')
    .select('key')
    .where('collection', '=', collection)
    .where('key', '=', key)
    .executeTakeFirst();
  return row !== undefined;
}
