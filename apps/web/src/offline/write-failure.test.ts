// @vitest-environment node
// What a failure does to a queued write (docs/offline.md, the table of answers), decided
// without a server or a database.
import { describe, expect, it } from 'vitest';
import type { ConflictAnswer } from '@field/domain';
import { MESSAGES, QUERY, mutationFailedMessage } from '@field/domain';
import { ApiError } from '../api/client';
import { PermanentMutationError } from './mutation-handlers';
import { SessionChangedError } from './session-user';
import type { FailurePolicy } from './write-failure';
import {
  AuthRequiredError,
  batchRequestRefused,
  defaultBackoff,
  writeFailure,
} from './write-failure';

const NOW = 1_000_000;
const policy: FailurePolicy = {
  now: NOW,
  online: true,
  maxRetries: 3,
  backoffMs: (retryCount) => retryCount * 100,
};
const fresh = { id: 'w1', retryCount: 0 };

const conflictAnswer: ConflictAnswer = {
  error: 'Someone else changed this record.',
  conflict: {
    operation: 'update',
    kind: 'phoneCalls',
    id: 'c1',
    current: { id: 'c1', Notes: 'theirs', updatedAt: '2026-11-01T10:00:00.000Z' },
    fields: [{ field: 'Notes', base: 'before', mine: 'mine', theirs: 'theirs' }],
  },
};

describe('writeFailure', () => {
  it.each([
    ['400', new ApiError(400, 'Invalid value for "Home": no such home')],
    ['403', new ApiError(403, 'Forbidden')],
    ['404', new ApiError(404, 'Not found')],
    ['413', new ApiError(413, 'Request body is too large')],
    ['a 409 that is not a conflict', new ApiError(409, 'Already exists')],
  ])('fails a %s at once with the server message, its retries untouched', (_name, error) => {
    expect(writeFailure({ id: 'w1', retryCount: 2 }, error, policy)).toEqual({
      kind: 'failed',
      error: error.message,
      message: error.message,
      retryCount: 2,
    });
  });

  it('fails a write that can never succeed (no handler) with its message', () => {
    expect(writeFailure(fresh, new PermanentMutationError(MESSAGES.noHandler), policy)).toEqual({
      kind: 'failed',
      error: MESSAGES.noHandler,
      message: MESSAGES.noHandler,
      retryCount: 0,
    });
  });

  it.each([
    ['no answer', new ApiError(0, 'Network error', { kind: 'network' })],
    ['a timeout', new ApiError(0, 'Timed out', { kind: 'timeout' })],
    ['408', new ApiError(408, 'Request timeout')],
    ['429', new ApiError(429, 'Too many requests')],
    ['500', new ApiError(500, 'Internal error')],
    ['503', new ApiError(503, 'Service unavailable')],
    ['an error that is not the API', new TypeError('Failed to fetch')],
  ])('keeps the write queued after %s, one retry more, after the backoff', (_name, error) => {
    expect(writeFailure({ id: 'w1', retryCount: 1 }, error, policy)).toEqual({
      kind: 'retry',
      error: error.message,
      retryCount: 2,
      nextAttemptAt: NOW + 200,
    });
  });

  it('waits as long as Retry-After says instead of the backoff', () => {
    const error = new ApiError(429, 'slow down', { retryAfterMs: 2000 });
    expect(writeFailure(fresh, error, policy)).toMatchObject({
      kind: 'retry',
      retryCount: 1,
      nextAttemptAt: NOW + 2000,
    });
  });

  it('gives the unexpected-error text when what was thrown is not an error', () => {
    expect(writeFailure(fresh, 'boom', policy)).toMatchObject({
      kind: 'retry',
      error: MESSAGES.unexpectedError,
    });
  });

  it('fails the write on its retry after the last allowed, with the error and the notice', () => {
    const error = new ApiError(503, 'Service unavailable');
    expect(writeFailure({ id: 'w1', retryCount: 2 }, error, policy)).toMatchObject({
      kind: 'retry',
      retryCount: 3,
    });
    expect(writeFailure({ id: 'w1', retryCount: 3 }, error, policy)).toEqual({
      kind: 'failed',
      error: 'Service unavailable',
      message: mutationFailedMessage('w1'),
      retryCount: 4,
    });
  });

  it.each([
    ['the breaker is open', new ApiError(0, 'Circuit open', { kind: 'circuit-open' }), true],
    ['the connection dropped', new ApiError(0, 'Network error', { kind: 'network' }), false],
    ['another user signed in', new SessionChangedError(), true],
  ])('leaves the write waiting, uncounted, when %s', (_name, error, online) => {
    expect(writeFailure({ id: 'w1', retryCount: 3 }, error, { ...policy, online })).toEqual({
      kind: 'wait',
    });
  });

  it('asks for a sign-in when the session could not be refreshed', () => {
    expect(writeFailure(fresh, new AuthRequiredError(), policy)).toEqual({
      kind: 'auth-required',
    });
  });

  it("parks a 409 carrying the current record as a conflict with the server's message", () => {
    const error = new ApiError(409, conflictAnswer.error, { body: conflictAnswer });
    expect(writeFailure({ id: 'w1', retryCount: 3 }, error, policy)).toEqual({
      kind: 'conflict',
      conflict: conflictAnswer.conflict,
      message: conflictAnswer.error,
    });
  });
});

describe('defaultBackoff', () => {
  it('waits 1, 2, 4, 8 s before retries 1 to 4, never more than the cap', () => {
    expect([1, 2, 3, 4].map(defaultBackoff)).toEqual([1000, 2000, 4000, 8000]);
    expect(defaultBackoff(30)).toBe(QUERY.backoffCapMs);
  });
});

describe('batchRequestRefused', () => {
  it.each([
    ['413', new ApiError(413, 'Request body is too large'), true],
    ['404 (a server without batches)', new ApiError(404, 'Not found'), true],
    ['401', new ApiError(401, 'Authentication required'), false],
    ['429', new ApiError(429, 'Too many requests'), false],
    ['503', new ApiError(503, 'Service unavailable'), false],
    ['no answer', new ApiError(0, 'Network error', { kind: 'network' }), false],
    ['an error that is not the API', new Error('boom'), false],
  ])('answers whether a %s refuses the request itself: %s', (_name, error, refused) => {
    expect(batchRequestRefused(error)).toBe(refused);
  });
});
