// Errors and traces of the server for the people who run it (docs/operations.md,
// Telemetry), through Sentry's SDK to SENTRY_DSN (Sentry or a compatible server); nothing
// is loaded without it. One trace per request, named by the route's pattern; one event per
// fault (a 500 or 503 the error handler gives), with the route. Nothing of a request's
// headers, body or query goes: not a token, not a password, not a buyer.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type * as SentryModule from '@sentry/node';
import { APP_VERSION, NOTHING_COLLECTED, TELEMETRY } from '@field/domain';
import type { Config } from '../../config.js';

type Sentry = typeof SentryModule;
type Span = ReturnType<Sentry['startInactiveSpan']>;

/** How long a closing server waits for the last events to leave. */
const FLUSH_MS = 2000;

export interface ServerTelemetry {
  /** Reports a fault the error handler answered with 5xx. */
  fault(error: unknown, request: FastifyRequest): void;
}

const routeOf = (request: FastifyRequest): string => request.routeOptions.url ?? 'unmatched';

/**
 * Starts telemetry when SENTRY_DSN is set: traces every request and answers how to report
 * a fault; undefined (and no SDK loaded) without it.
 */
export async function startTelemetry(
  app: FastifyInstance,
  config: Pick<Config, 'telemetry'>,
): Promise<ServerTelemetry | undefined> {
  const { dsn, environment } = config.telemetry;
  if (dsn === undefined) return undefined;
  const Sentry: Sentry = await import('@sentry/node');
  Sentry.init({
    dsn,
    environment,
    release: APP_VERSION,
    tracesSampleRate: TELEMETRY.traceSampleRate,
    dataCollection: NOTHING_COLLECTED,
    // Its own integrations would read requests (headers, cookies, bodies) and patch modules
    // loaded before it; the traces below are the ones we mean to send.
    defaultIntegrations: false,
    integrations: [
      Sentry.onUncaughtExceptionIntegration(),
      Sentry.onUnhandledRejectionIntegration(),
      Sentry.linkedErrorsIntegration(),
    ],
    beforeSend(event) {
      delete event.request;
      delete event.user;
      delete event.breadcrumbs;
      return event;
    },
    beforeSendTransaction(event) {
      delete event.request;
      delete event.user;
      return event;
    },
  });
  const spans = new WeakMap<FastifyRequest, Span>();
  app.addHook('onRequest', (request, _reply, done) => {
    // The API's requests only: the web app's files and pages are served, not worked on.
    if (!request.url.startsWith('/api/')) {
      done();
      return;
    }
    spans.set(
      request,
      Sentry.startInactiveSpan({
        name: `${request.method} ${routeOf(request)}`,
        op: 'http.server',
        forceTransaction: true,
        attributes: { 'http.request.method': request.method, 'url.path': routeOf(request) },
      }),
    );
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request);
    if (span !== undefined) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      span.setStatus({ code: reply.statusCode >= 500 ? 2 : 1 });
      span.end();
    }
    done();
  });
  app.addHook('onClose', async () => {
    await Sentry.close(FLUSH_MS);
  });
  return {
    fault(error, request) {
      Sentry.captureException(error, {
        tags: { route: routeOf(request), method: request.method },
      });
    },
  };
}
