// The write routes a batch may call, by the domain's allow-list pattern (BATCH_WRITE_ROUTES):
// each registered once with its validated handler, so a batched write runs exactly the
// code its own request runs (scope check, validation, messages, Idempotency-Key), called
// directly instead of replayed over HTTP.

import type { WriteHandler } from './write-context.js';

export type WriteMethod = 'POST' | 'PATCH' | 'DELETE';

export interface DirectWrite {
  handler: WriteHandler;
  /**
   * Whether it may share a transaction with the writes around it. Not when it does
   * something the database cannot undo (a file's bytes removed): such a write runs in a
   * transaction of its own, committed before the next write starts.
   */
  shares: boolean;
}

/** A call of a write route: its handler, and the path's params and query. */
export interface ResolvedWrite {
  write: DirectWrite;
  params: Record<string, string>;
  query: Record<string, string>;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export class WriteRoutes {
  private readonly routes = new Map<string, DirectWrite>();

  /** `pattern` is the full path as Fastify has it: `/api/x/update/:id`, `/api/files/*`. */
  add(method: WriteMethod, pattern: string, write: DirectWrite): void {
    this.routes.set(`${method} ${pattern}`, write);
  }

  has(method: string, pattern: string): boolean {
    return this.routes.has(`${method} ${pattern}`);
  }

  /**
   * The write at `path` (with its query) under the allow-list pattern `pattern`, which
   * the caller found for it (batchWriteRoute); undefined when no route has it.
   */
  resolve(method: string, pattern: string, path: string): ResolvedWrite | undefined {
    const write = this.routes.get(`${method} ${pattern}`);
    if (write === undefined) return undefined;
    const queryStart = path.indexOf('?');
    const pathname = queryStart === -1 ? path : path.slice(0, queryStart);
    const query = Object.fromEntries(
      new URLSearchParams(queryStart === -1 ? '' : path.slice(queryStart + 1)),
    );
    const actual = pathname.slice(1).split('/');
    const params: Record<string, string> = {};
    for (const [index, part] of pattern.slice(1).split('/').entries()) {
      if (part === '*') {
        params['*'] = actual.slice(index).map(decode).join('/');
        break;
      }
      if (part.startsWith(':')) params[part.slice(1)] = decode(actual[index] ?? '');
    }
    return { write, params, query };
  }
}
