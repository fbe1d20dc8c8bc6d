// What the Mutation Queue view shows of a queued write (docs/offline.md): what it changes, its
// state, error and age, and the earlier writes it waits for. Data only; the view words it through
// i18n.

import { homeIdOf, resourceOfMutationType } from '@field/domain';
import type { MutationRow } from './database';
import { writeOrderOf } from './mutation-handlers';

type QueuedWriteState = 'waiting' | 'sending' | 'failed' | 'conflict';

export interface QueuedWriteSummary {
  id: string;
  type: string;
  operation: string;
  /** The record it changes (a file's `collection/key` for uploads), when it names one. */
  recordId: string | undefined;
  /** The home it is about, when its data names one (a home's own change: that home). */
  homeId: string | undefined;
  /** The fields it sets, without the id; none for a file (its record line names it). */
  fields: string[];
  state: QueuedWriteState;
  error: string | undefined;
  retryCount: number;
  ageMs: number;
}

export function describeMutation(row: MutationRow, now: number = Date.now()): QueuedWriteSummary {
  const data: Record<string, unknown> =
    // Safe: a non-null object read field by field.
    typeof row.data === 'object' && row.data !== null ? (row.data as Record<string, unknown>) : {};
  const id = data['id'];
  const recordId =
    row.type === 'file'
      ? `${String(data['collection'])}/${String(data['key'])}`
      : typeof id === 'string'
        ? id
        : undefined;
  const resource = resourceOfMutationType(row.type);
  return {
    id: row.id,
    type: row.type,
    operation: row.operation,
    recordId,
    homeId:
      resource === undefined
        ? undefined
        : resource === 'homes'
          ? recordId
          : homeIdOf(resource, data),
    fields: row.type === 'file' ? [] : Object.keys(data).filter((field) => field !== 'id'),
    state:
      row.status === 'conflict'
        ? 'conflict'
        : row.status === 'failed'
          ? 'failed'
          : row.inFlight
            ? 'sending'
            : 'waiting',
    error: row.error,
    retryCount: row.retryCount,
    ageMs: Math.max(0, now - row.timestamp),
  };
}

/**
 * The home each write is about, by mutation id: the one its data names, or, for a change
 * that carries only its record's id, the one a queued write of that record names (its add).
 * A write about no known home is absent.
 */
export function homesOfWrites(rows: readonly MutationRow[]): Map<string, string> {
  const summaries = rows.map((row) => describeMutation(row));
  const ofRecord = new Map<string, string>();
  for (const { recordId, homeId } of summaries) {
    if (recordId !== undefined && homeId !== undefined) ofRecord.set(recordId, homeId);
  }
  const homes = new Map<string, string>();
  for (const { id, recordId, homeId } of summaries) {
    const home = homeId ?? (recordId === undefined ? undefined : ofRecord.get(recordId));
    if (home !== undefined) homes.set(id, home);
  }
  return homes;
}

/**
 * For each write of `rows` (oldest first, as the queue sends them), the earlier writes it
 * waits for: those holding a record or file it needs (its own record, the walk it is on,
 * the files it lists), as the queue orders them (mutation-handlers.ts writeOrderOf).
 * Keyed by mutation id, oldest first; a write that waits for nothing is absent.
 */
export function waitingFor(rows: readonly MutationRow[]): Map<string, MutationRow[]> {
  const holders = new Map<string, MutationRow[]>();
  const position = new Map(rows.map((row, index) => [row.id, index]));
  const waits = new Map<string, MutationRow[]>();
  for (const row of rows) {
    const data: Record<string, unknown> =
      // Safe: a non-null object read field by field.
      typeof row.data === 'object' && row.data !== null
        ? (row.data as Record<string, unknown>)
        : {};
    const order = writeOrderOf(row.type, data);
    const earlier = new Set(order.needs.flatMap((key) => holders.get(key) ?? []));
    if (earlier.size > 0) {
      waits.set(
        row.id,
        [...earlier].sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0)),
      );
    }
    for (const key of order.holds) holders.set(key, [...(holders.get(key) ?? []), row]);
  }
  return waits;
}
