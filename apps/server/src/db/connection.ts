// Opens the one Kysely instance over either dialect: better-sqlite3 in DATA_DIR by
// default, PostgreSQL through pg when DATABASE_URL is set.

import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { KyselyConfig, SqliteDatabase } from 'kysely';
import { OneSchemaPostgresDialect } from './one-schema-dialect.js';
import type { Database } from './schema.js';
import { makePrivateDirSync, makePrivateFileSync } from '../storage/private-files.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The PostgreSQL schema in use when not the default one. */
  schema?: string;
  /** PostgreSQL: the connection string (a process's LISTEN connection opens its own). */
  url?: string;
  /** Calls `listener` with each query's duration in milliseconds (metrics); answers how to stop. */
  observeQueries(listener: (milliseconds: number) => void): () => void;
  /** PostgreSQL: the pool's connections, for metrics. */
  pool?: () => { total: number; idle: number; waiting: number };
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** PostgreSQL schema to use (tests run each suite in a schema of its own). */
  pgSchema?: string;
  /** SQLite file name under dataDir; ':memory:' for none. */
  sqliteFile?: string;
  /** Called once per query executed (tests count queries with it). */
  onQuery?: () => void;
}

/** The embedded database's file under DATA_DIR. */
export const SQLITE_FILE = 'field-app.sqlite';

/** Prepared statements kept per SQL text: Kysely asks for one per query otherwise. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The database as Kysely sees it, preparing each distinct SQL text once (parsing and
 * planning cost more than running most of our queries). A statement still being iterated
 * is never handed out twice: a fresh one is prepared instead.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached !== undefined && !cached.busy) return cached;
      const statement = sqlite.prepare(sql);
      if (cached === undefined) {
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  const { onQuery } = options;
  const observers = new Set<(milliseconds: number) => void>();
  const observeQueries = (listener: (milliseconds: number) => void): (() => void) => {
    observers.add(listener);
    return () => observers.delete(listener);
  };
  const log: KyselyConfig['log'] = (event) => {
    if (event.level !== 'query') return;
    onQuery?.();
    for (const observe of observers) observe(event.queryDurationMillis);
  };
  if (options.databaseUrl !== undefined) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(options.pgSchema === undefined ? {} : { options: `-c search_path=${options.pgSchema}` }),
    });
    const dialect =
      options.pgSchema === undefined
        ? new PostgresDialect({ pool })
        : new OneSchemaPostgresDialect({ pool }, options.pgSchema);
    return {
      db: new Kysely<Database>({ dialect, log }),
      dialect: 'postgres',
      url: options.databaseUrl,
      ...(options.pgSchema === undefined ? {} : { schema: options.pgSchema }),
      observeQueries,
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const file = options.sqliteFile ?? SQLITE_FILE;
  let location = file;
  if (file !== ':memory:') {
    makePrivateDirSync(options.dataDir);
    location = path.join(options.dataDir, file);
    makePrivateFileSync(location);
  }
  const sqlite = new SQLite(location);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return {
    db: new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
      log,
    }),
    dialect: 'sqlite',
    observeQueries,
  };
}
