// Several queued writes in one request (`POST /api/batch`): each keeps its own
// Idempotency-Key, method, path and body, is applied on the server in the order given
// by the same handler as if it had come alone (sharing one transaction, each write in a
// savepoint of its own), and gets its own answer. A failing write never stops or undoes
// the others; the client decides per write.
//
// A batch carries only the field-data writes the write queue sends (BATCH_WRITE_ROUTES),
// each under a plain path: one the server's router and URL parser read exactly as this
// check does (no `.`/`..` segments, no percent-encoded letters in the route's own words,
// no backslashes or other characters a parser could rewrite). Sign-in, accounts,
// administration, file uploads (they set a file's owner) and batches themselves never
// travel inside a batch, so a batch cannot nest.

import { z } from './zod.js';
import { QUEUE } from './constants.js';
import { MESSAGES } from './messages.js';
import { API_PREFIX } from './resources.js';
import { RECORD_WRITE_ROUTES } from './write-routes.js';

export const BATCH_PATH = '/batch';

/** The most writes one batch request may carry. */
export const MAX_BATCH_WRITES = QUEUE.batchSize * QUEUE.parallelBatches;

/** The visible ASCII of an Idempotency-Key header, 1 to 200 characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

type BatchMethod = 'POST' | 'PATCH' | 'DELETE';

/**
 * A write a batch may carry: its method and its path under `/api`, split in segments.
 * `:name` is one segment of any value (an id), `*` one or more segments (a file path).
 */
export interface BatchWriteRoute {
  method: BatchMethod;
  path: string;
}

/**
 * The allow-list: the writes of the resource registry (records of docs/api.md, walk forms, home
 * update and staff) and file deletes: what the web app's queue sends in batches. Nothing else may
 * travel in a batch.
 */
export const BATCH_WRITE_ROUTES: readonly BatchWriteRoute[] = [
  ...RECORD_WRITE_ROUTES,
  // Deletes only: an upload carries bytes (it goes alone) and makes its sender the owner.
  { method: 'DELETE', path: `${API_PREFIX}/files/*` },
];

/** Characters of a plain path segment: unreserved, what encodeURIComponent keeps, escapes. */
const SEGMENT = /^[A-Za-z0-9._~!*'()%-]+$/;
/** Characters of a plain query string (`id=...&...`). */
const QUERY = /^[A-Za-z0-9._~!*'()%=&-]*$/;

function decodeSegment(raw: string): string | undefined {
  if (!SEGMENT.test(raw)) return undefined;
  try {
    const decoded = decodeURIComponent(raw);
    // `.` and `..` (also as `%2e`) are dot segments a URL parser would resolve away.
    return decoded === '.' || decoded === '..' ? undefined : decoded;
  } catch {
    return undefined;
  }
}

function matches(pattern: readonly string[], raw: readonly string[]): boolean {
  for (const [index, part] of pattern.entries()) {
    if (part === '*') return raw.length > index;
    const segment = raw[index];
    if (segment === undefined) return false;
    // The route's own words must be written as they are: `%61uth` is not `auth` here,
    // though a router decodes it to that.
    if (!part.startsWith(':') && segment !== part) return false;
  }
  return raw.length === pattern.length;
}

const PATTERNS = BATCH_WRITE_ROUTES.map((route) => ({
  method: route.method,
  segments: route.path.slice(1).split('/'),
}));

/**
 * The allow-list route a batched write goes to, or undefined when the write may not be
 * batched: not on the list, or under a path that is not plain (one that decoding or
 * dot-segment resolution would change, or that a URL parser would rewrite).
 */
export function batchWriteRoute(method: string, path: string): BatchWriteRoute | undefined {
  const queryStart = path.indexOf('?');
  const pathname = queryStart === -1 ? path : path.slice(0, queryStart);
  const query = queryStart === -1 ? '' : path.slice(queryStart + 1);
  if (!pathname.startsWith('/') || !QUERY.test(query)) return undefined;
  const raw = pathname.slice(1).split('/');
  if (raw.some((segment) => decodeSegment(segment) === undefined)) return undefined;
  // The server replays the write through a URL parser: it must read the path unchanged.
  const parsed = new URL(path, 'http://batch.invalid');
  if (`${parsed.pathname}${parsed.search}` !== path) return undefined;
  const index = PATTERNS.findIndex((p) => p.method === method && matches(p.segments, raw));
  return index === -1 ? undefined : BATCH_WRITE_ROUTES[index];
}

const batchedWriteSchema = z
  .object({
    key: z.string().check(z.regex(IDEMPOTENCY_KEY_PATTERN)),
    method: z.enum(['POST', 'PATCH', 'DELETE']),
    path: z.string().check(z.maxLength(2000)),
    body: z.optional(z.unknown()),
  })
  .check(
    z.refine((write) => batchWriteRoute(write.method, write.path) !== undefined, {
      message: MESSAGES.batchWriteNotAllowed,
      path: ['path'],
    }),
  );
export type BatchedWrite = z.infer<typeof batchedWriteSchema>;

export const writeBatchSchema = z.object({
  writes: z.array(batchedWriteSchema).check(z.minLength(1), z.maxLength(MAX_BATCH_WRITES)),
});

const batchedAnswerSchema = z.object({
  key: z.string(),
  status: z.number().check(z.int()),
  /** The write's own answer: its record, or `{ "error": "..." }`. */
  body: z.unknown(),
  /** Seconds, from the write's Retry-After header (429, 503). */
  retryAfter: z.optional(z.number()),
});
export type BatchedAnswer = z.infer<typeof batchedAnswerSchema>;

export const writeBatchAnswerSchema = z.object({ results: z.array(batchedAnswerSchema) });
