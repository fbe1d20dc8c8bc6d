// Users, their scopes and linked sign-in identities: the only module that touches the
// users, user_scopes and user_identities tables.

import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { Scope, UserDocument } from '@field/domain';
import { ADMIN_SCOPE } from '@field/domain';
import type { Database, UsersTable } from '../../db/schema.js';
import type { AuthChanges } from '../../http/auth-changes.js';
import { authChangesOf } from '../../http/auth-changes.js';

export type UserRow = UsersTable;

export interface NewUser {
  id: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  role: string;
  airtableId: string | null;
  scopes: readonly Scope[];
  /** False for a self-registered address until its mailed link is opened; true otherwise. */
  emailVerified?: boolean;
}

/** A hash no password verifies against: accounts made by a provider sign-in start so. */
export const NO_PASSWORD = '!';

export interface IdentityRow {
  provider: string;
  subject: string;
  email: string | null;
  createdAt: string;
}

type Db = Kysely<Database> | Transaction<Database>;

/** Rolls back a scope change that would leave no administrator. */
class LastAdminError extends Error {}

function scopeRows(userId: string, scopes: readonly Scope[]) {
  return scopes.map((s) => ({
    user_id: userId,
    value: s.value,
    is_group: s.group ? 1 : 0,
    approved: s.approved ? 1 : 0,
    can_read: s.read ? 1 : 0,
    can_write: s.write ? 1 : 0,
  }));
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export class UserRepository {
  /** Where committed changes of a user are announced (the auth hook's cache listens). */
  readonly changes: AuthChanges;

  constructor(private readonly db: Kysely<Database>) {
    this.changes = authChangesOf(db);
  }

  private changed(userId: string): void {
    this.changes.publish({ type: 'user', userId });
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', normalizeEmail(email))
      .executeTakeFirst();
  }

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * The user, if the session (refresh-token family) `sessionId` of theirs is still live:
   * not signed out, not ended by a password change or reset. One query, by primary key
   * and the family index: the auth hook runs it on every request.
   */
  findWithLiveSession(id: string, sessionId: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll('users')
      .where('users.id', '=', id)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('refresh_tokens')
            .select('refresh_tokens.token_hash')
            .where('refresh_tokens.family_id', '=', sessionId)
            .whereRef('refresh_tokens.user_id', '=', 'users.id')
            .where('refresh_tokens.revoked_at', 'is', null),
        ),
      )
      .executeTakeFirst();
  }

  async scopesOf(userId: string, db: Db = this.db): Promise<Scope[]> {
    const rows = await db
      .selectFrom('user_scopes')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('value')
      .execute();
    return rows.map((r) => ({
      value: r.value,
      group: r.is_group === 1,
      approved: r.approved === 1,
      read: r.can_read === 1,
      write: r.can_write === 1,
    }));
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Every user with their scopes, ordered by email; two queries whatever the count. */
  async listWithScopes(): Promise<{ row: UserRow; scopes: Scope[] }[]> {
    const rows = await this.db.selectFrom('users').selectAll().orderBy('email').execute();
    const scopeRows = await this.db
      .selectFrom('user_scopes')
      .selectAll()
      .orderBy('value')
      .execute();
    const byUser = new Map<string, Scope[]>();
    for (const r of scopeRows) {
      const list = byUser.get(r.user_id) ?? [];
      list.push({
        value: r.value,
        group: r.is_group === 1,
        approved: r.approved === 1,
        read: r.can_read === 1,
        write: r.can_write === 1,
      });
      byUser.set(r.user_id, list);
    }
    return rows.map((row) => ({ row, scopes: byUser.get(row.id) ?? [] }));
  }

  /**
   * Runs `change` in a transaction that refuses to leave no administrator: false, and
   * nothing changed, when none would be left (the last admin keeps their scope,
   * docs/decisions.md). The admins' rows are held first, so two admins taking each
   * other's scope at once cannot both succeed.
   */
  private async keepingAnAdmin(
    change: (trx: Transaction<Database>) => Promise<void>,
  ): Promise<boolean> {
    return this.db
      .transaction()
      .execute(async (trx) => {
        const admins = (eb: ExpressionBuilder<Database, 'users'>) =>
          eb
            .selectFrom('user_scopes')
            .select('user_scopes.user_id')
            .where('user_scopes.value', '=', ADMIN_SCOPE)
            .where('user_scopes.approved', '=', 1)
            .where((s) =>
              s.or([s('user_scopes.can_read', '=', 1), s('user_scopes.can_write', '=', 1)]),
            );
        const before = await trx
          .updateTable('users')
          .set((eb) => ({ updated_at: eb.ref('updated_at') }))
          .where((eb) => eb('id', 'in', admins(eb)))
          .executeTakeFirst();
        await change(trx);
        if (Number(before.numUpdatedRows) === 0) return true;
        const left = await trx
          .selectFrom('users')
          .select('id')
          .where((eb) => eb('id', 'in', admins(eb)))
          .limit(1)
          .executeTakeFirst();
        if (left !== undefined) return true;
        throw new LastAdminError();
      })
      .catch((err: unknown) => {
        if (err instanceof LastAdminError) return false;
        throw err;
      });
  }

  /**
   * The user's scopes, their row held until the transaction ends: a change made from
   * them is not lost to another made side by side (two admins adding a scope each to one
   * user at once kept only one of the two).
   */
  private async heldScopesOf(trx: Transaction<Database>, userId: string): Promise<Scope[]> {
    await trx
      .updateTable('users')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', '=', userId)
      .execute();
    return this.scopesOf(userId, trx);
  }

  /**
   * Replaces a user's scopes, with the given ones or those `next` makes of the ones they
   * hold; false, and nothing changed, when no administrator would be left.
   */
  async replaceScopes(
    userId: string,
    scopes: readonly Scope[] | ((current: Scope[]) => readonly Scope[]),
    now: string,
  ): Promise<boolean> {
    const done = await this.keepingAnAdmin(async (trx) => {
      const next =
        typeof scopes === 'function' ? scopes(await this.heldScopesOf(trx, userId)) : scopes;
      await this.replaceScopesIn(trx, userId, next, now);
    });
    if (done) this.changed(userId);
    return done;
  }

  /** In the caller's transaction: the caller announces the change once it has committed. */
  async replaceScopesIn(
    trx: Transaction<Database>,
    userId: string,
    scopes: readonly Scope[],
    now: string,
  ): Promise<void> {
    await trx.deleteFrom('user_scopes').where('user_id', '=', userId).execute();
    if (scopes.length > 0) {
      await trx.insertInto('user_scopes').values(scopeRows(userId, scopes)).execute();
    }
    await trx.updateTable('users').set({ updated_at: now }).where('id', '=', userId).execute();
  }

  async updateNames(
    userId: string,
    names: { firstName?: string | undefined; lastName?: string | undefined },
    now: string,
  ): Promise<void> {
    await this.db
      .updateTable('users')
      .set({
        ...(names.firstName === undefined ? {} : { first_name: names.firstName }),
        ...(names.lastName === undefined ? {} : { last_name: names.lastName }),
        updated_at: now,
      })
      .where('id', '=', userId)
      .execute();
    this.changed(userId);
  }

  async setPhotoUrl(userId: string, photoUrl: string | null, now: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ photo_url: photoUrl, updated_at: now })
      .where('id', '=', userId)
      .execute();
    this.changed(userId);
  }

  /**
   * Sets a new password hash and refuses access tokens issued before this second, so
   * every other session ends (refresh tokens are revoked by the session service).
   */
  async setPassword(userId: string, passwordHash: string, now: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({
        password_hash: passwordHash,
        tokens_valid_after: Math.floor(Date.parse(now) / 1000),
        updated_at: now,
      })
      .where('id', '=', userId)
      .execute();
    this.changed(userId);
  }

  /** Moves legacy data into the field document and scopes, and marks it migrated. */
  async completeLegacyMigration(
    userId: string,
    fieldData: { role: string; airtableId: string | null },
    scopes: readonly Scope[],
    now: string,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({
          role: fieldData.role,
          airtable_id: fieldData.airtableId,
          migrated_at: now,
          updated_at: now,
        })
        .where('id', '=', userId)
        .execute();
      await this.replaceScopesIn(trx, userId, scopes, now);
    });
    this.changed(userId);
  }

  /** Stores legacy construction data to migrate on first sign-in (imports, tests). */
  async setLegacyData(userId: string, legacyData: string | null): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ legacy_data: legacyData, migrated_at: null })
      .where('id', '=', userId)
      .execute();
    this.changed(userId);
  }

  /**
   * Sets the employee, role and scopes an admin chose, at once (the next request sees
   * them); the scopes held are kept when none are given. False, and nothing changed, when
   * no administrator would be left, as for every change of scopes.
   */
  async updatePerson(
    userId: string,
    person: { role: string; airtableId: string | null; scopes: readonly Scope[] | undefined },
    now: string,
  ): Promise<boolean> {
    const done = await this.keepingAnAdmin(async (trx) => {
      const scopes = person.scopes ?? (await this.heldScopesOf(trx, userId));
      await trx
        .updateTable('users')
        .set({ role: person.role, airtable_id: person.airtableId })
        .where('id', '=', userId)
        .execute();
      await this.replaceScopesIn(trx, userId, scopes, now);
    });
    if (done) this.changed(userId);
    return done;
  }

  async markEmailVerified(userId: string, now: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ email_verified_at: now })
      .where('id', '=', userId)
      .where('email_verified_at', 'is', null)
      .execute();
    this.changed(userId);
  }

  /** The administrators a user can turn to: name and address, approved admin scope held. */
  async admins(): Promise<{ name: string; email: string }[]> {
    const rows = await this.db
      .selectFrom('users')
      .innerJoin('user_scopes', 'user_scopes.user_id', 'users.id')
      .select(['users.first_name', 'users.last_name', 'users.email'])
      .where('user_scopes.value', '=', ADMIN_SCOPE)
      .where('user_scopes.is_group', '=', 0)
      .where('user_scopes.approved', '=', 1)
      .orderBy('users.email')
      .limit(3)
      .execute();
    return rows.map((r) => ({
      name: `${r.first_name} ${r.last_name}`.trim(),
      email: r.email,
    }));
  }

  findByIdentity(provider: string, subject: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('user_identities')
      .innerJoin('users', 'users.id', 'user_identities.user_id')
      .selectAll('users')
      .where('user_identities.provider', '=', provider)
      .where('user_identities.subject', '=', subject)
      .executeTakeFirst();
  }

  /** The providers linked to each user, for lists of many users. */
  async providersByUser(): Promise<Map<string, string[]>> {
    const rows = await this.db
      .selectFrom('user_identities')
      .select(['user_id', 'provider'])
      .orderBy('provider')
      .execute();
    const byUser = new Map<string, string[]>();
    for (const r of rows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r.provider]);
    return byUser;
  }

  async identitiesOf(userId: string): Promise<IdentityRow[]> {
    const rows = await this.db
      .selectFrom('user_identities')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('provider')
      .execute();
    return rows.map((r) => ({
      provider: r.provider,
      subject: r.subject,
      email: r.email,
      createdAt: r.created_at,
    }));
  }

  /** Links a provider identity; linking the same one again is a no-op. */
  async linkIdentity(
    userId: string,
    identity: { provider: string; subject: string; email: string | null },
    now: string,
  ): Promise<void> {
    await this.db
      .insertInto('user_identities')
      .values({
        provider: identity.provider,
        subject: identity.subject,
        email: identity.email,
        user_id: userId,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
      .execute();
  }

  /** Removes every provider identity of a user (a password reset; see the reset route). */
  async unlinkAllIdentities(userId: string): Promise<number> {
    const result = await this.db
      .deleteFrom('user_identities')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async unlinkIdentity(userId: string, provider: string): Promise<number> {
    const result = await this.db
      .deleteFrom('user_identities')
      .where('user_id', '=', userId)
      .where('provider', '=', provider)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async create(user: NewUser, now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values({
          id: user.id,
          email: normalizeEmail(user.email),
          password_hash: user.passwordHash,
          first_name: user.firstName,
          last_name: user.lastName,
          photo_url: null,
          role: user.role,
          airtable_id: user.airtableId,
          created_at: now,
          updated_at: now,
          email_verified_at: user.emailVerified === false ? null : now,
        })
        .execute();
      if (user.scopes.length > 0) {
        await trx.insertInto('user_scopes').values(scopeRows(user.id, user.scopes)).execute();
      }
    });
  }
}

/** The user document (docs/entities.md). */
export function toUserDocument(user: UserRow, scopes: Scope[]): UserDocument {
  return {
    id: user.id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    photoURL: user.photo_url,
    scopes,
    fieldData: { role: user.role, airtableId: user.airtable_id },
  };
}
