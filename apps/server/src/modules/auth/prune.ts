// Housekeeping of the account tables: tokens, reset links, provider flows and failure
// counters that can no longer matter. Run hourly by main.ts.

import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

const DAY = 86_400_000;

export async function pruneAccountData(db: Kysely<Database>, now: string): Promise<void> {
  const dayAgo = new Date(Date.parse(now) - DAY).toISOString();
  // Rotated tokens stay until they expire: a device offline for days that presents one
  // already used by a thief must still be recognised as reuse.
  await db
    .deleteFrom('refresh_tokens')
    .where((eb) => eb.or([eb('expires_at', '<', now), eb('revoked_at', '<', dayAgo)]))
    .execute();
  await db
    .deleteFrom('password_resets')
    .where((eb) => eb.or([eb('expires_at', '<', now), eb('used_at', 'is not', null)]))
    .execute();
  await db.deleteFrom('auth_states').where('expires_at', '<', now).execute();
  await db.deleteFrom('rate_limits').where('window_ends_at', '<', Date.parse(now)).execute();
  await db
    .deleteFrom('sign_in_failures')
    .where('window_started_at', '<', dayAgo)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .execute();
}
