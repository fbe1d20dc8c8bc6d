import { describe, expect, it } from 'vitest';
import { QUEUE_LOCK_NAME } from '../../offline/queue-lock';
import type { LockRequester } from './queue-idle';
import { whenQueueIdle } from './queue-idle';

/** One exclusive lock, granted in request order, like navigator.locks. */
class FakeLocks implements LockRequester {
  readonly names: string[] = [];
  private tail: Promise<unknown> = Promise.resolve();

  /** Holds the lock (another tab draining the queue) until the returned release is called. */
  hold(): () => void {
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    this.tail = this.tail.then(() => held);
    return release;
  }

  request<T>(name: string, options: { signal: AbortSignal }, task: () => Promise<T>): Promise<T> {
    this.names.push(name);
    const granted = this.tail.then(() => task());
    this.tail = granted.catch(() => undefined);
    const aborted = new Promise<never>((_, reject) =>
      options.signal.addEventListener('abort', () =>
        reject(new DOMException('The wait timed out', 'AbortError')),
      ),
    );
    return Promise.race([granted, aborted]);
  }
}

describe('whenQueueIdle', () => {
  it('runs at once without Web Locks', async () => {
    expect(await whenQueueIdle(() => Promise.resolve('ran'), 1_000, undefined)).toBe('ran');
  });

  it('waits until no tab holds the write queue lock', async () => {
    const locks = new FakeLocks();
    const release = locks.hold();
    const order: string[] = [];
    const done = whenQueueIdle(
      () => {
        order.push('task');
        return Promise.resolve();
      },
      5_000,
      locks,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    order.push('drain finished');
    release();
    await done;
    expect(order).toEqual(['drain finished', 'task']);
    expect(locks.names).toEqual([QUEUE_LOCK_NAME]);
  });

  it('goes ahead when the drain takes longer than the wait', async () => {
    const locks = new FakeLocks();
    locks.hold();
    expect(await whenQueueIdle(() => Promise.resolve('ran'), 20, locks)).toBe('ran');
  });

  it('passes on a failure of the task itself', async () => {
    const locks = new FakeLocks();
    await expect(
      whenQueueIdle(() => Promise.reject(new Error('boom')), 1_000, locks),
    ).rejects.toThrow('boom');
  });
});
