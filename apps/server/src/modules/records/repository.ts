// Field records of every resource of docs/api.md. The records table keeps each record's
// fields as JSON next to the few keys the API looks records up by (home, parent, time),
// so every resource shares one set of parameterised queries. SQL for records lives here.

import type { Kysely, Transaction } from 'kysely';
import { holdName } from '../../db/locks.js';
import type { Database, RecordsTable } from '../../db/schema.js';

export type Executor = Kysely<Database> | Transaction<Database>;

/** A record as the API shows it: its id, the specification's fields, and the times. */
export type ApiRecord = Record<string, unknown> & {
  id: string;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
};

export interface NewRecord {
  id: string;
  homeRid: string | null;
  parentId: string | null;
  data: Record<string, unknown>;
}

export function toApiRecord(row: RecordsTable): ApiRecord {
  // Safe: `data` is only ever written by this module, from a JSON object.
  const data = JSON.parse(row.data) as Record<string, unknown>;
  return {
    id: row.id,
    ...data,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deletedAt: row.deleted_at,
  };
}

/**
 * The API's JSON array of `rows`, spliced from the stored JSON text. Identical to
 * `JSON.stringify(rows.map(toApiRecord))`, but a list answer skips parsing and
 * re-serialising every record: the hot path of the batch calls (docs/performance.md).
 */
export function apiRecordsJson(rows: readonly RecordsTable[]): string {
  const parts = rows.map((row) => {
    // Stored data is always a JSON object written by this module: `{...}`.
    const fields = row.data.slice(1, -1).trim();
    return (
      `{"id":${JSON.stringify(row.id)}${fields === '' ? '' : `,${fields}`}` +
      `,"createdAt":${JSON.stringify(row.created_at)},"updatedAt":${JSON.stringify(row.updated_at)}` +
      `,"deletedAt":${row.deleted_at === null ? 'null' : JSON.stringify(row.deleted_at)}}`
    );
  });
  return `[${parts.join(',')}]`;
}

/** Ids per `in (...)` query: within every driver's limit of parameters. */
const ID_CHUNK = 500;

export type LookupColumn = 'home_rid' | 'parent_id';

