// A queued write the server has confirmed is applied to the home store at once: the list
// on the device then holds it even when no screen refetches that list before the device
// goes offline (the queue no longer lays it over the list once it has left the queue).

import type { QueryKey } from '@tanstack/react-query';
import { homeIdOf, resourceOfMutationType } from '@field/domain';
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

/** How long a confirmed write may wait to be applied while the queue is still sending. */
export const CONFIRMED_WRITES_GAP_MS = 1000;

/**
 * Applies every write the queue reports sent; returns an unsubscribe. Each write reads
 * and writes its home's whole row, so the writes of one home list are applied together:
 * when the queue's pass ends (a single write: at once), and at most every `gapMs` while
 * a long drain goes on. One write per confirmed write made a long drain to one home
 * quadratic (10,000 queued phone calls of one home were sent at ~14 a second, the page
 * busy re-encoding a growing list); one per answered request still took a quarter of
 * the page's time in a drain of 1,000 (bench/src/queue-drain.ts). A write confirmed
 * meanwhile is on the server: at worst, with the page closed before it is applied, the
 * next sync brings it onto the device.
 */
export function applyConfirmedWrites(
  queue: Pick<MutationQueue, 'subscribe'>,
  store: Pick<HomeStore, 'apply'>,
  gapMs = CONFIRMED_WRITES_GAP_MS,
): () => void {
  const waiting = new Map<string, { target: HomeListTarget; rows: MutationRow[] }>();
  const writing = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let passing = false;
  const flush = (key: string): void => {
    const next = waiting.get(key);
    if (next === undefined || writing.has(key)) return;
    waiting.delete(key);
    writing.add(key);
    store
      .apply(next.target, (records) => next.rows.reduce(applyWrite, records))
      .catch((error: unknown) => console.error('Applying a confirmed write failed', error))
      .finally(() => {
        writing.delete(key);
        // What came while this was written: at once if the pass has ended meanwhile.
        if (!waiting.has(key)) return;
        if (passing) later();
        else flush(key);
      });
  };
  const flushAll = (): void => {
    clearTimeout(timer);
    timer = undefined;
    for (const key of [...waiting.keys()]) flush(key);
  };
  const later = (): void => {
    timer ??= setTimeout(flushAll, gapMs);
  };
  const unsubscribe = queue.subscribe((event) => {
    if (event.type === 'pass-start') passing = true;
    if (event.type === 'pass-end') {
      passing = false;
      flushAll();
    }
    if (event.type !== 'sent') return;
    const target = targetOfWrite(event.mutation);
    if (target === undefined) return;
    const key = `${target.resource}\u0000${target.homeId}`;
    const entry = waiting.get(key) ?? { target, rows: [] };
    entry.rows.push(event.mutation);
    waiting.set(key, entry);
    if (passing) later();
    else flush(key);
  });
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}
