// The tables, as Kysely sees them. Booleans are integers (0/1) and times ISO-8601 UTC
// strings with milliseconds, so one schema and one set of queries serve SQLite and
// PostgreSQL alike (ISO strings of one width sort as times).

import type { Generated } from 'kysely';

/** Field records of every resource of docs/api.md (Field data), one row each, keyed by kind. */
export interface RecordsTable {
  kind: string;
  id: string;
  /** The home the record belongs to (`HomeRID`); null for employees and vendors. */
  home_rid: string | null;
  /** The walk of a walk item (`WalkID`), the job of a schedule (`JobRID`). */
  parent_id: string | null;
  /** The record's fields as JSON, with the specification's field names. */
  data: string;
  version: number;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  photo_url: string | null;
  role: string;
  airtable_id: string | null;
  created_at: string;
  updated_at: string;
  /** Legacy construction data (JSON) still to be migrated on first sign-in. */
  legacy_data: string | null;
  migrated_at: string | null;
  /** Epoch seconds: access tokens issued before it are refused. */
  tokens_valid_after: number | null;
  /** When the address was proven by a mailed link (or the account was made by an admin). */
  email_verified_at: string | null;
}

interface UserScopesTable {
  user_id: string;
  value: string;
  is_group: number;
  approved: number;
  can_read: number;
  can_write: number;
}

interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  request_hash: string;
  status_code: number;
  response: string;
  created_at: string;
}

interface FilesTable {
  collection: string;
  key: string;
  content_type: string;
  size: number;
  sha256: string;
  /** First uploader, or the user whose folder (users/{id}) holds it; only they or an
   * admin replace or delete the file, and its size counts against their quota. */
  owner_id: string;
  created_at: string;
  updated_at: string;
}

export interface RefreshTokensTable {
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  /** Every token rotated from one sign-in shares a family. */
  family_id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  /** Set when rotated; presenting it again is reuse and revokes the family. */
  used_at: string | null;
  revoked_at: string | null;
}

interface PasswordResetsTable {
  token_hash: string;
  /** What the one-time link is for (modules/auth/password-resets.ts). */
  purpose: Generated<string>;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

interface UserIdentitiesTable {
  provider: string;
  subject: string;
  user_id: string;
  email: string | null;
  created_at: string;
}

export interface AuthStatesTable {
  state: string;
  provider: string;
  code_verifier: string;
  nonce: string;
  mode: string;
  return_to: string | null;
  link_user_id: string | null;
  created_at: string;
  expires_at: string;
}

interface SignInFailuresTable {
  account: string;
  /** The client address the failures came from (the request's, TRUST_PROXY applied). */
  address: string;
  failures: number;
  window_started_at: string;
  locked_until: string | null;
}

/** Per-user notifications (docs/entities.md); `read` is 0/1, `metadata` JSON. */
export interface NotificationsTable {
  id: string;
  user_id: string;
  title: string;
  read: number;
  priority: string;
  /** The notification's `timestamp`: when what it tells of happened. */
  occurred_at: string;
  category: string;
  app: string;
  metadata: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface FeedbackTable {
  id: string;
  user_id: string;
  user_email: string;
  message: string;
  record_id: string | null;
  home_id: string | null;
  home_rid: string | null;
  address: string | null;
  page: string | null;
  user_agent: string | null;
  created_at: string;
}

/** The code host's issues of one repository (JSON), as last fetched. */
interface ChangelogCacheTable {
  repository: string;
  issues: string;
  fetched_at: string;
}

/** Work a write leaves for after its commit (modules/notifications/outbox.ts). */
interface OutboxTable {
  /** Sorts by creation. */
  id: string;
  topic: string;
  /** JSON. */
  payload: string;
  created_at: string;
}

/** Per-address request counts of the rate-limited routes, shared by all processes. */
interface RateLimitsTable {
  key: string;
  hits: number;
  /** Epoch milliseconds (a string from PostgreSQL's bigint). */
  window_ends_at: number | string;
}

/** One write of a record (migration 0008); `fields` a JSON array, before/after JSON. */
export interface RecordHistoryTable {
  id: string;
  kind: string;
  record_id: string;
  user_id: string;
  operation: string;
  fields: string;
  before: string | null;
  after: string | null;
  at: string;
}

/** The last column mapping chosen per imported entity (migration 0009). */
interface ImportMappingsTable {
  entity: string;
  /** JSON: field name to column heading (or null). */
  mapping: string;
  updated_at: string;
}

/** A trade's link (migration 0012-h5): only the SHA-256 of its token is kept. */
export interface TradeLinksTable {
  id: string;
  token_hash: string;
  vendor_id: string;
  sent_to: string;
  created_by: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface Database {
  records: RecordsTable;
  users: UsersTable;
  user_scopes: UserScopesTable;
  idempotency_keys: IdempotencyKeysTable;
  files: FilesTable;
  refresh_tokens: RefreshTokensTable;
  password_resets: PasswordResetsTable;
  user_identities: UserIdentitiesTable;
  auth_states: AuthStatesTable;
  sign_in_failures: SignInFailuresTable;
  notifications: NotificationsTable;
  feedback: FeedbackTable;
  changelog_cache: ChangelogCacheTable;
  outbox: OutboxTable;
  rate_limits: RateLimitsTable;
  record_history: RecordHistoryTable;
  import_mappings: ImportMappingsTable;
  trade_links: TradeLinksTable;
}
