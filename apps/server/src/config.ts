// Server configuration, read once from the environment and checked with zod. Every
// variable has a working default so `npm start` needs none; docs/configuration.md lists them.

import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { ExternalLinks, HomeAccessMode, RegistrationPolicy } from '@field/domain';
import {
  DEFAULT_HOME_ACCESS,
  HOME_ACCESS_MODES,
  REGISTRATION_MODES,
  TRADE_LINK,
  parseFilePath,
} from '@field/domain';
import { parseTrustProxy, seedsDemo, servedToNetwork } from './config/exposure.js';
import { makePrivateDirSync } from './storage/private-files.js';

/** The shortest signing secret accepted (HS256 wants at least its 256 bits). */
const MIN_SECRET_BYTES = 32;
/** The first admin's password, from the environment or `create-admin`. */
export const MIN_ADMIN_PASSWORD_LENGTH = 12;

/** A domain name as REGISTRATION_DOMAINS lists it: labels of letters, digits and hyphens. */
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/;

const booleanString = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional());
/** A web address for a link users follow (http or https only: never a `javascript:` link). */
const optionalUrl = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.url({ protocol: /^https?$/, error: 'must be an http or https address' }).optional(),
);

/** The folder of the bucket the field app's objects go in when S3_PREFIX is not set. */
const DEFAULT_S3_PREFIX = 'field-app/';

/** What FILE_STORAGE=s3 cannot start without (the SDK's own credential sources are not read). */
const S3_REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

const envFields = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  JWT_SECRET: z
    .string()
    .refine((v) => Buffer.byteLength(v.trim(), 'utf8') >= MIN_SECRET_BYTES, {
      message: `JWT_SECRET must be at least ${MIN_SECRET_BYTES} bytes`,
    })
    .optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(30)
    .default(15 * 60),
  SEED_PASSWORD: z.string().min(8).default('demo-password'),
  SEED_DEMO: booleanString.optional(),
  ADMIN_EMAIL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().trim().max(320).pipe(z.email('ADMIN_EMAIL must be an email address')).optional(),
  ),
  ADMIN_PASSWORD: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .min(
        MIN_ADMIN_PASSWORD_LENGTH,
        `ADMIN_PASSWORD must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`,
      )
      .max(1024)
      .optional(),
  ),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  FILE_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(30 * 1024 * 1024),
  FILE_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(500 * 1024 * 1024),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: z.string().trim().default('false').transform(parseTrustProxy),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().min(1).max(365).default(30),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  PASSWORD_RESET_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(60),
  INVITATION_TTL_DAYS: z.coerce.number().int().min(1).max(60).default(7),
  TRADE_LINK_TTL_DAYS: z.coerce.number().positive().max(365).default(TRADE_LINK.ttlDays),
  REGISTRATION: z.enum(REGISTRATION_MODES).default('open'),
  REGISTRATION_DOMAINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
        .filter((d) => d !== ''),
    )
    .pipe(z.array(z.string().regex(DOMAIN, 'REGISTRATION_DOMAINS: names like example.com'))),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_SECURE: booleanString.default(false),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default('Field App <no-reply@localhost>'),
  RATE_LIMIT_SIGN_IN_MAX: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_FEEDBACK_MAX: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_TRADE_MAX: z.coerce.number().int().min(1).default(TRADE_LINK.rateLimitMax),
  ACCOUNT_LOCKOUT_ATTEMPTS: z.coerce.number().int().min(1).default(10),
  ACCOUNT_LOCKOUT_MINUTES: z.coerce.number().int().min(1).default(15),
  SSO_ISSUER: z.url().optional(),
  SSO_CLIENT_ID: z.string().min(1).optional(),
  SSO_CLIENT_SECRET: z.string().min(1).optional(),
  SSO_NAME: z.string().min(1).default('Company SSO'),
  SSO_SCOPES: z.string().min(1).default('openid email profile'),
  NOTIFICATIONS_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(30_000),
  CHANGELOG_REPOSITORY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^[\w.-]+\/[\w.-]+$/, 'CHANGELOG_REPOSITORY must be owner/name')
      .optional(),
  ),
  CHANGELOG_API_URL: z.url().default('https://api.github.com'),
  DOCS_URL: optionalUrl,
  LEGACY_URL: optionalUrl,
  COMPANY_URL: optionalUrl,
  CHANGELOG_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  CHANGELOG_REFRESH_SECONDS: z.coerce.number().int().min(0).default(600),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(2).max(600).default(10),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  FILE_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: optionalText,
  S3_ENDPOINT: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: booleanString.default(false),
  // Kept apart from optionalText: an empty value means "no prefix", not "the default".
  S3_PREFIX: z
    .string()
    .default(DEFAULT_S3_PREFIX)
    .transform((v) => v.replace(/^\/+|\/+$/g, ''))
    .refine((v) => v === '' || parseFilePath(v, 1) !== undefined, {
      message:
        'S3_PREFIX must be folder names of letters, digits, ".", "_" and "-" separated by "/"',
    })
    .transform((v) => (v === '' ? '' : `${v}/`)),
  SENTRY_DSN: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^@\s]+@[^/\s]+\/\S+$/, 'SENTRY_DSN must be a DSN like https://key@host/1')
    .optional(),
  SENTRY_ENVIRONMENT: z.string().trim().min(1).default('production'),
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(16, 'METRICS_TOKEN must be at least 16 characters')
    .optional(),
  HOME_ACCESS: z
    .enum(HOME_ACCESS_MODES, {
      error: `HOME_ACCESS must be ${HOME_ACCESS_MODES.join(' or ')}`,
    })
    .default(DEFAULT_HOME_ACCESS),
});

