// The health check, every 15 minutes (domain constants): the device database opens and answers, no
// write is stuck in flight past its lease, storage is within its budget. What it finds goes to
// `onReport`; the engine turns problems into notices (a stuck write is put back in the queue first,
// a storage warning offers the backup).

import { STORAGE } from '@field/domain';
import type { FieldDatabase } from './database';
import type { StorageReport } from './storage-health';
import { checkStorage } from './storage-health';

const HEARTBEAT_KEY = 'health:last-check';

type HealthIssue =
  | { kind: 'database'; error: unknown }
  | { kind: 'stuck-writes'; count: number }
  | { kind: 'storage'; report: StorageReport };

export interface HealthReport {
  at: number;
  issues: HealthIssue[];
  storage?: StorageReport;
}

export interface HealthCheckDeps {
  db: FieldDatabase;
  /** The queue's repair of writes left in flight with no pass holding the lease. */
  recoverStuck: () => Promise<number>;
  estimate?: () => Promise<StorageEstimate>;
  now?: () => number;
}

/** One check; never throws (a failure is an issue of the report). */
export async function checkHealth(deps: HealthCheckDeps): Promise<HealthReport> {
  const at = (deps.now ?? Date.now)();
  const issues: HealthIssue[] = [];
  try {
    // A write and a read back: an open that fails, a closed connection or a store that
    // refuses writes all show here.
    await deps.db.metadata.put({ key: HEARTBEAT_KEY, value: at });
    const row = await deps.db.metadata.get(HEARTBEAT_KEY);
    if (row?.value !== at) throw new Error('The device database did not keep a write');
  } catch (error) {
    issues.push({ kind: 'database', error });
    // Without the database neither the queue nor storage can be looked at.
    return { at, issues };
  }
  try {
    const count = await deps.recoverStuck();
    if (count > 0) issues.push({ kind: 'stuck-writes', count });
  } catch (error) {
    issues.push({ kind: 'database', error });
  }
  let storage: StorageReport | undefined;
  try {
    storage = await checkStorage(deps.estimate);
    if (storage.level !== 'ok') issues.push({ kind: 'storage', report: storage });
  } catch (error) {
    console.error('Checking storage failed', error);
  }
  return { at, issues, ...(storage === undefined ? {} : { storage }) };
}

export interface HealthCheckOptions extends HealthCheckDeps {
  onReport: (report: HealthReport) => void;
  intervalMs?: number;
}

/**
 * Checks every 15 min (not at start: opening the engine has just opened the database, the
 * queue's start resends what a closed tab left in flight, and the storage check runs at
 * start); returns a stop.
 */
export function startHealthCheck(options: HealthCheckOptions): () => void {
  let stopped = false;
  const run = (): void => {
    void checkHealth(options).then((report) => {
      if (!stopped) options.onReport(report);
    });
  };
  const timer = setInterval(run, options.intervalMs ?? STORAGE.healthCheckIntervalMs);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
