import { describe, expect, it } from 'vitest';
import {
  APP_BUILD_DATE,
  APP_VERSION,
  CIRCUIT_BREAKER,
  CONNECTION,
  DATA_PANEL,
  DEFAULT_LANDING_ROUTE,
  DRAFTS,
  LOCAL_DB,
  NOTIFICATIONS,
  PERSISTED_CACHE,
  QUERY,
  QUEUE,
  STORAGE,
  SYNC,
  UI,
  WORKER_REQUEST,
} from './constants.js';

const MIN = 60_000;

// Section 9, line by line.
describe('business constants (section 9)', () => {
  it.each([
    ['full refetch every 7 days', SYNC.fullRefetchMs, 7 * 24 * 60 * MIN],
    ['update-after shift 5 minutes', SYNC.updatedAfterShiftMs, 5 * MIN],
    ['stale time 5 minutes', QUERY.staleTimeMs, 5 * MIN],
    ['data cached 24 hours', QUERY.cacheTimeMs, 24 * 60 * MIN],
    ['refetch every 5 minutes', QUERY.refetchIntervalMs, 5 * MIN],
    ['query retries 3', QUERY.retries, 3],
    ['query retries 5 on 429', QUERY.retriesOn429, 5],
    ['backoff capped at 30 s', QUERY.backoffCapMs, 30_000],
    ['mutation retries 5', QUERY.mutationRetries, 5],
    ['queued mutation retries 3', QUEUE.maxRetries, 3],
    ['batch size 5', QUEUE.batchSize, 5],
    ['breaker failures 5', CIRCUIT_BREAKER.failureThreshold, 5],
    ['breaker reset 30 s', CIRCUIT_BREAKER.resetMs, 30_000],
    ['breaker message throttle 5 s', CIRCUIT_BREAKER.repeatMessageThrottleMs, 5_000],
    ['database version 4', LOCAL_DB.version, 4],
    ['cache lifetime 24 h', PERSISTED_CACHE.maxAgeMs, 24 * 60 * MIN],
    ['cache write debounce 500 ms', PERSISTED_CACHE.writeDebounceMs, 500],
    ['critical lock 10 s', STORAGE.criticalLockTimeoutMs, 10_000],
    ['other locks 15 s', STORAGE.lockTimeoutMs, 15_000],
    ['health check 15 min', STORAGE.healthCheckIntervalMs, 15 * MIN],
    ['storage check 30 min', STORAGE.storageCheckIntervalMs, 30 * MIN],
    ['assumed quota 50 MB', STORAGE.assumedQuotaBytes, 50 * 1024 * 1024],
    ['worker timeout 60 s', WORKER_REQUEST.timeoutMs, 60_000],
    ['worker retries 3', WORKER_REQUEST.retries, 3],
    ['worker delay step 500 ms', WORKER_REQUEST.retryDelayStepMs, 500],
    ['draft save timeout 30 s', DRAFTS.saveTimeoutMs, 30_000],
    ['autosave timeout 10 s', DRAFTS.autosaveTimeoutMs, 10_000],
    ['drafts expire after 3 months', DRAFTS.expiryMonths, 3],
    ['draft extension 1', DRAFTS.defaultExtensionMonths, 1],
    ['10 notifications a page', NOTIFICATIONS.pageSize, 10],
    ['5 in the bell', NOTIFICATIONS.bellSize, 5],
    ['home picker 300 px', UI.homePickerHeightPx, 300],
    ['toasts 5 s', UI.toastDurationMs, 5_000],
    ['7 top-level entries', UI.horizontalMenuMaxEntries, 7],
    ['drawer 260 px', UI.drawerWidthPx, 260],
    ['collapsed drawer 60 px', UI.drawerCollapsedWidthPx, 60],
    ['sync debounce 1 s', CONNECTION.syncDebounceMs, 1_000],
    ['connection check 30 s', CONNECTION.checkIntervalMs, 30_000],
    ['panel min 64 px', DATA_PANEL.minHeightPx, 64],
    ['panel width 400 px', DATA_PANEL.defaultWidthPx, 400],
    ['panel max 95%', DATA_PANEL.maxHeightRatio, 0.95],
    ['panel default 85%', DATA_PANEL.defaultHeightRatio, 0.85],
    ['short window 800 px', DATA_PANEL.shortWindowPx, 800],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('names the database, its stores, breakpoints, landing route and version', () => {
    expect(LOCAL_DB.name).toBe('field-app-db');
    expect(LOCAL_DB.stores).toEqual([
      'files',
      'thumbnails',
      'drafts',
      'mutations',
      'cache',
      'metadata',
    ]);
    expect(PERSISTED_CACHE.versionTag).toBe('v4');
    expect(Object.values(UI.breakpointsPx)).toEqual([768, 1024, 1266, 1440]);
    expect(DEFAULT_LANDING_ROUTE).toBe('/homes/overview');
    expect([APP_VERSION, APP_BUILD_DATE]).toEqual(['2.0.7', '2025-03-11']);
  });
});
