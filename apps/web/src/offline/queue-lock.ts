// Exactly one tab (or the service worker) drains the write queue at a time: a Web Lock
// where the browser has them, otherwise a lease row in the `metadata` store, claimed in
// an IndexedDB transaction (those are serialised across tabs) and renewed while draining.

import { STORAGE } from '@field/domain';
import type { FieldDatabase } from './database';

type LockResult<T> = { acquired: true; value: T } | { acquired: false };

export interface QueueLock {
  /** Runs `task` holding the lock, or returns `{ acquired: false }` at once if it is taken. */
  runExclusive<T>(task: () => Promise<T>): Promise<LockResult<T>>;
}

export const QUEUE_LOCK_NAME = 'field-app-mutation-queue';
const LEASE_KEY = 'queue-lease';

/** The lock of the Web Locks API (`navigator.locks`). */
export function createWebLock(locks: LockManager, name: string = QUEUE_LOCK_NAME): QueueLock {
  return {
    async runExclusive<T>(task: () => Promise<T>): Promise<LockResult<T>> {
      let result: LockResult<T> = { acquired: false };
      await locks.request(name, { ifAvailable: true }, async (lock) => {
        if (lock !== null) result = { acquired: true, value: await task() };
      });
      return result;
    },
  };
}

interface Lease {
  owner: string;
  expiresAt: number;
}

function isLease(value: unknown): value is Lease {
  return (
    typeof value === 'object' &&
    value !== null &&
    'owner' in value &&
    typeof value.owner === 'string' &&
    'expiresAt' in value &&
    typeof value.expiresAt === 'number'
  );
}

export interface LeaseLockOptions {
  owner?: string;
  /** A lease not renewed for this long is free again (a closed tab). */
  leaseMs?: number;
  now?: () => number;
}

/** The fallback where `navigator.locks` is missing. */
export function createLeaseLock(db: FieldDatabase, options: LeaseLockOptions = {}): QueueLock {
  const owner = options.owner ?? crypto.randomUUID();
  const leaseMs = options.leaseMs ?? STORAGE.lockTimeoutMs;
  const now = options.now ?? (() => Date.now());

  const claim = (): Promise<boolean> =>
    db.transaction('rw', db.metadata, async () => {
      const row = await db.metadata.get(LEASE_KEY);
      const lease = isLease(row?.value) ? row.value : undefined;
      if (lease !== undefined && lease.owner !== owner && lease.expiresAt > now()) return false;
      await db.metadata.put({ key: LEASE_KEY, value: { owner, expiresAt: now() + leaseMs } });
      return true;
    });

  const release = (): Promise<void> =>
    db.transaction('rw', db.metadata, async () => {
      const row = await db.metadata.get(LEASE_KEY);
      if (isLease(row?.value) && row.value.owner === owner) await db.metadata.delete(LEASE_KEY);
    });

  return {
    async runExclusive<T>(task: () => Promise<T>): Promise<LockResult<T>> {
      if (!(await claim())) return { acquired: false };
      const renew = setInterval(() => {
        claim().catch((error: unknown) => console.error('Renewing the queue lease failed', error));
      }, leaseMs / 3);
      try {
        return { acquired: true, value: await task() };
      } finally {
        clearInterval(renew);
        await release();
      }
    },
  };
}

/** Web Locks when present, else the lease. */
export function createQueueLock(db: FieldDatabase): QueueLock {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  // `navigator.locks` is typed as always present; older browsers and jsdom lack it.
  return locks !== undefined && locks !== null ? createWebLock(locks) : createLeaseLock(db);
}
