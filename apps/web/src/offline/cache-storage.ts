// The `cache` store as a key-value storage of persisted queries (query-persister.ts):
// writes wait a debounce and then go together, one row per query; a long list goes as JSON
// text in part rows, written a task at a time, so storing it never holds the main thread.

import type { QueryKey, QueryState } from '@tanstack/react-query';
import { PERSISTED_CACHE } from '@field/domain';
import { parseJsonInSlices } from '../api/json-slices';
import { budgetedYield, yieldToMain } from '../lib/yield-to-main';
import type { CacheRow, FieldDatabase } from './database';

/** One query as stored: its key, data and times, and the version tag it was saved with. */
export interface PersistedQuery {
  buster: string;
  queryHash: string;
  queryKey: QueryKey;
  state: Pick<QueryState, 'data' | 'dataUpdatedAt' | 'status'>;
}

export interface CacheStorage {
  getItem(key: string): Promise<PersistedQuery | undefined>;
  setItem(key: string, value: PersistedQuery): void;
  removeItem(key: string): void;
  entries(): Promise<Array<[string, PersistedQuery]>>;
  /** Writes what the debounce is holding now (before a page hides, and in tests). */
  flush(): Promise<void>;
  /**
   * Hands what the debounce is holding to the database within this task, with an explicit
   * commit (`pagehide`: a write started in a later task may never run on a page being
   * left). Falls back to `flush` where the database is not open.
   */
  flushNow(): void;
  /** Drops what the debounce is holding and empties the store (sign-out). */
  clear(): Promise<void>;
}

function isPersistedQuery(value: unknown): value is PersistedQuery {
  return typeof value === 'object' && value !== null && 'state' in value && 'queryHash' in value;
}

/**
 * Lists longer than this are stored as JSON text made a slice at a time, in parts: the
 * database copies what it stores within one task (about 20 ms a megabyte here, whatever
 * the form), so the 10,000 homes in one value held the main thread for over 100 ms. Each
 * part is its own row, written in its own task; the query's row, written last, names them.
 * Read back, the text is parsed in slices.
 */
export const TEXT_LIST_MIN = 2000;
const TEXT_SLICE = 100;
/** Characters of text per part row (a put of a few milliseconds). */
export const TEXT_PART_CHARS = 256 * 1024;

/** A query as stored when its list went as text (`state.data` null) in part rows. */
interface PartsQuery extends PersistedQuery {
  dataParts: { id: string; count: number };
}

/** A query as an earlier version stored it: its list as one text. */
interface TextQuery extends PersistedQuery {
  dataText: string;
}

function isPartsQuery(value: PersistedQuery): value is PartsQuery {
  return 'dataParts' in value && typeof value.dataParts === 'object' && value.dataParts !== null;
}

function isTextQuery(value: PersistedQuery): value is TextQuery {
  return 'dataText' in value && typeof value.dataText === 'string';
}

/** Where the parts of a query's text live: after its key, so a key range finds them all. */
const partsPrefix = (key: string): string => `${key}#part:`;
const partKey = (key: string, id: string, index: number): string =>
  `${partsPrefix(key)}${id}:${index}`;

function partText(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null && 'part' in value
    ? typeof value.part === 'string'
      ? value.part
      : undefined
    : undefined;
}

async function listText(list: readonly unknown[]): Promise<string> {
  const parts: string[] = [];
  const pause = budgetedYield();
  for (let start = 0; start < list.length; start += TEXT_SLICE) {
    parts.push(JSON.stringify(list.slice(start, start + TEXT_SLICE)).slice(1, -1));
    await pause();
  }
  return `[${parts.join(',')}]`;
}

/** What goes into the database for a query: long lists as text in parts. */
async function stored(value: PersistedQuery): Promise<{ row: PersistedQuery; parts: string[] }> {
  const data: unknown = value.state.data;
  if (!Array.isArray(data) || data.length < TEXT_LIST_MIN) return { row: value, parts: [] };
  const text = await listText(data);
  const parts: string[] = [];
  for (let start = 0; start < text.length; start += TEXT_PART_CHARS) {
    parts.push(text.slice(start, start + TEXT_PART_CHARS));
  }
  const row: PartsQuery = {
    ...value,
    state: { ...value.state, data: null },
    dataParts: { id: crypto.randomUUID(), count: parts.length },
  };
  return { row, parts };
}

/**
 * A query as read from the database, its list parsed back when it went as text; undefined
 * when a part is missing (the query is then fetched again).
 */
async function restored(
  value: PersistedQuery,
  partsOf: (key: string, parts: PartsQuery['dataParts']) => Promise<Array<string | undefined>>,
  key: string,
): Promise<PersistedQuery | undefined> {
  let text: string;
  if (isTextQuery(value)) {
    const { dataText, ...query } = value;
    text = dataText;
    value = query;
  } else if (isPartsQuery(value)) {
    const { dataParts, ...query } = value;
    const parts = await partsOf(key, dataParts);
    if (parts.some((part) => part === undefined)) return undefined;
    text = parts.join('');
    value = query;
  } else {
    return value;
  }
  return { ...value, state: { ...value.state, data: await parseJsonInSlices(text) } };
}

const partsId = (row: PersistedQuery): string => (isPartsQuery(row) ? row.dataParts.id : '');

/** Writes waiting for the database: a value to store, or null to remove. */
type Batch = Array<[string, PersistedQuery | null]>;

