// What a failure does to a queued write (docs/offline.md, the table of answers), decided
// from the error alone: parked as a conflict, left waiting uncounted, failed for good, or
// sent again later. queue-store.ts stores the decision.

import type { ConflictDetails } from '@field/domain';
import { MESSAGES, QUERY, conflictOf, mutationFailedMessage } from '@field/domain';
import { ApiError, isTransient } from '../api/client';
import type { MutationRow } from './database';
import { PermanentMutationError } from './mutation-handlers';
import { SessionChangedError } from './session-user';

/** The session ended and could not be refreshed: the user must sign in again. */
export class AuthRequiredError extends Error {}

export type WriteFailure =
  /** The server refused the write's stale base: parked for the user's choice. */
  | { kind: 'conflict'; conflict: ConflictDetails; message: string }
  /** The user must sign in again: the write waits, uncounted, and the pass stops. */
  | { kind: 'auth-required' }
  /** Not the write's fault (another user's session, offline, breaker open): it waits, uncounted. */
  | { kind: 'wait' }
  /** Failed for good: `error` is kept on the write, `message` is the user's notice. */
  | { kind: 'failed'; error: string; message: string; retryCount: number }
  /** Sent again from `nextAttemptAt`. */
  | { kind: 'retry'; error: string; retryCount: number; nextAttemptAt: number };

export interface FailurePolicy {
  now: number;
  /** Whether the device is online now (a network error while offline is not the write's). */
  online: boolean;
  /** Retries allowed: the one after them fails the write. */
  maxRetries: number;
  /** Delay before retry number `retryCount` when the server gave no Retry-After. */
  backoffMs: (retryCount: number) => number;
}

/** 1, 2, 4 s ... before retry number `retryCount`, at most `QUERY.backoffCapMs`. */
export const defaultBackoff = (retryCount: number): number =>
  Math.min(1000 * 2 ** Math.max(0, retryCount - 1), QUERY.backoffCapMs);

function failedAtOnce(row: Pick<MutationRow, 'retryCount'>, message: string): WriteFailure {
  return { kind: 'failed', error: message, message, retryCount: row.retryCount };
}

/** What `error`, met sending `row`, does to it. */
export function writeFailure(
  row: Pick<MutationRow, 'id' | 'retryCount'>,
  error: unknown,
  policy: FailurePolicy,
): WriteFailure {
  const conflict =
    error instanceof ApiError && error.status === 409 ? conflictOf(error.body) : undefined;
  if (conflict !== undefined) {
    return { kind: 'conflict', conflict: conflict.conflict, message: conflict.error };
  }
  if (error instanceof AuthRequiredError) return { kind: 'auth-required' };
  // Another user signed in while this write waited: it waits for its author.
  if (error instanceof SessionChangedError) return { kind: 'wait' };
  if (error instanceof PermanentMutationError) return failedAtOnce(row, error.message);
  const lostConnection = error instanceof ApiError && error.kind === 'network' && !policy.online;
  if ((error instanceof ApiError && error.kind === 'circuit-open') || lostConnection) {
    return { kind: 'wait' };
  }
  // A 4xx other than 401, 408 and 429 cannot succeed by sending it again.
  if (error instanceof ApiError && !isTransient(error)) return failedAtOnce(row, error.message);
  const text = error instanceof Error ? error.message : MESSAGES.unexpectedError;
  const retryCount = row.retryCount + 1;
  if (retryCount > policy.maxRetries) {
    return { kind: 'failed', error: text, message: mutationFailedMessage(row.id), retryCount };
  }
  const wait =
    error instanceof ApiError && error.retryAfterMs !== undefined
      ? error.retryAfterMs
      : policy.backoffMs(retryCount);
  return { kind: 'retry', error: text, retryCount, nextAttemptAt: policy.now + wait };
}

/**
 * Whether a batch request was refused as a request (too large for one body, or a server
 * without batches) rather than for its writes: each write then goes alone.
 */
export function batchRequestRefused(error: unknown): boolean {
  return (
    error instanceof ApiError && error.status >= 400 && error.status !== 401 && !isTransient(error)
  );
}
