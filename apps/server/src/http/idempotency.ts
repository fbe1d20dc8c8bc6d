// Writes run in one transaction with their Idempotency-Key: the key, a hash of the
// request and the response are stored with the effect, so a replayed key answers the
// first response without a second effect, and a key reused for another request is 422.

import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { IDEMPOTENCY_KEY_PATTERN, MESSAGES } from '@field/domain';
import type { Database } from '../db/schema.js';
import { badRequest, unprocessable } from './errors.js';

export interface WriteResult {
  statusCode: number;
  body: unknown;
}

export type WriteEffect = (trx: Transaction<Database>) => Promise<WriteResult>;

function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${canonicalJson(request.body ?? null)}`)
    .digest('hex');
}

function idempotencyKey(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
    throw badRequest(MESSAGES.idempotencyKeyInvalid);
  }
  return header;
}

export async function runWrite(
  db: Kysely<Database>,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  effect: WriteEffect,
): Promise<unknown> {
  const key = idempotencyKey(request);
  const result =
    key === undefined
      ? await db.transaction().execute(effect)
      : await db.transaction().execute(async (trx) => {
          const hash = requestHash(request);
          const claimed = await trx
            .insertInto('idempotency_keys')
            .values({
              user_id: userId,
              key,
              request_hash: hash,
              status_code: 0,
              response: '',
              created_at: new Date().toISOString(),
            })
            .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
            .executeTakeFirst();
          if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) === 0) {
            // Another request with this key committed first (PostgreSQL waited for it).
            const first = await trx
              .selectFrom('idempotency_keys')
              .selectAll()
              .where('user_id', '=', userId)
              .where('key', '=', key)
              .executeTakeFirstOrThrow();
            if (first.request_hash !== hash) throw unprocessable(MESSAGES.idempotencyKeyReused);
            void reply.header('idempotent-replayed', 'true');
            return { statusCode: first.status_code, body: JSON.parse(first.response) as unknown };
          }
          const outcome = await effect(trx);
          await trx
            .updateTable('idempotency_keys')
            .set({ status_code: outcome.statusCode, response: JSON.stringify(outcome.body) })
            .where('user_id', '=', userId)
            .where('key', '=', key)
            .execute();
          return outcome;
        });
  void reply.code(result.statusCode);
  return result.body;
}

/** Forgets keys older than `maxAgeMs`; a client replays within hours, not weeks. */
export async function pruneIdempotencyKeys(db: Kysely<Database>, maxAgeMs: number): Promise<void> {
  const before = new Date(Date.now() - maxAgeMs).toISOString();
  await db.deleteFrom('idempotency_keys').where('created_at', '<', before).execute();
}
