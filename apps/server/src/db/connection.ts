// Opens the one Kysely instance over either dialect: better-sqlite3 in DATA_DIR by
// default, PostgreSQL through pg when DATABASE_URL is set.

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { KyselyConfig } from 'kysely';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The PostgreSQL schema in use when not the default one. */
  schema?: string;
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

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  const { onQuery } = options;
  const log: KyselyConfig['log'] =
    onQuery === undefined
      ? undefined
      : (event) => {
          if (event.level === 'query') onQuery();
        };
  if (options.databaseUrl !== undefined) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(options.pgSchema === undefined ? {} : { options: `-c search_path=${options.pgSchema}` }),
    });
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log }),
      dialect: 'postgres',
      ...(options.pgSchema === undefined ? {} : { schema: options.pgSchema }),
    };
  }
  const file = options.sqliteFile ?? 'field-app.sqlite';
  let location = file;
  if (file !== ':memory:') {
    mkdirSync(options.dataDir, { recursive: true });
    location = path.join(options.dataDir, file);
  }
  const sqlite = new SQLite(location);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), log }),
    dialect: 'sqlite',
  };
}
