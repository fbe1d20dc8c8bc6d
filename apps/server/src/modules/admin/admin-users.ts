// What the administration routes share: their dependencies, the scope input they accept and check against the
// catalogue, and a user as the administration screen shows it.

import { z } from 'zod';
import type { HomeAccessMode, Scope } from '@field/domain';
import {
  ADMIN_SCOPE,
  DEMO_SCOPE,
  MESSAGES,
  PENDING_USER_SCOPE,
  SCOPES,
  isScopeGroup,
} from '@field/domain';
import { badRequest } from '../../http/errors.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AuthDeps } from '../auth/routes.js';
import type { RecordRepository } from '../records/repository.js';
import type { UserRepository, UserRow } from '../users/repository.js';
import { NO_PASSWORD, toUserDocument } from '../users/repository.js';

export interface AdminDeps extends AuthDeps {
  db: Kysely<Database>;
  records: RecordRepository;
  /** The install's access-by-home setting (HOME_ACCESS), for the homes a person gets. */
  homeAccess: HomeAccessMode;
}

const SINGLE_SCOPES: readonly string[] = [...SCOPES, ADMIN_SCOPE, DEMO_SCOPE];

/** A scope the catalogue knows: a group (docs/product.md, Roles and access), or a single scope. */
export const scopeInput = z
  .object({
    value: z.string().min(1).max(100),
    group: z.boolean().optional(),
    approved: z.boolean().default(true),
    read: z.boolean().default(true),
    write: z.boolean().default(true),
  })
  .transform((s) => ({ ...s, group: s.group ?? isScopeGroup(s.value) }));

export function checkScope(scope: Scope): Scope {
  const known = scope.group
    ? isScopeGroup(scope.value) || scope.value === PENDING_USER_SCOPE
    : SINGLE_SCOPES.includes(scope.value);
  if (!known) throw badRequest(MESSAGES.unknownScope);
  return scope;
}

function isPending(scopes: readonly Scope[]): boolean {
  return scopes.some((s) => s.value === PENDING_USER_SCOPE && !s.approved);
}

/** A user as the administration screen lists it. */
export function toAdminUser(row: UserRow, scopes: Scope[], providers: string[] = []) {
  return {
    ...toUserDocument(row, scopes),
    approved: !isPending(scopes),
    hasPassword: row.password_hash !== NO_PASSWORD,
    emailVerified: row.email_verified_at !== null,
    providers,
    createdAt: row.created_at,
  };
}

/** One user as the admin calls answer it, with their linked providers. */
export async function adminUserAnswer(users: UserRepository, row: UserRow) {
  const identities = await users.identitiesOf(row.id);
  return toAdminUser(
    row,
    await users.scopesOf(row.id),
    identities.map((i) => i.provider),
  );
}
