// The append-only history of record writes (migration 0008): one row per create, update
// and delete, written in the write's own transaction, so a write that fails leaves none.
// SQL for the history lives here.

import type { FieldWrite, HistoryEntry } from '@field/domain';
import { vendorOfActor } from '@field/domain';
import type { Kysely } from 'kysely';
import type { Database, RecordHistoryTable } from '../../db/schema.js';
import { sortableId } from '../../db/sortable-id.js';
import type { RecordWrite } from '../../http/write-context.js';
import type { Executor } from './repository.js';

type Row = RecordHistoryTable & { first_name: string | null; last_name: string | null };

function userName(row: Row): string {
  const name = `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim();
  return name === '' ? row.user_id : name;
}

function parse(json: string | null): Record<string, unknown> | null {
  return json === null ? null : (JSON.parse(json) as Record<string, unknown>); // Written here.
}

function toEntry(row: Row): HistoryEntry {
  return {
    id: row.id,
    kind: row.kind,
    recordId: row.record_id,
    // Safe: written by `append` from HistoryEntry['operation'].
    operation: row.operation as HistoryEntry['operation'],
    fields: JSON.parse(row.fields) as string[],
    before: parse(row.before),
    after: parse(row.after),
    at: row.at,
    user: { id: row.user_id, name: userName(row) },
  };
}

export class HistoryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async append(executor: Executor, write: RecordWrite): Promise<void> {
    await executor
      .insertInto('record_history')
      .values({
        id: sortableId(),
        kind: write.kind,
        record_id: write.recordId,
        user_id: write.userId,
        operation: write.operation,
        fields: JSON.stringify(write.fields),
        before: write.before === null ? null : JSON.stringify(write.before),
        after: write.after === null ? null : JSON.stringify(write.after),
        at: write.at,
      })
      .execute();
  }

  private select(executor: Executor) {
    return executor
      .selectFrom('record_history')
      .leftJoin('users', 'users.id', 'record_history.user_id')
      .selectAll('record_history')
      .select(['users.first_name', 'users.last_name']);
  }

  /** A record's history, oldest first; only `userId`'s writes when given. */
  async list(kind: string, recordId: string, userId?: string): Promise<HistoryEntry[]> {
    let query = this.select(this.db)
      .where('record_history.kind', '=', kind)
      .where('record_history.record_id', '=', recordId);
    if (userId !== undefined) query = query.where('record_history.user_id', '=', userId);
    const rows = await query.orderBy('record_history.at').orderBy('record_history.id').execute();
    return this.withTradeNames(rows.map(toEntry));
  }

  /** A trade's changes (made through its link) named by its vendor: "Acme (trade)". */
  private async withTradeNames(entries: HistoryEntry[]): Promise<HistoryEntry[]> {
    const vendorIds = [...new Set(entries.flatMap((entry) => vendorOfActor(entry.user.id) ?? []))];
    if (vendorIds.length === 0) return entries;
    const vendors = await this.db
      .selectFrom('records')
      .select(['id', 'data'])
      .where('kind', '=', 'vendors')
      .where('id', 'in', vendorIds)
      .execute();
    const names = new Map(
      vendors.map((row) => {
        const name = (JSON.parse(row.data) as { Name?: unknown }).Name; // Written as JSON.
        return [row.id, typeof name === 'string' ? name : row.id];
      }),
    );
    return entries.map((entry) => {
      const vendorId = vendorOfActor(entry.user.id);
      if (vendorId === undefined) return entry;
      return {
        ...entry,
        user: { id: entry.user.id, name: `${names.get(vendorId) ?? vendorId} (trade)` },
      };
    });
  }

  /** Writes of the record by others than `userId` after `since`, oldest first. */
  async othersSince(
    executor: Executor,
    kind: string,
    recordId: string,
    since: string,
    userId: string,
  ): Promise<FieldWrite[]> {
    const rows = await this.select(executor)
      .where('record_history.kind', '=', kind)
      .where('record_history.record_id', '=', recordId)
      .where('record_history.at', '>', since)
      .where('record_history.user_id', '<>', userId)
      .orderBy('record_history.at')
      .orderBy('record_history.id')
      .execute();
    return rows.map((row) => {
      const entry = toEntry(row);
      return {
        at: entry.at,
        userId: entry.user.id,
        userName: entry.user.name,
        fields: entry.fields,
      };
    });
  }
}
