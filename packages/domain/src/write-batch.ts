// Several queued writes in one request (`POST /api/batch`): each keeps its own
// Idempotency-Key, method, path and body, is applied on the server in the order given,
// each in its own transaction exactly as if it had come alone, and gets its own answer.
// A failing write never stops or undoes the others; the client decides per write.

import { z } from 'zod';
import { QUEUE } from './constants.js';

export const BATCH_PATH = '/batch';

/** The most writes one batch request may carry. */
export const MAX_BATCH_WRITES = QUEUE.batchSize * QUEUE.parallelBatches;

/** The visible ASCII of an Idempotency-Key header, 1 to 200 characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** A write under /api, never sign-in itself or another batch. */
const WRITE_PATH = /^\/api\/(?!batch(?:[/?]|$)|auth\/)[^\s#]+$/;

export const batchedWriteSchema = z.object({
  key: z.string().regex(IDEMPOTENCY_KEY_PATTERN),
  method: z.enum(['POST', 'PATCH', 'DELETE']),
  path: z.string().max(2000).regex(WRITE_PATH),
  body: z.unknown().optional(),
});
export type BatchedWrite = z.infer<typeof batchedWriteSchema>;

export const writeBatchSchema = z.object({
  writes: z.array(batchedWriteSchema).min(1).max(MAX_BATCH_WRITES),
});
export type WriteBatch = z.infer<typeof writeBatchSchema>;

export const batchedAnswerSchema = z.object({
  key: z.string(),
  status: z.number().int(),
  /** The write's own answer: its record, or `{ "error": "..." }`. */
  body: z.unknown(),
  /** Seconds, from the write's Retry-After header (429, 503). */
  retryAfter: z.number().optional(),
});
export type BatchedAnswer = z.infer<typeof batchedAnswerSchema>;

export const writeBatchAnswerSchema = z.object({ results: z.array(batchedAnswerSchema) });
export type WriteBatchAnswer = z.infer<typeof writeBatchAnswerSchema>;
