// The first administrator of a real install: made from ADMIN_EMAIL / ADMIN_PASSWORD at
// start while no admin exists, or by `create-admin`. No install has a known password.

import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ADMIN_SCOPE } from '@field/domain';
import { MIN_ADMIN_PASSWORD_LENGTH } from '../config.js';
import type { Database } from '../db/schema.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { UserRepository } from '../modules/users/repository.js';

export interface NewAdmin {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

/** Whether any user holds the approved admin scope. */
export async function adminExists(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('user_scopes')
    .select('user_id')
    .where('value', '=', ADMIN_SCOPE)
    .where('approved', '=', 1)
    .where((eb) => eb.or([eb('can_read', '=', 1), eb('can_write', '=', 1)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Makes an admin account; throws an Error worded for the operator when it cannot. */
export async function createAdmin(db: Kysely<Database>, admin: NewAdmin): Promise<string> {
  const email = admin.email.trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new Error(`"${email}" is not an email address`);
  if (admin.password.length < MIN_ADMIN_PASSWORD_LENGTH) {
    throw new Error(`The admin password must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`);
  }
  const users = new UserRepository(db);
  // Never take over an account someone made (registration is open): a new address it is.
  if ((await users.findByEmail(email)) !== undefined) {
    throw new Error(`An account with the address ${email} exists already; choose another address`);
  }
  const id = randomUUID();
  await users.create(
    {
      id,
      email,
      passwordHash: await hashPassword(admin.password),
      firstName: admin.firstName ?? 'Admin',
      lastName: admin.lastName ?? '',
      role: 'Admin',
      airtableId: null,
      scopes: [{ value: ADMIN_SCOPE, approved: true, group: false, read: true, write: true }],
    },
    new Date().toISOString(),
  );
  return id;
}

/**
 * ADMIN_EMAIL / ADMIN_PASSWORD at start: the admin is made once, while no admin exists;
 * afterwards the variables are ignored (a changed ADMIN_PASSWORD changes nothing).
 */
export async function ensureInitialAdmin(
  db: Kysely<Database>,
  admin: NewAdmin,
): Promise<'created' | 'exists'> {
  if (await adminExists(db)) return 'exists';
  await createAdmin(db, admin);
  return 'created';
}
