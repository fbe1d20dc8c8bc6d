import { describe, expect, it } from 'vitest';
import type { ConflictDetails, FieldWrite } from './conflicts.js';
import {
  changedFields,
  conflictOf,
  conflictingFields,
  deleteBase,
  deleteConflicts,
  resolutionWrite,
  splitWriteBase,
  updateBase,
  withBase,
} from './conflicts.js';

const T0 = '2026-11-20T10:00:00.000Z';
const T1 = '2026-11-20T11:00:00.000Z';
const T2 = '2026-11-20T12:00:00.000Z';

const byAnn: FieldWrite = { at: T1, userId: 'u-ann', userName: 'Ann Lee', fields: ['Notes'] };
const byBob: FieldWrite = { at: T2, userId: 'u-bob', userName: 'Bob Ray', fields: ['Notes'] };

describe('conflicting fields of an update', () => {
  const current = { id: 'c1', Notes: 'theirs', Voicemail: false, updatedAt: T2 };

  it('finds none when the base is current', () => {
    const base = { updatedAt: T2, fields: { Notes: 'old' } };
    expect(conflictingFields({ Notes: 'mine' }, base, current, [])).toEqual([]);
  });

  it('names a field someone else changed since my base, with the last one who did and when', () => {
    const base = { updatedAt: T0, fields: { Notes: 'old' } };
    expect(conflictingFields({ Notes: 'mine' }, base, current, [byAnn, byBob])).toEqual([
      {
        field: 'Notes',
        base: 'old',
        mine: 'mine',
        theirs: 'theirs',
        changedBy: { id: 'u-bob', name: 'Bob Ray' },
        changedAt: T2,
      },
    ]);
  });

  it('merges fields nobody else changed, and a change both made alike', () => {
    const base = { updatedAt: T0, fields: { Voicemail: false, Notes: 'old' } };
    expect(conflictingFields({ Voicemail: true }, base, current, [byAnn])).toEqual([]);
    expect(conflictingFields({ Notes: 'theirs' }, base, current, [byAnn])).toEqual([]);
  });

  it('without a base value, a field conflicts when the history shows others changed it', () => {
    const base = { updatedAt: T0 };
    expect(conflictingFields({ Voicemail: true }, base, current, [byAnn])).toEqual([]);
    expect(conflictingFields({ Notes: 'mine' }, base, current, [byAnn])).toHaveLength(1);
  });

  it('treats an unset base value and a missing field as the same', () => {
    const base = { updatedAt: T0, fields: { Photo: null } };
    expect(conflictingFields({ Photo: 'a.jpg' }, base, current, [])).toEqual([]);
  });
});

describe('a delete', () => {
  it('conflicts only when someone else wrote the record after my base', () => {
    expect(deleteConflicts({ updatedAt: T0 }, T2, [byAnn])).toBe(true);
    expect(deleteConflicts({ updatedAt: T0 }, T2, [])).toBe(false);
    expect(deleteConflicts({ updatedAt: T2 }, T2, [byAnn])).toBe(false);
  });
});

describe('a resolution write', () => {
  const conflict: ConflictDetails = {
    operation: 'update',
    kind: 'walkItems',
    id: 'i1',
    current: { id: 'i1', Name: 'Theirs', Location: 'Hall', Notes: 'n', updatedAt: T2 },
    fields: [
      { field: 'Name', mine: 'Mine', theirs: 'Theirs' },
      { field: 'Location', mine: 'Kitchen', theirs: 'Hall' },
    ],
  };
  const mine = { Name: 'Mine', Location: 'Kitchen', Notes: 'mine too' };

  it('keeps mine: every field of mine, based on the current record', () => {
    expect(resolutionWrite(mine, conflict, () => 'mine')).toEqual({
      changes: mine,
      base: { updatedAt: T2, fields: { Name: 'Theirs', Location: 'Hall', Notes: 'n' } },
    });
  });

  it('takes theirs: only my fields that did not conflict', () => {
    expect(resolutionWrite(mine, conflict, () => 'theirs')?.changes).toEqual({
      Notes: 'mine too',
    });
    expect(resolutionWrite({ Name: 'Mine' }, conflict, () => 'theirs')).toBeUndefined();
  });

  it('picks per field', () => {
    const choose = (field: string) => (field === 'Name' ? 'mine' : 'theirs');
    expect(resolutionWrite(mine, conflict, choose)?.changes).toEqual({
      Name: 'Mine',
      Notes: 'mine too',
    });
  });
});

describe('the base on the wire', () => {
  it('is split off a body; a body without one is left as it is', () => {
    expect(splitWriteBase({ Notes: 'x', base: { updatedAt: T0, fields: { Notes: 'o' } } })).toEqual(
      { body: { Notes: 'x' }, base: { updatedAt: T0, fields: { Notes: 'o' } }, invalid: false },
    );
    expect(splitWriteBase({ Notes: 'x' })).toEqual({
      body: { Notes: 'x' },
      base: undefined,
      invalid: false,
    });
    expect(splitWriteBase({ base: { updatedAt: 3 } }).invalid).toBe(true);
  });

  it('is made from the record as the user saw it, for the changed fields', () => {
    expect(updateBase({ updatedAt: T0, Notes: 'o' }, { Notes: 'n', Photo: 'p' })).toEqual({
      updatedAt: T0,
      fields: { Notes: 'o', Photo: null },
    });
    expect(updateBase({}, { Notes: 'n' })).toBeUndefined();
  });

  it('of a delete is the version the user saw; a record without one sends none', () => {
    expect({ id: 'x', ...withBase(deleteBase({ updatedAt: T0, Notes: 'o' })) }).toEqual({
      id: 'x',
      base: { updatedAt: T0 },
    });
    expect({ id: 'x', ...withBase(deleteBase({ Notes: 'o' })) }).toEqual({ id: 'x' });
  });

  it('reads a conflict answer, and nothing else, as a conflict', () => {
    expect(conflictOf({ error: 'Record already exists' })).toBeUndefined();
    expect(
      conflictOf({
        error: 'x',
        conflict: { operation: 'delete', kind: 'k', id: 'i', current: {}, fields: [] },
      })?.conflict.operation,
    ).toBe('delete');
  });
});

describe('changed fields of a history entry', () => {
  it('lists fields whose values differ, ignoring the server times', () => {
    expect(
      changedFields(
        { Notes: 'a', Tags: ['x'], updatedAt: T0 },
        { Notes: 'b', Tags: ['x'], New: 1, updatedAt: T1 },
      ),
    ).toEqual(['New', 'Notes']);
    expect(changedFields(null, { Notes: 'a' })).toEqual(['Notes']);
  });
});

describe('fields sent but not changed', () => {
  it('neither conflict nor overwrite: a stale write applies only what the user changed', async () => {
    const { ownChanges } = await import('./conflicts.js');
    const base = { updatedAt: T0, fields: { Notes: 'old', Voicemail: false } };
    const current = { Notes: 'theirs', Voicemail: false, updatedAt: T2 };
    const sent = { Notes: 'old', Voicemail: true };
    expect(conflictingFields(sent, base, current, [byAnn])).toEqual([]);
    expect(ownChanges(sent, base)).toEqual({ Voicemail: true });
  });
});
