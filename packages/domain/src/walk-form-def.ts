// What a walk form is (its checklist, scope, item walk type, required fields, sign-off) and
// the rules that read one form; the forms themselves are the table in walk-forms.ts.

import type { ChecklistAnswer } from './entities.js';
import { checklistAnswerSchema } from './entities.js';
import { RESOURCE_DEFS } from './resources.js';
import type { ScopeName } from './scopes.js';
import type { ClosingType, WalkKind, WalkType } from './walks.js';

/** One checklist line: what is checked, and where a punch item raised from it goes. */
export interface ChecklistLine {
  /** Stable key of the line in a walk's `checklist` (a slug of the label). */
  readonly id: string;
  readonly label: string;
  /** Category and location a punch item raised from this line starts with. */
  readonly category: string;
  readonly location: string;
}

export interface ChecklistSection {
  readonly title: string;
  readonly lines: readonly ChecklistLine[];
}

/** A field of a walk form that a walk may not be saved without. */
export type WalkFormField = 'date' | 'user' | 'customerServiceStaff';

export interface WalkFormDef {
  /** `/walks/{segment}`. */
  readonly segment: string;
  readonly kind: WalkKind;
  /** For `closing` walks: the `type` they carry (docs/entities.md, closing walk). */
  readonly closingType?: ClosingType;
  /** Guards reading the form and writing its walks (read and write flags). */
  readonly scope: ScopeName;
  /** The walk type of punch items raised on this form. */
  readonly itemWalk: WalkType;
  readonly sections: readonly ChecklistSection[];
  readonly required: readonly WalkFormField[];
  /** Fields beyond date, user, notes and the checklist (picked from the home's staff). */
  readonly extraFields: readonly 'customerServiceStaff'[];
  /** Closing walks end with the buyer's and the staff member's signatures and a PDF. */
  readonly signOff: boolean;
  /** Shown to customers in presentation mode (the customer-facing walks). */
  readonly presentation: boolean;
}

/** An answer as the form shows it, whatever shape it was stored in. */
export function readChecklistAnswer(value: unknown): ChecklistAnswer | undefined {
  if (value === true) return { result: 'pass' };
  if (value === false) return { result: 'fail' };
  const parsed = checklistAnswerSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

function slug(label: string): string {
  return label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function section(
  title: string,
  category: string,
  location: string,
  labels: readonly string[],
): ChecklistSection {
  return { title, lines: labels.map((label) => ({ id: slug(label), label, category, location })) };
}

/** The scope of a walk kind's records (resources.ts): one table says it. */
export function kindScope(kind: Exclude<WalkKind, 'closing'>): ScopeName {
  const [scope] = RESOURCE_DEFS[kind].read;
  if (scope === undefined) throw new Error(`No read scope for ${kind}`);
  return scope;
}

export const BASE_REQUIRED = ['date', 'user'] as const satisfies readonly WalkFormField[];

export function form(
  def: Omit<WalkFormDef, 'required' | 'extraFields' | 'signOff' | 'presentation'> &
    Partial<Pick<WalkFormDef, 'required' | 'extraFields' | 'presentation'>>,
): WalkFormDef {
  return {
    required: BASE_REQUIRED,
    extraFields: [],
    presentation: false,
    ...def,
    signOff: def.kind === 'closing',
  };
}

/** Every line of a form, in order. */
export function checklistLines(def: WalkFormDef): ChecklistLine[] {
  return def.sections.flatMap((s) => s.lines);
}

/** What a form's values must hold before the walk is saved. */
export interface WalkFormValues {
  date?: string | null;
  user?: string | null;
  customerServiceStaff?: string | readonly string[] | null;
}

function present(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return value !== undefined && value !== null && value !== '';
}

/** The required fields of the form that the values leave empty, in the form's order. */
export function missingWalkFields(def: WalkFormDef, values: WalkFormValues): WalkFormField[] {
  return def.required.filter((field) => !present(values[field]));
}
