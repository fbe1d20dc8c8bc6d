// What the record routes work with: the records and their history over one database, the
// write pipeline they register their writes on, and the lookup lists' kept answers.

import type { Kysely } from 'kysely';
import type { HomeAccessMode } from '@field/domain';
import type { Database } from '../../db/schema.js';
import { WritePipeline } from '../../http/write-pipeline.js';
import { HistoryRepository } from './history-repository.js';
import { HomeGate } from './home-gate.js';
import { ListCache } from './list-cache.js';
import { RecordRepository } from './repository.js';

export interface RouteDeps {
  db: Kysely<Database>;
  records: RecordRepository;
  /**
   * The write pipeline: the write routes, for batches to call directly, and what follows
   * every record write (its listeners, added where the server is assembled).
   */
  writes: WritePipeline;
  /** Every record write, appended in its transaction (history-repository.ts). */
  history: HistoryRepository;
  /** The batch lookups' kept answers, told of every record write (list-cache.ts). */
  lists: ListCache;
  /** Access by home: on which homes the caller works (home-gate.ts). */
  homes: HomeGate;
}

/** The record routes' dependencies over one database. */
export function createRouteDeps(db: Kysely<Database>, homeAccess: HomeAccessMode): RouteDeps {
  const records = new RecordRepository(db);
  return {
    db,
    records,
    homes: new HomeGate(records, homeAccess),
    writes: new WritePipeline(db),
    history: new HistoryRepository(db),
    lists: new ListCache(),
  };
}
