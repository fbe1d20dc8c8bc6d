// Builds the HTTP server: the /api tree behind one auth hook, one error handler that
// shows only 4xx messages, and the built web app with a fallback to index.html. Answers
// are compressed and carry cache headers (static.ts, compression.ts, api-caching.ts).

import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyError, FastifyInstance } from 'fastify';
import Fastify, { LogController } from 'fastify';
import helmet from 'helmet';
import { APP_VERSION, MESSAGES } from '@field/domain';
import type { Config, SocialProvider } from '../config.js';
import type { DatabaseHandle } from '../db/connection.js';
import { adminRoutes } from '../modules/admin/routes.js';
import { AccountLockout } from '../modules/auth/lockout.js';
import { databaseRateLimitStore } from '../modules/auth/rate-limit-store.js';
import type { Mailer } from '../modules/auth/mailer.js';
import { createMailer } from '../modules/auth/mailer.js';
import { PasswordResets } from '../modules/auth/password-resets.js';
import type { OAuth2EndpointUrls } from '../modules/auth/providers.js';
import { ProviderRegistry } from '../modules/auth/providers.js';
import { registerOriginCheck } from '../modules/auth/origin-check.js';
import { providerRoutes } from '../modules/auth/provider-routes.js';
import { authRoutes } from '../modules/auth/routes.js';
import { SessionService } from '../modules/auth/sessions.js';
import { createTokenService } from '../modules/auth/tokens.js';
import { changelogRoutes } from '../modules/changelog/routes.js';
import { createBus, shareAuthChanges, shareListChanges } from '../modules/cluster/bus.js';
import { ChangelogService } from '../modules/changelog/service.js';
import { feedbackRoutes } from '../modules/feedback/routes.js';
import { fileRoutes } from '../modules/files/routes.js';
import { createNotificationsModule, notificationRoutes } from '../modules/notifications/routes.js';
import { registryRoutes } from '../modules/records/registry-routes.js';
import { createRouteDeps } from '../modules/records/routes.js';
import { UserRepository } from '../modules/users/repository.js';
import { profileRoutes } from '../modules/users/routes.js';
import { batchRoutes } from '../modules/batch/routes.js';
import { openFileStore } from '../storage/open-file-store.js';
import { registerApiCaching } from './api-caching.js';
import { registerAuthHook } from './auth.js';
import { registerCompression } from './compression.js';
import { AppError, clientWentAway, errorAnswer } from './errors.js';
import { registerGracefulClose } from './graceful-close.js';
import { registerInputGuards } from './input-guards.js';
import { registerWebApp } from './static.js';

export interface ServerOptions {
  config: Config;
  database: DatabaseHandle;
  /** Extra routes under /api, registered behind the auth hook (benchmarks use this). */
  extraApiRoutes?: (api: FastifyInstance) => void;
  /** Mail transport; by default SMTP when configured, else the DATA_DIR/outbox folder. */
  mailer?: Mailer;
  /** Endpoints of the plain OAuth 2 providers, replaced (tests against a local server). */
  providerEndpoints?: Partial<Record<SocialProvider, OAuth2EndpointUrls>>;
  /** How often the notification outbox sweeps up rows left behind; 0: never (tests). */
  outboxSweepMs?: number;
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

/** How long a starting server waits for the bus's first LISTEN connection at most. */
const BUS_READY_MS = 5000;

function defaultWebDist(): string {
  return path.resolve(import.meta.dirname, '../../../web/dist');
}

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  // First: a file store that cannot start (an S3 bucket out of reach) stops the start
  // before anything else is opened.
  const files = await openFileStore(config);
  const app = Fastify({
    logger: {
      level: config.logLevel,
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
  app.addHook('onClose', () => files.close());

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const answer = errorAnswer(error);
    if (clientWentAway(error, reply.raw)) request.log.info('client went away before the answer');
    else if (answer.fault) request.log.error({ err: error }, 'request failed');
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
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // The provider sign-in popup must keep its opener to report back (provider-routes.ts).
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
    // Counted in the database: every process shares the limits.
    store: databaseRateLimitStore(database.db),
    errorResponseBuilder: () => new AppError(429, MESSAGES.tooManyRequests),
  });

  const users = new UserRepository(database.db);
  // What the processes of one database tell each other (LISTEN/NOTIFY on PostgreSQL).
  const bus = createBus(database, app.log);
  app.addHook('onClose', () => bus.close());
  shareAuthChanges(bus, users.changes);
  // Listening before serving (a few milliseconds; at most BUS_READY_MS if PostgreSQL is
  // slow to answer, then the bus goes on connecting in the background).
  await Promise.race([bus.ready(), setTimeout(BUS_READY_MS, undefined, { ref: false })]);
  const tokens = createTokenService(config.jwtSecret, config.accessTokenTtlSeconds);
  const sessions = new SessionService(database.db, tokens, config);
  const mailer = options.mailer ?? createMailer(config.mail, config.dataDir, app.log);
  app.addHook('onClose', (_app, done) => {
    mailer.close();
    done();
  });
  const authDeps = {
    users,
    sessions,
    lockout: new AccountLockout(database.db, {
      attempts: config.rateLimit.lockoutAttempts,
      minutes: config.rateLimit.lockoutMinutes,
    }),
    resets: new PasswordResets(database.db, config.passwordResetTtlMinutes),
    mailer,
    publicUrl: config.publicUrl,
    publicUrlExplicit: config.publicUrlExplicit,
    host: config.host,
    rateLimit: {
      max: config.rateLimit.signInMax,
      timeWindow: config.rateLimit.windowSeconds * 1000,
    },
  };
  const providers = new ProviderRegistry(config, app.log, options.providerEndpoints);
  const deps = createRouteDeps(
    database,
    app.log,
    options.outboxSweepMs === undefined ? {} : { outboxSweepMs: options.outboxSweepMs },
  );
  shareListChanges(bus, deps.lists);
  // After the server: writes in flight may still leave outbox work.
  app.addHook('onClose', () => deps.outbox.close());
  const notifications = createNotificationsModule({
    db: database.db,
    secret: config.jwtSecret,
    pollIntervalMs: config.notificationsPollMs,
    log: app.log,
    bus,
  });
  deps.outbox.onNotified = () => notifications.changed();
  // Live streams never end by themselves: close them before the server waits for its
  // connections to finish.
  app.addHook('preClose', () => notifications.close());
  const changelog = new ChangelogService(database.db, config.changelog, app.log);

  await app.register(
    (api, _opts, done) => {
      registerAuthHook(api, tokens, users);
      registerOriginCheck(api, config.publicUrl);
      api.get('/health', { config: { public: true } }, () =>
        Promise.resolve({ status: 'ok', version: APP_VERSION }),
      );
      authRoutes(api, authDeps);
      providerRoutes(api, { ...authDeps, providers, db: database.db });
      profileRoutes(api, {
        users,
        db: database.db,
        files,
        uploadLimitBytes: config.fileBodyLimitBytes,
        fileLimits: { quotaBytes: config.fileQuotaBytes },
      });
      adminRoutes(api, { ...authDeps, db: database.db });
      registryRoutes(api, deps);
      fileRoutes(api, deps, files, config.fileBodyLimitBytes, {
        quotaBytes: config.fileQuotaBytes,
      });
      notificationRoutes(api, database.db, notifications);
      changelogRoutes(api, changelog);
      feedbackRoutes(api, database.db);
      batchRoutes(api, deps);
      options.extraApiRoutes?.(api);
      done();
    },
    { prefix: '/api' },
  );

  return app;
}
