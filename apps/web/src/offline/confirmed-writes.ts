// A queued write the server has confirmed is applied to the home store at once: the list
// on the device then holds it even when no screen refetches that list before the device
// goes offline (the queue no longer lays it over the list once it has left the queue).

import type { QueryKey } from '@tanstack/react-query';
import { QUEUE, homeIdOf, resourceOfMutationType } from '@field/domain';
import type { MutationRow } from './database';
import type { HomeListTarget } from './home-list-key';
import { homeListOfKey } from './home-list-key';
import type { HomeStore, StoredRecord } from './home-store';
import type { MutationQueue } from './mutation-queue';

function dataOf(row: MutationRow): Record<string, unknown> {
  // Safe: the queue stores only plain objects (checked by the domain rules on enqueue).
  return typeof row.data === 'object' && row.data !== null
    ? (row.data as Record<string, unknown>)
    : {};
}

/** The home list a write changes: from its query keys, else from its data's home field. */
export function targetOfWrite(row: MutationRow): HomeListTarget | undefined {
  const resource = resourceOfMutationType(row.type);
  if (resource === undefined) return undefined;
  for (const key of row.queryKeys as QueryKey[]) {
    const target = homeListOfKey(key);
    if (target?.resource === resource) return target;
  }
  const homeId = homeIdOf(resource, dataOf(row));
  return homeId === undefined ? undefined : { resource, homeId };
}

/** The list after one write: an add joins (or replaces), a change merges, a delete removes. */
export function applyWrite(records: StoredRecord[], row: MutationRow): StoredRecord[] {
  const data = dataOf(row);
  const id = data['id'];
  if (typeof id !== 'string') return records;
  if (row.operation === 'delete') return records.filter((record) => record.id !== id);
  if (row.operation === 'submit') {
    return [...records.filter((record) => record.id !== id), { ...data, id }];
  }
  return records.map((record) => (record.id === id ? { ...record, ...data, id } : record));
}

/**
 * Applies every write the queue reports sent; returns an unsubscribe. Each application
 * reads and writes the home's whole row, so the writes of one home list are applied
 * together: the first at once, and while the queue's pass goes on, those after it at most
 * every `gapMs` (QUEUE.refreshGapMs); what is left when the pass ends, at once. One per
 * confirmed write made a long drain to one home quadratic (10,000 queued phone calls of
 * one home were sent at ~14 a second, the page busy re-encoding a growing list); one per
 * answered request still took a quarter of the page's time in a drain of 1,000
 * (bench/src/queue-drain.ts). A write confirmed meanwhile is on the server: with the page
 * closed before it is applied, the next sync brings it onto the device.
 */
export function applyConfirmedWrites(
  queue: Pick<MutationQueue, 'subscribe'>,
  store: Pick<HomeStore, 'apply'>,
  gapMs: number = QUEUE.refreshGapMs,
): () => void {
  const waiting = new Map<string, { target: HomeListTarget; rows: MutationRow[] }>();
  const writing = new Set<string>();
  const lastAt = new Map<string, number>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  let passing = false;
  const flush = (key: string): void => {
    const next = waiting.get(key);
    if (next === undefined || writing.has(key)) return;
    clearTimeout(timers.get(key));
    timers.delete(key);
    waiting.delete(key);
    writing.add(key);
    lastAt.set(key, Date.now());
    store
      .apply(next.target, (records) => next.rows.reduce(applyWrite, records))
      .catch((error: unknown) => console.error('Applying a confirmed write failed', error))
      .finally(() => {
        writing.delete(key);
        schedule(key);
      });
  };
  /** The list's waiting writes: now, or during a pass once `gapMs` has passed since the last. */
  const schedule = (key: string): void => {
    if (!waiting.has(key) || writing.has(key) || timers.has(key)) return;
    const waitMs = passing ? (lastAt.get(key) ?? Number.NEGATIVE_INFINITY) + gapMs - Date.now() : 0;
    if (waitMs <= 0) {
      // After the other `sent` events emitted together, so they share the write.
      queueMicrotask(() => flush(key));
      return;
    }
    timers.set(
      key,
      setTimeout(() => {
        timers.delete(key);
        flush(key);
      }, waitMs),
    );
  };
  const unsubscribe = queue.subscribe((event) => {
    if (event.type === 'pass-start') passing = true;
    if (event.type === 'pass-end') {
      passing = false;
      for (const key of [...waiting.keys()]) flush(key);
    }
    if (event.type !== 'sent') return;
    const target = targetOfWrite(event.mutation);
    if (target === undefined) return;
    const key = `${target.resource}\u0000${target.homeId}`;
    const entry = waiting.get(key) ?? { target, rows: [] };
    entry.rows.push(event.mutation);
    waiting.set(key, entry);
    schedule(key);
  });
  return () => {
    unsubscribe();
    for (const timer of timers.values()) clearTimeout(timer);
  };
}
