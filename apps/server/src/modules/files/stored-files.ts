// Writing one file (bytes in the store, metadata in the files table) for callers outside
// the files routes, such as the profile picture.

import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { LocalFileStore } from '../../storage/local-files.js';

export interface StoredFile {
  path: string;
  size: number;
  sha256: string;
}

export async function storeFile(
  db: Kysely<Database>,
  store: LocalFileStore,
  file: { segments: string[]; bytes: Buffer; contentType: string; ownerId: string },
  now: string,
): Promise<StoredFile> {
  const [collection = '', ...rest] = file.segments;
  const key = rest.join('/');
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  await store.write(file.segments, file.bytes);
  const row = {
    collection,
    key,
    content_type: file.contentType,
    size: file.bytes.length,
    sha256,
    owner_id: file.ownerId,
    updated_at: now,
  };
  await db
    .insertInto('files')
    .values({ ...row, created_at: now })
    .onConflict((oc) => oc.columns(['collection', 'key']).doUpdateSet(row))
    .execute();
  return { path: file.segments.join('/'), size: file.bytes.length, sha256 };
}
