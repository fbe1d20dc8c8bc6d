// Starts the offline engine once per page: the device database, files, drafts, the
// per-query persister and QueryClient, the write queue with its handlers, the connection
// monitor and storage checks, wired together. The shell mounts the result with
// OfflineEngineProvider (react.tsx) and shows `notify`'s notices as toasts.

import type { QueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@field/domain';
import type { CircuitBreaker } from '../api/circuit-breaker';
import type { ApiClient } from '../api/client';
import { apiClient, circuitBreaker } from '../api/client';
import type { ConnectionMonitor } from './connection';
import { healthProbe, startConnectionMonitor } from './connection';
import type { FieldDatabase } from './database';
import {
  IndexedDbUnsupportedError,
  getFieldDatabase,
  isIndexedDbSupported,
  openFieldDatabase,
} from './database';
import type { DraftStore } from './drafts';
import { createDraftStore } from './drafts';
import type { FileStore } from './files';
import { createDefaultBlobStore, createFileStore, releaseUploadedFiles } from './files';
import { createDefaultHandlers } from './mutation-handlers';
import { MutationQueue } from './mutation-queue';
import { applyConfirmedWrites } from './confirmed-writes';
import type { HomeStore } from './home-store';
import { createChunkRunner } from './sync-chunk-runner';
import { createHomeStore } from './home-store';
import type { FieldQueryPersister } from './query-persister';
import { createFieldQueryPersister, persistManualUpdates } from './query-persister';
import { createFieldQueryClient, followConnection } from './query-client';
import { sessionUserId } from './session-user';
import type { SyncAhead } from './sync-ahead';
import { createSyncAhead } from './sync-ahead';
import { relieveStoragePressure } from './eviction';
import type { StorageLevel, StorageReport } from './storage-health';
import { requestPersistentStorage, startStorageMonitor } from './storage-health';
import type { HealthReport } from './health-check';
import { startHealthCheck } from './health-check';
import { ENGINE_TEXTS } from './texts';
import { reportError } from '../lib/telemetry';

export interface EngineNotice {
  level: 'info' | 'success' | 'warning' | 'error';
  message: string;
  /** Stays until dismissed. */
  persistent?: boolean;
  /** The toast links to the Mutation Queue view (`/sync`). */
  openMutationQueue?: boolean;
  /** The toast offers to back up the unsent writes and drafts now. */
  offerBackup?: boolean;
  /** Names the toast, for `dismiss` to close it. */
  key?: string;
}

export interface OfflineEngine {
  db: FieldDatabase;
  queue: MutationQueue;
  drafts: DraftStore;
  files: FileStore;
  persister: FieldQueryPersister;
  /** Homes' records on the device (home lists of every screen, the sync ahead's homes). */
  homeStore: HomeStore;
  queryClient: QueryClient;
  connection: ConnectionMonitor;
  /** Brings the records of the user's homes onto the device (the data layer sets its plan). */
  syncAhead: SyncAhead;
  /** Writes what is waiting to be stored (the page is hiding); resolves once it is. */
  flush(): Promise<void>;
  stop(): void;
}

export interface OfflineEngineOptions {
  client?: ApiClient;
  breaker?: CircuitBreaker;
  /** Gets a new access token after a 401; false when the user must sign in. */
  refreshSession?: () => Promise<boolean>;
  notify?: (notice: EngineNotice) => void;
  /** Closes the notice shown with this key (a replay's "Syncing…" once the replay ends). */
  dismiss?: (key: string) => void;
  dbName?: string;
  /** The storage estimate (tests inject a full disk); the browser's by default. */
  estimate?: () => Promise<StorageEstimate>;
  /** The app's QueryClient, when it made one: the engine adds its persister to it. */
  queryClient?: QueryClient;
  /**
   * Who is signed in, for the queue (each write's author; only theirs are sent). Defaults
   * to the session's user (session-user.ts, set with the access token).
   */
  currentUser?: () => string | null;
}

/** The key of a replay's "Syncing your changes…", closed when the replay ends. */
const SYNC_NOTICE = 'sync-pass';

/**
 * A queued write that failed for good: the persistent `Error saving data` (a new record or file) or
 * `Error updating data` (a change or delete) with the message, linking to the Mutation Queue. One
 * place for every record screen.
 */
export function failedWriteNotice(mutation: { operation: string }, message: string): EngineNotice {
  const saving = mutation.operation === 'submit' || mutation.operation === 'upload';
  const title = saving ? MESSAGES.errorSavingData : MESSAGES.errorUpdatingData;
  return {
    level: 'error',
    message: `${title}: ${message}`,
    persistent: true,
    openMutationQueue: true,
  };
}

/** Gives an existing client the per-query persister and offline-first reads. */
function adoptQueryClient(queryClient: QueryClient, persister: FieldQueryPersister): QueryClient {
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({
    ...defaults,
    queries: { ...defaults.queries, networkMode: 'offlineFirst', persister: persister.persisterFn },
  });
  return queryClient;
}

/**
 * Opens everything and resumes the queue (writes left in flight by a closed tab are sent
 * again). Throws IndexedDbUnsupportedError (after notifying its message) without IndexedDB.
 */
export async function startOfflineEngine(
  options: OfflineEngineOptions = {},
): Promise<OfflineEngine> {
  const notify = options.notify ?? (() => undefined);
  if (!isIndexedDbSupported()) {
    notify({ level: 'warning', message: MESSAGES.noIndexedDb });
    throw new IndexedDbUnsupportedError();
  }
  const client = options.client ?? apiClient;
  const breaker = options.breaker ?? circuitBreaker;
  const db = options.dbName === undefined ? getFieldDatabase() : openFieldDatabase(options.dbName);
  const files = createFileStore(db, await createDefaultBlobStore(db));
  const drafts = createDraftStore(db, { files });
  const homeStore = createHomeStore(db);
  const persister = createFieldQueryPersister(db, { homeLists: homeStore.persisterFn });
  const queryClient =
    options.queryClient === undefined
      ? createFieldQueryClient(persister)
      : adoptQueryClient(options.queryClient, persister);
  const stops: Array<() => void> = [persistManualUpdates(queryClient, persister)];

  // The queue asks the monitor, which is made after it (it replays the queue).
  const live: { connection?: ConnectionMonitor } = {};
  const queue = new MutationQueue({
    db,
    client,
    handlers: createDefaultHandlers({ readFile: files.readForUpload }),
    invalidate: async (keys) => {
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    ...(options.refreshSession === undefined ? {} : { refreshSession: options.refreshSession }),
    isOnline: () => live.connection?.isOnline() ?? navigator.onLine,
    currentUser: options.currentUser ?? sessionUserId,
  });
  stops.push(
    queue.subscribe((event) => {
      if (event.type === 'failed') {
        notify(failedWriteNotice(event.mutation, event.message));
        // Its type and the server's words; never the payload, which is what the user typed.
        reportError(new Error(`A queued write failed: ${event.message}`), {
          where: 'queue',
          mutationType: event.mutation.type,
        });
      }
      if (event.type === 'storage-cleared') notify({ level: 'warning', message: event.message });
    }),
    releaseUploadedFiles(queue, files),
    applyConfirmedWrites(queue, homeStore),
    breaker.onMessage((m) => notify({ level: m.level, message: m.message })),
    breaker.onRecovered(() => queue.kick()),
  );

  const monitor = startConnectionMonitor({
    queue,
    probe: healthProbe(),
    notify: (notice) => {
      if (notice.kind === 'sync-ended') {
        options.dismiss?.(SYNC_NOTICE);
        return;
      }
      notify({
        level:
          notice.kind === 'sync-failed' ? 'error' : notice.kind === 'synced' ? 'success' : 'info',
        message: notice.message,
        openMutationQueue: notice.kind === 'sync-failed',
        ...(notice.kind === 'syncing' ? { key: SYNC_NOTICE } : {}),
      });
    },
  });
  live.connection = monitor;
  stops.push(() => monitor.stop());
  stops.push(
    followConnection({ hasToken: () => client.hasToken(), refresh: options.refreshSession }),
  );
  // Under storage pressure what can be fetched again goes, homes the user carries last.
  const relieve = (): Promise<void> =>
    relieveStoragePressure(db, homeStore).then(
      (result) => {
        if (result.evicted.length > 0 || result.cacheCleared) {
          console.warn('Storage pressure: freed device data', result);
        }
      },
      (error: unknown) => console.error('Freeing storage failed', error),
    );
  const syncAhead = createSyncAhead({
    client,
    db,
    store: homeStore,
    queryClient,
    isOnline: () => monitor.isOnline(),
    onConnectionChange: (listener) => monitor.subscribe(listener),
    onStored: relieve,
    runner: createChunkRunner(db.name, homeStore),
  });
  stops.push(() => syncAhead.stop());
  // Storage warnings (the 30-minute storage check and the 15-minute health check): said
  // once per rise of the level, each offering the backup they advise.
  let warnedLevel: StorageLevel = 'ok';
  const warnStorage = (report: StorageReport): void => {
    if (report.message !== undefined && report.level !== warnedLevel) {
      notify({
        level: report.level === 'nearly-full' ? 'error' : 'warning',
        message: report.message,
        offerBackup: true,
      });
    }
    warnedLevel = report.level;
    if (report.level !== 'ok') void relieve();
  };
  stops.push(
    startStorageMonitor({
      notify: () => undefined,
      onChecked: warnStorage,
      ...(options.estimate === undefined ? {} : { estimate: options.estimate }),
    }),
  );
  let databaseWarned = false;
  const onHealth = (report: HealthReport): void => {
    const broken = report.issues.some((issue) => issue.kind === 'database');
    if (broken && !databaseWarned) {
      notify({ level: 'error', message: ENGINE_TEXTS.databaseUnavailable, persistent: true });
    }
    databaseWarned = broken;
    for (const issue of report.issues) {
      if (issue.kind === 'stuck-writes') {
        notify({
          level: 'warning',
          message: ENGINE_TEXTS.stuckWritesRecovered(issue.count),
          openMutationQueue: true,
        });
      }
    }
    if (report.storage !== undefined) warnStorage(report.storage);
  };
  stops.push(
    startHealthCheck({
      db,
      recoverStuck: () => queue.recoverStuck(),
      onReport: onHealth,
      ...(options.estimate === undefined ? {} : { estimate: options.estimate }),
    }),
  );

  // A page being hidden or left keeps what the debounce was holding: mobile browsers may
  // end a hidden page without `pagehide`, and `pagehide` comes without `visibilitychange`
  // on some navigations, so both flush.
  const flush = (): Promise<void> =>
    Promise.all([persister.storage.flush(), homeStore.flush()]).then(() => undefined);
  const onHidden = (): void => {
    if (document.visibilityState === 'hidden') void flush();
  };
  // The page is being left: the cache is handed to the database within this task.
  const onPageHide = (): void => {
    persister.storage.flushNow();
    void homeStore.flush();
  };
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', onPageHide);
  stops.push(() => {
    document.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('pagehide', onPageHide);
  });

  void requestPersistentStorage();
  void drafts.recoverFallbacks().catch(() => undefined);
  void persister.gc().catch(() => undefined);
  queue.start();

  return {
    db,
    queue,
    drafts,
    files,
    persister,
    // A sign-out clears the homes once the sync pass under way (in its worker) wrote its last.
    homeStore: {
      ...homeStore,
      clear: () => syncAhead.settle().then(() => homeStore.clear()),
    },
    queryClient,
    connection: monitor,
    syncAhead,
    flush,
    stop() {
      queue.stop();
      for (const stop of stops) stop();
      void flush();
    },
  };
}
