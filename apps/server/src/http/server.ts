// The HTTP server's plumbing: one Fastify instance that waits for its handlers on close,
// one error handler that shows only 4xx messages, security headers, input guards, the
// built web app with a fallback to index.html, compressed answers with cache headers
// (static.ts, compression.ts, api-caching.ts), cookies and per-address limits. What it
// serves under /api is assembled in ../app.ts.

import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import Fastify, { LogController } from 'fastify';
import helmet from 'helmet';
import { MESSAGES } from '@field/domain';
import type { Config } from '../config.js';
import { registerApiCaching } from './api-caching.js';
import { registerCompression } from './compression.js';
import { AppError, clientWentAway, errorAnswer } from './errors.js';
import { registerGracefulClose } from './graceful-close.js';
import { registerInputGuards } from './input-guards.js';
import { requestForLog } from './log-redaction.js';
import { registerWebApp } from './static.js';

export interface HttpServerOptions {
  config: Config;
  /** Where the per-address limits are counted (shared by every process of one database). */
  rateLimitStore: FastifyRateLimitStoreCtor;
  /** Told of each answer the server could not give (5xx): telemetry. */
  onFault?: (error: unknown, request: FastifyRequest) => void;
  /** Where the log's lines go instead of stdout (tests that read what was logged). */
  logStream?: { write(line: string): void };
}

/** Headers of an answer's body, dropped when an error answers instead (see the handler). */
const FAILED_ANSWER_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-disposition',
  'etag',
  'last-modified',
] as const;

function telemetryOrigin(config: Config): string[] {
  const dsn = config.telemetry.dsn;
  return dsn === undefined ? [] : [new URL(dsn).origin];
}

function defaultWebDist(): string {
  return path.resolve(import.meta.dirname, '../../../web/dist');
}

export async function createHttpServer(options: HttpServerOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // No secret of a URL reaches the log (log-redaction.ts).
      serializers: { req: requestForLog },
      ...(options.logStream === undefined ? {} : { stream: options.logStream }),
    },
    bodyLimit: config.bodyLimitBytes,
    // Behind a load balancer: the client's address (per-address limits) and protocol
    // (the Secure cookie flag) come from X-Forwarded-* of the trusted hops only.
    trustProxy: config.trustProxy,
    // One line per request only when debugging; errors are logged by the error handler.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  // Before any route: it tracks every handler so a close can wait for them.
  registerGracefulClose(app, { drainMs: config.shutdown.drainMs });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const answer = errorAnswer(error);
    if (clientWentAway(error, reply.raw)) request.log.info('client went away before the answer');
    else if (answer.fault) {
      request.log.error({ err: error }, 'request failed');
      options.onFault?.(error, request);
    }
    // A streamed answer (a compressed list, a file) that failed before its first byte has
    // already set the headers that describe it on the response; they are not this answer's.
    for (const name of FAILED_ANSWER_HEADERS) void reply.removeHeader(name);
    return reply.code(answer.statusCode).send(answer.body);
  });

  // Security headers on every answer: a strict same-origin content policy, no sniffing,
  // no framing. Styles may be inline (CSS-in-JS injects style tags). Helmet's middleware is
  // built once here: @fastify/helmet built it again for every request (its content policy
  // parsed each time), about a twentieth of a short request's time.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // The telemetry server, when there is one: the web app sends its events there.
        connectSrc: ["'self'", ...telemetryOrigin(config)],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // The provider sign-in popup must keep its opener to report back
    // (modules/auth/provider-routes.ts).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => {
      done(error instanceof Error ? error : undefined);
    });
  });

  registerInputGuards(app);
  // The web app first: its files are precompressed and must not go through on-the-fly
  // compression, which applies to the routes registered after it (the API).
  await registerWebApp(app, config.webDist ?? defaultWebDist());
  registerApiCaching(app);
  await registerCompression(app);
  await app.register(fastifyCookie);
  // Per-address limits only where a route asks for one (the sign-in endpoints).
  await app.register(fastifyRateLimit, {
    global: false,
    store: options.rateLimitStore,
    errorResponseBuilder: () => new AppError(429, MESSAGES.tooManyRequests),
  });
  return app;
}
