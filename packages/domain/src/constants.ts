// Business constants and limits of the product (docs/product.md, Constants), in one place.

export const APP_VERSION = '2.0.7';
export const APP_BUILD_DATE = '2025-03-11';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const SYNC = {
  /** Homes, employees and vendors are fetched whole this often, otherwise differentially. */
  fullRefetchMs: 7 * DAY,
  /** `listUpdatedAfter` timestamps are shifted this much earlier. */
  updatedAfterShiftMs: 5 * MINUTE,
} as const;

export const QUERY = {
  staleTimeMs: 5 * MINUTE,
  cacheTimeMs: 24 * HOUR,
  refetchIntervalMs: 5 * MINUTE,
  retries: 3,
  retriesOn429: 5,
  backoffCapMs: 30 * SECOND,
  /** Direct mutations (outside the queue) retry up to this many times, never on 4xx. */
  mutationRetries: 5,
} as const;

export const QUEUE = {
  /** After more than this many retries a queued mutation becomes failed. */
  maxRetries: 3,
  /** The queue replays in parallel batches of 5 (docs/product.md, States). */
  batchSize: 5,
  /**
   * Batches of `batchSize` sent at once in one `POST /api/batch` request (ours, not the
   * spec's: with a request per write, and then per batch, the per-request work in the
   * page and on the server set the pace, not the writes; docs/decisions.md, "Batch
   * requests for the write queue").
   */
  parallelBatches: 4,
  /**
   * Requests a pass keeps on their way: the next goes as soon as one is answered, so
   * neither the connection nor the server waits for the page's bookkeeping (ours).
   */
  requestsInFlight: 3,
  /**
   * While a drain goes on, the screens' queries are refreshed, and sent writes applied to
   * the home's stored list, at most this often: the first at once, the ones after at this
   * pace, the last when the pass ends (ours: each refresh reads and each application
   * rewrites the home's whole list, which in a long drain cost more than the sending).
   */
  refreshGapMs: 1 * SECOND,
} as const;

export const CIRCUIT_BREAKER = {
  failureThreshold: 5,
  resetMs: 30 * SECOND,
  repeatMessageThrottleMs: 5 * SECOND,
} as const;

export const LOCAL_DB = {
  name: 'field-app-db',
  version: 4,
  stores: ['files', 'thumbnails', 'drafts', 'mutations', 'cache', 'metadata'],
} as const;

export const PERSISTED_CACHE = {
  versionTag: 'v4',
  maxAgeMs: 24 * HOUR,
  writeDebounceMs: 500,
} as const;

export const STORAGE = {
  criticalLockTimeoutMs: 10 * SECOND,
  lockTimeoutMs: 15 * SECOND,
  healthCheckIntervalMs: 15 * MINUTE,
  storageCheckIntervalMs: 30 * MINUTE,
  assumedQuotaBytes: 50 * 1024 * 1024,
  documentCacheBytes: 50 * 1024 * 1024,
  highUsageRatio: 0.75,
  nearlyFullRatio: 0.9,
} as const;

export const WORKER_REQUEST = {
  timeoutMs: 60 * SECOND,
  retries: 3,
  retryDelayStepMs: 500,
} as const;

/** The wait before worker request retry number `retry` (1-based): 500 ms, 1 s, 1.5 s. */
export function workerRetryDelayMs(retry: number): number {
  return WORKER_REQUEST.retryDelayStepMs * Math.max(1, retry);
}

export const DRAFTS = {
  saveTimeoutMs: 30 * SECOND,
  autosaveTimeoutMs: 10 * SECOND,
  expiryMonths: 3,
  defaultExtensionMonths: 1,
} as const;

export const NOTIFICATIONS = {
  pageSize: 10,
  bellSize: 5,
} as const;

export const UI = {
  homePickerHeightPx: 300,
  toastDurationMs: 5 * SECOND,
  /**
   * A toast the app closes itself ("Syncing your changes…" once the replay ends) stays at
   * least this long (ours): a replay over in a moment closed it while it was still opening,
   * before anyone could read it.
   */
  toastMinShownMs: 2 * SECOND,
  horizontalMenuMaxEntries: 7,
  drawerWidthPx: 260,
  drawerCollapsedWidthPx: 60,
  breakpointsPx: { md: 768, lg: 1024, xl: 1266, xxl: 1440 },
} as const;

export const CONNECTION = {
  syncDebounceMs: 1 * SECOND,
  checkIntervalMs: 30 * SECOND,
  /**
   * A health check not answered by then counts as no connection. On a weak signal a
   * request can hang without failing; one left open would also keep the old service
   * worker busy, so a new version could not take over.
   */
  probeTimeoutMs: 5 * SECOND,
} as const;

export const DATA_PANEL = {
  minHeightPx: 64,
  defaultWidthPx: 400,
  maxHeightRatio: 0.95,
  defaultHeightRatio: 0.85,
  /** On windows this high or lower the default height is the maximum. */
  shortWindowPx: 800,
  narrowScreenMaxVh: 95,
} as const;

export const DEFAULT_LANDING_ROUTE = '/homes/overview';

/**
 * Telemetry's sampling (spec constants): every trace, one session in ten recorded for
 * replay. Both the web app and the server read it (docs/operations.md, Telemetry).
 */
export const TELEMETRY = {
  traceSampleRate: 1,
  replaySampleRate: 0.1,
} as const;

/**
 * A trade's link (docs/decisions.md, The trade's own link): how long it opens the vendor's
 * open items by default (the server's TRADE_LINK_TTL_DAYS changes it), and how many calls
 * one address may make with such links per rate-limit window.
 */
export const TRADE_LINK = {
  ttlDays: 30,
  rateLimitMax: 60,
} as const;

/** Server-side limit for the batch list calls (`listByHomes`, `listByWalks`, `listByJobs`). */
export const MAX_BATCH_IDS = 500;