/**
 * The fields, and where file bytes live: FILE_STORAGE=s3 without its bucket or credentials
 * is refused here, naming each missing variable.
 */
const envSchema = envFields.transform((e, ctx) => {
  if (e.FILE_STORAGE === 'local') {
    const local: FileStorageConfig = { kind: 'local' };
    return { ...e, fileStorage: local };
  }
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secret } = e;
  if (bucket === undefined || accessKeyId === undefined || secret === undefined) {
    for (const name of S3_REQUIRED) {
      if (e[name] === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `${name} is needed with FILE_STORAGE=s3`,
        });
      }
    }
    return z.NEVER;
  }
  const fileStorage: FileStorageConfig = {
    kind: 's3',
    bucket,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    prefix: e.S3_PREFIX,
    accessKeyId,
    secretAccessKey: secret,
  };
  return { ...e, fileStorage };
});

/** Sign-in providers (docs/api.md); each is on when {NAME}_CLIENT_ID and _SECRET are set. */
export const SOCIAL_PROVIDERS = [
  'google',
  'facebook',
  'apple',
  'github',
  'microsoft',
  'twitter',
  'yahoo',
] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export interface ProviderCredentials {
  clientId: string;
  clientSecret: string;
  /** Overrides the provider's well-known issuer (a tenant, or a test server). */
  issuer: string | undefined;
}

interface SsoConfig extends ProviderCredentials {
  issuer: string;
  name: string;
  scopes: string;
}

export interface MailConfig {
  from: string;
  smtp:
    | {
        host: string;
        port: number;
        secure: boolean;
        user: string | undefined;
        password: string | undefined;
      }
    | undefined;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: Uint8Array;
  accessTokenTtlSeconds: number;
  seedPassword: string;
  /**
   * Whether an empty database gets the demo company and its accounts (with their known
   * password): by default only the embedded one of `npm start` on loopback, never with
   * DATABASE_URL, a PUBLIC_URL, a HOST beyond loopback or a trusted proxy unless
   * SEED_DEMO=true (seedsDemo).
   */
  seedDemo: boolean;
  /** Reachable from other machines (servedToNetwork): demo accounts here are announced loudly. */
  servedToNetwork: boolean;
  /** ADMIN_EMAIL and ADMIN_PASSWORD: the first admin, made at start when none exists. */
  initialAdmin: { email: string; password: string } | undefined;
  webDist: string | undefined;
  logLevel: string;
  bodyLimitBytes: number;
  fileBodyLimitBytes: number;
  /** Bytes of stored files each user may own; an upload beyond it is refused. */
  fileQuotaBytes: number;
  /** Origin of the web app as users reach it; links in mails point here. */
  publicUrl: string;
  publicUrlExplicit: boolean;
  /** Fastify's trustProxy: false, or the proxies' addresses / CIDRs (never `true`). */
  trustProxy: false | string[];
  refreshTokenTtlDays: number;
  /** A rotated refresh token presented again this soon is a second tab, not theft. */
  refreshReuseGraceSeconds: number;
  cookieSecure: 'auto' | 'true' | 'false';
  passwordResetTtlMinutes: number;
  /** How long an invitation (and an address verification) link works. */
  invitationTtlMinutes: number;
  /** How long a trade's link opens its vendor's items (docs/decisions.md, The trade's own link). */
  tradeLinkTtlDays: number;
  /** Who may register themselves (docs/decisions.md, People and invitations). */
  registration: RegistrationPolicy;
  mail: MailConfig;
  rateLimit: {
    signInMax: number;
    windowSeconds: number;
    /** Feedback messages one user may send per window. */
    feedbackMax: number;
    /** Calls one address may make with trade links per window. */
    tradeMax: number;
    lockoutAttempts: number;
    lockoutMinutes: number;
  };
  providers: Partial<Record<SocialProvider, ProviderCredentials>>;
  sso: SsoConfig | undefined;
  /**
   * How often the notification streams look for changes nobody announced (announced ones,
   * from any process, are looked for at once).
   */
  notificationsPollMs: number;
  changelog: ChangelogConfig;
  /** Where the web app's outside links go (DOCS_URL, LEGACY_URL, COMPANY_URL); null: hidden. */
  links: ExternalLinks;
  /**
   * A stop (SIGTERM) ends within `totalMs`: answers in flight get `drainMs`, the rest is
   * left for the handlers' last writes and closing the database.
   */
  shutdown: { totalMs: number; drainMs: number };
  /** Server processes sharing the port (Node's cluster module); above 1 only on PostgreSQL. */
  workers: number;
  fileStorage: FileStorageConfig;
  /**
   * On which homes a user outside admin, managers and customer service works: those whose
   * staff lists hold them (`assigned`) or every home (`company`); docs/decisions.md.
   */
  homeAccess: HomeAccessMode;
  /** Where errors and traces go (a Sentry or compatible server); off without a DSN. */
  telemetry: { dsn: string | undefined; environment: string };
  /** The bearer token of GET /metrics; the endpoint is off without one. */
  metricsToken: string | undefined;
}

