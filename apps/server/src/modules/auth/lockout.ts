// Per-account limit on failed sign-ins, kept in the database so every server process
// sees the same count. Counted per normalised address whether or not the account exists,
// so the answer reveals nothing about which addresses are registered.

import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { normalizeEmail } from '../users/repository.js';

export interface LockoutSettings {
  attempts: number;
  minutes: number;
}

export class AccountLockout {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly settings: LockoutSettings,
  ) {}

  /** Seconds until the account may try again, or 0 when it is not locked. */
  async lockedFor(email: string, now: string): Promise<number> {
    const row = await this.db
      .selectFrom('sign_in_failures')
      .select('locked_until')
      .where('account', '=', normalizeEmail(email))
      .executeTakeFirst();
    if (row?.locked_until == null || row.locked_until <= now) return 0;
    return Math.ceil((Date.parse(row.locked_until) - Date.parse(now)) / 1000);
  }

  /** Counts a failure; the attempts-th failure inside the window locks the account. */
  async recordFailure(email: string, now: string): Promise<void> {
    const account = normalizeEmail(email);
    const windowMs = this.settings.minutes * 60_000;
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('sign_in_failures')
        .selectAll()
        .where('account', '=', account)
        .executeTakeFirst();
      const windowOpen =
        row !== undefined && Date.parse(row.window_started_at) + windowMs > Date.parse(now);
      const failures = windowOpen ? Number(row.failures) + 1 : 1;
      const lockedUntil =
        failures >= this.settings.attempts
          ? new Date(Date.parse(now) + windowMs).toISOString()
          : null;
      const values = {
        failures: lockedUntil === null ? failures : 0,
        window_started_at: windowOpen ? row.window_started_at : now,
        locked_until: lockedUntil,
      };
      await trx
        .insertInto('sign_in_failures')
        .values({ account, ...values })
        .onConflict((oc) => oc.column('account').doUpdateSet(values))
        .execute();
    });
  }

  async clear(email: string): Promise<void> {
    await this.db
      .deleteFrom('sign_in_failures')
      .where('account', '=', normalizeEmail(email))
      .execute();
  }
}
