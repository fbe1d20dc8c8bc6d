// When the write queue's passes run: one at a time in a tab (a caller during a pass joins
// it, and it goes round again for what was queued meanwhile), one tab at a time (the
// queue's lock), none while offline, and on a timer for the earliest retry time or after
// another tab held the lock.

import { nextPassDelay } from './due-writes';
import type { QueueLock } from './queue-lock';
import { pendingCount, pendingRows } from './queue-store';
import type { PassResult, QueueCore } from './queue-types';

export class QueuePasses {
  private readonly core: QueueCore;
  private readonly lock: QueueLock;
  /** One pass under the lock (queue-drain.ts). */
  private readonly drain: () => Promise<PassResult>;
  private running: Promise<PassResult> | undefined;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  /** The last pass found another tab draining; look again soon in case it missed ours. */
  private lockBusy = false;

  constructor(core: QueueCore, lock: QueueLock, drain: () => Promise<PassResult>) {
    this.core = core;
    this.lock = lock;
    this.drain = drain;
  }

  /** Whether a pass of this tab is running. */
  get busy(): boolean {
    return this.running !== undefined;
  }

  /** Resolves once the running pass (if any) is over, however it ended. */
  async settled(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  /** Starts a pass in the background (errors are logged). */
  kick(): void {
    this.process().catch((error: unknown) => console.error('Queue pass failed', error));
  }

  /** Resumes after a start or reload: entries left in flight are sent again. */
  start(): void {
    this.stopped = false;
    this.kick();
  }

  /** Stops scheduled passes (a running one finishes). */
  stop(): void {
    this.stopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /**
   * Runs one pass, or joins the running one (which then goes round again to pick up
   * anything queued meanwhile).
   */
  process(): Promise<PassResult> {
    if (this.running !== undefined) {
      this.again = true;
      return this.running;
    }
    const pass = this.runPasses().finally(() => {
      this.running = undefined;
    });
    this.running = pass;
    return pass;
  }

  private async runPasses(): Promise<PassResult> {
    let total: PassResult = { ran: false, sent: 0, failed: 0, pending: 0 };
    // A write queued while this runs joins it (process() sets `again`), also while the next
    // pass is being scheduled: that await is still inside the running pass, so a write
    // stored then would otherwise wait for a timer that scheduleNext never set for it.
    do {
      do {
        this.again = false;
        const result = await this.onePass();
        total = {
          ran: total.ran || result.ran,
          sent: total.sent + result.sent,
          failed: total.failed + result.failed,
          pending: result.pending,
        };
        if (!result.ran) break;
      } while (this.again);
      await this.scheduleNext();
    } while (this.again && !this.stopped);
    return total;
  }

  private async onePass(): Promise<PassResult> {
    if (!this.core.isOnline()) {
      return { ran: false, sent: 0, failed: 0, pending: await pendingCount(this.core) };
    }
    const locked = await this.lock.runExclusive(this.drain);
    this.lockBusy = !locked.acquired;
    if (!locked.acquired) {
      return { ran: false, sent: 0, failed: 0, pending: await pendingCount(this.core) };
    }
    return locked.value;
  }

  /** A timer for the earliest retry time, so a waiting write goes out on its own. */
  private async scheduleNext(): Promise<void> {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.stopped) return;
    const pending = await pendingRows(this.core);
    const delay = nextPassDelay(pending, this.core.now(), this.lockBusy);
    if (delay === undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.kick();
    }, delay);
  }
}