/** Where uploaded file bytes live (their metadata is always in the database). */
export type FileStorageConfig =
  | { kind: 'local' } // DATA_DIR/files
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** An S3-compatible server's address; AWS's own endpoint for the region when absent. */
      endpoint: string | undefined;
      /** `endpoint/bucket/key` instead of `bucket.endpoint/key`; most S3-compatible servers want it. */
      forcePathStyle: boolean;
      /**
       * Put before every object key (`field-app/walks/...`), so a bucket shared with other
       * applications never has one of theirs overwritten; '' or '/' for none.
       */
      prefix: string;
      accessKeyId: string;
      secretAccessKey: string;
    };

export interface ChangelogConfig {
  /** `owner/name` on the code host; without it the changelog says it is not set up. */
  repository: string | undefined;
  apiUrl: string;
  token: string | undefined;
  /** Age after which the cached issue list is fetched again. */
  refreshSeconds: number;
}

function providerCredentials(
  env: NodeJS.ProcessEnv,
): Partial<Record<SocialProvider, ProviderCredentials>> {
  const result: Partial<Record<SocialProvider, ProviderCredentials>> = {};
  for (const name of SOCIAL_PROVIDERS) {
    const prefix = name.toUpperCase();
    const clientId = env[`${prefix}_CLIENT_ID`];
    const clientSecret = env[`${prefix}_CLIENT_SECRET`];
    if (
      clientId === undefined ||
      clientId === '' ||
      clientSecret === undefined ||
      clientSecret === ''
    )
      continue;
    const issuer = env[`${prefix}_ISSUER`];
    result[name] = { clientId, clientSecret, issuer: issuer === '' ? undefined : issuer };
  }
  return result;
}

/**
 * Without JWT_SECRET a random secret is made once and kept in DATA_DIR (mode 0600), so
 * tokens survive a restart of a single embedded server; deployments set JWT_SECRET.
 */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, '.jwt-secret');
  let stored: string;
  try {
    stored = readFileSync(file, 'utf8').trim();
  } catch (err) {
    if (!(err instanceof Error && 'code' in err && err.code === 'ENOENT')) throw err;
    makePrivateDirSync(dataDir);
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
  // An empty or cut-short file would sign every token with a guessable key.
  if (Buffer.byteLength(stored, 'utf8') < MIN_SECRET_BYTES) {
    throw new Error(
      `Invalid configuration:\n${file} holds a secret shorter than ${MIN_SECRET_BYTES} bytes. ` +
        'Delete the file to have a new one made (everyone signs in again), or set JWT_SECRET.',
    );
  }
  return stored;
}

