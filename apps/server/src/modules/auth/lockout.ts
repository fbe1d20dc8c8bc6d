// Failed sign-ins counted per account AND client address, in the database so every server
// process sees the same count. The attempts-th failure inside the window makes that address
// wait before it may try that account again: someone guessing from one address is slowed,
// while the account's owner signing in from another address is not locked out by them
// (docs/decisions.md, Security review findings). Counted per normalised email whether or
// not the account exists, so the answer reveals nothing about which addresses are
// registered. Guesses spread over many addresses meet the per-address limit of the route
// on each of them.

import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { normalizeEmail } from '../users/repository.js';

export interface LockoutSettings {
  attempts: number;
  minutes: number;
}

/** Who tries: the account (email as typed) and the client address the request came from. */
export interface SignInAttempt {
  email: string;
  address: string;
}

/** The widest address the column keeps (an IPv6 address with a zone is at most 45 + zone). */
const MAX_ADDRESS = 64;

const keyOf = (attempt: SignInAttempt) => ({
  account: normalizeEmail(attempt.email),
  address: attempt.address.slice(0, MAX_ADDRESS),
});

export class AccountLockout {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly settings: LockoutSettings,
  ) {}

  /** Seconds until this address may try this account again, or 0 when it may now. */
  async lockedFor(attempt: SignInAttempt, now: string): Promise<number> {
    const { account, address } = keyOf(attempt);
    const row = await this.db
      .selectFrom('sign_in_failures')
      .select('locked_until')
      .where('account', '=', account)
      .where('address', '=', address)
      .executeTakeFirst();
    if (row?.locked_until == null || row.locked_until <= now) return 0;
    return Math.ceil((Date.parse(row.locked_until) - Date.parse(now)) / 1000);
  }

  /**
   * Counts a failure; the attempts-th failure inside the window makes the address wait.
   * Failures that come side by side are counted one after another (the row is held first),
   * and none undoes a wait another has set: a burst of wrong passwords sent at once was
   * never locked out, each later failure of the burst clearing the lock an earlier one set.
   */
  async recordFailure(attempt: SignInAttempt, now: string): Promise<void> {
    const key = keyOf(attempt);
    const windowMs = this.settings.minutes * 60_000;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('sign_in_failures')
        .values({ ...key, failures: 0, window_started_at: now, locked_until: null })
        // There already, a no-op update: PostgreSQL holds the row until this transaction
        // ends either way; SQLite writes one transaction at a time anyway.
        .onConflict((oc) =>
          oc
            .columns(['account', 'address'])
            .doUpdateSet((eb) => ({ failures: eb.ref('sign_in_failures.failures') })),
        )
        .execute();
      const row = await trx
        .selectFrom('sign_in_failures')
        .selectAll()
        .where('account', '=', key.account)
        .where('address', '=', key.address)
        .executeTakeFirstOrThrow();
      const windowOpen = Date.parse(row.window_started_at) + windowMs > Date.parse(now);
      const failures = windowOpen ? Number(row.failures) + 1 : 1;
      const stillLocked = row.locked_until !== null && row.locked_until > now;
      const locks = failures >= this.settings.attempts;
      await trx
        .updateTable('sign_in_failures')
        .set({
          failures: locks ? 0 : failures,
          window_started_at: windowOpen ? row.window_started_at : now,
          locked_until: locks
            ? new Date(Date.parse(now) + windowMs).toISOString()
            : stillLocked
              ? row.locked_until
              : null,
        })
        .where('account', '=', key.account)
        .where('address', '=', key.address)
        .execute();
    });
  }

  /** A success from this address forgets its failures (others' stay counted). */
  async clear(attempt: SignInAttempt): Promise<void> {
    const { account, address } = keyOf(attempt);
    await this.db
      .deleteFrom('sign_in_failures')
      .where('account', '=', account)
      .where('address', '=', address)
      .execute();
  }

  /** A reset by mail proves the mailbox: every address may try that account afresh. */
  async clearAccount(email: string): Promise<void> {
    await this.db
      .deleteFrom('sign_in_failures')
      .where('account', '=', normalizeEmail(email))
      .execute();
  }
}
