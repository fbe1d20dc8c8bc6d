// The health check, with injected faults: a write left in flight with nobody holding the queue's
// lease goes back to waiting; a database that cannot be written, and storage over its budget, are
// reported; the check runs every 15 minutes, not at start.

import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE } from '@field/domain';
import { createApiClient } from '../api/client';
import type { FieldDatabase, MutationRow } from './database';
import { openFieldDatabase } from './database';
import { checkHealth, startHealthCheck } from './health-check';
import { createDefaultHandlers } from './mutation-handlers';
import { MutationQueue } from './mutation-queue';
import type { QueueLock } from './queue-lock';

let counter = 0;
const opened: FieldDatabase[] = [];

function freshDb(): FieldDatabase {
  counter += 1;
  const db = openFieldDatabase(`health-check-test-${counter}`);
  opened.push(db);
  return db;
}

afterEach(() => {
  vi.useRealTimers();
  for (const db of opened.splice(0)) db.close();
});

const inFlight = (id: string): MutationRow => ({
  id,
  type: 'note',
  operation: 'update',
  data: { id: 'n1', Text: 'x' },
  queryKeys: [],
  timestamp: 1,
  retryCount: 0,
  status: 'pending',
  recordKeys: [],
  inFlight: true,
  nextAttemptAt: Date.now() + 60_000,
});

function queueOf(db: FieldDatabase, lock: QueueLock): MutationQueue {
  return new MutationQueue({
    db,
    client: createApiClient({ fetch: () => Promise.reject(new TypeError('offline')) }),
    handlers: createDefaultHandlers(),
    lock,
    isOnline: () => false,
    processOnEnqueue: false,
  });
}

const freeLock: QueueLock = {
  runExclusive: async (task) => ({ acquired: true, value: await task() }),
};
const heldLock: QueueLock = { runExclusive: () => Promise.resolve({ acquired: false }) };
const roomy = () => Promise.resolve({ usage: 1_000, quota: 100_000 });

describe('the health check', () => {
  it('puts a write stuck in flight past its lease back in the queue, due now', async () => {
    const db = freshDb();
    await db.mutations.add(inFlight('m1'));
    const queue = queueOf(db, freeLock);

    const report = await checkHealth({
      db,
      recoverStuck: () => queue.recoverStuck(),
      estimate: roomy,
    });

    expect(report.issues).toEqual([{ kind: 'stuck-writes', count: 1 }]);
    expect(await db.mutations.get('m1')).toMatchObject({ inFlight: false, nextAttemptAt: 0 });
  });

  it('leaves a write in flight alone while another tab holds the lease', async () => {
    const db = freshDb();
    await db.mutations.add(inFlight('m1'));
    const queue = queueOf(db, heldLock);

    const report = await checkHealth({
      db,
      recoverStuck: () => queue.recoverStuck(),
      estimate: roomy,
    });

    expect(report.issues).toEqual([]);
    expect(await db.mutations.get('m1')).toMatchObject({ inFlight: true });
  });

  it('reports a device database that cannot be used', async () => {
    const db = freshDb();
    await db.open();
    db.close();
    const recoverStuck = vi.fn(() => Promise.resolve(0));

    const report = await checkHealth({ db, recoverStuck, estimate: roomy });

    expect(report.issues.map((issue) => issue.kind)).toEqual(['database']);
    expect(recoverStuck).not.toHaveBeenCalled();
  });

  it('reports storage over its budget with the spec’s warning', async () => {
    const db = freshDb();
    const report = await checkHealth({
      db,
      recoverStuck: () => Promise.resolve(0),
      estimate: () => Promise.resolve({ usage: 95, quota: 100 }),
    });
    expect(report.issues).toEqual([
      {
        kind: 'storage',
        report: expect.objectContaining({
          level: 'nearly-full',
          message: 'Storage nearly full. Consider backing up data and clearing cache.',
        }) as unknown,
      },
    ]);
  });

  it('runs every 15 minutes, not at start', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const db = freshDb();
    const reports: number[] = [];
    const stop = startHealthCheck({
      db,
      recoverStuck: () => Promise.resolve(0),
      estimate: roomy,
      onReport: (report) => reports.push(report.at),
    });
    const settle = () => vi.waitFor(() => expect(reports.length).toBeGreaterThan(0));

    vi.advanceTimersByTime(STORAGE.healthCheckIntervalMs - 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reports).toHaveLength(0);
    vi.advanceTimersByTime(1);
    await settle();
    vi.advanceTimersByTime(STORAGE.healthCheckIntervalMs);
    await vi.waitFor(() => expect(reports).toHaveLength(2));
    stop();
    vi.advanceTimersByTime(STORAGE.healthCheckIntervalMs);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reports).toHaveLength(2);
  });
});
