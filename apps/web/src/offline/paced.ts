// Work that gathers while the write queue drains, done one run at a time: the first run
// at once, each next one no sooner than `gapMs` after the one before began, and whatever
// waits at once when `release` is called (the queue's pass has ended; the next run after
// it goes at once too). Refreshing the queries of sent writes (mutation-queue.ts) and
// applying confirmed writes to the home store (confirmed-writes.ts) are paced this way:
// each run reads or rewrites a home's whole list, which after every answered request cost
// more than the sending.

export interface Paced<T> {
  add(items: readonly T[]): void;
  /** Runs what waits now, and the next items at once too. */
  release(): void;
  /** Resolves when nothing waits or runs. */
  idle(): Promise<void>;
  /** Drops what waits; a run under way finishes. */
  stop(): void;
}

/** `run` must not reject (it reports its own failures). */
export function paced<T>(gapMs: number, run: (items: T[]) => Promise<void>): Paced<T> {
  let waiting: T[] = [];
  let lastStart = Number.NEGATIVE_INFINITY;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  let stopped = false;

  const pause = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const start = (): void => {
    loop ??= (async () => {
      // After the other items added in the same turn (a request's writes), so they share a run.
      await Promise.resolve();
      while (waiting.length > 0 && !stopped) {
        const waitMs = lastStart + gapMs - Date.now();
        if (waitMs > 0) {
          await pause(waitMs);
          wake = undefined;
          if (stopped) break;
        }
        lastStart = Date.now();
        const items = waiting;
        waiting = [];
        await run(items);
      }
      loop = undefined;
    })();
  };

  return {
    add(items) {
      if (stopped) return;
      waiting.push(...items);
      start();
    },
    release() {
      lastStart = Number.NEGATIVE_INFINITY;
      wake?.();
    },
    idle: () => loop ?? Promise.resolve(),
    stop() {
      stopped = true;
      waiting = [];
      wake?.();
    },
  };
}
