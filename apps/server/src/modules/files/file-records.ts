// Files follow the scope of the record they belong to (docs/api.md, Files): a file at
// `{collection}/{recordId}/...` of a collection the registry gives a resource
// (`fileCollections`: a walk's photos and PDF, an item's or a day's photos) is read and
// written under that record's scopes and on its home only; a file of a record not stored
// yet (a photo is sent before its record) under the scopes of some record of the
// collection. A collection no resource names takes no file; a user's folder is the
// routes' own rule.

import type { AccessKind, FilePath, Resource } from '@field/domain';
import { mayOnFileCollection, mayOnRecord, resourcesOfFileCollection } from '@field/domain';
import type { RecordsTable } from '../../db/schema.js';
import type { AuthUser } from '../../http/auth.js';
import { forbidden } from '../../http/errors.js';
import type { RouteDeps } from '../records/deps.js';
import type { Executor } from '../records/repository.js';
import { storedData } from '../records/record-writes.js';

/** The record a file's folder names, of the resources keeping files in its collection. */
async function recordsOf(
  executor: Executor,
  deps: RouteDeps,
  resources: readonly Resource[],
  ids: readonly string[],
): Promise<Map<string, RecordsTable>> {
  const rows = await deps.records.findMany(executor, resources, ids);
  return new Map(rows.map((row) => [row.id, row]));
}

const mayOn = (user: AuthUser, row: RecordsTable, kind: AccessKind): boolean =>
  mayOnRecord(user.access, row.kind as Resource, storedData(row), kind); // Safe: kinds asked for.

/** 403 unless the caller may read (or write) the files of the record a path names. */
export async function checkRecordFile(
  executor: Executor,
  deps: RouteDeps,
  user: AuthUser,
  file: FilePath,
  kind: AccessKind,
): Promise<void> {
  const resources = resourcesOfFileCollection(file.collection);
  if (resources.length === 0) {
    if (user.access.admin) return;
    throw forbidden();
  }
  const recordId = file.segments[1];
  const row =
    recordId === undefined
      ? undefined
      : (await recordsOf(executor, deps, resources, [recordId])).get(recordId);
  if (row === undefined) {
    if (!mayOnFileCollection(user.access, file.collection, kind)) throw forbidden();
    return;
  }
  if (!mayOn(user, row, kind)) throw forbidden();
  await deps.homes.requireRow(executor, user, row);
}

/**
 * Of a folder's files, those the caller may read: files of records they may read on
 * homes they may work on, and files of records not stored.
 */
export async function readableFiles<T extends { collection: string; key: string }>(
  deps: RouteDeps,
  user: AuthUser,
  collection: string,
  rows: T[],
): Promise<T[]> {
  const recordIdOf = (row: T): string => row.key.split('/')[0] ?? '';
  const ids = [...new Set(rows.map(recordIdOf))];
  const records = await recordsOf(deps.db, deps, resourcesOfFileCollection(collection), ids);
  const readable = [...records.values()].filter((row) => mayOn(user, row, 'read'));
  const kept = new Set((await deps.homes.filter(deps.db, user, readable)).map((row) => row.id));
  return rows.filter((row) => {
    const id = recordIdOf(row);
    return !records.has(id) || kept.has(id);
  });
}
