// @vitest-environment node
// What a walk form submits and when it makes a PDF, decided without a server or a screen.

import { describe, expect, it } from 'vitest';
import type { Signature, WalkFormDef } from '@field/domain';
import { checklistLines, walkFormOf } from '@field/domain';
import type { FieldRecord } from '../../data/records';
import type { WalkFormState } from './walk-form-state';
import {
  hasProblems,
  initialState,
  makesPdf,
  raisedLines,
  walkProblems,
  walkSubmission,
  withAnswer,
  withRaisedItem,
} from './walk-form-state';

function form(segment: string): WalkFormDef {
  const def = walkFormOf(segment);
  if (def === undefined) throw new Error(`no form ${segment}`);
  return def;
}

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const sign = (role: Signature['role'], name: string): Signature => ({
  role,
  name,
  signedAt: '2026-11-23T10:05:00.000Z',
  image: PNG,
});

const fresh = (): WalkFormState => ({
  ...initialState('walk-1', undefined),
  date: '2026-11-23T10:00:00.000Z',
});

describe('a walk form', () => {
  it('opens a stored walk as it was saved, reading older true / false answers', () => {
    const stored: FieldRecord = {
      id: 'walk-9',
      date: '2026-11-01T09:00:00.000Z',
      notes: 'Gate left open',
      checklist: { 'sod-installed': true, 'irrigation-tested': { result: 'na' }, junk: 3 },
      customerServiceStaff: ['emp-7'],
      signatures: [sign('buyer', 'Pat Buyer')],
    };
    const state = initialState('walk-9', stored);
    expect(state.checklist).toEqual({
      'sod-installed': { result: 'pass' },
      'irrigation-tested': { result: 'na' },
    });
    expect(state.customerServiceStaff).toBe('emp-7');
    expect(state.buyerName).toBe('Pat Buyer');
  });

  it('raises a punch item of the form’s item walk type from a failed line', () => {
    const def = form('pre-drywall');
    const [line] = checklistLines(def);
    if (line === undefined) throw new Error('no line');
    const state = withRaisedItem(withAnswer(fresh(), line.id, { result: 'fail' }), def, line, 'k1');
    expect(state.items).toEqual([
      {
        key: 'k1',
        line: line.id,
        Walk: 'frame-punch',
        Category: line.category,
        Location: line.location,
        Name: line.label,
      },
    ]);
    expect(raisedLines(state)).toEqual(new Set([line.id]));
    expect(withAnswer(state, line.id, undefined).checklist).toEqual({});
  });

  it('submits the walk, its raised items without their form keys, and no staff on other forms', () => {
    const def = form('final-punch');
    const [line] = checklistLines(def);
    if (line === undefined) throw new Error('no line');
    const state = { ...withRaisedItem(fresh(), def, line, 'k1'), customerServiceStaff: 'emp-7' };
    const submission = walkSubmission(def, 'h1', state, 'emp-1', undefined);
    expect(submission.values).toEqual({
      date: state.date,
      user: 'emp-1',
      notes: '',
      checklist: {},
    });
    expect(submission.items).toEqual([
      { Walk: 'final-punch', Category: line.category, Location: line.location, Name: line.label },
    ]);
  });

  it('sends the customer service staff member on the welcome-home orientation, and requires one', () => {
    const def = form('welcome-home-orientation');
    expect(walkProblems(def, fresh(), 'emp-1').missing).toEqual(['customerServiceStaff']);
    const state = { ...fresh(), customerServiceStaff: 'emp-7' };
    expect(hasProblems(walkProblems(def, state, 'emp-1'))).toBe(false);
    expect(walkSubmission(def, 'h1', state, 'emp-1', undefined).values.customerServiceStaff).toBe(
      'emp-7',
    );
  });

  it('holds back a closing walk the buyer signed without a name', () => {
    const def = form('new-home-presentation');
    const signed = { ...fresh(), signatures: [sign('buyer', '')] };
    expect(walkProblems(def, signed, 'emp-1').buyerNameMissing).toBe(true);
    expect(walkProblems(def, { ...signed, buyerName: 'Pat' }, 'emp-1').buyerNameMissing).toBe(
      false,
    );
  });

  it('makes the PDF once both have signed, again when a signature changed or none was made', () => {
    const def = form('final-punch');
    const both = { ...fresh(), signatures: [sign('buyer', 'Pat'), sign('staff', 'Sam')] };
    const withPdf: FieldRecord = { id: 'walk-1', pdfUrl: '/api/files/walkPdfs/walk-1/f1' };
    const without: FieldRecord = { id: 'walk-1', pdfUrl: '' };
    expect(makesPdf(def, both, false, without)).toBe(true);
    expect(makesPdf(def, both, false, withPdf)).toBe(false);
    expect(makesPdf(def, both, true, withPdf)).toBe(true);
    expect(makesPdf(def, { ...both, signatures: [sign('buyer', 'Pat')] }, true, without)).toBe(
      false,
    );
    expect(makesPdf(form('landscape'), both, true, without)).toBe(false);
    expect(walkSubmission(form('landscape'), 'h1', both, 'e', undefined).values.signatures).toBe(
      undefined,
    );
  });
});
