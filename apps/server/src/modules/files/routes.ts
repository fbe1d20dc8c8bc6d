// Cloud file storage of section 7: uploads at `collection/key`, profile pictures at
// `users/{id}/profilePicture`, deletes and folder listings. Metadata in the files table,
// bytes in the file store. SQL for files lives here.

import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ADMIN_SCOPE, MESSAGES } from '@field/domain';
import type { AuthUser } from '../../http/auth.js';
import { currentUser } from '../../http/auth.js';
import { AppError, badRequest, forbidden } from '../../http/errors.js';
import { parseWith, requireObject } from '../../http/validate.js';
import type { LocalFileStore } from '../../storage/local-files.js';
import type { RouteDeps } from '../records/routes.js';
import { writeHandler } from '../records/routes.js';

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;
const BASE64 =
  /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{2,3})?$/;

const uploadSchema = z.object({
  data: z.string(),
  contentType: z.string().max(200).default('application/octet-stream'),
});

export interface FilePath {
  collection: string;
  key: string;
  segments: string[];
}

/** Splits and checks `collection/key...`; no empty, '.' or '..' segment passes. */
export function parseFilePath(raw: string, minSegments = 2): FilePath {
  const segments = raw.split('/');
  if (
    segments.length < minSegments ||
    !segments.every((s) => SEGMENT.test(s) && !/^\.+$/.test(s))
  ) {
    throw badRequest(MESSAGES.invalidFilePath);
  }
  const [collection = '', ...rest] = segments;
  return { collection, key: rest.join('/'), segments };
}

/** Decodes base64 (a data: URL prefix allowed); empty or malformed is the spec's 400. */
export function decodeBase64(data: string): Buffer {
  const payload = data.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  if (payload === '' || !BASE64.test(payload)) throw badRequest(MESSAGES.invalidBase64);
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length === 0) throw badRequest(MESSAGES.invalidBase64);
  return bytes;
}

/**
 * Who may touch a path: profile pictures and anything under `users/{id}` only by that
 * user (or an admin); other collections by any user holding an approved scope to read
 * (download, list) or write (upload, delete) anything in the field app.
 */
function checkFileAccess(user: AuthUser, file: FilePath, kind: 'read' | 'write'): void {
  if (user.access.admin) return;
  if (file.collection === 'users') {
    if (file.segments[1] !== user.id) throw forbidden();
    return;
  }
  const held = kind === 'read' ? user.access.read : user.access.write;
  const fieldScopes = [...held].filter((s) => s !== ADMIN_SCOPE);
  if (fieldScopes.length === 0) throw forbidden();
}

const fileNotFound = (): AppError => new AppError(404, MESSAGES.fileNotFound);

export function fileRoutes(
  app: FastifyInstance,
  deps: RouteDeps,
  store: LocalFileStore,
  uploadLimitBytes: number,
): void {
  const wildcard = (request: FastifyRequest): string =>
    requireObject(request.params, MESSAGES.invalidFilePath)['*'] as string; // Safe: route has '*'.

  app.post(
    '/files/*',
    { bodyLimit: uploadLimitBytes },
    writeHandler(deps, async (ctx) => {
      const file = parseFilePath(wildcard(ctx.request));
      checkFileAccess(ctx.user, file, 'write');
      const body = parseWith(uploadSchema, ctx.request.body ?? {});
      const bytes = decodeBase64(body.data);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      await store.write(file.segments, bytes);
      const row = {
        collection: file.collection,
        key: file.key,
        content_type: body.contentType,
        size: bytes.length,
        sha256,
        owner_id: ctx.user.id,
        updated_at: ctx.now,
      };
      await ctx.trx
        .insertInto('files')
        .values({ ...row, created_at: ctx.now })
        .onConflict((oc) => oc.columns(['collection', 'key']).doUpdateSet(row))
        .execute();
      return {
        statusCode: 201,
        body: {
          collection: file.collection,
          key: file.key,
          path: file.segments.join('/'),
          contentType: body.contentType,
          size: bytes.length,
          sha256,
          updatedAt: ctx.now,
        },
      };
    }),
  );

  app.get('/files/*', async (request, reply) => {
    const file = parseFilePath(wildcard(request));
    checkFileAccess(currentUser(request), file, 'read');
    const row = await deps.db
      .selectFrom('files')
      .selectAll()
      .where('collection', '=', file.collection)
      .where('key', '=', file.key)
      .executeTakeFirst();
    if (row === undefined) throw fileNotFound();
    void reply.header('content-type', row.content_type).header('etag', `"${row.sha256}"`);
    return reply.send(store.read(file.segments));
  });

  app.delete(
    '/files/*',
    writeHandler(deps, async (ctx) => {
      const file = parseFilePath(wildcard(ctx.request));
      checkFileAccess(ctx.user, file, 'write');
      const deleted = await ctx.trx
        .deleteFrom('files')
        .where('collection', '=', file.collection)
        .where('key', '=', file.key)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) throw fileNotFound();
      await store.remove(file.segments);
      return {
        statusCode: 200,
        body: { collection: file.collection, key: file.key, deleted: true },
      };
    }),
  );

  // Folder listing: `GET /files?folder=collection[/sub...]`.
  app.get('/files', async (request) => {
    const folder = parseWith(z.object({ folder: z.string().min(1) }), request.query).folder;
    const file = parseFilePath(folder.replace(/\/+$/, ''), 1);
    checkFileAccess(currentUser(request), file, 'read');
    let query = deps.db
      .selectFrom('files')
      .select(['collection', 'key', 'content_type', 'size', 'sha256', 'updated_at'])
      .where('collection', '=', file.collection);
    if (file.key !== '') query = query.where('key', 'like', `${file.key}/%`);
    const rows = await query.orderBy('key').execute();
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