/** Of a stop's time, what closing the database and the last handler writes keep. */
const SHUTDOWN_RESERVE_MS = 3000;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new Error(
      'Invalid configuration:\nADMIN_EMAIL and ADMIN_PASSWORD are set together or not at all',
    );
  }
  if (e.REGISTRATION === 'domains' && e.REGISTRATION_DOMAINS.length === 0) {
    throw new Error(
      'Invalid configuration:\nREGISTRATION=domains needs REGISTRATION_DOMAINS ' +
        '(for example REGISTRATION_DOMAINS=example.com,other.org)',
    );
  }
  if (e.WORKERS > 1 && e.DATABASE_URL === undefined) {
    throw new Error(
      'Invalid configuration:\nWORKERS above 1 needs DATABASE_URL: processes share their ' +
        'announcements through PostgreSQL, the embedded database serves one process',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const exposure = {
    host: e.HOST,
    publicUrlExplicit: e.PUBLIC_URL !== undefined,
    trustProxy: e.TRUST_PROXY,
  };
  const publicUrl = (
    e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? 'localhost' : e.HOST}:${e.PORT}`
  ).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: new TextEncoder().encode(e.JWT_SECRET?.trim() ?? loadOrCreateSecret(dataDir)),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    seedPassword: e.SEED_PASSWORD,
    seedDemo: seedsDemo({ ...exposure, databaseUrl: e.DATABASE_URL, seedDemo: e.SEED_DEMO }),
    servedToNetwork: servedToNetwork(exposure),
    initialAdmin:
      e.ADMIN_EMAIL === undefined || e.ADMIN_PASSWORD === undefined
        ? undefined
        : { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    fileBodyLimitBytes: e.FILE_BODY_LIMIT_BYTES,
    fileQuotaBytes: e.FILE_QUOTA_BYTES,
    // The address main.ts prints; 0.0.0.0 is no address to browse to.
    publicUrl,
    publicUrlExplicit: e.PUBLIC_URL !== undefined,
    trustProxy: e.TRUST_PROXY,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS,
    cookieSecure: e.COOKIE_SECURE,
    passwordResetTtlMinutes: e.PASSWORD_RESET_TTL_MINUTES,
    invitationTtlMinutes: e.INVITATION_TTL_DAYS * 24 * 60,
    tradeLinkTtlDays: e.TRADE_LINK_TTL_DAYS,
    registration: { mode: e.REGISTRATION, domains: e.REGISTRATION_DOMAINS },
    mail: {
      from: e.MAIL_FROM,
      smtp:
        e.SMTP_HOST === undefined
          ? undefined
          : {
              host: e.SMTP_HOST,
              port: e.SMTP_PORT,
              secure: e.SMTP_SECURE,
              user: e.SMTP_USER,
              password: e.SMTP_PASSWORD,
            },
    },
    rateLimit: {
      signInMax: e.RATE_LIMIT_SIGN_IN_MAX,
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
      feedbackMax: e.RATE_LIMIT_FEEDBACK_MAX,
      tradeMax: e.RATE_LIMIT_TRADE_MAX,
      lockoutAttempts: e.ACCOUNT_LOCKOUT_ATTEMPTS,
      lockoutMinutes: e.ACCOUNT_LOCKOUT_MINUTES,
    },
    providers: providerCredentials(env),
    sso:
      e.SSO_ISSUER !== undefined &&
      e.SSO_CLIENT_ID !== undefined &&
      e.SSO_CLIENT_SECRET !== undefined
        ? {
            issuer: e.SSO_ISSUER,
            clientId: e.SSO_CLIENT_ID,
            clientSecret: e.SSO_CLIENT_SECRET,
            name: e.SSO_NAME,
            scopes: e.SSO_SCOPES,
          }
        : undefined,
    notificationsPollMs: e.NOTIFICATIONS_POLL_MS,
    changelog: {
      repository: e.CHANGELOG_REPOSITORY,
      apiUrl: e.CHANGELOG_API_URL.replace(/\/+$/, ''),
      token: e.CHANGELOG_TOKEN,
      refreshSeconds: e.CHANGELOG_REFRESH_SECONDS,
    },
    links: {
      documentation: e.DOCS_URL ?? null,
      legacySystem: e.LEGACY_URL ?? null,
      companyWebsite: e.COMPANY_URL ?? null,
    },
    shutdown: {
      totalMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
      drainMs: Math.max(1000, e.SHUTDOWN_TIMEOUT_SECONDS * 1000 - SHUTDOWN_RESERVE_MS),
    },
    workers: e.WORKERS,
    fileStorage: e.fileStorage,
    homeAccess: e.HOME_ACCESS,
    metricsToken: e.METRICS_TOKEN,
    telemetry: { dsn: e.SENTRY_DSN, environment: e.SENTRY_ENVIRONMENT },
  };
}
