import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openFieldDatabase } from './database';
import { createLeaseLock, createWebLock } from './queue-lock';
import { fakeLockManager } from './testing/locks';

const hold = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('queue lock', () => {
  it('Web Locks: a second tab does not drain while the first does', async () => {
    const locks = fakeLockManager();
    const tabA = createWebLock(locks);
    const tabB = createWebLock(locks);
    const first = tabA.runExclusive(async () => {
      await hold(30);
      return 'a';
    });
    expect(await tabB.runExclusive(() => Promise.resolve('b'))).toEqual({ acquired: false });
    expect(await first).toEqual({ acquired: true, value: 'a' });
    expect(await tabB.runExclusive(() => Promise.resolve('b'))).toEqual({
      acquired: true,
      value: 'b',
    });
  });

  it('lease fallback: exclusive while held, free after release or expiry', async () => {
    const db = openFieldDatabase('lock-test-1');
    let now = 1_000;
    const tabA = createLeaseLock(db, { owner: 'a', leaseMs: 15_000, now: () => now });
    const tabB = createLeaseLock(db, { owner: 'b', leaseMs: 15_000, now: () => now });
    const first = tabA.runExclusive(async () => {
      await hold(30);
      return 'a';
    });
    await hold(5);
    expect(await tabB.runExclusive(() => Promise.resolve('b'))).toEqual({ acquired: false });
    expect(await first).toEqual({ acquired: true, value: 'a' });
    expect((await tabB.runExclusive(() => Promise.resolve('b'))).acquired).toBe(true);

    // A tab that died holding the lease: free once 15 s passed without renewal.
    await db.metadata.put({
      key: 'queue-lease',
      value: { owner: 'dead', expiresAt: now + 15_000 },
    });
    expect((await tabA.runExclusive(() => Promise.resolve('a'))).acquired).toBe(false);
    now += 15_001;
    expect((await tabA.runExclusive(() => Promise.resolve('a'))).acquired).toBe(true);
  });
});
