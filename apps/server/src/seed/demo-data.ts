// Demo data of a home builder: four communities, homes in every stage of construction,
// staff, vendors, walks with their punch items, calls, notes, buyers, daily logs, permits,
// tests, reviews and jobs, plus the demo sign-in accounts. Pure and deterministic: the same
// options always give the same records (a seeded PRNG, dates relative to a fixed day),
// so tests, the e2e suite and benchmarks can rely on it.

import type {
  ClosingType,
  EMPLOYEE_ROLES,
  Resource,
  Scope,
  ScopeGroup,
  StaffType,
  WalkKind,
  WalkType,
} from '@field/domain';
import {
  DELAY_CAUSES,
  HOME_TEST_STATUS,
  INITIAL_SCOPE,
  KOVA_CANCELLED,
  RESOURCES,
  WEATHER_CONDITIONS,
  checklistLines,
  employeeName as fullName,
  walkFormOfRecord,
} from '@field/domain';
import type { NewRecord } from '../modules/records/repository.js';
import type { NewUser } from '../modules/users/repository.js';

export const DEMO_REFERENCE_DATE = '2026-11-01T12:00:00.000Z';
export const DEFAULT_DEMO_HOMES = 150;
const DEFAULT_DEMO_SEED = 20261101;

export interface DemoDataOptions {
  /** Number of homes; everything per home scales with it. Default 150. */
  homes?: number;
  /** "Today" of the demo: every generated event lies before it. Default 2026-11-01. */
  referenceDate?: string;
  /** PRNG seed; change it for another, equally deterministic, company. */
  seed?: number;
}

interface DemoRecordSet {
  kind: Resource;
  records: NewRecord[];
}

/** A demo sign-in: a user as `UserRepository.create` takes it, less the password hash. */
export type DemoAccount = Omit<NewUser, 'passwordHash'>;

export interface DemoData {
  /** One set per record kind, in the order of `RESOURCES` (homes before what hangs off them). */
  recordSets: DemoRecordSet[];
  accounts: readonly DemoAccount[];
}

// ---------------------------------------------------------------------------------------
// Randomness and time

/** mulberry32: a tiny, fast 32-bit PRNG; plenty for demo data. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Random {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A number in [min, max) rounded to one decimal. */
  decimal(min: number, max: number): number {
    return Math.round((min + this.next() * (max - min)) * 10) / 10;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('Cannot pick from an empty list');
    return item;
  }

  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [value, weight] of items) {
      roll -= weight;
      if (roll < 0) return value;
    }
    const last = items[items.length - 1];
    if (last === undefined) throw new Error('Cannot pick from an empty list');
    return last[0];
  }
}

