// getTestServer(): a real server on an ephemeral port over a fresh database of the given
// dialect, with helpers to make users, sign tokens and call the API over real HTTP.

import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Scope } from '@field/domain';
import { loadConfig } from '../config.js';
import type { Dialect } from '../db/connection.js';
import { openDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrations.js';
import type { Database } from '../db/schema.js';
import type { ServerOptions } from '../app.js';
import { buildServer } from '../app.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { SessionService } from '../modules/auth/sessions.js';
import { createTokenService } from '../modules/auth/tokens.js';
import { RecordRepository } from '../modules/records/repository.js';
import type { NewRecord } from '../modules/records/repository.js';
import { UserRepository } from '../modules/users/repository.js';
import { POSTGRES_URL, createPostgresSchema } from './databases.js';
import type { FileStoreKind, TestS3Server } from './s3.js';
import { startS3Server } from './s3.js';

export const TEST_PASSWORD = 'correct horse battery staple';
const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface ApiClient {
  request<T = unknown>(
    method: string,
    path: string,
    options?: { body?: unknown; headers?: Record<string, string> },
  ): Promise<ApiResponse<T>>;
  get<T = unknown>(path: string): Promise<ApiResponse<T>>;
  post<T = unknown>(
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<ApiResponse<T>>;
  patch<T = unknown>(
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<ApiResponse<T>>;
  delete<T = unknown>(path: string, headers?: Record<string, string>): Promise<ApiResponse<T>>;
}

export interface TestServer {
  dialect: Dialect;
  url: string;
  /** The data folder (the dev mail outbox lives in it). */
  dataDir: string;
  /** The S3 server holding the file bytes, when started with `files: 's3'`. */
  s3: TestS3Server | undefined;
  app: FastifyInstance;
  db: Kysely<Database>;
  records: RecordRepository;
  /** Queries run since the last reset. */
  queries: { count: number };
  createUser(options: { email?: string; scopes: Scope[]; airtableId?: string | null }): Promise<{
    id: string;
    email: string;
    token: string;
  }>;
  /** An API client, signed in with `token` when given. */
  client(token?: string): ApiClient;
  insert(kind: string, records: NewRecord[]): Promise<void>;
  /** Resolves once the outbox is empty: what writes left for after their commit is done. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

let passwordHash: Promise<string> | undefined;

export function groupScope(value: string, overrides: Partial<Scope> = {}): Scope {
  return { value, approved: true, group: true, read: true, write: true, ...overrides };
}

export function singleScope(value: string, read = true, write = true): Scope {
  return { value, approved: true, group: false, read, write };
}

function makeClient(url: string, token: string | undefined): ApiClient {
  const request: ApiClient['request'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${url}/api${path}`, {
      method,
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await response.text();
    let body: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('application/json')) {
      body = JSON.parse(text);
    }
    // Safe: tests name the shape they expect; assertions check it.
    return { status: response.status, body: body as never, headers: response.headers };
  };
  return {
    request,
    get: (path) => request('GET', path),
    post: (path, body, headers) => request('POST', path, { body, ...(headers ? { headers } : {}) }),
    patch: (path, body, headers) =>
      request('PATCH', path, { body, ...(headers ? { headers } : {}) }),
    delete: (path, headers) => request('DELETE', path, headers ? { headers } : {}),
  };
}

const CLOSE_STEP_MS = 10_000;

async function bounded(
  step: string,
  work: Promise<unknown>,
  onTimeout?: () => void,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), CLOSE_STEP_MS);
  });
  try {
    if ((await Promise.race([work.then(() => 'done' as const), late])) === 'late') {
      console.warn(`test server: ${step} took over ${CLOSE_STEP_MS} ms; going on without it`);
      onTimeout?.();
      work.catch((error: unknown) => console.warn(`test server: ${step} failed late`, error));
    }
  } finally {
    clearTimeout(timer);
  }
}

export interface TestServerOptions {
  /** Extra environment for loadConfig (mail, providers, rate limits...). */
  env?: Record<string, string>;
  /** Options of buildServer beyond config and database. */
  server?: Omit<ServerOptions, 'config' | 'database'>;
  /** Where file bytes go: DATA_DIR (the default), or a bucket of an S3 server of its own. */
  files?: FileStoreKind;
}

/** Limits high enough that suites signing in many times never meet them. */
const RELAXED_LIMITS = {
  RATE_LIMIT_SIGN_IN_MAX: '100000',
  ACCOUNT_LOCKOUT_ATTEMPTS: '100000',
};

export async function getTestServer(
  dialect: Dialect,
  options: TestServerOptions = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'field-app-test-'));
  const queries = { count: 0 };
  const onQuery = (): void => {
    queries.count += 1;
  };
  let dropSchema: (() => Promise<void>) | undefined;
  let database;
  if (dialect === 'postgres') {
    const { schema, drop } = await createPostgresSchema();
    dropSchema = drop;
    database = openDatabase({ dataDir, databaseUrl: POSTGRES_URL, pgSchema: schema, onQuery });
  } else {
    database = openDatabase({ dataDir, onQuery });
  }
  await migrateToLatest(database);
  const s3: TestS3Server | undefined = options.files === 's3' ? await startS3Server() : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET,
    // The suites of scope rules run company-wide, so their users need no staff list;
    // access by home is tested with HOME_ACCESS=assigned (home-access-matrix.test.ts).
    HOME_ACCESS: 'company',
    ...RELAXED_LIMITS,
    ...s3?.env,
    ...options.env,
  });
  // No outbox sweep: a sweep every 10 s would land among the queries a test counts (no
  // test relies on it; rows are done after each write's commit).
  const app = await buildServer({ outboxSweepMs: 0, ...options.server, config, database });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const users = new UserRepository(database.db);
  const tokens = createTokenService(config.jwtSecret, config.accessTokenTtlSeconds);
  // Access tokens name a live session, as those of a real sign-in do.
  const sessions = new SessionService(database.db, tokens, config);
  const records = new RecordRepository(database.db);

  return {
    dialect,
    url: address,
    dataDir,
    s3,
    app,
    db: database.db,
    records,
    queries,
    async createUser({ email, scopes, airtableId = null }) {
      const id = randomUUID();
      const address = email ?? `${id}@example.test`;
      passwordHash ??= hashPassword(TEST_PASSWORD);
      await users.create(
        {
          id,
          email: address,
          passwordHash: await passwordHash,
          firstName: 'Test',
          lastName: 'User',
          role: 'Tester',
          airtableId,
          scopes,
        },
        new Date().toISOString(),
      );
      const session = await sessions.open(id, new Date().toISOString());
      return { id, email: address, token: session.accessToken };
    },
    client: (token) => makeClient(address, token),
    insert: (kind, list) => records.insertMany(database.db, kind, list, new Date().toISOString()),
    async settled() {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const row = await database.db
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow();
        if (Number(row.n) === 0) return;
        if (Date.now() > deadline) throw new Error('the outbox was not done within 15 s');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async close() {
      // Each step is bounded: a step that hangs (seen once in many runs: the notifications
      // suite on PostgreSQL) is named in the log instead of failing the suite's afterAll.
      await bounded('closing the server', app.close(), () => app.server.closeAllConnections());
      await bounded('closing the database', database.db.destroy());
      if (dropSchema !== undefined) await bounded('dropping the test schema', dropSchema());
      if (s3 !== undefined) await bounded('stopping the S3 server', s3.close());
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
