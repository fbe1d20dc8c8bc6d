// Versioned migrations, run on start. Kysely's migrator refuses to run when the database
// has a migration this code does not know, i.e. a newer schema.

import type { Kysely, Migration, MigrationProvider } from 'kysely';
import { Migrator, sql } from 'kysely';
import type { DatabaseHandle } from './connection.js';
import { onPostgres } from './locks.js';

/** The columns that hold who wrote: a user's id, or a trade's (`trade:` and a vendor id). */
const WRITER_COLUMNS = [
  ['files', 'owner_id'],
  ['record_history', 'user_id'],
  ['idempotency_keys', 'user_id'],
] as const;

/** Sets the writer columns' type on PostgreSQL (SQLite does not hold a column to it). */
async function writerColumnsOf(db: Kysely<unknown>, type: 'varchar(64)' | 'varchar(80)') {
  if (!onPostgres(db)) return;
  for (const [table, column] of WRITER_COLUMNS) {
    await db.schema
      .alterTable(table)
      .alterColumn(column, (c) => c.setDataType(type))
      .execute();
  }
}

const migrations: Record<string, Migration> = {
  '0001-initial': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('records')
        .addColumn('kind', 'varchar(40)', (c) => c.notNull())
        .addColumn('id', 'varchar(64)', (c) => c.notNull())
        .addColumn('home_rid', 'varchar(64)')
        .addColumn('parent_id', 'varchar(64)')
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('deleted_at', 'varchar(30)')
        .addPrimaryKeyConstraint('records_pk', ['kind', 'id'])
        .execute();
      await db.schema
        .createIndex('records_home')
        .on('records')
        .columns(['kind', 'home_rid'])
        .execute();
      await db.schema
        .createIndex('records_parent')
        .on('records')
        .columns(['kind', 'parent_id'])
        .execute();
      await db.schema
        .createIndex('records_updated')
        .on('records')
        .columns(['kind', 'updated_at'])
        .execute();

      await db.schema
        .createTable('users')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('first_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('last_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('photo_url', 'text')
        .addColumn('role', 'varchar(100)', (c) => c.notNull())
        .addColumn('airtable_id', 'varchar(64)')
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('user_scopes')
        .addColumn('user_id', 'varchar(64)', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('value', 'varchar(100)', (c) => c.notNull())
        .addColumn('is_group', 'integer', (c) => c.notNull())
        .addColumn('approved', 'integer', (c) => c.notNull())
        .addColumn('can_read', 'integer', (c) => c.notNull())
        .addColumn('can_write', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_scopes_pk', ['user_id', 'value', 'is_group'])
        .execute();

      await db.schema
        .createTable('idempotency_keys')
        .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('key', 'varchar(200)', (c) => c.notNull())
        .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('status_code', 'integer', (c) => c.notNull())
        .addColumn('response', 'text', (c) => c.notNull())
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
        .execute();
      await db.schema
        .createIndex('idempotency_keys_created')
        .on('idempotency_keys')
        .column('created_at')
        .execute();

      await db.schema
        .createTable('files')
        .addColumn('collection', 'varchar(100)', (c) => c.notNull())
        .addColumn('key', 'varchar(400)', (c) => c.notNull())
        .addColumn('content_type', 'varchar(200)', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
        .addColumn('owner_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
        .addPrimaryKeyConstraint('files_pk', ['collection', 'key'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['files', 'idempotency_keys', 'user_scopes', 'users', 'records']) {
        await db.schema.dropTable(table).execute();
      }
    },
  },
  '0002-accounts': {
    async up(db: Kysely<unknown>) {
      // Legacy construction data of older user documents (JSON), moved into the field
      // document and scopes on first sign-in; migrated_at marks it done. Access tokens
      // issued before tokens_valid_after are refused: a password change or reset ends
      // every other session at once.
      await db.schema.alterTable('users').addColumn('legacy_data', 'text').execute();
      await db.schema.alterTable('users').addColumn('migrated_at', 'varchar(30)').execute();
      await db.schema.alterTable('users').addColumn('tokens_valid_after', 'integer').execute();

      await db.schema
        .createTable('refresh_tokens')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('family_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('user_id', 'varchar(64)', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('used_at', 'varchar(30)')
        .addColumn('revoked_at', 'varchar(30)')
        .execute();
      await db.schema
        .createIndex('refresh_tokens_family')
        .on('refresh_tokens')
        .column('family_id')
        .execute();
      await db.schema
        .createIndex('refresh_tokens_user')
        .on('refresh_tokens')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('password_resets')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(64)', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('used_at', 'varchar(30)')
        .execute();

      await db.schema
        .createTable('user_identities')
        .addColumn('provider', 'varchar(40)', (c) => c.notNull())
        .addColumn('subject', 'varchar(255)', (c) => c.notNull())
        .addColumn('user_id', 'varchar(64)', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('email', 'varchar(320)')
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_identities_pk', ['provider', 'subject'])
        .execute();
      await db.schema
        .createIndex('user_identities_user')
        .on('user_identities')
        .column('user_id')
        .execute();

      // A provider sign-in in progress: state, PKCE verifier and nonce, used once.
      await db.schema
        .createTable('auth_states')
        .addColumn('state', 'varchar(100)', (c) => c.primaryKey())
        .addColumn('provider', 'varchar(40)', (c) => c.notNull())
        .addColumn('code_verifier', 'varchar(200)', (c) => c.notNull())
        .addColumn('nonce', 'varchar(100)', (c) => c.notNull())
        .addColumn('mode', 'varchar(20)', (c) => c.notNull())
        .addColumn('return_to', 'varchar(2000)')
        .addColumn('link_user_id', 'varchar(64)')
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
        .execute();

      // Failed sign-ins per account (normalised email), for the per-account lockout.
      await db.schema
        .createTable('sign_in_failures')
        .addColumn('account', 'varchar(320)', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('window_started_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('locked_until', 'varchar(30)')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'sign_in_failures',
        'auth_states',
        'user_identities',
        'password_resets',
        'refresh_tokens',
      ]) {
        await db.schema.dropTable(table).execute();
      }
      for (const column of ['tokens_valid_after', 'migrated_at', 'legacy_data']) {
        await db.schema.alterTable('users').dropColumn(column).execute();
      }
    },
  },
  '0003-notifications-feedback': {
    async up(db: Kysely<unknown>) {
      // Per-user notifications; deletes are soft so the live stream of every server
      // process sees them (it polls rows changed since its last look, by updated_at).
      await db.schema
        .createTable('notifications')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(64)', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('title', 'varchar(300)', (c) => c.notNull())
        .addColumn('read', 'integer', (c) => c.notNull())
        .addColumn('priority', 'varchar(20)', (c) => c.notNull())
        .addColumn('occurred_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('category', 'varchar(50)', (c) => c.notNull())
        .addColumn('app', 'varchar(40)', (c) => c.notNull())
        .addColumn('metadata', 'text', (c) => c.notNull())
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('deleted_at', 'varchar(30)')
        .execute();
      await db.schema
        .createIndex('notifications_user_created')
        .on('notifications')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('notifications_updated')
        .on('notifications')
        .column('updated_at')
        .execute();

      // Feedback keeps the sender's email as it was: it outlives the account.
      await db.schema
        .createTable('feedback')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('user_email', 'varchar(320)', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('record_id', 'varchar(200)')
        .addColumn('home_id', 'varchar(200)')
        .addColumn('home_rid', 'varchar(200)')
        .addColumn('address', 'varchar(500)')
        .addColumn('page', 'varchar(2000)')
        .addColumn('user_agent', 'varchar(500)')
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('feedback_created').on('feedback').column('created_at').execute();

      // The code host's issue list, one row per repository, shared by every process.
      await db.schema
        .createTable('changelog_cache')
        .addColumn('repository', 'varchar(200)', (c) => c.primaryKey())
        .addColumn('issues', 'text', (c) => c.notNull())
        .addColumn('fetched_at', 'varchar(30)', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['changelog_cache', 'feedback', 'notifications']) {
        await db.schema.dropTable(table).execute();
      }
    },
  },
  '0004-file-owners': {
    async up(db: Kysely<unknown>) {
      // Files have owners: only the owner or an admin replaces or deletes a file, and each
      // owner's files together stay within a quota. owner_id (0001) held each file's last
      // uploader; for files stored before this migration that stays the owner, except in
      // a user's folder (users/{id}/...), which belongs to that user. The index serves the
      // quota's sum per owner.
      const inUserFolders = sql<{
        key: string;
      }>`select "key" from files where collection = 'users'`;
      for (const { key } of (await inUserFolders.execute(db)).rows) {
        const owner = key.split('/')[0] ?? '';
        if (owner === '') continue;
        const setOwner = sql`update files set owner_id = ${owner} where collection = 'users'`;
        await sql`${setOwner} and "key" = ${key}`.execute(db);
      }
      await db.schema.createIndex('files_owner').on('files').column('owner_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('files_owner').execute();
    },
  },
  '0005-list-fingerprints': {
    async up(db: Kysely<unknown>) {
      // A list by home or parent is answered from a cache while its fingerprint (rows and
      // the sum of their versions) is unchanged; with the version in the lookup indexes
      // the fingerprint is read from the index alone. They replace the indexes of 0001,
      // whose columns they begin with.
      await db.schema
        .createIndex('records_home_version')
        .on('records')
        .columns(['kind', 'home_rid', 'version'])
        .execute();
      await db.schema
        .createIndex('records_parent_version')
        .on('records')
        .columns(['kind', 'parent_id', 'version'])
        .execute();
      await db.schema.dropIndex('records_home').execute();
      await db.schema.dropIndex('records_parent').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema
        .createIndex('records_home')
        .on('records')
        .columns(['kind', 'home_rid'])
        .execute();
      await db.schema
        .createIndex('records_parent')
        .on('records')
        .columns(['kind', 'parent_id'])
        .execute();
      await db.schema.dropIndex('records_home_version').execute();
      await db.schema.dropIndex('records_parent_version').execute();
    },
  },
  '0006-outbox': {
    async up(db: Kysely<unknown>) {
      // Work a write leaves for after its commit (the staff notifications of a home
      // event): written in the write's transaction, done and deleted by whichever process
      // takes it, so it happens exactly once even if the writing process stops.
      await db.schema
        .createTable('outbox')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('topic', 'varchar(40)', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('outbox').execute();
    },
  },
  '0007-rate-limits': {
    async up(db: Kysely<unknown>) {
      // Per-address sign-in limits, counted in the database so every process shares
      // them (modules/auth/rate-limit-store.ts). window_ends_at: epoch milliseconds.
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'varchar(400)', (c) => c.primaryKey())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addColumn('window_ends_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('rate_limits').execute();
    },
  },
  '0008-record-history': {
    async up(db: Kysely<unknown>) {
      // Append-only history of every record write (who, when, which fields, before and
      // after), written in the write's transaction: the source of a conflict's "who
      // changed it when" and of the history view. `id` sorts by creation (per process).
      await db.schema
        .createTable('record_history')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('kind', 'varchar(40)', (c) => c.notNull())
        .addColumn('record_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('operation', 'varchar(10)', (c) => c.notNull())
        .addColumn('fields', 'text', (c) => c.notNull())
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .addColumn('at', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('record_history_record')
        .on('record_history')
        .columns(['kind', 'record_id', 'at'])
        .execute();
      await db.schema
        .createIndex('record_history_user')
        .on('record_history')
        .columns(['user_id', 'at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('record_history').execute();
    },
  },
  '0009-people': {
    async up(db: Kysely<unknown>) {
      // A self-registered address is verified by a mailed link before its account can be
      // approved (docs/decisions.md, People and invitations); accounts made before the rule
      // count as verified. One-time links now serve three purposes: a password reset, an
      // invitation, and an address verification.
      await db.schema.alterTable('users').addColumn('email_verified_at', 'varchar(30)').execute();
      await sql`update users set email_verified_at = created_at`.execute(db);
      await db.schema
        .alterTable('password_resets')
        .addColumn('purpose', 'varchar(20)', (c) => c.notNull().defaultTo('reset'))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('password_resets').dropColumn('purpose').execute();
      await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
    },
  },
  '0010-import-mappings': {
    async up(db: Kysely<unknown>) {
      // The column mapping an admin last chose per imported entity (modules/import):
      // offered again with the next file of that entity.
      await db.schema
        .createTable('import_mappings')
        .addColumn('entity', 'varchar(20)', (c) => c.primaryKey())
        .addColumn('mapping', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('import_mappings').execute();
    },
  },
  '0011-h5-sign-in-failures-by-address': {
    async up(db: Kysely<unknown>) {
      // Failed sign-ins per account AND client address (modules/auth/lockout.ts): a lockout
      // slows the address that failed, not the account's owner elsewhere. The counts are
      // minutes-lived, so the table is made anew rather than carried over.
      await db.schema.dropTable('sign_in_failures').execute();
      await db.schema
        .createTable('sign_in_failures')
        .addColumn('account', 'varchar(320)', (c) => c.notNull())
        .addColumn('address', 'varchar(64)', (c) => c.notNull())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('window_started_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('locked_until', 'varchar(30)')
        .addPrimaryKeyConstraint('sign_in_failures_pk', ['account', 'address'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('sign_in_failures').execute();
      await db.schema
        .createTable('sign_in_failures')
        .addColumn('account', 'varchar(320)', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('window_started_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('locked_until', 'varchar(30)')
        .execute();
    },
  },
  '0012-h5-trade-links': {
    async up(db: Kysely<unknown>) {
      // A vendor's link to its open items (modules/trade; docs/decisions.md, The trade's
      // own link): only the SHA-256 of the token is stored, never the token itself.
      await db.schema
        .createTable('trade_links')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('vendor_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('sent_to', 'varchar(320)', (c) => c.notNull())
        .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('revoked_at', 'varchar(30)')
        .execute();
      await db.schema
        .createIndex('trade_links_vendor')
        .on('trade_links')
        .columns(['vendor_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('trade_links').execute();
    },
  },
  '0013-trade-writer-ids': {
    // A trade's writes are stored under `trade:` and its vendor's id (up to 64 characters,
    // as every record id): 70 did not fit the writer's columns, and PostgreSQL refused a
    // long-named vendor's "ready" with a 500. SQLite does not hold a column to its length.
    up: (db: Kysely<unknown>) => writerColumnsOf(db, 'varchar(80)'),
    down: (db: Kysely<unknown>) => writerColumnsOf(db, 'varchar(64)'),
  },
};

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

export async function migrateToLatest(database: DatabaseHandle): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db,
    provider,
    // Kysely looks its own tables up by schema; without this, suites in sibling
    // schemas of one database would see each other's migration tables.
    ...(database.schema === undefined ? {} : { migrationTableSchema: database.schema }),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    throw error instanceof Error ? error : new Error(`Migration failed: ${JSON.stringify(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
