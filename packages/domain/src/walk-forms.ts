// The eight walk forms as data (issue 10): for each, its route segment, the record kind
// it writes (and the closing type), the scope that guards reading and writing it, its
// checklist, the walk type of the punch items a failed line raises, the fields it
// requires and what a customer may see. The menu, the routes, the walk-form screen, the
// PDF and the demo seed all read this table; a ninth form is one more entry.

import type { ChecklistAnswer } from './entities.js';
import { checklistAnswerSchema } from './entities.js';
import { CLOSING_TYPE_SCOPE, RESOURCE_DEFS } from './resources.js';
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
  /** For `closing` walks: the `type` they carry (spec-clarifications, walk kinds). */
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

function section(
  title: string,
  category: string,
  location: string,
  labels: readonly string[],
): ChecklistSection {
  return { title, lines: labels.map((label) => ({ id: slug(label), label, category, location })) };
}

/** The scope of a walk kind's records (resources.ts): one table says it. */
function kindScope(kind: Exclude<WalkKind, 'closing'>): ScopeName {
  const [scope] = RESOURCE_DEFS[kind].read;
  if (scope === undefined) throw new Error(`No read scope for ${kind}`);
  return scope;
}

const BASE_REQUIRED = ['date', 'user'] as const satisfies readonly WalkFormField[];

function form(
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

const FINAL_PUNCH_SECTIONS: readonly ChecklistSection[] = [
  section('Interior', 'Paint', 'Great Room', [
    'Paint and touch-up complete',
    'Drywall free of dings and nail pops',
    'Trim and doors installed and caulked',
  ]),
  section('Kitchen and baths', 'Cabinets', 'Kitchen', [
    'Cabinets and hardware aligned',
    'Countertops clean and undamaged',
    'Appliances installed and working',
    'Fixtures run without leaks',
  ]),
  section('Systems', 'Electrical', 'Utility Room', [
    'Every outlet and switch works',
    'HVAC heats and cools',
    'Water heater set and labelled',
  ]),
  section('Exterior', 'Exterior', 'Front Elevation', [
    'Siding and trim complete',
    'Grade drains away from the house',
    'Driveway and walks clean',
  ]),
];

/** The forms, in menu order (section 2). */
export const WALK_FORM_DEFS = [
  form({
    segment: 'home-start',
    kind: 'homeStart',
    scope: kindScope('homeStart'),
    itemWalk: 'frame-punch',
    sections: [
      section('Site', 'Site', 'Lot', [
        'Lot staked and pinned',
        'Permit posted on site',
        'Utilities located',
        'Erosion control installed',
        'Dumpster and toilet on site',
      ]),
      section('Plans', 'Foundation', 'Lot', ['Plot plan reviewed with excavator']),
    ],
  }),
  form({
    segment: 'pre-drywall',
    kind: 'preDrywall',
    scope: kindScope('preDrywall'),
    itemWalk: 'frame-punch',
    sections: [
      section('Structure', 'Framing', 'Great Room', [
        'Framing complete and inspected',
        'Blocking for bath accessories',
        'Windows flashed and sealed',
      ]),
      section('Rough-ins', 'Electrical', 'Utility Room', [
        'Electrical rough inspected',
        'Plumbing rough inspected',
        'HVAC rough inspected',
      ]),
      section('Envelope', 'Insulation', 'Attic', ['Insulation installed']),
    ],
  }),
  form({
    segment: 'manager-walks',
    kind: 'managerWalk',
    scope: kindScope('managerWalk'),
    itemWalk: 'frame-punch',
    sections: [
      section('Site', 'Site', 'Lot', [
        'Site clean and safe',
        'Materials protected from weather',
        'Neighbors and street clear of debris',
      ]),
      section('Progress', 'Schedule', 'Lot', ['Schedule on track', 'Quality standards met']),
    ],
  }),
  form({
    segment: 'final-punch',
    kind: 'closing',
    closingType: 'final-punch',
    scope: CLOSING_TYPE_SCOPE['final-punch'],
    itemWalk: 'final-punch',
    sections: FINAL_PUNCH_SECTIONS,
  }),
  form({
    segment: 'new-home-presentation',
    kind: 'closing',
    closingType: 'nhp',
    scope: CLOSING_TYPE_SCOPE.nhp,
    itemWalk: 'nhp',
    presentation: true,
    sections: [
      section('Welcome', 'General', 'Great Room', [
        'Home toured with the buyer',
        'Keys, openers and codes handed over',
      ]),
      section('Systems shown', 'Mechanical', 'Utility Room', [
        'Main water shut-off shown',
        'Electrical panel shown',
        'Furnace filter and thermostat explained',
      ]),
      section('Care', 'General', 'Kitchen', [
        'Warranty and service requests explained',
        'Appliance manuals left in the kitchen',
      ]),
    ],
  }),
  form({
    segment: 'landscape',
    kind: 'landscape',
    scope: kindScope('landscape'),
    itemWalk: 'final-punch',
    sections: [
      section('Grade', 'Landscape', 'Back Yard', [
        'Final grade approved',
        'Downspouts drain away from foundation',
      ]),
      section('Planting', 'Landscape', 'Front Elevation', [
        'Irrigation tested',
        'Sod installed',
        'Trees and shrubs planted',
        'Rock beds and edging',
      ]),
    ],
  }),
  form({
    segment: 'welcome-home-orientation',
    kind: 'closing',
    closingType: 'who',
    scope: CLOSING_TYPE_SCOPE.who,
    itemWalk: 'who',
    presentation: true,
    required: [...BASE_REQUIRED, 'customerServiceStaff'],
    extraFields: ['customerServiceStaff'],
    sections: [
      section('Introductions', 'General', 'Great Room', [
        'Customer service contact introduced',
        'Service request steps explained',
      ]),
      section('First weeks', 'General', 'Kitchen', [
        'Settling cracks and nail pops explained',
        'Landscape watering schedule given',
      ]),
    ],
  }),
  form({
    segment: 'post-close',
    kind: 'closing',
    closingType: 'post-close',
    scope: CLOSING_TYPE_SCOPE['post-close'],
    itemWalk: 'post-close',
    sections: [
      section('Warranty walk', 'Warranty', 'Great Room', [
        'Reported items reviewed',
        'Drywall and paint checked',
        'Doors and windows operate',
      ]),
      section('Outside', 'Exterior', 'Back Yard', [
        'Grading and drainage checked',
        'Concrete checked for cracks',
      ]),
    ],
  }),
] as const satisfies readonly WalkFormDef[];

export type WalkFormSegment = (typeof WALK_FORM_DEFS)[number]['segment'];

/** The form of a `/walks/{segment}` route. */
export function walkFormOf(segment: string): WalkFormDef | undefined {
  return WALK_FORM_DEFS.find((def) => def.segment === segment);
}

/** The form a walk record belongs to (by kind, and by `type` for closing walks). */
export function walkFormOfRecord(kind: WalkKind, type: unknown): WalkFormDef | undefined {
  return WALK_FORM_DEFS.find(
    (def) => def.kind === kind && (def.kind !== 'closing' || def.closingType === type),
  );
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
