// What the people who run the app watch, in Prometheus's text format (prom-client;
// docs/operations.md lists the metrics). Most are read off each answer in one hook, by
// route and status, so no module counts for itself: a 409 of a write route is a conflict,
// a 401 of the sign-in a failure, a stored answer (idempotent-replayed) a write sent again
// from a device's queue. The rest are read when scraped: open notification streams, the
// database pool, the process (memory, event-loop delay).

import type { FastifyInstance } from 'fastify';
import { BATCH_PATH } from '@field/domain';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DatabaseHandle } from '../../db/connection.js';

const API = '/api';
const SIGN_IN_ROUTE = `${API}/auth/login`;
const BATCH_ROUTE = `${API}${BATCH_PATH}`;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface MetricsSources {
  database: DatabaseHandle;
  /** Notification streams open in this process. */
  openStreams: () => number;
}

/** The registry of one server process, filled by its answers and its sources. */
export function registerMetrics(app: FastifyInstance, sources: MetricsSources): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'field_http_requests_total',
    help: 'HTTP requests answered, by method, route (its pattern) and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'field_http_request_duration_seconds',
    help: 'Time from a request to its answer, by method and route.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const conflicts = new Counter({
    name: 'field_conflicts_total',
    help: 'Writes answered 409: a conflict with another change, or a state that refuses it.',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  const signInFailures = new Counter({
    name: 'field_sign_in_failures_total',
    help: 'Sign-ins refused: wrong email or password (credentials), or too many tries (limited).',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const replays = new Counter({
    name: 'field_write_replays_total',
    help: 'Writes sent again under an Idempotency-Key already answered: the stored answer was given.',
    registers: [registry],
  });
  const batchSizes = new Histogram({
    name: 'field_batch_writes',
    help: 'Writes per batch a device sent (its queue, replayed).',
    buckets: [1, 2, 5, 10, 25, 50, 100],
    registers: [registry],
  });
  new Gauge({
    name: 'field_notification_streams',
    help: 'Notification streams open in this process.',
    registers: [registry],
    collect() {
      this.set(sources.openStreams());
    },
  });
  const queries = new Histogram({
    name: 'field_db_query_duration_seconds',
    help: 'Database queries, by time taken.',
    buckets: [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
    registers: [registry],
  });
  const stopObserving = sources.database.observeQueries((ms) => queries.observe(ms / 1000));
  app.addHook('onClose', (_app, done) => {
    stopObserving();
    done();
  });
  const pool = sources.database.pool;
  if (pool !== undefined) {
    new Gauge({
      name: 'field_db_pool_connections',
      help: 'The PostgreSQL pool: connections in use, idle, and requests waiting for one.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const now = pool();
        this.set({ state: 'busy' }, now.total - now.idle);
        this.set({ state: 'idle' }, now.idle);
        this.set({ state: 'waiting' }, now.waiting);
      },
    });
  }

  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern, not its URL: ids stay out of the labels. Unmatched paths are one.
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    requests.inc({ method: request.method, route, status: String(status) });
    durations.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    if (status === 409 && WRITE_METHODS.has(request.method)) conflicts.inc({ route });
    if (route === SIGN_IN_ROUTE && status === 401) signInFailures.inc({ reason: 'credentials' });
    if (route === SIGN_IN_ROUTE && status === 429) signInFailures.inc({ reason: 'limited' });
    if (reply.getHeader('idempotent-replayed') === 'true') replays.inc();
    if (route === BATCH_ROUTE && status < 400) {
      const writes = (request.body as { writes?: unknown } | undefined)?.writes;
      if (Array.isArray(writes)) batchSizes.observe(writes.length);
    }
    done();
  });
  return registry;
}
