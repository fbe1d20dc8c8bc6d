// Finding a form in the walk-form table: by route segment, by stored walk, and the form
// whose walk hosts an item type (ITEM_HOST_FORM). Apart from the table, so the table is
// nothing but entries.

import type { WalkFormDef } from './walk-form-def.js';
import { ITEM_HOST_FORM, WALK_FORM_DEFS } from './walk-forms.js';
import type { WalkKind, WalkType } from './walks.js';
import { WALK_TYPES } from './walks.js';

/** The form of a `/walks/{segment}` route. */
export function walkFormOf(segment: string): WalkFormDef | undefined {
  return WALK_FORM_DEFS.find((def) => def.segment === segment);
}

/** Whether a stored walk of the form's kind with this `type` is one of the form's walks. */
export function isWalkOfForm(def: WalkFormDef, type: unknown): boolean {
  return def.kind !== 'closing' || def.closingType === type;
}

/** The form a walk record belongs to (by kind, and by `type` for closing walks). */
export function walkFormOfRecord(kind: WalkKind, type: unknown): WalkFormDef | undefined {
  return WALK_FORM_DEFS.find((def) => def.kind === kind && isWalkOfForm(def, type));
}

/** The form whose walk items of this type hang on when they name only their home. */
export function itemHostForm(type: WalkType): WalkFormDef {
  const def = walkFormOf(ITEM_HOST_FORM[type]);
  // The table is typed by segment, so only a form taken out of WALK_FORM_DEFS gets here.
  if (def === undefined) throw new Error(`No walk form ${ITEM_HOST_FORM[type]}`);
  return def;
}

/** The walk kinds that host items, each once (the lists the items screen loads). */
export const ITEM_HOST_KINDS: readonly WalkKind[] = [
  ...new Set(WALK_TYPES.map((type) => itemHostForm(type).kind)),
];
