// The answers of the lookup lists (`listByHome(s)`, `listByWalk(s)`, ...) as sent, kept with
// the fingerprint of the rows they were made from: the hot path of every device syncing
// its homes (docs/performance.md).
//
// A kept answer is sent again without a query while no write of its kind has been heard
// since it was last checked against the database, for at most `trustMs`; after that, or
// after such a write, it costs one small query (its fingerprint, read from an index) and
// no serialising while nothing in it has changed. Writes are heard from this process once
// committed, and from the other processes on PostgreSQL through the bus: the write's
// transaction sends the announcement, which PostgreSQL delivers when it commits
// (modules/cluster/bus.ts), so a list asked for on another process after a write was
// answered already knows of it. A write the app did not make (an operator's SQL) shows
// within `trustMs`; after a lost bus connection every kept answer is checked again.

import type { Executor } from './repository.js';

/** Bytes of answers kept at most; the least recently used go first. */
const DEFAULT_BUDGET_BYTES = 64 * 1024 * 1024;
/** How long a kept answer is sent without asking the database, with no write heard. */
const DEFAULT_TRUST_MS = 1000;

export interface Entry {
  fingerprint: string;
  json: string;
  /** The clock when the database last confirmed this answer (see `stamp`). */
  checkedAt: number;
  /** When that was, in milliseconds. */
  checkedAtMs: number;
}

/** Where a write is made: its transaction, and what runs once it is committed. */
export interface WriteScope {
  trx: Executor;
  afterCommit(work: () => void): void;
}

type Announce = (trx: Executor, kind: string) => Promise<void>;

export class ListCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Counts the writes heard; an answer checked at a count is stale after a later one. */
  private clock = 0;
  private readonly changedAt = new Map<string, number>();
  private allChangedAt = 0;
  /** Tells the other processes, in the write's transaction (set when there may be some). */
  private announce: Announce | undefined;

  constructor(
    private readonly budgetBytes = DEFAULT_BUDGET_BYTES,
    private readonly trustMs = DEFAULT_TRUST_MS,
  ) {}

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

  /**
   * Taken before asking the database: an answer it confirms is current up to every
   * write heard so far.
   */
  stamp(): { checkedAt: number; checkedAtMs: number } {
    return { checkedAt: this.clock, checkedAtMs: Date.now() };
  }

  /** No write of its kind heard since the database confirmed it, not long ago. */
  fresh(kind: string, entry: Entry): boolean {
    const changed = Math.max(this.allChangedAt, this.changedAt.get(kind) ?? 0);
    return entry.checkedAt >= changed && Date.now() - entry.checkedAtMs < this.trustMs;
  }

  /** The database confirmed a kept answer again (its fingerprint is unchanged). */
  confirm(entry: Entry, stamp: { checkedAt: number; checkedAtMs: number }): void {
    entry.checkedAt = stamp.checkedAt;
    entry.checkedAtMs = stamp.checkedAtMs;
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

  /**
   * A record of `kind` is written in `scope`'s transaction: the other processes hear it
   * when the transaction commits, this one right after.
   */
  async written(scope: WriteScope, kind: string): Promise<void> {
    await this.announce?.(scope.trx, kind);
    scope.afterCommit(() => this.changed(kind));
  }

  /** A committed write of `kind` (this process's, or heard from another). */
  changed(kind: string): void {
    this.clock += 1;
    this.changedAt.set(kind, this.clock);
  }

  /** Writes may have been missed (a lost bus connection): check every answer again. */
  changedAll(): void {
    this.clock += 1;
    this.allChangedAt = this.clock;
  }

  announceThrough(announce: Announce | undefined): void {
    this.announce = announce;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.bytes -= key.length + entry.json.length;
  }
}
