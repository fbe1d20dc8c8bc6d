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
import type { Paced } from './paced';
import { paced } from './paced';

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
 * together, paced like the queue's refreshes (paced.ts): the first at once, during a
 * drain the next at most every `gapMs` (QUEUE.refreshGapMs), what is left when the pass
 * ends at once. One per confirmed write made a long drain to one home quadratic (10,000
 * queued phone calls of one home were sent at ~14 a second, the page busy re-encoding a
 * growing list); one per answered request still took a quarter of the page's time in a
 * drain of 1,000 (bench/src/queue-drain.ts). A write confirmed meanwhile is on the
 * server: with the page closed before it is applied, the next sync brings it onto the
 * device.
 */
export function applyConfirmedWrites(
  queue: Pick<MutationQueue, 'subscribe'>,
  store: Pick<HomeStore, 'apply'>,
  gapMs: number = QUEUE.refreshGapMs,
): () => void {
  const lists = new Map<string, Paced<MutationRow>>();
  const listOf = (target: HomeListTarget): Paced<MutationRow> => {
    const key = `${target.resource}\u0000${target.homeId}`;
    let list = lists.get(key);
    if (list === undefined) {
      list = paced(gapMs, (rows) =>
        store
          .apply(target, (records) => rows.reduce(applyWrite, records))
          .catch((error: unknown) => console.error('Applying a confirmed write failed', error)),
      );
      lists.set(key, list);
    }
    return list;
  };
  const unsubscribe = queue.subscribe((event) => {
    if (event.type === 'pass-end') for (const list of lists.values()) list.release();
    if (event.type !== 'sent') return;
    const target = targetOfWrite(event.mutation);
    if (target !== undefined) listOf(target).add([event.mutation]);
  });
  return () => {
    unsubscribe();
    for (const list of lists.values()) list.stop();
  };
}
