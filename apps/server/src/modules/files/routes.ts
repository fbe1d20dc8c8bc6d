// Cloud file storage (docs/api.md, Files): uploads at `collection/key`, profile pictures at
// `users/{id}/profilePicture`, deletes and folder listings. Metadata in the files table,
// bytes in the file store. SQL for files lives here.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Resource } from '@field/domain';
import { ADMIN_SCOPE, MESSAGES, hasAccess, typeScopeOf } from '@field/domain';
import type { AuthUser } from '../../http/auth.js';
import { currentUser } from '../../http/auth.js';
import { AppError, badRequest, forbidden } from '../../http/errors.js';
import { parseWith, requireObject } from '../../http/validate.js';
import type { FileStore } from '../../storage/file-store.js';
import type { Executor } from '../records/repository.js';
import { writeRoute } from '../../http/write-pipeline.js';
import type { RouteDeps } from '../records/deps.js';
import { storedData } from '../records/record-writes.js';
import { DEFAULT_CONTENT_TYPE, isValidContentType, servedHeaders } from './content-types.js';
import type { StoreLimits, Writer } from './stored-files.js';
import { PROFILE_PICTURE, deleteFile, storeFile } from './stored-files.js';

/** Punch item photos live in the collection named after their resource. */
const ITEM_PHOTOS = 'walkItems' satisfies Resource;

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;
const BASE64_BODY = /^[A-Za-z0-9+/]*$/;
const WHITESPACE = /\s/;

const uploadSchema = z.object({
  data: z.string(),
  contentType: z.unknown().optional(),
});

interface FilePath {
  collection: string;
  key: string;
  segments: string[];
}

// The widths of the files table's columns (collection, key, owner_id).
const MAX_COLLECTION = 100;
const MAX_KEY = 400;
const MAX_USER_ID = 64;

/** Splits and checks `collection/key...`; no empty, '.' or '..' segment passes. */
function parseFilePath(raw: string, minSegments = 2): FilePath {
  const segments = raw.split('/');
  const [collection = '', ...rest] = segments;
  const key = rest.join('/');
  if (
    segments.length < minSegments ||
    !segments.every((s) => SEGMENT.test(s) && !/^\.+$/.test(s)) ||
    collection.length > MAX_COLLECTION ||
    key.length > MAX_KEY ||
    (collection === 'users' && (segments[1]?.length ?? 0) > MAX_USER_ID)
  ) {
    throw badRequest(MESSAGES.invalidFilePath);
  }
  return { collection, key, segments };
}

/**
 * Decodes base64 (a `data:...;base64,` prefix, line breaks and missing padding allowed);
 * empty or malformed is the spec's 400. No regular expression runs over the whole text
 * with backtracking (one did, and overflowed the stack above about 6 MB): the text is
 * checked by one linear character-class scan, decoded natively, and its length checked.
 */
export function decodeBase64(data: string): Buffer {
  let payload = data;
  if (payload.startsWith('data:')) {
    const comma = payload.indexOf(',');
    if (comma === -1 || !payload.slice(0, comma).endsWith(';base64')) {
      throw badRequest(MESSAGES.invalidBase64);
    }
    payload = payload.slice(comma + 1);
  }
  if (WHITESPACE.test(payload)) payload = payload.replace(/\s+/g, '');
  let end = payload.length;
  while (end > 0 && payload.charCodeAt(end - 1) === 61 /* '=' */) end -= 1;
  const padding = payload.length - end;
  const body = padding === 0 ? payload : payload.slice(0, end);
  if (
    body.length === 0 ||
    body.length % 4 === 1 ||
    padding > 2 ||
    (padding > 0 && (body.length + padding) % 4 !== 0) ||
    !BASE64_BODY.test(body)
  ) {
    throw badRequest(MESSAGES.invalidBase64);
  }
  const bytes = Buffer.from(body, 'base64');
  // Every 4 characters are 3 bytes; a shorter result means characters were dropped.
  if (bytes.length !== Math.floor((body.length * 3) / 4)) throw badRequest(MESSAGES.invalidBase64);
  return bytes;
}

