import { describe, expect, it } from 'vitest';
import type { MutationRow } from './database';
import { describeMutation } from './mutation-view';

const row = (overrides: Partial<MutationRow>): MutationRow => ({
  id: 'm1',
  type: 'phoneCall',
  operation: 'update',
  data: { id: 'c1', Notes: 'n', Voicemail: true },
  queryKeys: [],
  timestamp: 1_000,
  retryCount: 0,
  status: 'pending',
  recordKeys: ['phoneCall:c1'],
  inFlight: false,
  nextAttemptAt: 0,
  ...overrides,
});

describe('describeMutation', () => {
  it('says what a write changes, its state, error and age', () => {
    expect(describeMutation(row({}), 61_000)).toEqual({
      id: 'm1',
      type: 'phoneCall',
      operation: 'update',
      recordId: 'c1',
      fields: ['Notes', 'Voicemail'],
      state: 'waiting',
      error: undefined,
      retryCount: 0,
      ageMs: 60_000,
    });
    expect(describeMutation(row({ inFlight: true })).state).toBe('sending');
    expect(describeMutation(row({ status: 'failed', error: 'bad', retryCount: 4 }))).toMatchObject({
      state: 'failed',
      error: 'bad',
      retryCount: 4,
    });
    expect(
      describeMutation(
        row({
          type: 'file',
          operation: 'upload',
          data: { fileRef: 'f', collection: 'c', key: 'k/1.jpg' },
        }),
      ).recordId,
    ).toBe('c/k/1.jpg');
  });
});
