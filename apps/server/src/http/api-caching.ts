// Cache headers of the API's answers. By default `no-store`: answers carry one user's data
// and go stale with every write, so no cache keeps them.
//
// The exception is a large list (a GET answering a JSON array of 1 KB or more) and a file
// download: they carry an ETag (a hash of the list's JSON; a file's content hash) and
// `private, no-cache`. The browser keeps the answer and asks again every time with
// If-None-Match; an unchanged list then costs a 304 with no body instead of the whole list
// again. `private` keeps shared caches out; `no-cache` means nothing is reused without the
// server's say for the current session, so another user on the same phone never sees
// someone else's copy (their request is answered for them: a 304 only when their answer
// would be byte for byte the same). The web app's fetch uses the browser's cache as is, so
// a 304 reaches TanStack Query as the cached 200 (docs/decisions.md, "Compression and caching").

import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const API_NO_STORE = 'no-store';
const API_REVALIDATE = 'private, no-cache';

/** Lists below this are cheaper to send again than to hash and revalidate. */
const LIST_ETAG_MIN_BYTES = 1024;

function isApi(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** A weak validator: the same list in another encoding is the same list. */
function listEtag(body: string | Buffer): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

function opaque(tag: string): string {
  return tag.trim().replace(/^W\//, '');
}

/** If-None-Match against `etag`, by weak comparison (RFC 9110, 13.1.2). */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const wanted = opaque(etag);
  return header.split(',').some((tag) => opaque(tag) === wanted);
}

function isJsonList(reply: FastifyReply, payload: unknown): payload is string | Buffer {
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !type.includes('json')) return false;
  if (typeof payload === 'string') return payload.startsWith('[');
  return Buffer.isBuffer(payload) && payload[0] === 0x5b; // '['
}

function cacheable(request: FastifyRequest, reply: FastifyReply): boolean {
  return request.method === 'GET' && reply.statusCode === 200;
}

/** Adds the hook; register it before compression so it sees the JSON as written. */
export function registerApiCaching(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!isApi(request.url) || reply.getHeader('cache-control') !== undefined) {
      done(null, payload);
      return;
    }
    let etag = reply.getHeader('etag');
    if (
      typeof etag !== 'string' &&
      cacheable(request, reply) &&
      isJsonList(reply, payload) &&
      Buffer.byteLength(payload) >= LIST_ETAG_MIN_BYTES
    ) {
      etag = listEtag(payload);
      void reply.header('etag', etag);
    }
    if (typeof etag !== 'string' || !cacheable(request, reply)) {
      void reply.header('cache-control', API_NO_STORE);
      done(null, payload);
      return;
    }
    void reply.header('cache-control', API_REVALIDATE);
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
      void reply.code(304);
      reply.removeHeader('content-type');
      reply.removeHeader('content-length');
      reply.removeHeader('content-disposition');
      done(null, null);
      return;
    }
    done(null, payload);
  });
}
