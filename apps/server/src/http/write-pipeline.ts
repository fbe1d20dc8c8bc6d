// The way every write goes, alone or in a batch: the signed-in caller, one transaction,
// its Idempotency-Key (idempotency.ts), the base the client edited from read off the body,
// and what follows each record it writes. What follows is a list of listeners the
// server's assembly fills (app.ts: the history, the kept lists, the notifications), so a
// module that writes records knows nothing of those that react to it.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { MESSAGES, splitWriteBase } from '@field/domain';
import type { Database } from '../db/schema.js';
import type { AuthUser } from './auth.js';
import { currentUser } from './auth.js';
import { badRequest } from './errors.js';
import type { WriteRequest } from './idempotency.js';
import { runWrite } from './idempotency.js';
import { withRecordId } from './record-id.js';
import type {
  RecordWrite,
  RecordWriteListener,
  WriteContext,
  WriteHandler,
} from './write-context.js';
import type { WriteMethod } from './write-routes.js';
import { WriteRoutes } from './write-routes.js';

export class WritePipeline {
  /** The write routes, for batches to call directly (write-routes.ts). */
  readonly routes = new WriteRoutes();
  private readonly listeners: RecordWriteListener[] = [];

  constructor(readonly db: Kysely<Database>) {}

  /** Adds what every record write does next in its transaction, after those added before. */
  onRecordWrite(listener: RecordWriteListener): void {
    this.listeners.push(listener);
  }

  /** Tells the listeners of a record the write in `ctx` made, in its transaction. */
  async recordWritten(ctx: WriteContext, write: RecordWrite): Promise<void> {
    for (const listener of this.listeners) await listener(ctx, write);
  }

  /** The context of one write in `trx`; `committed` collects what runs once it commits. */
  context(
    request: WriteRequest,
    user: AuthUser,
    trx: Transaction<Database>,
    committed: (() => void)[],
  ): WriteContext {
    return {
      request,
      user,
      trx,
      now: new Date().toISOString(),
      afterCommit: (work) => committed.push(work),
    };
  }

  /** A write of its own request: signed-in caller, one transaction, Idempotency-Key honoured. */
  handler(handler: WriteHandler) {
    return async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
      const user = currentUser(request);
      const committed: (() => void)[] = [];
      const answer = await runWrite(this.db, request, reply, user.id, (trx) =>
        handler(this.context(request, user, trx, committed)),
      );
      for (const work of committed) work();
      return answer;
    };
  }
}

/**
 * A handler that reads a write's base off its body: the rest of the body goes to `inner`
 * as if the base had never been there (schemas stay strict), the base into `ctx.base`.
 * The Idempotency-Key's hash still covers the whole body, base included.
 */
function withBase(inner: WriteHandler): WriteHandler {
  return (ctx) => {
    const split = splitWriteBase(ctx.request.body);
    if (split.invalid) throw badRequest(MESSAGES.writeBaseInvalid);
    if (split.base === undefined && split.body === ctx.request.body) return inner(ctx);
    const { method, url, query, params, headers } = ctx.request;
    return inner({
      ...ctx,
      request: { method, url, query, params, headers, body: split.body },
      ...(split.base === undefined ? {} : { base: split.base }),
    });
  };
}

/**
 * Registers a write route and the same handler for batches to call directly
 * (write-routes.ts): one handler, whichever way the write comes. The body's `base` and,
 * where the registry's route requires it, the record's `id` (record-id.ts) are read off
 * the body before `inner` sees it.
 */
export function writeRoute(
  app: FastifyInstance,
  deps: { writes: WritePipeline },
  method: WriteMethod,
  url: string,
  inner: WriteHandler,
  options: { bodyLimit?: number; shares?: boolean } = {},
): void {
  const pattern = `${app.prefix}${url}`;
  const handler = withBase(withRecordId(method, pattern, inner));
  app.route({
    method,
    url,
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    handler: deps.writes.handler(handler),
  });
  deps.writes.routes.add(method, pattern, {
    handler,
    shares: options.shares ?? true,
  });
}
