// The signed-in user's profile: names, profile picture (stored at
// users/{id}/profilePicture) and photo URL, with the messages of docs/product.md
// (Validation) for missing parts.
// A user changes their own profile; an admin may change anyone's.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { MESSAGES, PROFILE_PICTURE_MAX_BYTES, isMissing } from '@field/domain';
import type { Database } from '../../db/schema.js';
import type { AuthUser } from '../../http/auth.js';
import { currentUser } from '../../http/auth.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { parseWith } from '../../http/validate.js';
import type { FileStore } from '../../storage/file-store.js';
import { decodeBase64, writerOf } from '../files/routes.js';
import type { StoreLimits } from '../files/stored-files.js';
import { PROFILE_PICTURE, storeFile } from '../files/stored-files.js';
import type { UserRepository } from './repository.js';
import { toUserDocument } from './repository.js';

/** Room in a picture upload's body beyond the picture's base64 (data URL prefix, ids). */
const PICTURE_BODY_EXTRA = 16 * 1024;

export interface ProfileDeps {
  users: UserRepository;
  db: Kysely<Database>;
  files: FileStore;
  uploadLimitBytes: number;
  fileLimits: StoreLimits;
}

const updatesSchema = z
  .object({
    firstName: z.string().trim().min(1).max(200).optional(),
    lastName: z.string().trim().min(1).max(200).optional(),
  })
  .strict();
const pictureSchema = z.object({
  contentType: z
    .string()
    .regex(/^image\/[a-z0-9.+-]+$/i, 'expected an image content type')
    .default('image/jpeg'),
});
const photoUrlSchema = z
  .string()
  .max(2000)
  .refine(
    (v) => (v.startsWith('/') ? !v.startsWith('//') : /^https:\/\//.test(v)),
    'expected an https URL or a path of this app',
  );

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null
    ? (body as Record<string, unknown>)[name] // Safe: reading one field of a JSON body.
    : undefined;
}

/** The target user's id from the body, or the spec's 400; only self or an admin. */
function targetUser(request: FastifyRequest, second: string, message: string): [AuthUser, string] {
  const user = currentUser(request);
  const userId = field(request.body, 'userId');
  const other = field(request.body, second);
  if (isMissing(userId) || typeof userId !== 'string' || isMissing(other))
    throw badRequest(message);
  if (userId !== user.id && !user.access.admin) throw forbidden();
  return [user, userId];
}

export function profileRoutes(app: FastifyInstance, deps: ProfileDeps): void {
  const { users } = deps;

  const documentOf = async (userId: string) => {
    const row = await users.findById(userId);
    if (row === undefined) throw notFound();
    return toUserDocument(row, await users.scopesOf(userId));
  };

  // { userId, updates: { firstName?, lastName? } } -> the user document.
  app.patch('/users/profile', async (request) => {
    const raw = field(request.body, 'updates');
    if (typeof raw !== 'object' || raw === null || Object.keys(raw).length === 0) {
      throw badRequest(MESSAGES.userIdAndUpdatesRequired);
    }
    const [, userId] = targetUser(request, 'updates', MESSAGES.userIdAndUpdatesRequired);
    const updates = parseWith(updatesSchema, field(request.body, 'updates'));
    if (updates.firstName === undefined && updates.lastName === undefined) {
      throw badRequest(MESSAGES.userIdAndUpdatesRequired);
    }
    if ((await users.findById(userId)) === undefined) throw notFound();
    await users.updateNames(userId, updates, new Date().toISOString());
    return documentOf(userId);
  });

  // { userId, file: base64 or data URL, contentType? } -> { photoURL, user }.
  // A body larger than the largest picture's base64 is refused before it is read whole.
  const pictureBodyLimit = Math.min(
    deps.uploadLimitBytes,
    Math.ceil(PROFILE_PICTURE_MAX_BYTES / 3) * 4 + PICTURE_BODY_EXTRA,
  );
  app.post('/users/profilePicture', { bodyLimit: pictureBodyLimit }, async (request) => {
    const [user, userId] = targetUser(request, 'file', MESSAGES.userIdAndFileRequired);
    const file = field(request.body, 'file');
    if (typeof file !== 'string') throw badRequest(MESSAGES.userIdAndFileRequired);
    const bytes = decodeBase64(file);
    const dataUrlType = /^data:([^;,]+)[;,]/.exec(file)?.[1];
    const { contentType } = parseWith(pictureSchema, {
      contentType: field(request.body, 'contentType') ?? dataUrlType,
    });
    if ((await users.findById(userId)) === undefined) throw notFound();
    const now = new Date().toISOString();
    // The picture belongs to the user whose folder it is in, even when an admin sets it.
    const stored = await deps.db
      .transaction()
      .execute((trx) =>
        storeFile(
          trx,
          deps.files,
          { segments: ['users', userId, PROFILE_PICTURE], bytes, contentType },
          writerOf(user),
          deps.fileLimits,
          now,
        ),
      );
    // The version query makes every cache see a new picture at once.
    const photoURL = `/api/files/${stored.path}?v=${stored.sha256.slice(0, 12)}`;
    await users.setPhotoUrl(userId, photoURL, now);
    return { photoURL, user: await documentOf(userId) };
  });

  // { userId, photoURL } -> the user document (a picture hosted elsewhere, or null to clear).
  app.patch('/users/photoURL', async (request) => {
    const user = currentUser(request);
    const userId = field(request.body, 'userId');
    const photoURL = field(request.body, 'photoURL');
    if (
      isMissing(userId) ||
      typeof userId !== 'string' ||
      photoURL === undefined ||
      photoURL === ''
    ) {
      throw badRequest(MESSAGES.userIdAndPhotoUrlRequired);
    }
    if (userId !== user.id && !user.access.admin) throw forbidden();
    const value =
      photoURL === null
        ? null
        : parseWith(z.object({ photoURL: photoUrlSchema }), { photoURL }).photoURL;
    if ((await users.findById(userId)) === undefined) throw notFound();
    await users.setPhotoUrl(userId, value, new Date().toISOString());
    return documentOf(userId);
  });
}
