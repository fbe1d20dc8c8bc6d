// What the Mutation Queue view shows of a queued write (section 4): what it changes,
// its state, error and age. Data only; the view words it through i18n.

import type { MutationRow } from './database';

export type QueuedWriteState = 'waiting' | 'sending' | 'failed';

export interface QueuedWriteSummary {
  id: string;
  type: string;
  operation: string;
  /** The record it changes (a file's `collection/key` for uploads), when it names one. */
  recordId: string | undefined;
  /** The fields it sets, without the id. */
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
  return {
    id: row.id,
    type: row.type,
    operation: row.operation,
    recordId,
    fields: Object.keys(data).filter((field) => field !== 'id'),
    state: row.status === 'failed' ? 'failed' : row.inFlight ? 'sending' : 'waiting',
    error: row.error,
    retryCount: row.retryCount,
    ageMs: Math.max(0, now - row.timestamp),
  };
}