/** Writes a batch, long lists as text in parts, and drops the parts no row names any more. */
async function writeBatch(db: FieldDatabase, batch: Batch): Promise<void> {
  const puts: CacheRow[] = [];
  const keep = new Map<string, string>();
  for (const [key, value] of batch) {
    if (value === null) continue;
    const { row, parts } = await stored(value);
    // Each part in a task of its own, before the row that names them.
    for (const [index, part] of parts.entries()) {
      await yieldToMain();
      await db.cache.put({
        key: partKey(key, partsId(row), index),
        value: { part },
        updatedAt: Date.now(),
      });
    }
    if (parts.length > 0) keep.set(key, partsId(row));
    puts.push({ key, value: row, updatedAt: Date.now() });
  }
  const removals = batch.filter(([, value]) => value === null).map(([key]) => key);
  await db.transaction('rw', db.cache, async () => {
    if (puts.length > 0) await db.cache.bulkPut(puts);
    if (removals.length > 0) await db.cache.bulkDelete(removals);
    // The parts no row names any more.
    for (const [key] of batch) {
      const current = keep.get(key);
      await db.cache
        .where('key')
        .startsWith(partsPrefix(key))
        .filter(
          (row) => current === undefined || !row.key.startsWith(`${partsPrefix(key)}${current}:`),
        )
        .delete();
    }
  });
}

/**
 * Writes a batch whole in one transaction of the browser's database, committed within
 * this task (a page being left may never run a later one).
 */
function writeBatchNow(native: IDBDatabase, batch: Batch): void {
  const transaction = native.transaction('cache', 'readwrite', { durability: 'relaxed' });
  const store = transaction.objectStore('cache');
  const at = Date.now();
  for (const [key, value] of batch) {
    if (value === null) store.delete(key);
    else store.put({ key, value, updatedAt: at });
    // The value goes whole: parts of an earlier text are no longer named.
    store.delete(IDBKeyRange.bound(partsPrefix(key), `${partsPrefix(key)}\uffff`));
  }
  transaction.commit();
}

/**
 * A key-value storage over the `cache` store whose writes wait `debounceMs` and then go
 * to the database together, one row per query.
 */
export function createCacheStorage(
  db: FieldDatabase,
  debounceMs: number = PERSISTED_CACHE.writeDebounceMs,
): CacheStorage {
  const readParts = async (key: string, parts: PartsQuery['dataParts']) =>
    (
      await db.cache.bulkGet(
        Array.from({ length: parts.count }, (_, index) => partKey(key, parts.id, index)),
      )
    ).map((row) => partText(row?.value));

  /** Waiting writes: a value to store, or null to remove. */
  const pending = new Map<string, PersistedQuery | null>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let flushing: Promise<void> = Promise.resolve();

  /** Writes on their way to the database (long lists being turned into text). */
  const writing = new Map<string, PersistedQuery | null>();

  async function writePending(): Promise<void> {
    if (pending.size === 0) return;
    const batch = [...pending.entries()];
    pending.clear();
    for (const [key, value] of batch) writing.set(key, value);
    try {
      await writeBatch(db, batch);
    } finally {
      for (const [key, value] of batch) if (writing.get(key) === value) writing.delete(key);
    }
  }

  function flush(): Promise<void> {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    flushing = flushing.then(writePending).catch((error: unknown) => {
      console.error('Persisting the query cache failed', error);
    });
    return flushing;
  }

  function flushNow(): void {
    const native = db.isOpen() ? db.backendDB() : undefined;
    if (native === undefined || pending.size === 0) {
      void flush();
      return;
    }
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const batch = [...pending.entries()];
    pending.clear();
    try {
      writeBatchNow(native, batch);
    } catch (error) {
      // A closing or blocked connection: the ordinary path tries once more.
      for (const [key, value] of batch) if (!pending.has(key)) pending.set(key, value);
      console.error('Persisting the query cache on pagehide failed', error);
      void flush();
    }
  }

  function schedule(): void {
    if (timer !== undefined) return;
    timer = setTimeout(() => void flush(), debounceMs);
  }

  return {
    async getItem(key) {
      if (pending.has(key)) return pending.get(key) ?? undefined;
      if (writing.has(key)) return writing.get(key) ?? undefined;
      const row = await db.cache.get(key);
      return isPersistedQuery(row?.value) ? restored(row.value, readParts, key) : undefined;
    },
    setItem(key, value) {
      pending.set(key, value);
      schedule();
    },
    removeItem(key) {
      pending.set(key, null);
      schedule();
    },
    async entries() {
      await flush();
      const rows = await db.cache.toArray();
      const byKey = new Map(rows.map((row) => [row.key, row.value]));
      const fromRows = (key: string, parts: PartsQuery['dataParts']) =>
        Promise.resolve(
          Array.from({ length: parts.count }, (_, index) =>
            partText(byKey.get(partKey(key, parts.id, index))),
          ),
        );
      const found: Array<[string, PersistedQuery]> = [];
      for (const row of rows) {
        if (!isPersistedQuery(row.value)) continue;
        const value = await restored(row.value, fromRows, row.key);
        if (value !== undefined) found.push([row.key, value]);
      }
      return found;
    },
    flush,
    flushNow,
    async clear() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      pending.clear();
      await flushing;
      await db.cache.clear();
    },
  };
}
