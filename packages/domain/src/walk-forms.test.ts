import { describe, expect, it } from 'vitest';
import { closingWalkInputSchema, walkFormInputSchema } from './entities.js';
import { findRoute } from './navigation.js';
import { checklistLines, missingWalkFields, readChecklistAnswer } from './walk-form-def.js';
import { WALK_FORM_DEFS } from './walk-forms.js';
import { ITEM_HOST_KINDS, itemHostForm, walkFormOf, walkFormOfRecord } from './walk-form-lookup.js';
import { WALK_TYPES } from './walks.js';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('the walk forms', () => {
  it('are the eight routes under /walks/, each guarded by its own scope', () => {
    expect(WALK_FORM_DEFS.map((def) => `/walks/${def.segment}`)).toEqual([
      '/walks/home-start',
      '/walks/pre-drywall',
      '/walks/manager-walks',
      '/walks/final-punch',
      '/walks/new-home-presentation',
      '/walks/landscape',
      '/walks/welcome-home-orientation',
      '/walks/post-close',
    ]);
    for (const def of WALK_FORM_DEFS) {
      expect(findRoute(`/walks/${def.segment}`)?.readScope).toBe(def.scope);
    }
  });

  it('find the form of a stored walk by its kind and closing type', () => {
    expect(walkFormOfRecord('closing', 'who')?.segment).toBe('welcome-home-orientation');
    expect(walkFormOfRecord('preDrywall', undefined)?.segment).toBe('pre-drywall');
    expect(walkFormOfRecord('closing', 'nope')).toBeUndefined();
  });

  it('hang items on a walk that raises items of their type: pre-drywall, or their own closing walk', () => {
    for (const type of WALK_TYPES) {
      const host = itemHostForm(type);
      expect(host.itemWalk).toBe(type);
      // A closing walk of the item's own type: the walk mayAttachItemToWalk lets a user
      // who cannot read walk forms (customer service) file the item on.
      if (host.kind === 'closing') expect(host.closingType).toBe(type);
    }
    expect(itemHostForm('frame-punch').segment).toBe('pre-drywall');
    expect(ITEM_HOST_KINDS).toEqual(['preDrywall', 'closing']);
  });

  it('give every checklist line a key of its own within its form', () => {
    for (const def of WALK_FORM_DEFS) {
      const ids = checklistLines(def).map((line) => line.id);
      expect(ids.length).toBeGreaterThan(0);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(id).toMatch(/^[a-z0-9-]+$/);
    }
  });

  it('require the customer service staff member only on the welcome-home orientation', () => {
    const who = walkFormOf('welcome-home-orientation');
    const finalPunch = walkFormOf('final-punch');
    if (who === undefined || finalPunch === undefined) throw new Error('forms missing');
    const values = { date: '2026-11-23T10:00:00.000Z', user: 'emp-1' };
    expect(missingWalkFields(who, values)).toEqual(['customerServiceStaff']);
    expect(missingWalkFields(who, { ...values, customerServiceStaff: [] })).toEqual([
      'customerServiceStaff',
    ]);
    expect(missingWalkFields(who, { ...values, customerServiceStaff: 'emp-7' })).toEqual([]);
    expect(missingWalkFields(finalPunch, values)).toEqual([]);
    expect(missingWalkFields(finalPunch, { user: '' })).toEqual(['date', 'user']);
  });

  it('read answers stored as true / false by older walks as pass / fail', () => {
    expect(readChecklistAnswer(true)).toEqual({ result: 'pass' });
    expect(readChecklistAnswer(false)).toEqual({ result: 'fail' });
    expect(readChecklistAnswer({ result: 'na', note: 'No fence on this lot' })).toEqual({
      result: 'na',
      note: 'No fence on this lot',
    });
    expect(readChecklistAnswer({ result: 'maybe' })).toBeUndefined();
    expect(readChecklistAnswer(null)).toBeUndefined();
  });

  it('let a walk carry answers, and a closing walk its signatures, but nothing malformed', () => {
    expect(
      walkFormInputSchema.safeParse({
        HomeRID: 'h1',
        checklist: { 'lot-staked-and-pinned': { result: 'fail', note: 'North pin missing' } },
      }).success,
    ).toBe(true);
    const closing = {
      date: '2026-11-23T10:00:00.000Z',
      selectedHome: 'h1',
      user: 'emp-1',
      type: 'final-punch',
      signatures: [
        { role: 'buyer', name: 'Pat Buyer', signedAt: '2026-11-23T10:05:00.000Z', image: PNG },
      ],
    };
    expect(closingWalkInputSchema.safeParse(closing).success).toBe(true);
    const notAnImage = [{ ...closing.signatures[0], image: 'javascript:alert(1)' }];
    expect(closingWalkInputSchema.safeParse({ ...closing, signatures: notAnImage }).success).toBe(
      false,
    );
    const badResult = { 'lot-staked-and-pinned': { result: 'maybe' } };
    expect(walkFormInputSchema.safeParse({ HomeRID: 'h1', checklist: badResult }).success).toBe(
      false,
    );
  });
});