export class RecordRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Live records of `kind`; in a transaction when given one (an import's apply). */
  listActive(kind: string, executor: Executor = this.db): Promise<RecordsTable[]> {
    return executor
      .selectFrom('records')
      .selectAll()
      .where('kind', '=', kind)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute();
  }

  /** Records changed after `since`, deletions included as tombstones. */
  listUpdatedAfter(kind: string, since: string): Promise<RecordsTable[]> {
    return this.db
      .selectFrom('records')
      .selectAll()
      .where('kind', '=', kind)
      .where('updated_at', '>', since)
      .orderBy('updated_at')
      .orderBy('id')
      .execute();
  }

  /** Live records whose home (or parent) is any of `ids`: one query, however many ids. */
  async listBy(
    kind: string,
    column: LookupColumn,
    ids: readonly string[],
  ): Promise<RecordsTable[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('records')
      .selectAll()
      .where('kind', '=', kind)
      .where(column, 'in', ids)
      .where('deleted_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /**
   * The fingerprint of a list by home or parent: how many records it holds, deleted ones
   * too, and the sum of their versions. Every insert, change and delete of a record adds
   * one to the sum, records are never removed, and a record never moves to another home
   * or parent (the routes refuse it), so the fingerprint changes with every change to the
   * list's records: an unchanged fingerprint is an unchanged list. One query, read from
   * the lookup index alone.
   */
  async fingerprint(kind: string, column: LookupColumn, ids: readonly string[]): Promise<string> {
    if (ids.length === 0) return '0:0';
    const row = await this.db
      .selectFrom('records')
      .select((eb) => [
        eb.fn.countAll<string | number>().as('n'),
        eb.fn.coalesce(eb.fn.sum<string | number>('version'), eb.lit(0)).as('v'),
      ])
      .where('kind', '=', kind)
      .where(column, 'in', ids)
      .executeTakeFirstOrThrow();
    return `${Number(row.n)}:${Number(row.v)}`;
  }

  /** `listBy` and the fingerprint of the same rows, from one query (one snapshot). */
  async listByWithFingerprint(
    kind: string,
    column: LookupColumn,
    ids: readonly string[],
  ): Promise<{ rows: RecordsTable[]; fingerprint: string }> {
    if (ids.length === 0) return { rows: [], fingerprint: '0:0' };
    const all = await this.db
      .selectFrom('records')
      .selectAll()
      .where('kind', '=', kind)
      .where(column, 'in', ids)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    let versions = 0;
    for (const row of all) versions += Number(row.version);
    return {
      rows: all.filter((row) => row.deleted_at === null),
      fingerprint: `${all.length}:${versions}`,
    };
  }

  /** The live record with `id` among several kinds (the walk an item names, of any kind). */
  findLiveOfKinds(
    executor: Executor,
    kinds: readonly string[],
    id: string,
  ): Promise<RecordsTable | undefined> {
    return executor
      .selectFrom('records')
      .selectAll()
      .where('kind', 'in', [...kinds])
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** A home's live records of one kind, oldest first (a home's walks of a kind). */
  listOfHome(executor: Executor, kind: string, homeRid: string): Promise<RecordsTable[]> {
    return executor
      .selectFrom('records')
      .selectAll()
      .where('kind', '=', kind)
      .where('home_rid', '=', homeRid)
      .where('deleted_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /**
   * Holds the natural keys of `kind` (an employee's e-mail, a HomeID) until the transaction
   * ends, so that writes checking them side by side each see what the other wrote. On
   * PostgreSQL a transaction lock on the kind: each check reads what was committed when it
   * ran, and missed a row another write had not yet committed (two employees with one
   * e-mail). SQLite writes one transaction at a time anyway.
   */
  async holdKeys(executor: Executor, kind: string): Promise<void> {
    await holdName(executor, `natural-key:${kind}`);
  }

  /** Every live record of a kind, in the write's transaction (a natural key's check). */
  listLiveIn(executor: Executor, kind: string): Promise<RecordsTable[]> {
    return executor
      .selectFrom('records')
      .selectAll()
      .where('kind', '=', kind)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /**
   * Holds record `id` of `kind` until the transaction ends, so a write that decides from
   * other records (an amendment's chain) waits for another such write to commit and then
   * reads what it wrote. A no-op update: PostgreSQL locks the row (as `for update`, which
   * SQLite cannot parse); SQLite writes one transaction at a time anyway.
   */
  async hold(executor: Executor, kind: string, id: string): Promise<void> {
    await executor
      .updateTable('records')
      .set((eb) => ({ id: eb.ref('id') }))
      .where('kind', '=', kind)
      .where('id', '=', id)
      .execute();
  }

  find(executor: Executor, kind: string, id: string): Promise<RecordsTable | undefined> {
    return executor
      .selectFrom('records')
      .selectAll()
      .where('kind', '=', kind)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * The records of `kind` (or of any of these kinds) with any of `ids`, deleted ones too:
   * one query per 500 ids.
   */
  async findMany(
    executor: Executor,
    kind: string | readonly string[],
    ids: readonly string[],
  ): Promise<RecordsTable[]> {
    const kinds = typeof kind === 'string' ? [kind] : kind;
    const rows: RecordsTable[] = [];
    if (kinds.length === 0) return rows;
    for (let i = 0; i < ids.length; i += ID_CHUNK) {
      rows.push(
        ...(await executor
          .selectFrom('records')
          .selectAll()
          .where('kind', 'in', kinds)
          .where('id', 'in', ids.slice(i, i + ID_CHUNK))
          .execute()),
      );
    }
    return rows;
  }

  /** The home of each record with one among `ids`, of any kind (a schedule's job). */
  async homesOfRecords(executor: Executor, ids: readonly string[]): Promise<Map<string, string>> {
    const homes = new Map<string, string>();
    for (let i = 0; i < ids.length; i += ID_CHUNK) {
      const rows = await executor
        .selectFrom('records')
        .select(['id', 'home_rid'])
        .where('id', 'in', ids.slice(i, i + ID_CHUNK))
        .where('home_rid', 'is not', null)
        .execute();
      for (const row of rows) if (row.home_rid !== null) homes.set(row.id, row.home_rid);
    }
    return homes;
  }

  /** The new record; undefined when one of its kind and id is already there. */
  async insert(
    executor: Executor,
    kind: string,
    record: NewRecord,
    now: string,
  ): Promise<ApiRecord | undefined> {
    const row: RecordsTable = {
      kind,
      id: record.id,
      home_rid: record.homeRid,
      parent_id: record.parentId,
      data: JSON.stringify(record.data),
      version: 1,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    };
    // A record of this id written meanwhile by another transaction: nothing is inserted
    // (on PostgreSQL the key's violation would end the whole transaction).
    const inserted = await executor
      .insertInto('records')
      .values(row)
      .onConflict((oc) => oc.columns(['kind', 'id']).doNothing())
      .executeTakeFirst();
    return inserted.numInsertedOrUpdatedRows === 0n ? undefined : toApiRecord(row);
  }

  /** Seeds and imports: many records of one kind, in chunks that fit every driver. */
  async insertMany(
    executor: Executor,
    kind: string,
    records: readonly NewRecord[],
    now: string,
  ): Promise<void> {
    const chunkSize = 200;
    for (let i = 0; i < records.length; i += chunkSize) {
      const chunk = records.slice(i, i + chunkSize);
      await executor
        .insertInto('records')
        .values(
          chunk.map((r) => ({
            kind,
            id: r.id,
            home_rid: r.homeRid,
            parent_id: r.parentId,
            data: JSON.stringify(r.data),
            version: 1,
            created_at: now,
            updated_at: now,
            deleted_at: null,
          })),
        )
        .execute();
    }
  }

  async replace(
    executor: Executor,
    existing: RecordsTable,
    next: Omit<NewRecord, 'id'>,
    now: string,
  ): Promise<ApiRecord> {
    const row: RecordsTable = {
      ...existing,
      home_rid: next.homeRid,
      parent_id: next.parentId,
      data: JSON.stringify(next.data),
      version: existing.version + 1,
      updated_at: now,
    };
    await executor
      .updateTable('records')
      .set({
        home_rid: row.home_rid,
        parent_id: row.parent_id,
        data: row.data,
        version: row.version,
        updated_at: now,
      })
      .where('kind', '=', existing.kind)
      .where('id', '=', existing.id)
      .execute();
    return toApiRecord(row);
  }

  /** Marks a record deleted; it stays as a tombstone for `listUpdatedAfter`. */
  async softDelete(executor: Executor, existing: RecordsTable, now: string): Promise<ApiRecord> {
    await executor
      .updateTable('records')
      .set({ deleted_at: now, updated_at: now, version: existing.version + 1 })
      .where('kind', '=', existing.kind)
      .where('id', '=', existing.id)
      .execute();
    return toApiRecord({
      ...existing,
      deleted_at: now,
      updated_at: now,
      version: existing.version + 1,
    });
  }
}