/** The content type of an upload: a plain MIME type, or octet-stream when none is given. */
function uploadContentType(value: unknown): string {
  if (value === undefined || value === null || value === '') return DEFAULT_CONTENT_TYPE;
  if (typeof value !== 'string' || !isValidContentType(value)) {
    throw badRequest(MESSAGES.invalidContentType);
  }
  return value;
}

const holdsFieldScope = (held: ReadonlySet<string>): boolean =>
  [...held].some((s) => s !== ADMIN_SCOPE);

/**
 * Who may touch a path. A user's folder `users/{id}` only that user (or an admin), and
 * the only file stored there is the profile picture: that is all a pending user may
 * upload. Other collections: any user holding an approved scope to read (download, list)
 * or write (upload, delete) anything in the field app. Whose file it is (only the owner
 * or an admin replaces or deletes it) is checked where it is stored.
 */
function checkFileAccess(user: AuthUser, file: FilePath, kind: 'read' | 'upload' | 'delete'): void {
  if (user.access.admin) return;
  if (file.collection === 'users') {
    if (file.segments[1] !== user.id) throw forbidden();
    if (kind === 'upload' && (file.segments.length !== 3 || file.segments[2] !== PROFILE_PICTURE)) {
      throw new AppError(403, MESSAGES.userFolderPictureOnly);
    }
    return;
  }
  if (!holdsFieldScope(kind === 'read' ? user.access.read : user.access.write)) throw forbidden();
}

export const writerOf = (user: AuthUser): Writer => ({
  id: user.id,
  admin: user.access.admin,
  pending: !user.scopes.some((s) => s.approved),
});

/**
 * A punch item's photo (`walkItems/{itemId}/{fileId}`) whose item is deleted may be
 * removed by whoever may write items of that item's type, not only its uploader: deleting
 * an item releases its photos, whoever took them (docs/decisions.md).
 */
async function photoOfDeletedItem(
  executor: Executor,
  deps: RouteDeps,
  file: FilePath,
  user: AuthUser,
): Promise<boolean> {
  const [collection, itemId] = file.segments;
  if (collection !== ITEM_PHOTOS || itemId === undefined || file.segments.length !== 3) {
    return false;
  }
  const item = await deps.records.find(executor, ITEM_PHOTOS, itemId);
  if (item === undefined || item.deleted_at === null) return false;
  const scope = typeScopeOf(ITEM_PHOTOS, storedData(item));
  return scope !== undefined && hasAccess(user.access, [scope], 'write');
}

const fileNotFound = (): AppError => new AppError(404, MESSAGES.fileNotFound);

/**
 * 403 unless the caller may work on the home of the item a photo path names
 * (`walkItems/{itemId}/...`): access by home (home-gate.ts). A path of no stored item
 * (a photo sent before its item) names no home.
 */
async function checkItemHome(
  executor: Executor,
  deps: RouteDeps,
  user: AuthUser,
  file: FilePath,
): Promise<void> {
  const [collection, itemId] = file.segments;
  if (collection !== ITEM_PHOTOS || itemId === undefined) return;
  const item = await deps.records.find(executor, ITEM_PHOTOS, itemId);
  if (item !== undefined) await deps.homes.requireRow(executor, user, item);
}

/** Of a folder's files, those of items on homes the caller may work on. */
async function onWorkableHomes<T extends { collection: string; key: string }>(
  deps: RouteDeps,
  user: AuthUser,
  rows: T[],
): Promise<T[]> {
  if (!deps.homes.narrows(user, false)) return rows;
  const itemIds = [
    ...new Set(
      rows.flatMap((r) => (r.collection === ITEM_PHOTOS ? [r.key.split('/')[0] ?? ''] : [])),
    ),
  ];
  const items = await deps.records.findMany(deps.db, ITEM_PHOTOS, itemIds);
  const kept = new Set((await deps.homes.filter(deps.db, user, items)).map((item) => item.id));
  const known = new Set(items.map((item) => item.id));
  return rows.filter((r) => {
    if (r.collection !== ITEM_PHOTOS) return true;
    const itemId = r.key.split('/')[0] ?? '';
    return !known.has(itemId) || kept.has(itemId);
  });
}

