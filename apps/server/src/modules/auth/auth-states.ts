// Provider sign-ins in progress (state, PKCE verifier, nonce), in the database so the
// callback may reach any server process; each is taken once and lives ten minutes.

import type { Kysely } from 'kysely';
import type { AuthStatesTable, Database } from '../../db/schema.js';

const AUTH_STATE_LIFETIME_MS = 10 * 60_000;

export class AuthStates {
  constructor(private readonly db: Kysely<Database>) {}

  async save(
    state: Omit<AuthStatesTable, 'created_at' | 'expires_at'>,
    now: string,
  ): Promise<void> {
    await this.db.deleteFrom('auth_states').where('expires_at', '<', now).execute();
    await this.db
      .insertInto('auth_states')
      .values({
        ...state,
        created_at: now,
        expires_at: new Date(Date.parse(now) + AUTH_STATE_LIFETIME_MS).toISOString(),
      })
      .execute();
  }

  /** The unexpired state of that value, deleted as it is read. */
  async take(state: string, now: string): Promise<AuthStatesTable | undefined> {
    const row = await this.db
      .selectFrom('auth_states')
      .selectAll()
      .where('state', '=', state)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    const deleted = await this.db
      .deleteFrom('auth_states')
      .where('state', '=', state)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1 || row.expires_at <= now) return undefined;
    return row;
  }
}
