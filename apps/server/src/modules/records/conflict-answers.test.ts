// The 409 bodies a stale write gets, decided without a server: what the client is shown
// (the current record, each colliding field with mine and theirs, who changed it when),
// and when the write applies instead.

import { describe, expect, it } from 'vitest';
import type { FieldWrite } from '@field/domain';
import { MESSAGES } from '@field/domain';
import { deleteConflict, updateConflict } from './conflict-answers.js';
import type { ApiRecord } from './repository.js';

const SEEN = '2026-03-01T08:00:00.000Z';
const current: ApiRecord = {
  id: 'call-1',
  createdAt: '2026-03-01T07:00:00.000Z',
  updatedAt: '2026-03-01T09:30:00.000Z',
  deletedAt: null,
  Notes: 'called back, no answer',
  Voicemail: true,
};
const bob: FieldWrite = {
  at: '2026-03-01T09:00:00.000Z',
  userId: 'bob',
  userName: 'Bob Field',
  fields: ['Notes'],
};
const cat: FieldWrite = {
  at: '2026-03-01T09:30:00.000Z',
  userId: 'cat',
  userName: 'Cat Field',
  fields: ['Notes', 'Voicemail'],
};

describe('updateConflict', () => {
  it('answers the field others changed since my base, with mine, theirs and the last author', () => {
    const answer = updateConflict(
      current,
      'phoneCalls',
      { Notes: 'left a message' },
      { updatedAt: SEEN, fields: { Notes: 'first try' } },
      [bob, cat],
    );
    expect(answer).toEqual({
      error: MESSAGES.recordChangedByOthers,
      conflict: {
        operation: 'update',
        kind: 'phoneCalls',
        id: 'call-1',
        current,
        fields: [
          {
            field: 'Notes',
            base: 'first try',
            mine: 'left a message',
            theirs: 'called back, no answer',
            changedBy: { id: 'cat', name: 'Cat Field' },
            changedAt: cat.at,
          },
        ],
      },
    });
  });

  it('lets an update through when others changed other fields (a merge) or the base is current', () => {
    expect(
      updateConflict(current, 'phoneCalls', { Name: 'Ann' }, { updatedAt: SEEN }, [bob]),
    ).toBeUndefined();
    expect(
      updateConflict(current, 'phoneCalls', { Notes: 'x' }, { updatedAt: current.updatedAt }, [
        bob,
      ]),
    ).toBeUndefined();
  });
});

describe('deleteConflict', () => {
  it('shows every field others changed with their value and who changed it last', () => {
    const answer = deleteConflict(current, 'phoneCalls', { updatedAt: SEEN }, [bob, cat]);
    expect(answer).toEqual({
      error: MESSAGES.recordChangedByOthers,
      conflict: {
        operation: 'delete',
        kind: 'phoneCalls',
        id: 'call-1',
        current,
        fields: [
          {
            field: 'Notes',
            mine: null,
            theirs: 'called back, no answer',
            changedBy: { id: 'cat', name: 'Cat Field' },
            changedAt: cat.at,
          },
          {
            field: 'Voicemail',
            mine: null,
            theirs: true,
            changedBy: { id: 'cat', name: 'Cat Field' },
            changedAt: cat.at,
          },
        ],
        changedBy: { id: 'cat', name: 'Cat Field' },
        changedAt: cat.at,
      },
    });
  });

  it('lets a delete through when nobody else wrote since the base, or the base is current', () => {
    expect(deleteConflict(current, 'phoneCalls', { updatedAt: SEEN }, [])).toBeUndefined();
    expect(
      deleteConflict(current, 'phoneCalls', { updatedAt: current.updatedAt }, [bob]),
    ).toBeUndefined();
  });
});
