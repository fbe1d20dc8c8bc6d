// The per-address limits of @fastify/rate-limit, counted in the database instead of process
// memory, so every server process counts the same requests: a client cannot get N times
// the limit by landing on N processes. One statement per limited request (an upsert that
// starts a new window when the last one has ended), on both databases.

import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface RouteInfo {
  routeInfo?: { method?: unknown; url?: unknown };
}

/** A store class for @fastify/rate-limit's `store` option, over `db`. */
export function databaseRateLimitStore(db: Kysely<Database>): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore {
    constructor(private readonly route = '') {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const now = Date.now();
      const ends = now + timeWindow;
      const id = `${this.route}|${key}`.slice(0, 400);
      sql<{ hits: number | string; window_ends_at: number | string }>`
        insert into rate_limits (key, hits, window_ends_at) values (${id}, 1, ${ends})
        on conflict (key) do update set
          hits = case when rate_limits.window_ends_at <= ${now} then 1
                      else rate_limits.hits + 1 end,
          window_ends_at = case when rate_limits.window_ends_at <= ${now} then ${ends}
                                else rate_limits.window_ends_at end
        returning hits, window_ends_at`
        .execute(db)
        .then((result) => {
          const row = result.rows[0];
          if (row === undefined) throw new Error('the rate limit upsert returned no row');
          callback(null, {
            current: Number(row.hits),
            ttl: Math.max(0, Number(row.window_ends_at) - now),
          });
        })
        .catch((error: unknown) =>
          callback(error instanceof Error ? error : new Error(String(error))),
        );
    }

    /** Each limited route counts on its own, as the plugin's memory store does. */
    child(options: RouteInfo): DatabaseRateLimitStore {
      const method = options.routeInfo?.method;
      const url = options.routeInfo?.url;
      return new DatabaseRateLimitStore(
        `${typeof method === 'string' ? method : ''} ${typeof url === 'string' ? url : ''}`,
      );
    }
  }
  // Safe: the class has the store's incr and child; the plugin constructs it with its
  // options, which this store does not need.
  return DatabaseRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
