// One-time, expiring password reset tokens. Only their SHA-256 is stored; a new request
// replaces the user's older unused tokens, and a password change or reset voids them all.

import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { hashToken, newSecretToken } from './sessions.js';

export class PasswordResets {
  constructor(
    private readonly db: Kysely<Database>,
    readonly ttlMinutes: number,
  ) {}

  async create(userId: string, now: string): Promise<string> {
    const token = newSecretToken();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('password_resets')
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
      await trx
        .insertInto('password_resets')
        .values({
          token_hash: hashToken(token),
          user_id: userId,
          created_at: now,
          expires_at: new Date(Date.parse(now) + this.ttlMinutes * 60_000).toISOString(),
          used_at: null,
        })
        .execute();
    });
    return token;
  }

  /** The user of a valid token, marking it used in the same statement; else undefined. */
  async consume(token: string, now: string): Promise<string | undefined> {
    const hash = hashToken(token);
    const marked = await this.db
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', hash)
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

  /** Voids every outstanding link of a user: their password changed, by any way. */
  async voidAllOf(userId: string): Promise<void> {
    await this.db
      .deleteFrom('password_resets')
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }
}
