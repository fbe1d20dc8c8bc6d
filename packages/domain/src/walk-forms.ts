// The walk forms as data: for each, its route segment, the record kind it writes (and the
// closing type), the scope that guards reading and writing it, its checklist, the walk type
// of the punch items a failed line raises, the fields it requires and what a customer may
// see (walk-form-def.ts says what each field means). The menu, the routes, the walk-form
// screen, the PDF and the demo seed all read this table: a form of an existing kind is one
// more entry here plus its title in the web app's texts (`nav.walk-{segment}`), as
// apps/web/src/features/walks/new-walk-form.test.ts shows.

import { CLOSING_TYPE_SCOPE } from './resources.js';
import type { ChecklistSection, WalkFormDef } from './walk-form-def.js';
import { BASE_REQUIRED, form, kindScope, section } from './walk-form-def.js';
import type { WalkType } from './walks.js';

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

/** The forms, in menu order (docs/product.md, "Screens and routes"). */
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

/**
 * The form whose walk an item of each type hangs on when the item names only its home
 * (the server files it on the home's latest walk of that form) and which the items screen
 * shows, starts and checks: the pre-drywall walk for frame punch, the closing walk of the
 * same type for the others.
 */
export const ITEM_HOST_FORM = {
  'frame-punch': 'pre-drywall',
  'final-punch': 'final-punch',
  nhp: 'new-home-presentation',
  who: 'welcome-home-orientation',
  'post-close': 'post-close',
} as const satisfies Readonly<Record<WalkType, WalkFormSegment>>;
