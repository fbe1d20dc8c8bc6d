// An import's preview and apply, for the API and the command alike (docs/decisions.md,
// "Import"). Apply writes each new or changed row the way the app's own routes do
// (record-writes.ts: the record, its history entry, the kept lists, what the home's staff
// hear), all in one transaction: a failure part way leaves nothing applied.

import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ClassifiedRow, ImportEntity, ImportMapping, ImportStatus } from '@field/domain';
import { classifyRows, importCounts, importDefaults, missingRequired } from '@field/domain';
import type { RecordsTable } from '../../db/schema.js';
import { sortableId } from '../../db/sortable-id.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import type { WriteContext } from '../../http/write-context.js';
import type { RouteDeps } from '../records/deps.js';
import { createRecord, patchRecord, storedData } from '../records/record-writes.js';
import type { Executor } from '../records/repository.js';
import type { ImportMappings } from './mappings.js';
import type { ImportTable } from './parse.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The import of the assembled server (app.ts), for the command to drive. */
    importer: ImportService;
  }
}

export type ImportCounts = Record<ImportStatus, number>;

/** Called as rows are written: how many of how many. */
export type ImportProgress = (done: number, total: number) => void;

/** Rows written between two turns of the event loop (progress reaches the client). */
const ROWS_PER_TURN = 100;

export class ImportService {
  constructor(
    private readonly deps: RouteDeps,
    readonly mappings: ImportMappings,
  ) {}

  /** Each row's class against the live records, and those records by id. */
  async classify(
    entity: ImportEntity,
    table: ImportTable,
    mapping: ImportMapping,
    executor?: Executor,
  ): Promise<{ rows: ClassifiedRow[]; stored: Map<string, RecordsTable> }> {
    const missing = missingRequired(entity, mapping);
    if (missing.length > 0) throw badRequest(`Choose a column for ${missing.join(', ')}`);
    const unknown = Object.values(mapping).find((c) => c !== null && !table.columns.includes(c));
    if (unknown !== undefined && unknown !== null) {
      throw badRequest(`The file has no column "${unknown}"`);
    }
    const live = await this.deps.records.listActive(entity, executor);
    const existing = live.map((row) => ({ id: row.id, data: storedData(row) }));
    return {
      rows: classifyRows(entity, mapping, table.rows, existing),
      stored: new Map(live.map((row) => [row.id, row])),
    };
  }

  /**
   * Writes the new and changed rows in one transaction, as `user`, and answers the counts
   * of the rows as they were classified in it (the same file again: all unchanged).
   */
  async apply(
    entity: ImportEntity,
    table: ImportTable,
    mapping: ImportMapping,
    user: AuthUser,
    onProgress: ImportProgress = () => undefined,
  ): Promise<ImportCounts> {
    const committed: (() => void)[] = [];
    const request = {
      method: 'POST',
      url: `/api/admin/import/${entity}/apply`,
      body: null,
      query: {},
      params: { entity },
      headers: {},
    };
    const counts = await this.deps.db.transaction().execute(async (trx) => {
      const ctx = this.deps.writes.context(request, user, trx, committed);
      // The rows are matched by their natural keys: none may be taken meanwhile.
      await this.deps.records.holdKeys(trx, entity);
      const { rows, stored } = await this.classify(entity, table, mapping, trx);
      const writes = rows.filter((row) => row.status === 'new' || row.status === 'changed');
      onProgress(0, writes.length);
      for (const [index, row] of writes.entries()) {
        await this.write(ctx, entity, row, stored);
        if ((index + 1) % ROWS_PER_TURN === 0 || index + 1 === writes.length) {
          onProgress(index + 1, writes.length);
          await nextTurn();
        }
      }
      return importCounts(rows);
    });
    for (const work of committed) work();
    return counts;
  }

  private async write(
    ctx: WriteContext,
    entity: ImportEntity,
    row: ClassifiedRow,
    stored: Map<string, RecordsTable>,
  ): Promise<void> {
    const existing = row.recordId === null ? undefined : stored.get(row.recordId);
    if (existing !== undefined) {
      const changes = Object.fromEntries(row.fields.map((name) => [name, row.values[name]]));
      // The record as it is now, held: someone may have changed it since the file was read.
      await this.deps.records.hold(ctx.trx, entity, existing.id);
      const current = await this.deps.records.find(ctx.trx, entity, existing.id);
      await patchRecord(ctx, this.deps, current ?? existing, changes);
      return;
    }
    const id = sortableId();
    const data = { ...importDefaults(entity), ...row.values };
    if (entity === 'homes') data['HomeRID'] = id;
    await createRecord(ctx, this.deps, entity, {
      id,
      homeRid: entity === 'homes' ? id : null,
      parentId: null,
      data,
    });
  }
}
