// What a walk form holds and decides, apart from how it is drawn: the state a stored walk
// (or none) opens with, the changes the user makes to it, what keeps it from being
// submitted, what a submit queues and whether it makes the closing walk's PDF. Pure, so
// tests need no server.

import type {
  ChecklistAnswer,
  ChecklistLine,
  Signature,
  WalkFormDef,
  WalkFormField,
} from '@field/domain';
import {
  STAFF_TYPES,
  amendmentNumberOf,
  amendsOf,
  missingWalkFields,
  readChecklistAnswer,
  signatureSchema,
  z,
} from '@field/domain';
import type { ActiveHome } from '../../data/homes';
import type { NewPunchItem, PhotoRef, PunchItem } from '../../data/punch-items';
import { photosOf } from '../../data/punch-items';
import type { FieldRecord } from '../../data/records';
import { textOf } from '../../data/records';
import type { ChosenPhoto, SaveWalkInput } from '../../data/walks';
import { signedByBoth } from './sign-off';

/** A punch item raised in this form, sent after the walk. */
export interface RaisedItem extends NewPunchItem {
  key: string;
  /** The checklist line it came from. */
  line?: string;
}

/** What the form holds: the draft's data. */
export type WalkFormState = {
  walkId: string;
  date: string;
  notes: string;
  checklist: Record<string, ChecklistAnswer>;
  customerServiceStaff: string;
  keptPhotos: PhotoRef[];
  newPhotos: ChosenPhoto[];
  items: RaisedItem[];
  buyerName: string;
  signatures: Signature[];
  /** An amendment's signed walk and its number (docs/decisions.md, Amending a signed walk). */
  amends?: string;
  amendment?: number;
};

function answersOf(value: unknown): Record<string, ChecklistAnswer> {
  const answers: Record<string, ChecklistAnswer> = {};
  if (typeof value !== 'object' || value === null) return answers;
  for (const [line, stored] of Object.entries(value)) {
    const answer = readChecklistAnswer(stored);
    if (answer !== undefined) answers[line] = answer;
  }
  return answers;
}

function signaturesOf(value: unknown): Signature[] {
  const parsed = z.array(signatureSchema).safeParse(value);
  return parsed.success ? parsed.data : [];
}

/** The form of a stored walk as it was saved, or of a new walk dated now. */
export function initialState(walkId: string, walk: FieldRecord | undefined): WalkFormState {
  const staff = walk?.['customerServiceStaff'];
  const signatures = signaturesOf(walk?.['signatures']);
  return {
    walkId,
    date: walk === undefined ? new Date().toISOString() : textOf(walk, 'date'),
    notes: walk === undefined ? '' : textOf(walk, 'notes'),
    checklist: answersOf(walk?.['checklist']),
    customerServiceStaff: Array.isArray(staff)
      ? String(staff[0] ?? '')
      : typeof staff === 'string'
        ? staff
        : '',
    keptPhotos: photosOf(walk?.['uploadedFiles']),
    newPhotos: [],
    items: [],
    buyerName: signatures.find((s) => s.role === 'buyer')?.name ?? '',
    signatures,
    ...amendmentOf(walk),
  };
}

/** The amendment fields of a stored walk: none for a walk that amends none. */
function amendmentOf(walk: FieldRecord | undefined): Pick<WalkFormState, 'amends' | 'amendment'> {
  const amends = walk === undefined ? undefined : amendsOf(walk);
  return walk === undefined || amends === undefined
    ? {}
    : { amends, amendment: amendmentNumberOf(walk) };
}

/**
 * The form of a new amendment of the signed walk `amended`: its answers, notes and photos,
 * to be changed, dated now and unsigned, so it is signed again (docs/decisions.md,
 * Amending a signed walk). The buyer's name stays to save typing it again.
 */
export function amendmentState(walkId: string, amended: FieldRecord): WalkFormState {
  return {
    ...initialState(walkId, amended),
    date: new Date().toISOString(),
    signatures: [],
    amends: amended.id,
    amendment: amendmentNumberOf(amended) + 1,
  };
}

