// What a list shows while writes are queued: the server's records with the queued writes
// laid over them in order (an add joins, a change merges, a delete removes), and each
// record's own sync state, so nothing shows as synced before the server has it. A refetch
// while writes wait (another tab, the 5-minute refresh) cannot hide them.

import type { MutationRow } from '../offline/database';

/** `conflict`: the server refused a write for someone else's change; the user chooses. */
export type RecordSyncState = 'pending' | 'failed' | 'conflict';

export type ListRecord = Record<string, unknown> & { id: string };

export function queuedData(row: MutationRow): Record<string, unknown> {
  // Safe: the queue stores only plain objects (checked by the domain rules on enqueue).
  return typeof row.data === 'object' && row.data !== null
    ? (row.data as Record<string, unknown>)
    : {};
}

function idOf(data: Record<string, unknown>): string | undefined {
  const id = data['id'];
  return typeof id === 'string' ? id : undefined;
}

/**
 * A list that never reached this device and cannot come now: no signal (its fetch waits) or
 * its fetch failed. Its screen then shows the writes queued here over an empty list, so what
 * the user added shows, and says why the rest does not.
 */
export function neverLoaded(query: {
  data: unknown;
  fetchStatus: string;
  isError: boolean;
}): boolean {
  return query.data === undefined && (query.fetchStatus === 'paused' || query.isError);
}

export interface Overlaid<T extends ListRecord> {
  /** The list itself (the same array) when no write of its type waits: never mutate it. */
  records: T[] | undefined;
  states: ReadonlyMap<string, RecordSyncState>;
}

/**
 * Lays the queued writes of `type` over `records`. `belongs` says whether a new record
 * (an add) is one of this list's; `build` makes the shown record from an add's data.
 */
export function overlayQueued<T extends ListRecord>(
  records: readonly T[] | undefined,
  queued: readonly MutationRow[],
  type: string,
  belongs: (data: Record<string, unknown>) => boolean,
  build: (data: Record<string, unknown> & { id: string }) => T,
): Overlaid<T> {
  const states = new Map<string, RecordSyncState>();
  if (records === undefined) return { records: undefined, states };
  // Nothing to lay over (the usual case): the list as it is, no copy of 10,000 homes, and
  // the same array, so what is derived from it is not derived again.
  // Safe: the lists are query data, which nothing mutates in place.
  if (!queued.some((row) => row.type === type)) return { records: records as T[], states };
  const byId = new Map<string, T>(records.map((record) => [record.id, record]));
  const known = new Set(byId.keys());
  for (const row of queued) {
    if (row.type !== type) continue;
    const data = queuedData(row);
    const id = idOf(data);
    if (id === undefined) continue;
    if (row.status === 'conflict') {
      // The server kept its values: the record shows them, marked until the user chooses.
      if (byId.has(id)) states.set(id, 'conflict');
      continue;
    }
    if (row.operation === 'submit') {
      if (!belongs(data)) continue;
      if (!byId.has(id)) byId.set(id, build({ ...data, id }));
      known.add(id);
    } else if (row.operation === 'delete') {
      byId.delete(id);
    } else {
      const current = byId.get(id);
      if (current !== undefined) byId.set(id, { ...current, ...data });
    }
    if (known.has(id)) {
      const state: RecordSyncState = row.status === 'failed' ? 'failed' : 'pending';
      const shown = states.get(id);
      if (shown !== 'failed' && shown !== 'conflict') states.set(id, state);
    }
  }
  return { records: [...byId.values()], states };
}
