// A close that lets work finish and still ends on time: `app.close()` stops accepting,
// lets every request in flight get its answer, then ends the connections, within a
// deadline.
//
// Why it is needed: Node's `server.close()` ends only the keep-alive connections idle at
// that instant. A connection busy with a request at close time stays open after its answer
// until the client closes it or the keep-alive timeout ends it (Fastify's default: 72 s),
// and `close()` waits for it. A restart with requests in flight hung that long; the test
// suites' PostgreSQL shutdown "hang" was this (measured: 70 s with one request in flight).
// So while closing, every answer says `Connection: close`, idle connections are swept
// often, and at the deadline the rest are cut. The database may then only be closed after
// the handlers themselves are done: a client that hung up does not stop its handler, which
// may still be writing.

import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

export interface GracefulCloseOptions {
  /** Time answers in flight get before their connections are cut. */
  drainMs: number;
  /** How often idle connections are looked for while draining. */
  sweepMs?: number;
}

/** Handlers still running may write after this long past the deadline only at their peril. */
const HANDLER_GRACE_MS = 1000;

export function registerGracefulClose(app: FastifyInstance, options: GracefulCloseOptions): void {
  let closing = false;
  const running = new Set<Promise<unknown>>();
  let sweep: NodeJS.Timeout | undefined;
  let deadline: NodeJS.Timeout | undefined;
  let closeStartedAt = 0;

  // Counts each handler from its call to its promise settling, whatever the connection does.
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    const tracked: RouteHandlerMethod = function (this: FastifyInstance, request, reply) {
      const result: unknown = handler.call(this, request, reply);
      if (result instanceof Promise) {
        running.add(result);
        const done = (): void => {
          running.delete(result);
        };
        result.then(done, done);
      }
      return result;
    };
    route.handler = tracked;
  });

  app.addHook('onSend', (_request, reply, payload, done) => {
    // The client learns the connection ends with this answer and does not send another.
    if (closing) void reply.header('connection', 'close');
    done(null, payload);
  });

  app.addHook('preClose', (done) => {
    closing = true;
    closeStartedAt = Date.now();
    const server = app.server;
    sweep = setInterval(() => server.closeIdleConnections(), options.sweepMs ?? 50);
    deadline = setTimeout(() => server.closeAllConnections(), options.drainMs);
    done();
  });

  app.addHook('onClose', async () => {
    clearInterval(sweep);
    clearTimeout(deadline);
    const left = Math.max(0, closeStartedAt + options.drainMs + HANDLER_GRACE_MS - Date.now());
    if (running.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...running]),
      new Promise((resolve) => {
        timer = setTimeout(resolve, left);
      }),
    ]);
    clearTimeout(timer);
    if (running.size > 0) app.log.warn(`${running.size} handlers still running at close`);
  });
}
