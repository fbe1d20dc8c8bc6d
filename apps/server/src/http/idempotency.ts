// Writes run in one transaction with their Idempotency-Key: the key, a hash of the
// request and the response are stored with the effect, so a replayed key answers the
// first response without a second effect, and a key reused for another request is 422.

import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
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

/**
 * What a write is, wherever it comes from: a request of its own, or one write of a batch
 * called directly (modules/batch). A FastifyRequest is one.
 */
export interface WriteRequest {
  method: string;
  /** As sent (path and query): part of what an Idempotency-Key stands for. */
  url: string;
  body: unknown;
  query: unknown;
  params: unknown;
  headers: Record<string, unknown>;
}

export interface WriteAnswer extends WriteResult {
  /** The first answer of this Idempotency-Key, given again. */
  replayed: boolean;
}

function requestHash(request: WriteRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${canonicalJson(request.body ?? null)}`)
    .digest('hex');
}

function idempotencyKey(request: WriteRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
    throw badRequest(MESSAGES.idempotencyKeyInvalid);
  }
  return header;
}

/**
 * Applies a write once per Idempotency-Key inside the caller's transaction: the key is
 * claimed with the effect and its answer, so a key seen before answers its first result
 * without a second effect, and a key reused for another request is 422. A failed write
 * rolls back with its claim (the caller's transaction or savepoint), so a corrected retry
 * goes through.
 */
export async function applyWrite(
  trx: Transaction<Database>,
  request: WriteRequest,
  userId: string,
  effect: WriteEffect,
): Promise<WriteAnswer> {
  const key = idempotencyKey(request);
  if (key === undefined) return { ...(await effect(trx)), replayed: false };
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
    return {
      statusCode: first.status_code,
      body: JSON.parse(first.response) as unknown,
      replayed: true,
    };
  }
  const outcome = await effect(trx);
  await trx
    .updateTable('idempotency_keys')
    .set({ status_code: outcome.statusCode, response: JSON.stringify(outcome.body) })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
  return { ...outcome, replayed: false };
}

/** A write of its own request: one transaction, its answer on the reply. */
export async function runWrite(
  db: Kysely<Database>,
  request: WriteRequest,
  reply: FastifyReply,
  userId: string,
  effect: WriteEffect,
): Promise<unknown> {
  const result = await db.transaction().execute((trx) => applyWrite(trx, request, userId, effect));
  if (result.replayed) void reply.header('idempotent-replayed', 'true');
  void reply.code(result.statusCode);
  return result.body;
}

/** Forgets keys older than `maxAgeMs`; a client replays within hours, not weeks. */
export async function pruneIdempotencyKeys(db: Kysely<Database>, maxAgeMs: number): Promise<void> {
  const before = new Date(Date.now() - maxAgeMs).toISOString();
  await db.deleteFrom('idempotency_keys').where('created_at', '<', before).execute();
}
