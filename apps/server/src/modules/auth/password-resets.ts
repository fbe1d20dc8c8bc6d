// One-time, expiring links, by purpose: a password reset, an invitation (an admin added the
// user; the link sets the first password), and the verification of a registered address.
// Only their SHA-256 is stored; a new link replaces the user's older unused ones of the same
// purpose, and a password change or reset voids the open reset and invitation links.

import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { hashToken, newSecretToken } from './sessions.js';

export type LinkPurpose = 'reset' | 'invite' | 'verify';

export class PasswordResets {
  constructor(
    private readonly db: Kysely<Database>,
    readonly ttlMinutes: number,
    /** How long an invitation or verification link works (longer than a reset's). */
    readonly longTtlMinutes: number,
  ) {}

  ttlOf(purpose: LinkPurpose): number {
    return purpose === 'reset' ? this.ttlMinutes : this.longTtlMinutes;
  }

  async create(userId: string, now: string, purpose: LinkPurpose = 'reset'): Promise<string> {
    const token = newSecretToken();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('password_resets')
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute();
      await trx
        .insertInto('password_resets')
        .values({
          token_hash: hashToken(token),
          user_id: userId,
          purpose,
          created_at: now,
          expires_at: new Date(Date.parse(now) + this.ttlOf(purpose) * 60_000).toISOString(),
          used_at: null,
        })
        .execute();
    });
    return token;
  }

  /** The user of a valid link of this purpose, without using it up; else undefined. */
  async peek(token: string, now: string, purpose: LinkPurpose): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('password_resets')
      .select('user_id')
      .where('token_hash', '=', hashToken(token))
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row?.user_id;
  }

  /** The user of a valid link, marking it used in the same statement; else undefined. */
  async consume(
    token: string,
    now: string,
    purpose: LinkPurpose = 'reset',
  ): Promise<string | undefined> {
    const hash = hashToken(token);
    const marked = await this.db
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', hash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) return undefined;
    const row = await this.db
      .selectFrom('password_resets')
      .select('user_id')
      .where('token_hash', '=', hash)
      .executeTakeFirst();
    return row?.user_id;
  }

  /** Voids every outstanding password link of a user: their password changed, by any way. */
  async voidAllOf(userId: string): Promise<void> {
    await this.db
      .deleteFrom('password_resets')
      .where('user_id', '=', userId)
      .where('purpose', 'in', ['reset', 'invite'])
      .where('used_at', 'is', null)
      .execute();
  }
}
