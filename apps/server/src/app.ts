// Assembles the server: the HTTP plumbing (http/server.ts), the /api tree behind one auth
// hook with every module's routes, and what the modules share (the bus between processes,
// the mailer, the file store). The plumbing imports no module; modules are wired here.

import { setTimeout } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { SocialProvider } from './config.js';
import type { DatabaseHandle } from './db/connection.js';
import { registerAuthHook } from './http/auth.js';
import type { HttpServerOptions } from './http/server.js';
import { createHttpServer } from './http/server.js';
import { adminRoutes } from './modules/admin/routes.js';
import { AccountLockout } from './modules/auth/lockout.js';
import { databaseRateLimitStore } from './modules/auth/rate-limit-store.js';
import type { Mailer } from './modules/auth/mailer.js';
import { createMailer } from './modules/auth/mailer.js';
import { PasswordResets } from './modules/auth/password-resets.js';
import type { OAuth2EndpointUrls } from './modules/auth/providers.js';
import { ProviderRegistry } from './modules/auth/providers.js';
import { registerOriginCheck } from './modules/auth/origin-check.js';
import { providerRoutes } from './modules/auth/provider-routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { invitationRoutes } from './modules/auth/invitation-routes.js';
import { SessionService } from './modules/auth/sessions.js';
import { createTokenService } from './modules/auth/tokens.js';
import { changelogRoutes } from './modules/changelog/routes.js';
import { linkRoutes } from './modules/links/routes.js';
import { createBus, shareAuthChanges, shareListChanges } from './modules/cluster/bus.js';
import { ChangelogService } from './modules/changelog/service.js';
import { feedbackRoutes } from './modules/feedback/routes.js';
import { fileRoutes } from './modules/files/routes.js';
import { Outbox } from './modules/notifications/outbox.js';
import { createNotificationsModule, notificationRoutes } from './modules/notifications/routes.js';
import { homeEventsOf } from './modules/notifications/write-events.js';
import { ImportMappings } from './modules/import/mappings.js';
import { importRoutes } from './modules/import/routes.js';
import { ImportService } from './modules/import/service.js';
import { createRouteDeps } from './modules/records/deps.js';
import { registryRoutes } from './modules/records/registry-routes.js';
import { registerMetrics } from './modules/ops/metrics.js';
import { healthRoutes, metricsRoute, telemetryRoute } from './modules/ops/routes.js';
import type { ServerTelemetry } from './modules/ops/telemetry.js';
import { startTelemetry } from './modules/ops/telemetry.js';
import { UserRepository } from './modules/users/repository.js';
import { profileRoutes } from './modules/users/routes.js';
import { batchRoutes } from './modules/batch/routes.js';
import { TradeLinks } from './modules/trade/trade-links.js';
import { tradeRoutes } from './modules/trade/routes.js';
import { openFileStore } from './storage/open-file-store.js';

export interface ServerOptions extends Pick<HttpServerOptions, 'config' | 'logStream'> {
  database: DatabaseHandle;
  /** Extra routes under /api, registered behind the auth hook (benchmarks use this). */
  extraApiRoutes?: (api: FastifyInstance) => void;
  /** Mail transport; by default SMTP when configured, else the DATA_DIR/outbox folder. */
  mailer?: Mailer;
  /** Endpoints of the plain OAuth 2 providers, replaced (tests against a local server). */
  providerEndpoints?: Partial<Record<SocialProvider, OAuth2EndpointUrls>>;
  /** How often the notification outbox sweeps up rows left behind; 0: never (tests). */
  outboxSweepMs?: number;
}

