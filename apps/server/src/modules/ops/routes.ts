// Health for the people and machines that run the app (docs/operations.md):
// `GET /api/health` answers while the process runs (liveness), `GET /api/health/ready`
// whether it can serve (the database answers, the file store can be written), and
// `GET /metrics`, with METRICS_TOKEN as its bearer token, Prometheus's figures; and
// `GET /api/telemetry`, the web app's telemetry settings.

import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Registry } from 'prom-client';
import { APP_VERSION } from '@field/domain';
import type { TelemetrySettings } from '@field/domain';
import type { Database } from '../../db/schema.js';
import { unauthorized } from '../../http/errors.js';
import type { FileStore } from '../../storage/file-store.js';

/** How long a readiness check waits for each part. */
const CHECK_TIMEOUT_MS = 3000;

type PartState = 'ok' | 'failing';

async function within(check: () => Promise<unknown>): Promise<PartState> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), late]);
    return 'ok';
  } catch {
    return 'failing';
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(
  api: FastifyInstance,
  deps: { db: Kysely<Database>; files: FileStore },
): void {
  api.get('/health', { config: { public: true } }, () =>
    Promise.resolve({ status: 'ok', version: APP_VERSION }),
  );
  api.get('/health/ready', { config: { public: true } }, async (request, reply) => {
    const [database, files] = await Promise.all([
      within(() => sql`select 1`.execute(deps.db)),
      within(() => deps.files.check()),
    ]);
    const ready = database === 'ok' && files === 'ok';
    if (!ready) request.log.warn({ database, files }, 'not ready');
    // What failed is named, never why: the reason may hold an address or a credential.
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : 'unavailable', database, files, version: APP_VERSION });
  });
}

/** `GET /api/telemetry`: where the web app sends its errors, traces and replays (public). */
export function telemetryRoute(
  api: FastifyInstance,
  settings: { dsn: string | undefined; environment: string },
): void {
  const answer: TelemetrySettings = {
    dsn: settings.dsn ?? null,
    environment: settings.environment,
    release: APP_VERSION,
  };
  api.get('/telemetry', { config: { public: true } }, () => Promise.resolve(answer));
}

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** `GET /metrics` behind its token; not there at all without METRICS_TOKEN. */
export function metricsRoute(app: FastifyInstance, registry: Registry, token: string): void {
  const expected = digest(`Bearer ${token}`);
  app.get('/metrics', async (request, reply) => {
    if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      throw unauthorized();
    }
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}
