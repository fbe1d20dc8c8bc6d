// The answers of the lookup lists (`listByHome(s)`, `listByWalk(s)`, ...) as sent, kept with
// the fingerprint of the rows they were made from. A list asked for again costs one small
// query (its fingerprint, read from an index) and no serialising while nothing in it has
// changed: the hot path of every device syncing its homes (docs/performance.md). Correct
// with any number of processes: the fingerprint is read from the database every time, so
// a change made anywhere is seen by the next request.

/** Bytes of answers kept at most; the least recently used go first. */
const DEFAULT_BUDGET_BYTES = 64 * 1024 * 1024;

interface Entry {
  fingerprint: string;
  json: string;
}

export class ListCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly budgetBytes = DEFAULT_BUDGET_BYTES) {}

  /** The key of a list: its kind, column and ids, in any order and with repeats. */
  static key(kind: string, column: string, ids: readonly string[]): string {
    return `${kind}\n${column}\n${[...new Set(ids)].sort().join('\n')}`;
  }

  get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry !== undefined) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: Entry): void {
    this.remove(key);
    const size = key.length + entry.json.length;
    if (size > this.budgetBytes / 4) return;
    for (const oldest of this.entries.keys()) {
      if (this.bytes + size <= this.budgetBytes) break;
      this.remove(oldest);
    }
    this.entries.set(key, entry);
    this.bytes += size;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.bytes -= key.length + entry.json.length;
  }
}