/** How long a starting server waits for the bus's first LISTEN connection at most. */
const BUS_READY_MS = 5000;

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  // First: a file store that cannot start (an S3 bucket out of reach) stops the start
  // before anything else is opened.
  const files = await openFileStore(config);
  // Started once the server exists (its hooks trace requests); faults before that go unsent.
  const telemetry: { current?: ServerTelemetry | undefined } = {};
  const app = await createHttpServer({
    config,
    onFault: (error, request) => telemetry.current?.fault(error, request),
    // Counted in the database: every process shares the limits.
    rateLimitStore: databaseRateLimitStore(database.db),
    ...(options.logStream === undefined ? {} : { logStream: options.logStream }),
  });
  app.addHook('onClose', () => files.close());
  telemetry.current = await startTelemetry(app, config);

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
  app.addHook('onClose', () => mailer.close());
  const authDeps = {
    users,
    sessions,
    lockout: new AccountLockout(database.db, {
      attempts: config.rateLimit.lockoutAttempts,
      minutes: config.rateLimit.lockoutMinutes,
    }),
    resets: new PasswordResets(
      database.db,
      config.passwordResetTtlMinutes,
      config.invitationTtlMinutes,
    ),
    mailer,
    publicUrl: config.publicUrl,
    publicUrlExplicit: config.publicUrlExplicit,
    host: config.host,
    rateLimit: {
      max: config.rateLimit.signInMax,
      timeWindow: config.rateLimit.windowSeconds * 1000,
    },
    registration: config.registration,
  };
  const providers = new ProviderRegistry(config, app.log, options.providerEndpoints);
  const deps = createRouteDeps(database.db, config.homeAccess);
  shareListChanges(bus, deps.lists);
  const notifications = createNotificationsModule({
    db: database.db,
    secret: config.jwtSecret,
    pollIntervalMs: config.notificationsPollMs,
    log: app.log,
    bus,
  });
  const outbox = new Outbox({
    db: database.db,
    dialect: database.dialect,
    records: deps.records,
    homeAccess: config.homeAccess,
    log: app.log,
    onNotified: () => notifications.changed(),
    ...(options.outboxSweepMs === undefined ? {} : { sweepMs: options.outboxSweepMs }),
  });
  // After the server: writes in flight may still leave outbox work.
  app.addHook('onClose', () => outbox.close());
  // What follows every record write, in its transaction and in this order: its history
  // entry, the word to the kept lists of its kind (here and, through the bus, in the other
  // processes), and what it tells the staff of its home (done by the outbox after the commit).
  deps.writes.onRecordWrite((ctx, write) => deps.history.append(ctx.trx, write));
  deps.writes.onRecordWrite((ctx, write) => deps.lists.written(ctx, write.kind));
  deps.writes.onRecordWrite(homeEventsOf(outbox));
  // Live streams never end by themselves: close them before the server waits for its
  // connections to finish.
  app.addHook('preClose', () => notifications.close());
  // The import, for its routes and for the command (cli/import.ts), which builds this server.
  const importer = new ImportService(deps, new ImportMappings(database.db));
  app.decorate('importer', importer);
  const changelog = new ChangelogService(database.db, config.changelog, app.log);
  const metrics = registerMetrics(app, {
    database,
    openStreams: () => notifications.hub.subscriberCount,
  });
  if (config.metricsToken !== undefined) metricsRoute(app, metrics, config.metricsToken);

  await app.register(
    (api, _opts, done) => {
      registerAuthHook(api, tokens, users);
      registerOriginCheck(api, config.publicUrl);
      healthRoutes(api, { db: database.db, files });
      telemetryRoute(api, config.telemetry);
      authRoutes(api, authDeps);
      invitationRoutes(api, authDeps);
      providerRoutes(api, { ...authDeps, providers, db: database.db });
      profileRoutes(api, {
        users,
        db: database.db,
        files,
        uploadLimitBytes: config.fileBodyLimitBytes,
        fileLimits: { quotaBytes: config.fileQuotaBytes },
      });
      adminRoutes(api, {
        ...authDeps,
        db: database.db,
        records: deps.records,
        homeAccess: config.homeAccess,
      });
      registryRoutes(api, deps);
      fileRoutes(api, deps, files, config.fileBodyLimitBytes, {
        quotaBytes: config.fileQuotaBytes,
      });
      notificationRoutes(api, database.db, notifications);
      changelogRoutes(api, changelog);
      linkRoutes(api, config.links);
      feedbackRoutes(api, database.db, {
        max: config.rateLimit.feedbackMax,
        timeWindow: config.rateLimit.windowSeconds * 1000,
      });
      batchRoutes(api, deps);
      importRoutes(api, importer);
      // The trade's link: its staff routes, and its own routes, public to the auth hook
      // and checking the link's token themselves (docs/decisions.md, The trade's own link).
      tradeRoutes(api, deps, {
        links: new TradeLinks(database.db, config.tradeLinkTtlDays),
        mailer,
        files,
        fileLimits: { quotaBytes: config.fileQuotaBytes },
        uploadLimitBytes: config.fileBodyLimitBytes,
        publicUrl: config.publicUrl,
        rateLimit: {
          max: config.rateLimit.tradeMax,
          timeWindow: config.rateLimit.windowSeconds * 1000,
        },
      });
      options.extraApiRoutes?.(api);
      done();
    },
    { prefix: '/api' },
  );

  return app;
}
