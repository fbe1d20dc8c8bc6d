// Storage pressure (issue 11, field lessons: "the phone's browser deletes the offline
// data"): above 75% of the quota the device frees what it can fetch again, in this order
// until usage is below 70%: homes the user does not carry (least recently used first),
// then the per-query cache (homes, employees, vendors: their next sync is full); only
// above 90% homes the user carries, least recently opened first, until usage is below
// 90%. Queued writes, drafts and files (unsent photos) are never touched.

import { STORAGE } from '@field/domain';
import type { FieldDatabase, HomeSyncRow } from './database';
import type { HomeStore } from './home-store';
import { checkStorage, clearCaches, keptHomes } from './storage-health';

type Estimate = () => Promise<StorageEstimate>;

/** Usage this far below the warning is where freeing stops. */
const RELIEF_RATIO = STORAGE.highUsageRatio - 0.05;
const BATCH = 20;

export interface EvictionResult {
  /** Homes removed from the device, in the order they went. */
  evicted: string[];
  cacheCleared: boolean;
}

const lastUsed = (row: HomeSyncRow): number => Math.max(row.openedAt, row.syncedAt);

/**
 * Frees space when storage is under pressure (see the top of the file); does nothing
 * below 75%. `estimate` defaults to the browser's.
 */
export async function relieveStoragePressure(
  db: FieldDatabase,
  store: HomeStore,
  options: { estimate?: Estimate; keep?: ReadonlySet<string> } = {},
): Promise<EvictionResult> {
  const result: EvictionResult = { evicted: [], cacheCleared: false };
  const ratio = async () => (await checkStorage(options.estimate)).ratio;
  let usage = await ratio();
  if (usage <= STORAGE.highUsageRatio) return result;

  const keep = options.keep ?? (await keptHomes(db));
  const summaries = (await store.summaries()).sort((a, b) => lastUsed(a) - lastUsed(b));
  const evict = async (rows: readonly HomeSyncRow[], above: number): Promise<void> => {
    for (let start = 0; start < rows.length && usage > above; start += BATCH) {
      const ids = rows.slice(start, start + BATCH).map((row) => row.homeId);
      await store.remove(ids);
      result.evicted.push(...ids);
      usage = await ratio();
    }
  };

  await evict(
    summaries.filter((row) => !keep.has(row.homeId)),
    RELIEF_RATIO,
  );
  if (usage > RELIEF_RATIO) {
    // With the lists of homes, the sync times go: the next sync of each list is full.
    await clearCaches(db);
    result.cacheCleared = true;
    usage = await ratio();
  }
  if (usage > STORAGE.nearlyFullRatio) {
    await evict(
      summaries.filter((row) => keep.has(row.homeId)),
      STORAGE.nearlyFullRatio,
    );
  }
  return result;
}