/** The home's staff, for the customer service pick: customer service lists first. */
export function homeStaff(home: ActiveHome): string[] {
  const order = ['Initial CS Staff', 'Year End Staff', ...STAFF_TYPES] as const;
  const ids: string[] = [];
  for (const type of order) {
    const list = type === 'Offline Homes' ? [] : (home[type] ?? []);
    for (const id of list) if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** A line answered, or its answer taken back (undefined). */
export function withAnswer(
  state: WalkFormState,
  line: string,
  answer: ChecklistAnswer | undefined,
): WalkFormState {
  const checklist = { ...state.checklist };
  if (answer === undefined) delete checklist[line];
  else checklist[line] = answer;
  return { ...state, checklist };
}

/** A punch item raised from a line: the form's item walk type, the line's place and words. */
export function withRaisedItem(
  state: WalkFormState,
  def: WalkFormDef,
  line: ChecklistLine,
  key: string,
): WalkFormState {
  const item: RaisedItem = {
    key,
    line: line.id,
    Walk: def.itemWalk,
    Category: line.category,
    Location: line.location,
    Name: line.label,
  };
  return { ...state, items: [...state.items, item] };
}

/** The lines a punch item has been raised from in this form. */
export function raisedLines(state: WalkFormState): Set<string> {
  return new Set(state.items.flatMap((item) => (item.line === undefined ? [] : [item.line])));
}

/** What keeps the walk from being submitted: its empty required fields, a signer unnamed. */
export interface WalkProblems {
  missing: WalkFormField[];
  /** The buyer signed a closing walk without giving their name. */
  buyerNameMissing: boolean;
}

export function walkProblems(def: WalkFormDef, state: WalkFormState, walker: string): WalkProblems {
  const buyerSigned = state.signatures.some((s) => s.role === 'buyer');
  return {
    missing: missingWalkFields(def, {
      date: state.date,
      user: walker,
      customerServiceStaff: state.customerServiceStaff,
    }),
    buyerNameMissing: def.signOff && buyerSigned && state.buyerName.trim() === '',
  };
}

export function hasProblems(problems: WalkProblems): boolean {
  return problems.missing.length > 0 || problems.buyerNameMissing;
}

/**
 * What a submit queues: the walk's fields (the customer service staff member only on a
 * form that asks for one, signatures only on a closing walk that has some), its photos and
 * the items raised on it.
 */
export function walkSubmission(
  def: WalkFormDef,
  homeId: string,
  state: WalkFormState,
  walker: string,
  existing: FieldRecord | undefined,
): SaveWalkInput {
  return {
    def,
    homeId,
    walkId: state.walkId,
    existing,
    values: {
      date: state.date,
      user: walker,
      notes: state.notes,
      checklist: state.checklist,
      ...(def.extraFields.includes('customerServiceStaff')
        ? { customerServiceStaff: state.customerServiceStaff }
        : {}),
      ...(def.signOff && state.signatures.length > 0 ? { signatures: state.signatures } : {}),
      ...(state.amends === undefined
        ? {}
        : { amends: state.amends, amendment: state.amendment ?? 1 }),
    },
    keptPhotos: state.keptPhotos,
    newPhotos: state.newPhotos,
    items: state.items.map(({ Walk, Category, Location, Name }) => ({
      Walk,
      Category,
      Location,
      Name,
    })),
  };
}

/**
 * Whether the submit makes the walk's PDF: a closing walk signed by both, whose signatures
 * changed in this form or that has no PDF yet (one that failed before is tried again).
 */
export function makesPdf(
  def: WalkFormDef,
  state: WalkFormState,
  signaturesChanged: boolean,
  saved: FieldRecord,
): boolean {
  return (
    def.signOff &&
    signedByBoth(state.signatures) &&
    (signaturesChanged || textOf(saved, 'pdfUrl') === '')
  );
}

/** The PDF's items: those already on the walk, then those raised now (still outstanding). */
export function pdfItems(
  onWalk: readonly PunchItem[],
  state: WalkFormState,
): Pick<PunchItem, 'Name' | 'Category' | 'Location' | 'Status' | 'Photos'>[] {
  return [
    ...onWalk,
    ...state.items.map((item) => ({ ...item, Status: 'Outstanding', Photos: [] })),
  ];
}
