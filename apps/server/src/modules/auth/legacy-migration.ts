// First sign-in of a user with legacy construction data: the old document's role,
// employee id and scope lists move into the field document and scopes, and the user is
// marked migrated. A failure signs the user out with the migration's failure message
// (docs/api.md, Accounts and sessions).

import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { MESSAGES, legacyScopesSchema, mergeLegacyScopes } from '@field/domain';
import { AppError } from '../../http/errors.js';
import type { UserRepository, UserRow } from '../users/repository.js';

/** The legacy construction document: its field data and its four scope lists. */
const legacyConstructionSchema = z.object({
  ...legacyScopesSchema.shape,
  role: z.string().min(1).max(100).optional(),
  airtableId: z.string().min(1).max(64).nullable().optional(),
});

export async function migrateLegacyData(
  users: UserRepository,
  user: UserRow,
  now: string,
  log: FastifyBaseLogger,
): Promise<void> {
  if (user.legacy_data === null || user.migrated_at !== null) return;
  try {
    const legacy = legacyConstructionSchema.parse(JSON.parse(user.legacy_data));
    const current = await users.scopesOf(user.id);
    await users.completeLegacyMigration(
      user.id,
      {
        role: legacy.role ?? user.role,
        airtableId: legacy.airtableId === undefined ? user.airtable_id : legacy.airtableId,
      },
      mergeLegacyScopes(legacy, current),
      now,
    );
  } catch (err) {
    log.error({ err, userId: user.id }, 'legacy user data migration failed');
    throw new AppError(500, MESSAGES.migrationFailed);
  }
}
