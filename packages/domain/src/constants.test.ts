// The constants are tested where they act, not by restating them here: the queue's 3 retries and
// batches of 5 (apps/web/src/offline/mutation-queue.test.ts), the circuit breaker's 5 failures,
// 30 s and 5 s (api/circuit-breaker.test.ts), the 15-minute health check
// (offline/health-check.test.ts), the 75% / 90% storage warnings (offline/storage-health.test.ts),
// the worker requests' 60 s and retries (features/walks/pdf/make-walk-pdf.test.ts), the data
// panel's heights (data-panel.test.ts), the notification page's 10 (the server's
// notifications.test.ts). This file keeps the rules of constants.ts itself.

import { describe, expect, it } from 'vitest';
import { WORKER_REQUEST, workerRetryDelayMs } from './constants.js';

describe('worker request retries (up to 3, growing 500 ms delay)', () => {
  it('waits 500 ms longer before each retry than before the one before', () => {
    const waits = Array.from({ length: WORKER_REQUEST.retries }, (_, i) =>
      workerRetryDelayMs(i + 1),
    );
    expect(waits).toEqual([500, 1000, 1500]);
  });

  it('never waits less than the first step', () => {
    expect(workerRetryDelayMs(0)).toBe(workerRetryDelayMs(1));
  });
});