export function fileRoutes(
  app: FastifyInstance,
  deps: RouteDeps,
  store: FileStore,
  uploadLimitBytes: number,
  limits: StoreLimits,
): void {
  const wildcard = (request: Pick<FastifyRequest, 'params'>): string =>
    requireObject(request.params, MESSAGES.invalidFilePath)['*'] as string; // Safe: route has '*'.

  writeRoute(
    app,
    deps,
    'POST',
    '/files/*',
    async (ctx) => {
      const file = parseFilePath(wildcard(ctx.request));
      checkFileAccess(ctx.user, file, 'upload');
      await checkItemHome(ctx.trx, deps, ctx.user, file);
      const body = parseWith(uploadSchema, ctx.request.body ?? {});
      const contentType = uploadContentType(body.contentType);
      const bytes = decodeBase64(body.data);
      const stored = await storeFile(
        ctx.trx,
        store,
        { segments: file.segments, bytes, contentType },
        writerOf(ctx.user),
        limits,
        ctx.now,
      );
      return { statusCode: 201, body: stored };
    },
    // The bytes are written outside the database: never in a shared transaction.
    { bodyLimit: uploadLimitBytes, shares: false },
  );

  app.get('/files/*', async (request, reply) => {
    const file = parseFilePath(wildcard(request));
    const user = currentUser(request);
    checkFileAccess(user, file, 'read');
    await checkItemHome(deps.db, deps, user, file);
    const row = await deps.db
      .selectFrom('files')
      .selectAll()
      .where('collection', '=', file.collection)
      .where('key', '=', file.key)
      .executeTakeFirst();
    if (row === undefined) throw fileNotFound();
    const bytes = await store.read(file.segments);
    if (bytes === undefined) throw fileNotFound();
    const name = file.segments[file.segments.length - 1] ?? file.collection;
    void reply.headers({ ...servedHeaders(row.content_type, name), etag: `"${row.sha256}"` });
    return reply.send(bytes);
  });

  writeRoute(
    app,
    deps,
    'DELETE',
    '/files/*',
    async (ctx) => {
      const file = parseFilePath(wildcard(ctx.request));
      checkFileAccess(ctx.user, file, 'delete');
      await checkItemHome(ctx.trx, deps, ctx.user, file);
      const release = await photoOfDeletedItem(ctx.trx, deps, file, ctx.user);
      const writer = writerOf(ctx.user);
      await deleteFile(
        ctx.trx,
        store,
        file.segments,
        release ? { ...writer, admin: true } : writer,
      );
      return {
        statusCode: 200,
        body: { collection: file.collection, key: file.key, deleted: true },
      };
    },
    // The bytes are removed outside the database: never in a shared transaction.
    { shares: false },
  );

  // Folder listing: `GET /files?folder=collection[/sub...]`.
  app.get('/files', async (request) => {
    const folder = parseWith(z.object({ folder: z.string().min(1) }), request.query).folder;
    const file = parseFilePath(folder.replace(/\/+$/, ''), 1);
    const user = currentUser(request);
    checkFileAccess(user, file, 'read');
    let query = deps.db
      .selectFrom('files')
      .select(['collection', 'key', 'content_type', 'size', 'sha256', 'updated_at'])
      .where('collection', '=', file.collection);
    if (file.key !== '') query = query.where('key', 'like', `${file.key}/%`);
    const rows = await onWorkableHomes(deps, user, await query.orderBy('key').execute());
    return rows.map((r) => ({
      collection: r.collection,
      key: r.key,
      path: `${r.collection}/${r.key}`,
      contentType: r.content_type,
      size: Number(r.size),
      sha256: r.sha256,
      updatedAt: r.updated_at,
    }));
  });
}
