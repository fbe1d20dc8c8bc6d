/** Yields the main thread between slices of work (scheduler.yield where there is one). */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Milliseconds of work between yields: well under the 50 ms of a long task on a phone. */
const WORK_BUDGET_MS = 10;

/**
 * A yield that happens only once the work since the last one took `budgetMs`: a loop over
 * items of uneven cost calls it after each item and stays a few milliseconds a task, with
 * no yield (and no waiting for the next task) after every cheap item.
 */
export function budgetedYield(budgetMs: number = WORK_BUDGET_MS): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < budgetMs) return undefined;
    return yieldToMain().then(() => {
      since = performance.now();
    });
  };
}