/** Each home draws from a stream of its own, so home N looks the same however many follow. */
function streamSeed(seed: number, stream: number): number {
  return (seed ^ Math.imul(stream + 1, 0x9e3779b1)) >>> 0;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Days and times relative to the reference day; negative days are in the past. */
class Calendar {
  private readonly dayZero: number;

  constructor(readonly referenceMs: number) {
    this.dayZero = Math.floor(referenceMs / DAY_MS) * DAY_MS;
  }

  /** Midnight UTC of a day: the dates of plans and paperwork. */
  date(day: number): string {
    return new Date(this.dayZero + day * DAY_MS).toISOString();
  }

  /** A moment in working hours (14:00-23:59 UTC, morning to afternoon in Colorado). */
  time(day: number, random: Random): string {
    const offset = (14 + random.int(0, 9)) * HOUR_MS + random.int(0, 59) * 60_000;
    return new Date(this.dayZero + day * DAY_MS + offset).toISOString();
  }
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

// ---------------------------------------------------------------------------------------
// The company: people, vendors, communities

type EmployeeRole = (typeof EMPLOYEE_ROLES)[number];

interface EmployeeSpec {
  first: string;
  last: string;
  role: EmployeeRole;
  active: boolean;
}

// The first five are the people behind the demo accounts (manager, builder, customer
// service, demo, pending), so their ids are stable: emp-001 to emp-005.
const EMPLOYEES: readonly EmployeeSpec[] = [
  { first: 'Maria', last: 'Alvarez', role: 'Manager', active: true },
  { first: 'Ben', last: 'Carter', role: 'Builder', active: true },
  { first: 'Chloe', last: 'Nguyen', role: 'Customer Service', active: true },
  { first: 'Dana', last: 'Brooks', role: 'Construction', active: true },
  { first: 'Parker', last: 'Reed', role: 'Construction', active: true },
  { first: 'Tom', last: 'Whitaker', role: 'Manager', active: true },
  { first: 'Grace', last: 'Lindqvist', role: 'Manager', active: true },
  { first: 'Luis', last: 'Ortega', role: 'Builder', active: true },
  { first: 'Hannah', last: 'Price', role: 'Builder', active: true },
  { first: 'Derek', last: 'Olsen', role: 'Builder', active: true },
  { first: 'Priya', last: 'Raman', role: 'Builder', active: true },
  { first: 'Marcus', last: 'Bell', role: 'Customer Service', active: true },
  { first: 'Olivia', last: 'Hart', role: 'Customer Service', active: true },
  { first: 'Samir', last: 'Haddad', role: 'Customer Service', active: true },
  { first: 'Jenna', last: 'Kowalski', role: 'Customer Service', active: true },
  { first: 'Cody', last: 'Jensen', role: 'Construction', active: true },
  { first: 'Rosa', last: 'Delgado', role: 'Construction', active: true },
  { first: 'Will', last: 'Baptiste', role: 'Construction', active: true },
  { first: 'Tyler', last: 'Monroe', role: 'Construction', active: true },
  { first: 'Aaron', last: 'Fischer', role: 'Construction', active: false },
  { first: 'Kim', last: 'Sato', role: 'Construction', active: true },
  { first: 'Natalie', last: 'Cho', role: 'Design', active: true },
  { first: 'Ethan', last: 'Brandt', role: 'Design', active: true },
  { first: 'Leah', last: 'Goldberg', role: 'Design', active: true },
  { first: 'Isabel', last: 'Ruiz', role: 'Design', active: true },
  { first: 'Jared', last: 'Collins', role: 'Sales', active: true },
  { first: 'Megan', last: "O'Neil", role: 'Sales', active: true },
  { first: 'Victor', last: 'Amari', role: 'Sales', active: true },
  { first: 'Sophie', last: 'Laurent', role: 'Sales', active: true },
  { first: 'Nick', last: 'Petrov', role: 'Sales', active: false },
];

const employeeId = (index: number): string => `emp-${pad(index + 1, 3)}`;

function employeeName(id: string): string {
  const spec = EMPLOYEES.find((_employee, index) => employeeId(index) === id);
  return spec === undefined ? id : fullName(spec.first, spec.last);
}

const MANAGER_EMPLOYEE = employeeId(0);
const BUILDER_EMPLOYEE = employeeId(1);
const CS_EMPLOYEE = employeeId(2);
const DEMO_EMPLOYEE = employeeId(3);
const PENDING_EMPLOYEE = employeeId(4);
const ACCOUNT_EMPLOYEES = [
  MANAGER_EMPLOYEE,
  BUILDER_EMPLOYEE,
  CS_EMPLOYEE,
  DEMO_EMPLOYEE,
  PENDING_EMPLOYEE,
] as const;

/** Active employees of a role, in list order (the account people come first). */
function staffOf(role: EmployeeRole): string[] {
  const ids: string[] = [];
  EMPLOYEES.forEach((e, index) => {
    if (e.role === role && e.active) ids.push(employeeId(index));
  });
  return ids;
}

const BUILDERS = staffOf('Builder');
const SUPERINTENDENTS = staffOf('Construction');
const DESIGNERS = staffOf('Design');
const SALES = staffOf('Sales');
const CUSTOMER_SERVICE = staffOf('Customer Service');
const MANAGERS = staffOf('Manager');

const emailPart = (value: string): string => value.toLowerCase().replace(/[^a-z0-9]+/g, '');
const slug = (value: string): string =>
  value
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

interface VendorSpec {
  name: string;
  trade: string;
  contact: string;
}

const VENDORS: readonly VendorSpec[] = [
  { name: 'Poudre Valley Excavating', trade: 'Excavation', contact: 'Gary Lund' },
  { name: 'Big Thompson Earthworks', trade: 'Excavation', contact: 'Renee Castillo' },
  { name: 'Front Range Concrete', trade: 'Concrete', contact: 'Mike Dorsey' },
  { name: 'Summit Foundations', trade: 'Concrete', contact: 'Alma Vega' },
  { name: 'Timberline Framing', trade: 'Framing', contact: 'Jesse Holt' },
  { name: 'Ridgeback Framing Co.', trade: 'Framing', contact: 'Omar Farouk' },
  { name: 'Longs Peak Roofing', trade: 'Roofing', contact: 'Katie Moss' },
  { name: 'High Plains Roofing', trade: 'Roofing', contact: 'Dale Weber' },
  { name: 'Clearwater Plumbing', trade: 'Plumbing', contact: 'Steve Nakamura' },
  { name: 'Pioneer Plumbing & Drain', trade: 'Plumbing', contact: 'Lupe Herrera' },
  { name: 'Bright Line Electric', trade: 'Electrical', contact: 'Travis Cole' },
  { name: 'Canyon Electric', trade: 'Electrical', contact: 'Jill Sorensen' },
  { name: 'Comfort Air Mechanical', trade: 'HVAC', contact: 'Raj Patel' },
  { name: 'Alpine Heating & Cooling', trade: 'HVAC', contact: 'Bonnie Fry' },
  { name: 'Snowline Insulation', trade: 'Insulation', contact: 'Hector Ruiz' },
  { name: 'ThermaSeal Insulation', trade: 'Insulation', contact: 'Amy Strand' },
  { name: 'Smooth Finish Drywall', trade: 'Drywall', contact: 'Jorge Pena' },
  { name: 'Cache la Poudre Drywall', trade: 'Drywall', contact: 'Lisa Tran' },
  { name: 'True Color Painting', trade: 'Paint', contact: 'Eli Marsh' },
  { name: 'Horsetooth Painting', trade: 'Paint', contact: 'Nora Quinn' },
  { name: 'Prairie Floors', trade: 'Flooring', contact: 'Dev Mehta' },
  { name: 'Stonecrest Flooring', trade: 'Flooring', contact: 'Carla Benson' },
  { name: 'Heritage Cabinetry', trade: 'Cabinets', contact: 'Walt Jacobs' },
  { name: 'Mesa Cabinet Works', trade: 'Cabinets', contact: 'Tina Rowe' },
  { name: 'Granite Peak Countertops', trade: 'Countertops', contact: 'Ivan Popov' },
  { name: 'Quartz & Stone Co.', trade: 'Countertops', contact: 'Mia Soto' },
  { name: 'Finish Line Trim', trade: 'Trim Carpentry', contact: 'Rick Dunn' },
  { name: 'Old Town Millwork', trade: 'Trim Carpentry', contact: 'Ada Kerr' },
  { name: 'Clearview Windows', trade: 'Windows & Doors', contact: 'Paul Young' },
  { name: 'Front Door Supply', trade: 'Windows & Doors', contact: 'Helen Park' },
  { name: 'Greenway Landscapes', trade: 'Landscaping', contact: 'Sam Ortiz' },
  { name: 'Red Rock Landscaping', trade: 'Landscaping', contact: 'June Abbott' },
  { name: 'Spotless Construction Cleaning', trade: 'Cleaning', contact: 'Rosa Lima' },
  { name: 'Final Touch Cleaning', trade: 'Cleaning', contact: 'Ken Ito' },
  { name: 'RadonSafe Colorado', trade: 'Radon Mitigation', contact: 'Beth Carlson' },
  { name: 'Clean Air Radon', trade: 'Radon Mitigation', contact: 'Gus Moreno' },
  { name: 'Bedrock Geotechnical', trade: 'Geotechnical', contact: 'Dr. Anita Rao' },
  { name: 'Foothills Soils & Testing', trade: 'Geotechnical', contact: 'Carl Hughes' },
  { name: 'Keystone Inspections', trade: 'Testing & Inspection', contact: 'Maya Fields' },
  { name: 'Benchmark Testing Services', trade: 'Testing & Inspection', contact: 'Lee Grant' },
];

const INACTIVE_VENDORS = new Set([7, 21, 33]);
const vendorId = (index: number): string => `vendor-${pad(index + 1, 3)}`;

/** The vendors of a trade, by id; each trade has two. */
function vendorsOf(trade: string): string[] {
  const ids: string[] = [];
  VENDORS.forEach((v, index) => {
    if (v.trade === trade && !INACTIVE_VENDORS.has(index)) ids.push(vendorId(index));
  });
  if (ids.length === 0) throw new Error(`No active vendor for trade ${trade}`);
  return ids;
}

interface Community {
  name: string;
  city: string;
  zip: string;
  streets: readonly string[];
  plans: readonly string[];
  /** Driving distance from the office, km. */
  distanceKm: number;
  firstHouseNumber: number;
}

const COMMUNITIES: readonly Community[] = [
  {
    name: 'Willow Creek',
    city: 'Fort Collins',
    zip: '80528',
    streets: [
      'Meadowlark Lane',
      'Willow Bend Drive',
      'Kestrel Court',
      'Sandhill Crane Way',
      'Bluestem Street',
      'Larkspur Drive',
    ],
    plans: ['Aspen 1850', 'Birch 2120', 'Cottonwood 2480', 'Douglas 2790'],
    distanceKm: 6.8,
    firstHouseNumber: 2100,
  },
  {
    name: 'Stonebridge',
    city: 'Loveland',
    zip: '80538',
    streets: [
      'Granite Ridge Road',
      'Flagstone Drive',
      'Quarry Court',
      'Millstone Lane',
      'Slate Canyon Way',
      'Cobble Creek Drive',
    ],
    plans: ['Everett 1720', 'Franklin 2050', 'Glenwood 2400', 'Harrison 3010'],
    distanceKm: 17.4,
    firstHouseNumber: 3400,
  },
  {
    name: 'Aspen Ridge',
    city: 'Windsor',
    zip: '80550',
    streets: [
      'Quaking Aspen Drive',
      'Ridgeline Trail',
      'Golden Leaf Court',
      'Summit View Lane',
      'Silver Birch Way',
      'Timber Hollow Road',
    ],
    plans: ['Juniper 1960', 'Kinnikinnick 2260', 'Lodgepole 2610', 'Mountain Ash 2950'],
    distanceKm: 24.1,
    firstHouseNumber: 1500,
  },
  {
    name: 'Cedar Hollow',
    city: 'Johnstown',
    zip: '80534',
    streets: [
      'Cedar Hollow Drive',
      'Red Cedar Lane',
      'Juniper Berry Court',
      'Hollow Oak Way',
      'Pinon Street',
      'Prairie Sage Road',
    ],
    plans: ['Arbor 1680', 'Briar 1990', 'Canyon 2330', 'Dakota 2720'],
    distanceKm: 33.6,
    firstHouseNumber: 4800,
  },
];

const LOTS_PER_STREET = 14;

function addressOf(community: Community, lotIndex: number): string {
  const perBlock = LOTS_PER_STREET * community.streets.length;
  const block = Math.floor(lotIndex / perBlock);
  const onBlock = lotIndex % perBlock;
  const street = community.streets[Math.floor(onBlock / LOTS_PER_STREET)] ?? 'Main Street';
  const house =
    community.firstHouseNumber + block * 1000 + (onBlock % LOTS_PER_STREET) * 6 + (onBlock % 2) * 3;
  return `${house} ${street}, ${community.city}, CO ${community.zip}`;
}

// ---------------------------------------------------------------------------------------
// Construction stages and what happens when (days after construction start)

interface Stage {
  name: string;
  /** Days since construction start, [from, to). Negative: start still ahead. */
  from: number;
  to: number;
  weight: number;
}

const STAGES: readonly Stage[] = [
  { name: 'Lot Prep', from: -30, to: 0, weight: 4 },
  { name: 'Foundation', from: 0, to: 20, weight: 6 },
  { name: 'Framing', from: 20, to: 50, weight: 9 },
  { name: 'Mechanical Rough', from: 50, to: 80, weight: 10 },
  { name: 'Drywall', from: 80, to: 100, weight: 11 },
  { name: 'Interior Finish', from: 100, to: 140, weight: 14 },
  { name: 'Final', from: 140, to: 186, weight: 21 },
  { name: 'Closed', from: 186, to: 560, weight: 25 },
];

const BUILD_DAYS = 186;

function stageOf(daysSinceStart: number): Stage {
  const stage = STAGES.find((s) => daysSinceStart < s.to) ?? STAGES[STAGES.length - 1];
  if (stage === undefined) throw new Error('No construction stages');
  return stage;
}

interface ScheduledWalk {
  kind: WalkKind;
  /** Closing type, for closing walks. */
  type?: ClosingType;
  /** The walk's item type, when items are found on it. */
  items?: { walk: WalkType; min: number; max: number; pool: 'rough' | 'finish' | 'warranty' };
  offset: number;
  code: string;
}

const WALK_PLAN: readonly ScheduledWalk[] = [
  { kind: 'homeStart', offset: 2, code: 'start' },
  { kind: 'managerWalk', offset: 35, code: 'manager-1' },
  {
    kind: 'preDrywall',
    offset: 76,
    code: 'predrywall',
    items: { walk: 'frame-punch', min: 4, max: 10, pool: 'rough' },
  },
  { kind: 'managerWalk', offset: 125, code: 'manager-2' },
  { kind: 'landscape', offset: 156, code: 'landscape' },
  {
    kind: 'closing',
    type: 'final-punch',
    offset: 162,
    code: 'final-punch',
    items: { walk: 'final-punch', min: 5, max: 12, pool: 'finish' },
  },
  {
    kind: 'closing',
    type: 'nhp',
    offset: 174,
    code: 'nhp',
    items: { walk: 'nhp', min: 2, max: 6, pool: 'finish' },
  },
  {
    kind: 'closing',
    type: 'who',
    offset: 187,
    code: 'who',
    items: { walk: 'who', min: 1, max: 5, pool: 'warranty' },
  },
  {
    kind: 'closing',
    type: 'post-close',
    offset: 250,
    code: 'post-close',
    items: { walk: 'post-close', min: 1, max: 4, pool: 'warranty' },
  },
];

const WALK_NOTES: Readonly<Record<WalkKind, readonly string[]>> = {
  homeStart: [
    'Lot ready; excavator scheduled.',
    'Silt fence needs repair on the east side.',
    'Curb cut confirmed with the city.',
    'Neighbor asked about work hours; gave the superintendent card.',
    '',
  ],
  preDrywall: [
    'Ready for drywall once punch items are closed.',
    'Buyer pre-drywall meeting went well.',
    'Waiting on HVAC to seal boots before insulation inspection.',
    'Extra blocking added for TV mount per buyer request.',
    '',
  ],
  managerWalk: [
    'Good progress. Keep the street clean.',
    'Framing crew behind two days; follow up with vendor.',
    'Site is clean and organized.',
    'Dumpster overflowing; call for swap.',
    '',
  ],
  landscape: [
    'Sod looks good; irrigation zones adjusted.',
    'Two shrubs replaced after frost damage.',
    'Final grade approved by the city.',
    '',
  ],
  closing: [
    'Walked the home with the buyers.',
    'Buyers very happy with the finishes.',
    'Reviewed warranty process and contacts.',
    'Items logged; vendors notified.',
    '',
  ],
};

type ItemSpec = readonly [category: string, name: string];

const ROUGH_ITEMS: readonly ItemSpec[] = [
  ['Framing', 'Missing blocking for towel bar'],
  ['Framing', 'Stud bowed more than 1/4 in.'],
  ['Framing', 'Header missing jack stud'],
  ['Framing', 'Fire blocking missing at chase'],
  ['Framing', 'Joist hanger short on nails'],
  ['Framing', 'Window rough opening out of square'],
  ['Framing', 'Missing hold-down strap'],
  ['Electrical', 'Nail plate missing at wire crossing'],
  ['Electrical', 'Box set too deep for drywall'],
  ['Electrical', 'Smoke detector box missing'],
  ['Plumbing', 'Drain line not strapped'],
  ['Plumbing', 'Nail plate missing over supply line'],
  ['Plumbing', 'Tub not set level'],
  ['HVAC', 'Duct boot not sealed'],
  ['HVAC', 'Flex duct kinked in attic'],
  ['HVAC', 'Return air chase not sealed'],
  ['Insulation', 'Gap in batt insulation'],
  ['Insulation', 'Attic baffle missing'],
  ['Windows', 'Window flashing tape not rolled'],
  ['Exterior', 'House wrap torn at corner'],
];

const FINISH_ITEMS: readonly ItemSpec[] = [
  ['Drywall', 'Nail pop on ceiling'],
  ['Drywall', 'Visible tape seam'],
  ['Drywall', 'Corner bead dented'],
  ['Paint', 'Touch up paint on wall'],
  ['Paint', 'Paint drip on trim'],
  ['Paint', 'Cut line uneven at ceiling'],
  ['Trim', 'Gap in baseboard miter'],
  ['Trim', 'Caulk door casing'],
  ['Doors', 'Door rubs at head jamb'],
  ['Doors', 'Door does not latch'],
  ['Cabinets', 'Cabinet door out of alignment'],
  ['Cabinets', 'Drawer front scratched'],
  ['Countertops', 'Chip in countertop edge'],
  ['Countertops', 'Seam not flush'],
  ['Flooring', 'Carpet seam visible'],
  ['Flooring', 'Scratch in LVP plank'],
  ['Flooring', 'Grout missing at tile'],
  ['Plumbing', 'Faucet drips'],
  ['Plumbing', 'Slow drain'],
  ['Electrical', 'Outlet not working'],
  ['Electrical', 'Cover plate missing'],
  ['Electrical', 'Light fixture crooked'],
  ['HVAC', 'Register rattles'],
  ['Appliances', 'Dishwasher not secured to countertop'],
  ['Appliances', 'Range missing anti-tip bracket'],
  ['Windows', 'Window screen missing'],
  ['Exterior', 'Siding nail exposed'],
  ['Exterior', 'Downspout extension missing'],
  ['Concrete', 'Driveway control joint spalled'],
];

const WARRANTY_ITEMS: readonly ItemSpec[] = [
  ['Drywall', 'Settlement crack above door'],
  ['Drywall', 'Nail pop in hallway'],
  ['Doors', 'Door sticks after settling'],
  ['Doors', 'Garage door opener noisy'],
  ['Plumbing', 'Toilet runs'],
  ['Plumbing', 'Low water pressure at shower'],
  ['Electrical', 'GFCI trips often'],
  ['HVAC', 'Upstairs bedroom runs warm'],
  ['Windows', 'Window does not lock'],
  ['Windows', 'Condensation between panes'],
  ['Concrete', 'Hairline crack in garage slab'],
  ['Concrete', 'Settlement at patio'],
  ['Landscape', 'Sod seam dry'],
  ['Landscape', 'Sprinkler head misaligned'],
  ['Exterior', 'Gutter leaks at corner'],
  ['Paint', 'Touch up after move-in'],
];

const ITEM_POOLS: Readonly<Record<'rough' | 'finish' | 'warranty', readonly ItemSpec[]>> = {
  rough: ROUGH_ITEMS,
  finish: FINISH_ITEMS,
  warranty: WARRANTY_ITEMS,
};

const INTERIOR_LOCATIONS = [
  'Kitchen',
  'Great Room',
  'Dining Room',
  'Primary Bedroom',
  'Primary Bath',
  'Bedroom 2',
  'Bedroom 3',
  'Hall Bath',
  'Laundry',
  'Entry',
  'Stairs',
  'Loft',
  'Basement',
  'Garage',
] as const;
const EXTERIOR_LOCATIONS = [
  'Front Elevation',
  'Rear Elevation',
  'Left Side',
  'Right Side',
  'Driveway',
  'Back Yard',
  'Front Yard',
] as const;
const EXTERIOR_CATEGORIES = new Set(['Exterior', 'Concrete', 'Landscape']);

const ITEM_NOTES = [
  '',
  '',
  '',
  'Buyer pointed this out',
  'Photo in file',
  'Vendor notified',
  'Recheck at next walk',
];

interface JobPlan {
  name: string;
  trade: string;
  tasks: readonly (readonly [task: string, offset: number])[];
}

const JOB_PLAN: readonly JobPlan[] = [
  {
    name: 'Excavation',
    trade: 'Excavation',
    tasks: [
      ['Dig foundation', 0],
      ['Backfill', 16],
    ],
  },
  {
    name: 'Foundation',
    trade: 'Concrete',
    tasks: [
      ['Pour footings', 4],
      ['Pour foundation walls', 9],
      ['Flatwork', 60],
    ],
  },
  {
    name: 'Framing',
    trade: 'Framing',
    tasks: [
      ['Floor system', 20],
      ['Walls and trusses', 27],
      ['Frame inspection', 46],
    ],
  },
  {
    name: 'Roofing',
    trade: 'Roofing',
    tasks: [
      ['Dry-in', 40],
      ['Shingles', 44],
    ],
  },
  {
    name: 'Plumbing',
    trade: 'Plumbing',
    tasks: [
      ['Rough-in', 51],
      ['Trim', 134],
    ],
  },
  {
    name: 'Electrical',
    trade: 'Electrical',
    tasks: [
      ['Rough-in', 54],
      ['Trim', 137],
    ],
  },
  {
    name: 'HVAC',
    trade: 'HVAC',
    tasks: [
      ['Rough-in', 56],
      ['Trim', 139],
    ],
  },
  {
    name: 'Insulation',
    trade: 'Insulation',
    tasks: [
      ['Install insulation', 71],
      ['Insulation inspection', 74],
    ],
  },
  {
    name: 'Drywall',
    trade: 'Drywall',
    tasks: [
      ['Hang', 80],
      ['Tape and texture', 88],
    ],
  },
  { name: 'Cabinets', trade: 'Cabinets', tasks: [['Install cabinets', 102]] },
  {
    name: 'Interior Trim',
    trade: 'Trim Carpentry',
    tasks: [
      ['Doors and trim', 106],
      ['Final trim', 150],
    ],
  },
  {
    name: 'Paint',
    trade: 'Paint',
    tasks: [
      ['Interior paint', 114],
      ['Exterior paint', 124],
    ],
  },
  {
    name: 'Countertops',
    trade: 'Countertops',
    tasks: [
      ['Template', 108],
      ['Install', 122],
    ],
  },
  {
    name: 'Flooring',
    trade: 'Flooring',
    tasks: [
      ['Hard surfaces', 128],
      ['Carpet', 152],
    ],
  },
  {
    name: 'Landscaping',
    trade: 'Landscaping',
    tasks: [
      ['Final grade', 148],
      ['Sod and irrigation', 155],
    ],
  },
  {
    name: 'Cleaning',
    trade: 'Cleaning',
    tasks: [
      ['Rough clean', 160],
      ['Final clean', 180],
    ],
  },
];

const PERMIT_TYPES = [
  { type: 'Grading', code: 'GRD', offset: -40 },
  { type: 'Building', code: 'BLD', offset: -25 },
  { type: 'Electrical', code: 'ELE', offset: 45 },
  { type: 'Plumbing', code: 'PLM', offset: 45 },
  { type: 'Mechanical', code: 'MEC', offset: 48 },
] as const;

const BUYER_FIRST = [
  'Jordan',
  'Taylor',
  'Morgan',
  'Casey',
  'Riley',
  'Avery',
  'Jamie',
  'Quinn',
  'Emily',
  'Daniel',
  'Sarah',
  'Michael',
  'Aisha',
  'Carlos',
  'Mei',
  'David',
  'Laura',
  'Kevin',
  'Fatima',
  'Noah',
  'Ella',
  'Lucas',
  'Hana',
  'Mateo',
  'Grace',
  'Owen',
  'Zoe',
  'Ryan',
  'Nadia',
  'Samuel',
] as const;
const BUYER_LAST = [
  'Anderson',
  'Bennett',
  'Chen',
  'Dominguez',
  'Evans',
  'Foster',
  'Garcia',
  'Hughes',
  'Ibrahim',
  'Johansson',
  'Kim',
  'Lopez',
  'Martin',
  'Nguyen',
  'Okafor',
  'Patel',
  'Quintero',
  'Robinson',
  'Schneider',
  'Thompson',
  'Underwood',
  'Vasquez',
  'Williams',
  'Yamamoto',
  'Zimmerman',
] as const;

const CALL_NOTES = [
  'Buyer asked when flooring will be installed.',
  'Confirmed the walk-through time with the buyer.',
  'Buyer reported a drip under the kitchen sink; plumber scheduled.',
  'Lender asked for the projected close date.',
  'Buyer asked about adding an outlet in the garage; sent change-order form.',
  'Discussed a warranty request for a sticking door.',
  'Buyer asked about fence rules; sent HOA guidelines.',
  'Buyer wants to visit the site on Saturday; arranged an escorted visit.',
  'Buyer asked about window covering measurements.',
  'Follow-up on the sprinkler adjustment; resolved.',
  'Buyer asked for the paint colors used.',
  'Neighbor called about construction debris in the street.',
] as const;

const NOTE_TEXTS = [
  'Lockbox on the side door.',
  'Buyer prefers text messages after 5 pm.',
  'Dog next door: keep the side gate closed.',
  'Extra outlet in garage per change order.',
  'Sump pit moved per engineer letter.',
  'HOA requires dumpster screened from the street.',
  'Buyer upgraded to quartz countertops.',
  'Irrigation controller in the garage, left wall.',
  'Radon mitigation fan installed in attic.',
  'Buyers are relocating from out of state; prefer video updates.',
] as const;

const REVIEW_COMMENTS: Readonly<Record<number, readonly string[]>> = {
  5: [
    'Our builder kept us informed every step of the way. Love the house!',
    'Great quality and a smooth closing. Highly recommend.',
    'Customer service fixed everything on our list within a week.',
  ],
  4: [
    'Very happy overall; a few punch items took longer than expected.',
    'Beautiful home, good communication from the sales team.',
  ],
  3: [
    'The home is nice but the closing date slipped twice.',
    'Average experience; warranty responses were slow.',
  ],
  2: ['Several items from the orientation are still open.', 'Communication could be much better.'],
  1: ['Frustrating experience with repeated delays.'],
};

const DAILY_LOG_STREAM = 0x5bd1e995;

const WEATHER_WEIGHTS: Readonly<Record<(typeof WEATHER_CONDITIONS)[number], number>> = {
  Clear: 40,
  'Partly cloudy': 25,
  Overcast: 12,
  Rain: 8,
  Snow: 5,
  Wind: 7,
  Fog: 2,
  'Extreme heat': 1,
};

const DELIVERIES = [
  'Lumber package, second drop',
  'Trusses delivered and staged on the lot',
  'Drywall stocked, 220 sheets',
  'Windows delivered; two screens missing',
  'Cabinets delivered to the garage',
  'Roofing bundles loaded on the roof',
  'Appliances delivered and left boxed',
] as const;

const DAILY_LOG_NOTES = [
  'Site clean at end of day.',
  'Dumpster swapped; porta-john serviced.',
  'Walked the site with the builder.',
  'Neighbor asked about street parking; cones set out.',
  'Lot graded to drain away from the foundation.',
  '',
] as const;

const REVIEW_SOURCES = ['Post-close survey', 'Year-end survey', 'Google', 'Houzz'] as const;

// ---------------------------------------------------------------------------------------
// Demo accounts

const group = (value: ScopeGroup): Scope => ({
  value,
  approved: true,
  group: true,
  read: true,
  write: true,
});

/** The accounts a fresh database gets (password: SEED_PASSWORD). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    id: 'user-admin',
    email: 'admin@example.com',
    firstName: 'Alex',
    lastName: 'Morgan',
    role: 'Admin',
    airtableId: null,
    scopes: [{ value: 'admin', approved: true, group: false, read: true, write: true }],
  },
  {
    id: 'user-manager',
    email: 'manager@example.com',
    firstName: 'Maria',
    lastName: 'Alvarez',
    role: 'Manager',
    airtableId: MANAGER_EMPLOYEE,
    scopes: [group('manager')],
  },
  {
    id: 'user-builder',
    email: 'builder@example.com',
    firstName: 'Ben',
    lastName: 'Carter',
    role: 'Builder',
    airtableId: BUILDER_EMPLOYEE,
    scopes: [group('builder')],
  },
  {
    id: 'user-cs',
    email: 'cs@example.com',
    firstName: 'Chloe',
    lastName: 'Nguyen',
    role: 'Customer Service',
    airtableId: CS_EMPLOYEE,
    scopes: [group('customerService')],
  },
  {
    id: 'user-demo',
    email: 'demo@example.com',
    firstName: 'Dana',
    lastName: 'Brooks',
    role: 'Construction',
    airtableId: DEMO_EMPLOYEE,
    scopes: [group('demo')],
  },
  {
    id: 'user-pending',
    email: 'pending@example.com',
    firstName: 'Parker',
    lastName: 'Reed',
    role: 'Construction',
    airtableId: PENDING_EMPLOYEE,
    scopes: [{ ...INITIAL_SCOPE }],
  },
];

// ---------------------------------------------------------------------------------------
// The generator

type RecordSets = Record<Resource, NewRecord[]>;

/** One empty set per resource of the registry (`RESOURCES`, homes before what hangs off them). */
function emptySets(): RecordSets {
  // Safe: one entry per resource, made here.
  return Object.fromEntries(RESOURCES.map((resource) => [resource, []])) as unknown as RecordSets;
}

function employeeRecords(): NewRecord[] {
  return EMPLOYEES.map((e, index) => ({
    id: employeeId(index),
    homeRid: null,
    parentId: null,
    data: {
      Name: fullName(e.first, e.last),
      'First Name': e.first,
      'Last Name': e.last,
      Email: `${emailPart(e.first)}.${emailPart(e.last)}@example.com`,
      Phone: `(970) 555-${pad(100 + index, 4)}`,
      Role: e.role,
      Active: e.active,
    },
  }));
}

function vendorRecords(): NewRecord[] {
  return VENDORS.map((v, index) => {
    const contactFirst = v.contact.replace(/^Dr\. /, '').split(' ')[0] ?? 'office';
    return {
      id: vendorId(index),
      homeRid: null,
      parentId: null,
      data: {
        Name: v.name,
        Trade: v.trade,
        Contact: v.contact,
        Phone: `(${index % 2 === 0 ? '970' : '303'}) 555-${pad(140 + index, 4)}`,
        Email: `${emailPart(contactFirst)}@${slug(v.name)}.example`,
        Active: !INACTIVE_VENDORS.has(index),
      },
    };
  });
}

/** Spreads `count` special homes evenly over `total`, skipping indexes already taken. */
function spread(
  total: number,
  count: number,
  phase: number,
  taken: ReadonlySet<number>,
): Set<number> {
  const chosen = new Set<number>();
  for (let k = 0; k < count; k++) {
    let index = Math.floor(((k + phase) * total) / count);
    while (
      (taken.has(index) || chosen.has(index) || index === 0) &&
      chosen.size + taken.size < total - 1
    ) {
      index = (index + 1) % total;
    }
    if (index < total && !taken.has(index) && index !== 0) chosen.add(index);
  }
  return chosen;
}

interface HomeContext {
  id: string;
  index: number;
  number: string;
  community: Community;
  communityIndex: number;
  /** Days since construction start (negative: not started yet). */
  days: number;
  /** Construction start, relative to the reference day. */
  startDay: number;
  isTest: boolean;
  isCancelled: boolean;
  builder: string;
  superintendent: string;
  initialCs: string;
  salesRep: string;
  buyers: { first: string; last: string }[];
}

interface ItemTracking {
  record: NewRecord;
}

class DemoGenerator {
  private readonly sets = emptySets();
  private readonly calendar: Calendar;
  private readonly itemsByType = new Map<WalkType, ItemTracking[]>();

  constructor(
    private readonly homeCount: number,
    private readonly seed: number,
    referenceDate: string,
  ) {
    const referenceMs = Date.parse(referenceDate);
    if (Number.isNaN(referenceMs)) throw new RangeError(`Invalid reference date: ${referenceDate}`);
    this.calendar = new Calendar(referenceMs);
  }

  run(): DemoData {
    this.sets.employees.push(...employeeRecords());
    this.sets.vendors.push(...vendorRecords());
    const n = this.homeCount;
    const tests =
      n >= 2
        ? spread(n, Math.max(1, Math.round((n * 6) / 150)), 0.3, new Set())
        : new Set<number>();
    const cancelled =
      n >= 3 ? spread(n, Math.max(1, Math.round((n * 8) / 150)), 0.7, tests) : new Set<number>();
    for (let index = 0; index < n; index++) {
      this.home(index, tests.has(index), cancelled.has(index));
    }
    this.ensureBothStatuses();
    return {
      recordSets: RESOURCES.map((kind) => ({ kind, records: this.sets[kind] })),
      accounts: DEMO_ACCOUNTS,
    };
  }

  private home(index: number, isTest: boolean, isCancelled: boolean): void {
    const random = new Random(streamSeed(this.seed, index));
    const communityIndex = index % COMMUNITIES.length;
    const community = COMMUNITIES[communityIndex];
    if (community === undefined) throw new Error('No community');
    const lotIndex = Math.floor(index / COMMUNITIES.length);
    const id = `home-${pad(index + 1, 4)}`;

    // Home 0 and the test homes are showcases: closed, so every walk and record exists.
    let days: number;
    if (index === 0 || isTest) days = random.int(260, 420);
    else if (isCancelled) days = random.int(-20, 45);
    else {
      const stage = random.weighted(STAGES.map((s) => [s, s.weight] as const));
      days = random.int(stage.from, stage.to - 1);
    }
    const stage = stageOf(days);
    const startDay = -days;

    const builder = BUILDERS[communityIndex % BUILDERS.length] ?? BUILDER_EMPLOYEE;
    const superintendent = random.pick(SUPERINTENDENTS);
    const designer = random.pick(DESIGNERS);
    const salesRep = SALES[communityIndex % SALES.length] ?? random.pick(SALES);
    const initialCs =
      CUSTOMER_SERVICE[communityIndex % CUSTOMER_SERVICE.length] ?? random.pick(CUSTOMER_SERVICE);
    const yearEndCs = CUSTOMER_SERVICE[(communityIndex + 2) % CUSTOMER_SERVICE.length] ?? initialCs;

    const closed = days >= BUILD_DAYS;
    const kova = isCancelled
      ? KOVA_CANCELLED
      : closed
        ? 'Closed'
        : random.chance(0.75)
          ? 'Sold'
          : 'Spec';
    const hasBuyers = kova === 'Sold' || kova === 'Closed';

    const offline = new Set<string>([builder, superintendent]);
    if (days >= 140) offline.add(initialCs);
    if (index % 3 === 0) offline.add(MANAGER_EMPLOYEE);
    if (index % 4 === 1) offline.add(CS_EMPLOYEE);
    if (index % 5 === 2) offline.add(DEMO_EMPLOYEE);
    if (index % 7 === 3) offline.add(PENDING_EMPLOYEE);
    if (index === 0 || isTest) for (const employee of ACCOUNT_EMPLOYEES) offline.add(employee);

    const staff: Record<StaffType, string[]> = {
      'Construction Staff': [builder, superintendent],
      'Design Staff': [designer],
      'Sales Staff': [salesRep],
      'Initial CS Staff': [initialCs],
      'Year End Staff': [yearEndCs],
      'Offline Homes': [...offline].sort(),
    };

    const buyers: { first: string; last: string }[] = [];
    if (hasBuyers || isTest) {
      const last = random.pick(BUYER_LAST);
      buyers.push({ first: random.pick(BUYER_FIRST), last });
      if (random.chance(0.6)) buyers.push({ first: random.pick(BUYER_FIRST), last });
    }

    this.sets.homes.push({
      id,
      homeRid: id,
      parentId: null,
      data: {
        HomeRID: id,
        HomeID: String(1001 + index),
        Address: addressOf(community, lotIndex),
        distance: Math.max(
          0.5,
          Math.round((community.distanceKm + random.decimal(-2, 2)) * 10) / 10,
        ),
        Status: isTest ? HOME_TEST_STATUS : stage.name,
        'KOVA Status': kova,
        Community: community.name,
        Lot: String(lotIndex + 1),
        Plan: random.pick(community.plans),
        'Construction Start': this.calendar.date(startDay),
        'Projected Close': this.calendar.date(startDay + BUILD_DAYS + random.int(0, 10)),
        ...staff,
      },
    });

    const home: HomeContext = {
      id,
      index,
      number: pad(index + 1, 4),
      community,
      communityIndex,
      days,
      startDay,
      isTest,
      isCancelled,
      builder,
      superintendent,
      initialCs,
      salesRep,
      buyers,
    };
    this.walks(home, random);
    this.permits(home, random);
    this.tests(home, random);
    this.jobs(home, random);
    this.phoneCalls(home, random);
    this.notes(home, random);
    this.buyerRecords(home);
    this.reviews(home, random);
    // A stream of its own, so the records above stay as they were before daily logs.
    this.dailyLogs(home, new Random(streamSeed(this.seed ^ DAILY_LOG_STREAM, index)));
  }

  /** Whether an event `offset` days after start (plus jitter) has happened by yesterday. */
  private happened(home: HomeContext, offset: number): boolean {
    return offset <= home.days - 4;
  }

  private walks(home: HomeContext, random: Random): void {
    // A cancelled home stops early: nothing after its framing.
    for (const plan of WALK_PLAN) {
      if (!this.happened(home, plan.offset)) continue;
      if (home.isCancelled && plan.offset > 40) continue;
      const day = home.startDay + plan.offset + random.int(0, 3);
      const walkId = `walk-${home.number}-${plan.code}`;
      const user =
        plan.kind === 'managerWalk'
          ? home.index % 3 === 0
            ? MANAGER_EMPLOYEE
            : random.pick(MANAGERS)
          : plan.type === 'who' || plan.type === 'post-close'
            ? home.initialCs
            : random.chance(0.7)
              ? home.builder
              : home.superintendent;
      const notes = random.pick(WALK_NOTES[plan.kind]);
      const date = this.calendar.time(day, random);
      // The form's own checklist (walk-forms.ts): older walks mostly pass.
      const checklist: Record<string, { result: 'pass' | 'fail' }> = {};
      const form = walkFormOfRecord(plan.kind, plan.type);
      for (const line of form === undefined ? [] : checklistLines(form)) {
        checklist[line.id] = { result: random.chance(-day > 20 ? 0.95 : 0.7) ? 'pass' : 'fail' };
      }
      if (plan.kind === 'closing') {
        const type = plan.type ?? 'final-punch';
        this.sets.closing.push({
          id: walkId,
          homeRid: home.id,
          parentId: null,
          data: {
            date,
            selectedHome: home.id,
            user,
            notes,
            uploadedFiles: [],
            type,
            HomeRID: home.id,
            checklist,
            ...(type === 'who' ? { customerServiceStaff: home.initialCs } : {}),
          },
        });
      } else {
        this.sets[plan.kind].push({
          id: walkId,
          homeRid: home.id,
          parentId: null,
          data: { HomeRID: home.id, date, user, notes, checklist },
        });
      }
      if (plan.items !== undefined) this.items(home, random, walkId, day, plan.items);
    }
  }

  private items(
    home: HomeContext,
    random: Random,
    walkId: string,
    walkDay: number,
    spec: NonNullable<ScheduledWalk['items']>,
  ): void {
    const count = random.int(spec.min, spec.max);
    const age = -walkDay;
    const completeChance = Math.min(0.9, 0.05 + age / 80);
    const pool = ITEM_POOLS[spec.pool];
    let tracked = this.itemsByType.get(spec.walk);
    if (tracked === undefined) {
      tracked = [];
      this.itemsByType.set(spec.walk, tracked);
    }
    for (let n = 1; n <= count; n++) {
      const [category, name] = random.pick(pool);
      const location = EXTERIOR_CATEGORIES.has(category)
        ? random.pick(EXTERIOR_LOCATIONS)
        : random.pick(INTERIOR_LOCATIONS);
      const complete = age > 1 && random.chance(completeChance);
      const completedDay = walkDay + random.int(1, Math.max(1, Math.min(age - 1, 30)));
      const record: NewRecord = {
        id: `item-${home.number}-${spec.walk}-${pad(n, 2)}`,
        homeRid: home.id,
        parentId: walkId,
        data: {
          Walk: spec.walk,
          Category: category,
          Location: location,
          Name: name,
          WalkID: walkId,
          HomeRID: home.id,
          Status: complete ? 'Complete' : 'Outstanding',
          'Completed At': complete ? this.calendar.time(completedDay, random) : null,
          Notes: random.pick(ITEM_NOTES),
        },
      };
      this.sets.walkItems.push(record);
      tracked.push({ record });
    }
  }

  /** Every walk type shows both open and done items, whatever the size. */
  private ensureBothStatuses(): void {
    for (const tracked of this.itemsByType.values()) {
      const hasOpen = tracked.some((t) => t.record.data['Status'] === 'Outstanding');
      const hasDone = tracked.some((t) => t.record.data['Status'] === 'Complete');
      const last = tracked[tracked.length - 1];
      const first = tracked[0];
      if (!hasOpen && last !== undefined) {
        last.record.data['Status'] = 'Outstanding';
        last.record.data['Completed At'] = null;
      } else if (!hasDone && first !== undefined && tracked.length > 1) {
        first.record.data['Status'] = 'Complete';
        first.record.data['Completed At'] = new Date(
          this.calendar.referenceMs - HOUR_MS,
        ).toISOString();
      }
    }
  }

  private permits(home: HomeContext, random: Random): void {
    PERMIT_TYPES.forEach((permit, typeIndex) => {
      if (home.isCancelled && permit.offset > 0) return;
      const issuedDay = home.startDay + permit.offset + random.int(-3, 3);
      if (issuedDay > 14) return; // not applied for yet
      const issued = issuedDay <= -1;
      const finaled = home.days >= BUILD_DAYS - 6;
      const year = new Date(
        Date.parse(this.calendar.date(Math.min(issuedDay, -1))),
      ).getUTCFullYear();
      this.sets.permits.push({
        id: `permit-${home.number}-${permit.code.toLowerCase()}`,
        homeRid: home.id,
        parentId: null,
        data: {
          HomeRID: home.id,
          'Permit Number': `${permit.code}-${year}-${pad(10000 + home.index * PERMIT_TYPES.length + typeIndex, 5)}`,
          Type: permit.type,
          Status: !issued
            ? 'Applied'
            : home.isCancelled
              ? 'Expired'
              : finaled
                ? 'Passed'
                : 'Issued',
          'Issued Date': issued ? this.calendar.date(issuedDay) : null,
          'Expiration Date': issued ? this.calendar.date(issuedDay + 365) : null,
        },
      });
    });
  }

  private tests(home: HomeContext, random: Random): void {
    const geotech = vendorsOf('Geotechnical');
    const inspectors = vendorsOf('Testing & Inspection');
    const radonVendors = vendorsOf('Radon Mitigation');

    const addTest = (
      kind: 'soil' | 'openhole' | 'radon' | 'gic',
      offset: number,
      measure: () => { value: number; pass: boolean },
      unit: string,
      vendors: readonly string[],
      notes: (pass: boolean) => string,
    ): void => {
      const day = home.startDay + offset;
      if (day > -1) return;
      const pending = day >= -3;
      const { value, pass } = measure();
      this.sets[kind].push({
        id: `${kind}-${home.number}`,
        homeRid: home.id,
        parentId: null,
        data: {
          HomeRID: home.id,
          'Test Date': this.calendar.date(day),
          Result: pending ? 'Pending' : pass ? 'Pass' : 'Fail',
          Value: pending ? null : value,
          Unit: unit,
          Vendor: random.pick(vendors),
          Notes: pending ? 'Awaiting lab report' : notes(pass),
        },
      });
    };

    // Soil bearing capacity before the dig, the open-hole inspection of the excavation,
    // compaction of the backfill (GIC) and the radon test before closing.
    addTest(
      'soil',
      -60,
      () => {
        const value = random.int(15, 40) * 100;
        return { value, pass: value >= 1800 };
      },
      'psf',
      geotech,
      (pass) => (pass ? 'Spread footings per standard design' : 'Engineered foundation required'),
    );
    addTest(
      'openhole',
      3,
      () => ({ value: random.decimal(6.5, 9.5), pass: random.chance(0.93) }),
      'ft',
      geotech,
      (pass) => (pass ? 'Excavation matches soils report' : 'Over-excavate 2 ft and recompact'),
    );
    addTest(
      'gic',
      17,
      () => {
        const value = random.decimal(91, 99.5);
        return { value, pass: value >= 95 };
      },
      '% Proctor',
      inspectors,
      (pass) =>
        pass ? 'Backfill compaction meets spec' : 'Recompact backfill at rear foundation wall',
    );
    if (!home.isCancelled) {
      addTest(
        'radon',
        168,
        () => {
          const value = random.decimal(0.4, 5.5);
          return { value, pass: value < 4 };
        },
        'pCi/L',
        radonVendors,
        (pass) =>
          pass ? 'Below EPA action level' : 'Above 4.0 pCi/L: activate mitigation fan and retest',
      );
    }
  }

  private jobs(home: HomeContext, random: Random): void {
    JOB_PLAN.forEach((plan, jobIndex) => {
      const firstTask = plan.tasks[0];
      if (firstTask === undefined) return;
      // Jobs show three weeks ahead; a cancelled home keeps only what was done.
      if (firstTask[1] > home.days + 21) return;
      if (home.isCancelled && firstTask[1] > home.days) return;
      const jobId = `job-${home.number}-${pad(jobIndex + 1, 2)}`;
      const vendor = random.pick(vendorsOf(plan.trade));
      const schedules: {
        status: 'Scheduled' | 'Complete' | 'Late';
        scheduledDay: number;
        completedDay: number | null;
      }[] = [];
      plan.tasks.forEach(([task, offset], taskIndex) => {
        if (home.isCancelled && offset > home.days) return;
        const scheduledDay = home.startDay + offset + random.int(0, 4);
        const age = -scheduledDay;
        let status: 'Scheduled' | 'Complete' | 'Late' = 'Scheduled';
        let completedDay: number | null = null;
        if (age >= 1) {
          if (age > 6 || random.chance(0.6)) {
            status = 'Complete';
            completedDay = Math.min(-1, scheduledDay + random.int(0, 3));
          } else {
            status = 'Late';
          }
        }
        schedules.push({ status, scheduledDay, completedDay });
        this.sets.jobSchedules.push({
          id: `sched-${home.number}-${pad(jobIndex + 1, 2)}-${taskIndex + 1}`,
          homeRid: home.id,
          parentId: jobId,
          data: {
            JobRID: jobId,
            Task: task,
            'Scheduled Date': this.calendar.date(scheduledDay),
            'Completed Date': completedDay === null ? null : this.calendar.date(completedDay),
            Status: status,
          },
        });
      });
      const first = schedules[0];
      const last = schedules[schedules.length - 1];
      const allDone = schedules.every((s) => s.status === 'Complete');
      const started = schedules.some((s) => s.status !== 'Scheduled');
      this.sets.jobs.push({
        id: jobId,
        homeRid: home.id,
        parentId: null,
        data: {
          JobRID: jobId,
          HomeRID: home.id,
          Name: plan.name,
          Vendor: vendor,
          Status: allDone ? 'Complete' : started ? 'In Progress' : 'Scheduled',
          'Start Date': first === undefined ? null : this.calendar.date(first.scheduledDay),
          'End Date':
            allDone && last !== undefined && last.completedDay !== null
              ? this.calendar.date(last.completedDay)
              : null,
        },
      });
    });
  }

  private phoneCalls(home: HomeContext, random: Random): void {
    const closed = home.days >= BUILD_DAYS;
    const count = home.isCancelled ? 1 : closed ? random.int(1, 5) : random.int(0, 2);
    const earliest = Math.min(-2, home.startDay - 20);
    for (let n = 1; n <= count; n++) {
      const day = random.int(earliest, -1);
      const afterClose = day >= home.startDay + BUILD_DAYS;
      const staff = afterClose
        ? random.pick([home.initialCs, random.pick(CUSTOMER_SERVICE)])
        : random.pick([home.salesRep, home.builder]);
      const voicemail = random.chance(0.25);
      const text = home.isCancelled
        ? 'Buyer cancelled the contract; financing fell through.'
        : random.pick(CALL_NOTES);
      this.sets.phoneCalls.push({
        id: `call-${home.number}-${n}`,
        homeRid: home.id,
        parentId: null,
        data: {
          Home: home.id,
          Staff: staff,
          Date: this.calendar.time(day, random),
          Notes: voicemail ? `Voicemail: ${text}` : text,
          Voicemail: voicemail,
          HomeRID: home.id,
        },
      });
    }
  }

  private notes(home: HomeContext, random: Random): void {
    const count = random.int(0, 2) + (home.index === 0 || home.isTest ? 1 : 0);
    const earliest = Math.min(-2, home.startDay);
    for (let n = 1; n <= count; n++) {
      const text = random.pick(NOTE_TEXTS);
      this.sets.notes.push({
        id: `note-${home.number}-${n}`,
        homeRid: home.id,
        parentId: null,
        data: {
          HomeRID: home.id,
          Text: text === NOTE_TEXTS[0] ? `${text} Code ${pad(random.int(0, 9999), 4)}.` : text,
          Author: random.pick([home.builder, home.superintendent, home.salesRep]),
          Date: this.calendar.time(random.int(earliest, -1), random),
        },
      });
    }
  }

  private buyerRecords(home: HomeContext): void {
    home.buyers.forEach((buyer, n) => {
      this.sets.buyers.push({
        id: `buyer-${home.number}-${n + 1}`,
        homeRid: home.id,
        parentId: null,
        data: {
          HomeRID: home.id,
          Name: `${buyer.first} ${buyer.last}`,
          Email: `${emailPart(buyer.first)}.${emailPart(buyer.last)}${home.index % 100}@example.net`,
          Phone: `(${home.communityIndex % 2 === 0 ? '970' : '720'}) 555-${pad(170 + ((home.index * 7 + n) % 30), 4)}`,
        },
      });
    });
  }

  /**
   * The superintendent's log of the last working days on site: for a home being built, up
   * to four days of the past two weeks; for a showcase home, three days before it closed.
   * The crews are the trades whose jobs had a task within a few days.
   */
  private dailyLogs(home: HomeContext, random: Random): void {
    const showcase = home.index === 0 || home.isTest;
    const building = home.days >= 0 && home.days < BUILD_DAYS;
    if (home.isCancelled || !(showcase || building)) return;
    const lastDay = Math.min(-1, home.startDay + BUILD_DAYS - 1);
    const count = showcase ? 3 : random.int(0, 4);
    let day = lastDay;
    for (let n = 1; n <= count && day >= home.startDay; n++) {
      const onSite = day - home.startDay;
      // The trades with a task within three days, else the one whose task is nearest.
      const distance = (plan: JobPlan) =>
        Math.min(...plan.tasks.map(([, offset]) => Math.abs(offset - onSite)));
      const near = JOB_PLAN.filter((plan) => distance(plan) <= 3);
      const nearest = [...JOB_PLAN].sort((a, b) => distance(a) - distance(b)).slice(0, 1);
      const trades = (near.length > 0 ? near : nearest).map((plan) => plan.trade);
      const inspections = JOB_PLAN.flatMap((plan) =>
        plan.tasks.filter(([task, offset]) => /inspection/i.test(task) && offset === onSite),
      ).map(([task]) => `${task} passed`);
      const delayed = random.chance(0.2);
      this.sets.dailyLogs.push({
        id: `dailylog-${home.number}-${n}`,
        homeRid: home.id,
        parentId: null,
        data: {
          HomeRID: home.id,
          Date: this.calendar.date(day).slice(0, 10),
          Weather: random.weighted(WEATHER_CONDITIONS.map((w) => [w, WEATHER_WEIGHTS[w]] as const)),
          Temperature: random.int(18, 92),
          Crews: trades.map((trade) => ({
            Vendor: random.pick(vendorsOf(trade)),
            'Head Count': random.int(2, 9),
          })),
          Deliveries: random.chance(0.4) ? random.pick(DELIVERIES) : '',
          Inspections: inspections.join('; '),
          Delays: delayed ? [{ Cause: random.pick(DELAY_CAUSES), Hours: random.int(1, 8) }] : [],
          Notes: random.pick(DAILY_LOG_NOTES),
          Author: employeeName(home.superintendent),
        },
      });
      day -= random.int(1, 4);
    }
  }

  private reviews(home: HomeContext, random: Random): void {
    const closeDay = home.startDay + BUILD_DAYS;
    if (home.isCancelled || closeDay > -15 || !random.chance(0.6)) return;
    const rating = random.weighted([
      [5, 50],
      [4, 30],
      [3, 12],
      [2, 5],
      [1, 3],
    ] as const);
    const buyer = home.buyers[0];
    this.sets.reviews.push({
      id: `review-${home.number}`,
      homeRid: home.id,
      parentId: null,
      data: {
        HomeRID: home.id,
        Rating: rating,
        Comment: random.pick(REVIEW_COMMENTS[rating] ?? ['']),
        Reviewer: buyer === undefined ? 'Homeowner' : `${buyer.first} ${buyer.last.charAt(0)}.`,
        Source: random.pick(REVIEW_SOURCES),
        Date: this.calendar.date(random.int(closeDay + 14, Math.max(closeDay + 14, -1))),
      },
    });
  }
}

/**
 * The demo company: one record set per kind plus the demo accounts. Deterministic for
 * given options; about 60 records per home.
 */
export function generateDemoData(options: DemoDataOptions = {}): DemoData {
  const homes = options.homes ?? DEFAULT_DEMO_HOMES;
  if (!Number.isInteger(homes) || homes < 0) {
    throw new RangeError(`homes must be a whole number of 0 or more, got ${String(homes)}`);
  }
  return new DemoGenerator(
    homes,
    options.seed ?? DEFAULT_DEMO_SEED,
    options.referenceDate ?? DEMO_REFERENCE_DATE,
  ).run();
}
