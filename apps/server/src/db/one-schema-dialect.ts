// PostgreSQL confined to one schema, as each server suite runs (src/test/databases.ts).
// Kysely's migrator asks its introspector whether its own tables exist, and the stock
// introspector reads every schema of the database, calling functions that look each
// schema up by name: when another suite drops its schema during that read, the query
// fails with `schema "t_…" does not exist` (seen once in CI). This introspector reads
// the one schema only, by its name in the catalog.

import { PostgresDialect, sql } from 'kysely';
import type {
  DatabaseIntrospector,
  DatabaseMetadata,
  Kysely,
  PostgresDialectConfig,
  SchemaMetadata,
  TableMetadata,
} from 'kysely';

class OneSchemaIntrospector implements DatabaseIntrospector {
  constructor(
    private readonly db: Kysely<unknown>,
    private readonly schema: string,
  ) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`
      select nspname as name from pg_catalog.pg_namespace where nspname = ${this.schema}
    `.execute(this.db);
    return rows.map((row) => ({ name: row.name }));
  }

  /** Names only: the migrator, the one caller, asks no more than whether a table exists. */
  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; kind: string }>`
      select c.relname as name, c.relkind as kind
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${this.schema} and c.relkind in ('r', 'v', 'p')
    `.execute(this.db);
    return rows.map((row) => ({
      name: row.name,
      schema: this.schema,
      isView: row.kind === 'v',
      columns: [],
    }));
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

export class OneSchemaPostgresDialect extends PostgresDialect {
  constructor(
    config: PostgresDialectConfig,
    private readonly schema: string,
  ) {
    super(config);
  }

  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OneSchemaIntrospector(db, this.schema);
  }
}
