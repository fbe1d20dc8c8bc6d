// Cloud file storage (docs/api.md, Files): uploads at `collection/key`, profile pictures at
// `users/{id}/profilePicture`, deletes and folder listings. Metadata in the files table,
// bytes in the file store. SQL for files lives here.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FilePath } from '@field/domain';
import {
  ITEM_PHOTO_COLLECTION,
  MESSAGES,
  USER_FOLDER,
  hasAccess,
  parseFilePath,
  typeScopeOf,
} from '@field/domain';
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
import { checkRecordFile, readableFiles } from './file-records.js';

const BASE64_BODY = /^[A-Za-z0-9+/]*$/;
const WHITESPACE = /\s/;

const uploadSchema = z.object({
  data: z.string(),
  contentType: z.unknown().optional(),
});

/** Splits and checks `collection/key...` by the domain's path rule; 400 when it breaks it. */
function checkedFilePath(raw: string, minSegments = 2): FilePath {
  const file = parseFilePath(raw, minSegments);
  if (file === undefined) throw badRequest(MESSAGES.invalidFilePath);
  return file;
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

/**
 * Who may touch a path. A user's folder `users/{id}` only that user (or an admin), and
 * the only file stored there is the profile picture: that is all a pending user may
 * upload. Other collections: the scopes of the record the file belongs to
 * (file-records.ts). Whose file it is (only the owner or an admin replaces or deletes
 * it) is checked where it is stored.
 */
async function checkFileAccess(
  executor: Executor,
  deps: RouteDeps,
  user: AuthUser,
  file: FilePath,
  kind: 'read' | 'upload' | 'delete',
): Promise<void> {
  if (file.collection !== USER_FOLDER) {
    await checkRecordFile(executor, deps, user, file, kind === 'read' ? 'read' : 'write');
    return;
  }
  if (user.access.admin) return;
  if (file.segments[1] !== user.id) throw forbidden();
  if (kind === 'upload' && (file.segments.length !== 3 || file.segments[2] !== PROFILE_PICTURE)) {
    throw new AppError(403, MESSAGES.userFolderPictureOnly);
  }
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
  if (collection !== ITEM_PHOTO_COLLECTION || itemId === undefined || file.segments.length !== 3) {
    return false;
  }
  const item = await deps.records.find(executor, ITEM_PHOTO_COLLECTION, itemId);
  if (item === undefined || item.deleted_at === null) return false;
  const scope = typeScopeOf(ITEM_PHOTO_COLLECTION, storedData(item));
  return scope !== undefined && hasAccess(user.access, [scope], 'write');
}

const fileNotFound = (): AppError => new AppError(404, MESSAGES.fileNotFound);

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
      const file = checkedFilePath(wildcard(ctx.request));
      await checkFileAccess(ctx.trx, deps, ctx.user, file, 'upload');
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
    const file = checkedFilePath(wildcard(request));
    const user = currentUser(request);
    await checkFileAccess(deps.db, deps, user, file, 'read');
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
      const file = checkedFilePath(wildcard(ctx.request));
      await checkFileAccess(ctx.trx, deps, ctx.user, file, 'delete');
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
    const file = checkedFilePath(folder.replace(/\/+$/, ''), 1);
    const user = currentUser(request);
    await checkFileAccess(deps.db, deps, user, file, 'read');
    let query = deps.db
      .selectFrom('files')
      .select(['collection', 'key', 'content_type', 'size', 'sha256', 'updated_at'])
      .where('collection', '=', file.collection);
    if (file.key !== '') query = query.where('key', 'like', `${file.key}/%`);
    const rows = await readableFiles(
      deps,
      user,
      file.collection,
      await query.orderBy('key').execute(),
    );
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
