// Storage health (docs/offline.md, Storage): ask for persistent storage, check usage (75% / 90%
// warnings, 50 MB assumed quota when the browser does not say), and when storage is full clear only
// caches, never queued writes, drafts or files.

import { MESSAGES, STORAGE } from '@field/domain';
import type { FieldDatabase } from './database';

export type StorageLevel = 'ok' | 'high' | 'nearly-full';

export interface StorageReport {
  usage: number;
  quota: number;
  ratio: number;
  level: StorageLevel;
  /** The spec's warning for the level, if any. */
  message?: string;
}

type Estimate = () => Promise<StorageEstimate>;

function browserStorage(): StorageManager | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.storage;
}

/** Asks the browser not to evict the site's data; false where it declines or cannot. */
export async function requestPersistentStorage(
  storage: StorageManager | undefined = browserStorage(),
): Promise<boolean> {
  if (storage === undefined || typeof storage.persist !== 'function') return false;
  try {
    if (typeof storage.persisted === 'function' && (await storage.persisted())) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}

export async function checkStorage(
  estimate: Estimate | undefined = browserStorage()?.estimate.bind(browserStorage()),
): Promise<StorageReport> {
  const found = estimate === undefined ? {} : await estimate();
  const usage = found.usage ?? 0;
  const quota =
    found.quota !== undefined && found.quota > 0 ? found.quota : STORAGE.assumedQuotaBytes;
  const ratio = usage / quota;
  if (ratio > STORAGE.nearlyFullRatio) {
    return { usage, quota, ratio, level: 'nearly-full', message: MESSAGES.storageNearlyFull };
  }
  if (ratio > STORAGE.highUsageRatio) {
    return { usage, quota, ratio, level: 'high', message: MESSAGES.storageHigh };
  }
  return { usage, quota, ratio, level: 'ok' };
}

function isQuotaExceeded(error: unknown): boolean {
  const names = ['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED'];
  if (error instanceof DOMException || error instanceof Error) {
    if (names.includes(error.name)) return true;
    // Dexie wraps the browser's error.
    const inner: unknown = 'inner' in error ? error.inner : undefined;
    if (inner !== undefined && inner !== error) return isQuotaExceeded(inner);
  }
  return false;
}

/** Homes the sync ahead's plan keeps (written when the plan is set; eviction spares them). */
export const KEEP_HOMES_KEY = 'sync-ahead:homes';

export async function keptHomes(db: FieldDatabase): Promise<Set<string>> {
  const row = await db.metadata.get(KEEP_HOMES_KEY);
  const value: unknown = row?.value;
  return new Set(
    Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [],
  );
}

/**
 * Clears what can be fetched again: the persisted query cache, the sync times, and the
 * records of homes the user does not carry (those of their homes stay for offline use).
 * Queued writes (`mutations`), drafts and files are never touched.
 */
export async function clearCaches(db: FieldDatabase): Promise<void> {
  const keep = await keptHomes(db);
  await db.transaction('rw', [db.cache, db.metadata, db.homeRecords, db.homeSync], async () => {
    await db.cache.clear();
    await db.metadata.where('key').startsWith('sync:').delete();
    const others = (await db.homeSync.toCollection().primaryKeys()).filter((id) => !keep.has(id));
    await db.homeRecords.bulkDelete(others);
    await db.homeSync.bulkDelete(others);
  });
}

/**
 * For a failed write: when storage is full, clears the caches and answers the spec's
 * `Storage full, cleared cache.`; otherwise undefined.
 */
export async function recoverFromQuotaError(
  db: FieldDatabase,
  error: unknown,
): Promise<string | undefined> {
  if (!isQuotaExceeded(error)) return undefined;
  await clearCaches(db);
  return MESSAGES.storageFullCleared;
}

export interface StorageMonitorOptions {
  notify: (message: string, level: StorageLevel) => void;
  /** Every check's report (the engine frees space under pressure). */
  onChecked?: (report: StorageReport) => void;
  intervalMs?: number;
  estimate?: Estimate;
}

/** Checks now and every 30 min, telling the user when the level rises. Returns a stop. */
export function startStorageMonitor(options: StorageMonitorOptions): () => void {
  let lastLevel: StorageLevel = 'ok';
  const check = (): void => {
    checkStorage(options.estimate)
      .then((report) => {
        if (report.message !== undefined && report.level !== lastLevel) {
          options.notify(report.message, report.level);
        }
        lastLevel = report.level;
        options.onChecked?.(report);
      })
      .catch((error: unknown) => console.error('Checking storage failed', error));
  };
  check();
  const timer = setInterval(check, options.intervalMs ?? STORAGE.storageCheckIntervalMs);
  return () => clearInterval(timer);
}
