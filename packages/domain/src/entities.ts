// Entity schemas (docs/entities.md). Field names are the specification's, spaces and all, so a
// client written against the specification works unchanged. Fields the specification leaves out
// ("fields not shown") are ours and listed in docs/entities.md.

import { z } from './zod.js';
import { ITEM_PRIORITIES, ITEM_STATUSES } from './item-review.js';
import { CLOSING_TYPES, WALK_TYPES } from './walks.js';
import { STAFF_TYPES } from './staff.js';
import { scopeSchema } from './scopes.js';
import { MESSAGES } from './messages.js';
import { parseIsoDate } from './validation.js';
import { isValidFileRef } from './file-paths.js';

export const recordIdSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'expected an id of 1 to 64 letters, digits, "_" or "-"'));

/** A record's id as a client may send it with an add (records made offline have one). */
export const optionalId = { id: z.optional(recordIdSchema) };

/** An ISO 8601 date or date-time on a real calendar day, years 1900 to 2199. */
export const isoDateSchema = z
  .string()
  .check(z.refine((value) => parseIsoDate(value) !== undefined, MESSAGES.expectedIsoDate));

/** Every stored record carries these (architecture: server conventions). */
export const recordMetaSchema = z.object({
  id: recordIdSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.nullable(z.string()),
});

/** Fields the server owns; a client cannot set them. */
export const SERVER_FIELDS = ['createdAt', 'updatedAt', 'deletedAt'] as const;

/**
 * The server's own fields, accepted in an input and ignored, so a client may send back a
 * record as it read it. Every other field a record input does not name is refused.
 */
export const serverFieldsIgnored = {
  createdAt: z.optional(z.unknown()),
  updatedAt: z.optional(z.unknown()),
  deletedAt: z.optional(z.unknown()),
};

const idList = z.array(z.string());
const staffLists = Object.fromEntries(STAFF_TYPES.map((type) => [type, idList])) as Record<
  (typeof STAFF_TYPES)[number],
  typeof idList
>;

export const HOME_TEST_STATUS = 'Test Home';
export const KOVA_CANCELLED = 'Cancelled';

const homeFieldsSchema = z.looseObject({
  HomeRID: z.string(),
  HomeID: z.string(),
  Address: z.string(),
  distance: z.optional(z.number()),
  Status: z.string(),
  'KOVA Status': z.string(),
  Community: z.string(),
  Lot: z.string(),
  Plan: z.string(),
  'Construction Start': z.nullable(isoDateSchema),
  'Projected Close': z.nullable(isoDateSchema),
  ...staffLists,
  /** `false`: archived, out of the active lists (docs/decisions.md, Homes, employees and vendors by hand). */
  Active: z.optional(z.boolean()),
});
export const homeSchema = z.extend(recordMetaSchema, homeFieldsSchema.shape);
export type Home = z.infer<typeof homeSchema>;

/**
 * A home update may change any field of a home but its id (`HomeRID` is accepted and
 * ignored); staff lists stay lists of ids; other field names are refused.
 */
export const homeUpdateSchema = z.strictObject({
  ...z.partial(homeFieldsSchema).shape,
  ...serverFieldsIgnored,
});

/** What a home added by hand holds where its form leaves a field out (the seed's first stage). */
const HOME_DEFAULTS = { Status: 'Lot Prep', 'KOVA Status': 'Spec' } as const;

const textDefault = z._default(z.string(), '');
const noDate = z._default(z.nullable(isoDateSchema), null);
const noStaff = z._default(idList, []);

/**
 * A home added by hand: its company number (`HomeID`) and address; the rest as the seed
 * starts a home. Its `HomeRID` is its id (the server sets it).
 */
export const homeInputSchema = z.strictObject({
  ...optionalId,
  HomeRID: z.optional(z.string()),
  HomeID: z.string(),
  Address: z.string(),
  distance: z.optional(z.number()),
  Status: z._default(z.string(), HOME_DEFAULTS.Status),
  'KOVA Status': z._default(z.string(), HOME_DEFAULTS['KOVA Status']),
  Community: textDefault,
  Lot: textDefault,
  Plan: textDefault,
  'Construction Start': noDate,
  'Projected Close': noDate,
  ...(Object.fromEntries(STAFF_TYPES.map((type) => [type, noStaff])) as Record<
    (typeof STAFF_TYPES)[number],
    typeof noStaff
  >),
  Active: z._default(z.boolean(), true),
  ...serverFieldsIgnored,
});

export const EMPLOYEE_ROLES = [
  'Construction',
  'Design',
  'Sales',
  'Customer Service',
  'Builder',
  'Manager',
] as const;

export const employeeSchema = z.extend(recordMetaSchema, {
  Name: z.string(),
  'First Name': z.string(),
  'Last Name': z.string(),
  Email: z.string(),
  Phone: z.string(),
  Role: z.enum(EMPLOYEE_ROLES),
  Active: z.boolean(),
});

export const vendorSchema = z.extend(recordMetaSchema, {
  Name: z.string(),
  Trade: z.string(),
  Contact: z.string(),
  Phone: z.string(),
  Email: z.string(),
  Active: z.boolean(),
});

/** An employee's Name: first and last name, as every list shows it. */
export function employeeName(first: string, last: string): string {
  return `${first.trim()} ${last.trim()}`.trim();
}

/** The fields an employee write derives: its Name, from the first and last name it ends with. */
export function employeeDerived(
  record: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const first = record['First Name'];
  const last = record['Last Name'];
  return typeof first === 'string' && typeof last === 'string'
    ? { Name: employeeName(first, last) }
    : {};
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^\+?[0-9 ().-]{7,25}$/;

/** An e-mail address; '' where the field is optional. */
function emailSchema(optional: boolean) {
  return z
    .string()
    .check(
      z.refine(
        (value) => (optional && value === '') || EMAIL_PATTERN.test(value),
        MESSAGES.expectedEmail,
      ),
    );
}

/** A phone number (digits, spaces, `( ) - .`, a leading `+`, at least 7 digits); or ''. */
const phoneSchema = z
  .string()
  .check(
    z.refine(
      (value) =>
        value === '' || (PHONE_PATTERN.test(value) && value.replace(/\D/g, '').length >= 7),
      MESSAGES.expectedPhone,
    ),
  );

const employeeFields = {
  'First Name': z.string(),
  'Last Name': z.string(),
  Email: emailSchema(false),
  Phone: phoneSchema,
  Role: z.enum(EMPLOYEE_ROLES),
  /** `false`: archived (kept, shown under "Archived"). */
  Active: z.boolean(),
  /** Derived from the first and last name (employeeDerived): accepted, and replaced. */
  Name: z.string(),
};

/** An employee added by hand (or imported): e-mail unique among employees. */
export const employeeInputSchema = z.strictObject({
  ...optionalId,
  ...employeeFields,
  Phone: z._default(phoneSchema, ''),
  Active: z._default(z.boolean(), true),
  Name: z.optional(z.string()),
  ...serverFieldsIgnored,
});
export const employeeUpdateSchema = z.strictObject({
  ...z.partial(z.object(employeeFields)).shape,
  ...serverFieldsIgnored,
});

const vendorFields = {
  Name: z.string(),
  Trade: z.string(),
  Contact: z.string(),
  Phone: phoneSchema,
  Email: emailSchema(true),
  /** `false`: archived (kept, shown under "Archived"). */
  Active: z.boolean(),
};

/** A vendor added by hand (or imported): Name and Trade together unique among vendors. */
export const vendorInputSchema = z.strictObject({
  ...optionalId,
  ...vendorFields,
  Contact: textDefault,
  Phone: z._default(phoneSchema, ''),
  Email: z._default(emailSchema(true), ''),
  Active: z._default(z.boolean(), true),
  ...serverFieldsIgnored,
});
export const vendorUpdateSchema = z.strictObject({
  ...z.partial(z.object(vendorFields)).shape,
  ...serverFieldsIgnored,
});

export const userDocumentSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  photoURL: z.nullable(z.string()),
  scopes: z.array(scopeSchema),
  fieldData: z.object({ role: z.string(), airtableId: z.nullable(z.string()) }),
});
export type UserDocument = z.infer<typeof userDocumentSchema>;

export const NOTIFICATION_APPS = [
  'all',
  'website',
  'field',
  'design_studio',
  'notification_info_portal',
] as const;

/** `home_info_portal` is the other reading of the last notifications tab. */
export function normalizeNotificationApp(value: string): string {
  return value === 'home_info_portal' ? 'notification_info_portal' : value;
}

export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  read: z.boolean(),
  priority: z.string(),
  timestamp: z.string(),
  metadata: z.looseObject({ homeAddress: z.optional(z.string()) }),
  category: z.string(),
  app: z.enum(NOTIFICATION_APPS),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export interface OpenItemSummary {
  readonly 'Open Items': number;
  readonly 'Open Frame Punch Items': number;
  readonly 'Open Final Punch Items': number;
  readonly 'Open NHP Items': number;
  readonly 'Open WHO Items': number;
  readonly 'Open Post Close Items': number;
}

/**
 * A reference to a stored file (`collection/key` in the file storage): a path the files
 * API takes (file-paths.ts).
 */
const filePlaceSchema = z
  .strictObject({
    collection: z.string().check(z.minLength(1)),
    key: z.string().check(z.minLength(1)),
  })
  .check(z.refine(isValidFileRef, { message: MESSAGES.invalidFilePath, path: ['key'] }));

/**
 * A file a record lists. A photo drawn on before it was saved is the marked-up copy, and
 * `original` names the photo as it was taken, kept beside it (docs/decisions.md, Markup on
 * photos).
 */
export const fileRefSchema = z
  .strictObject({
    collection: z.string().check(z.minLength(1)),
    key: z.string().check(z.minLength(1)),
    name: z.optional(z.string()),
    type: z.optional(z.string()),
    size: z.optional(z.number()),
    original: z.optional(filePlaceSchema),
  })
  .check(z.refine(isValidFileRef, { message: MESSAGES.invalidFilePath, path: ['key'] }));

export const phoneCallInputSchema = z.strictObject({
  ...optionalId,
  Home: z.string(),
  Staff: z.string(),
  Date: isoDateSchema,
  Notes: z.string(),
  Voicemail: z.boolean(),
  HomeRID: z.optional(z.string()),
  ...serverFieldsIgnored,
});
export const phoneCallUpdateSchema = z.strictObject({
  Notes: z.string(),
  Voicemail: z.boolean(),
  Date: z.optional(isoDateSchema),
  Staff: z.optional(z.string()),
  /** Accepted when it names the call's own home; a call never moves. */
  HomeRID: z.optional(z.string()),
  ...serverFieldsIgnored,
});
export const phoneCallSchema = z.extend(recordMetaSchema, {
  Home: z.string(),
  Staff: z.string(),
  Date: z.string(),
  Notes: z.string(),
  Voicemail: z.boolean(),
  HomeRID: z.string(),
});

/**
 * An item's trade (a vendor's id), due date and priority, and its review step's note,
 * photos and the reason it was sent back (item-review.ts; docs/entities.md, walk item).
 */
const itemTradeFields = {
  Vendor: z.optional(z.nullable(recordIdSchema)),
  'Due Date': z.optional(z.nullable(isoDateSchema)),
  Priority: z.optional(z.enum(ITEM_PRIORITIES)),
  'Review Note': z.optional(z.string().check(z.maxLength(2000))),
  'Review Photos': z.optional(z.array(fileRefSchema)),
  'Return Reason': z.optional(z.string().check(z.maxLength(2000))),
};

export const walkItemInputSchema = z.strictObject({
  ...optionalId,
  Walk: z.enum(WALK_TYPES),
  Category: z.string(),
  Location: z.string(),
  Name: z.string(),
  WalkID: z.optional(z.string()),
  HomeRID: z.optional(z.string()),
  Status: z._default(z.enum(ITEM_STATUSES), 'Outstanding'),
  'Completed At': z.optional(z.nullable(isoDateSchema)),
  Notes: z.optional(z.string()),
  Photos: z.optional(z.array(fileRefSchema)),
  ...itemTradeFields,
  ...serverFieldsIgnored,
});
export const walkItemUpdateSchema = z.strictObject({
  Name: z.string(),
  Category: z.optional(z.string()),
  Location: z.optional(z.string()),
  Status: z.optional(z.enum(ITEM_STATUSES)),
  'Completed At': z.optional(z.nullable(isoDateSchema)),
  Notes: z.optional(z.string()),
  Photos: z.optional(z.array(fileRefSchema)),
  /** Accepted when unchanged: an item keeps its walk and home. */
  Walk: z.optional(z.enum(WALK_TYPES)),
  WalkID: z.optional(z.nullable(z.string())),
  HomeRID: z.optional(z.nullable(z.string())),
  ...itemTradeFields,
  ...serverFieldsIgnored,
});
export const walkItemSchema = z.extend(recordMetaSchema, {
  Walk: z.enum(WALK_TYPES),
  Category: z.string(),
  Location: z.string(),
  Name: z.string(),
  WalkID: z.nullable(z.string()),
  HomeRID: z.nullable(z.string()),
  Status: z.enum(ITEM_STATUSES),
  'Completed At': z.nullable(z.string()),
  ...itemTradeFields,
});

export const CHECKLIST_RESULTS = ['pass', 'fail', 'na'] as const;
export type ChecklistResult = (typeof CHECKLIST_RESULTS)[number];

/** One line's answer on a walk: its result and an optional note. */
export const checklistAnswerSchema = z.strictObject({
  result: z.enum(CHECKLIST_RESULTS),
  note: z.optional(z.string().check(z.maxLength(2000))),
});
export type ChecklistAnswer = z.infer<typeof checklistAnswerSchema>;

/**
 * A walk's `checklist`, keyed by line id. Walks recorded before the forms were data
 * hold `true` / `false` per line (read as pass / fail); new answers are objects.
 */
const checklistSchema = z.record(
  z.string().check(z.maxLength(200)),
  z.union([checklistAnswerSchema, z.boolean(), z.string(), z.null()]),
);

export const SIGNATURE_ROLES = ['buyer', 'staff'] as const;
export type SignatureRole = (typeof SIGNATURE_ROLES)[number];

/** A signature drawn on the device: a PNG data URL, who signed and when. */
export const signatureSchema = z.strictObject({
  role: z.enum(SIGNATURE_ROLES),
  name: z.string().check(z.minLength(1), z.maxLength(200)),
  signedAt: z.string().check(z.maxLength(40)),
  image: z
    .string()
    .check(z.maxLength(400_000), z.regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/)),
});
export type Signature = z.infer<typeof signatureSchema>;

/** Home start, pre-drywall, manager walk and landscape walks: a checklist on a home. */
export const walkFormInputSchema = z.strictObject({
  ...optionalId,
  HomeRID: z.string(),
  date: z.optional(isoDateSchema),
  user: z.optional(z.string()),
  notes: z.optional(z.string()),
  /** Answers by line id of the form's checklist (walk-forms.ts). */
  checklist: z.optional(checklistSchema),
  uploadedFiles: z.optional(z.array(fileRefSchema)),
  ...serverFieldsIgnored,
});
export const walkFormUpdateSchema = z.partial(z.omit(walkFormInputSchema, { id: true }));

export const closingWalkInputSchema = z
  .strictObject({
    ...optionalId,
    date: isoDateSchema,
    selectedHome: z.string(),
    user: z.string(),
    notes: z._default(z.string(), ''),
    uploadedFiles: z._default(z.array(fileRefSchema), []),
    type: z.enum(CLOSING_TYPES),
    pdfUrl: z.optional(z.string()),
    customerServiceStaff: z.optional(z.union([z.string(), z.array(z.string())])),
    HomeRID: z.optional(z.string()),
    checklist: z.optional(checklistSchema),
    signatures: z.optional(z.array(signatureSchema).check(z.maxLength(SIGNATURE_ROLES.length))),
    /** The signed walk this one amends (closing-walks.ts); its number is the server's. */
    amends: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
    amendment: z.optional(z.unknown()),
    ...serverFieldsIgnored,
  })
  .check(
    z.refine((walk) => walk.customerServiceStaff === undefined || walk.type === 'who', {
      message: 'customerServiceStaff is only sent when type is who',
      path: ['customerServiceStaff'],
    }),
  );
export const closingWalkUpdateSchema = z.strictObject({
  date: z.optional(isoDateSchema),
  user: z.optional(z.string()),
  notes: z.optional(z.string()),
  uploadedFiles: z.optional(z.array(fileRefSchema)),
  pdfUrl: z.optional(z.string()),
  customerServiceStaff: z.optional(z.union([z.string(), z.array(z.string())])),
  checklist: z.optional(checklistSchema),
  signatures: z.optional(z.array(signatureSchema).check(z.maxLength(SIGNATURE_ROLES.length))),
  /** Accepted when unchanged: a walk keeps its home and type. */
  selectedHome: z.optional(z.string()),
  HomeRID: z.optional(z.string()),
  type: z.optional(z.enum(CLOSING_TYPES)),
  /** Accepted when unchanged: an amendment keeps the walk it amends and its number. */
  amends: z.optional(z.string()),
  amendment: z.optional(z.number()),
  ...serverFieldsIgnored,
});

export const noteInputSchema = z.strictObject({
  ...optionalId,
  HomeRID: z.string(),
  Text: z.string(),
  Author: z.optional(z.string()),
  Date: z.optional(isoDateSchema),
  ...serverFieldsIgnored,
});
export const noteUpdateSchema = z.partial(z.omit(noteInputSchema, { id: true }));

export const buyerInputSchema = z.strictObject({
  ...optionalId,
  HomeRID: z.string(),
  Name: z.string(),
  Email: z.optional(z.string()),
  Phone: z.optional(z.string()),
  ...serverFieldsIgnored,
});
export const buyerUpdateSchema = z.partial(z.omit(buyerInputSchema, { id: true }));

export const WEATHER_CONDITIONS = [
  'Clear',
  'Partly cloudy',
  'Overcast',
  'Rain',
  'Snow',
  'Wind',
  'Fog',
  'Extreme heat',
] as const;

export const DELAY_CAUSES = [
  'Weather',
  'Material',
  'Labor',
  'Inspection',
  'Design change',
  'Equipment',
  'Other',
] as const;

/** A crew on site: the vendor (its id in the vendor list) and how many of its people. */
const crewSchema = z.strictObject({
  Vendor: z.string().check(z.minLength(1)),
  'Head Count': z.number().check(z.int(), z.gte(1), z.lte(500)),
});

/** Time lost on the day and what caused it. */
const delaySchema = z.strictObject({
  Cause: z.enum(DELAY_CAUSES),
  Hours: z.number().check(z.gte(0), z.lte(24)),
});

const dailyLogFields = {
  HomeRID: z.string(),
  /** The day the log is for (`YYYY-MM-DD`). */
  Date: isoDateSchema,
  Weather: z.optional(z.enum(WEATHER_CONDITIONS)),
  /** Degrees Fahrenheit at the site. */
  Temperature: z.optional(z.nullable(z.number().check(z.gte(-60), z.lte(140)))),
  Crews: z.optional(z.array(crewSchema).check(z.maxLength(50))),
  Deliveries: z.optional(z.string()),
  Inspections: z.optional(z.string()),
  Delays: z.optional(z.array(delaySchema).check(z.maxLength(20))),
  Notes: z.optional(z.string()),
  Photos: z.optional(z.array(fileRefSchema)),
  Author: z.optional(z.string()),
};

/** A superintendent's record of one day on a home's site (docs/entities.md). */
export const dailyLogInputSchema = z.strictObject({
  ...optionalId,
  ...dailyLogFields,
  ...serverFieldsIgnored,
});
export const dailyLogUpdateSchema = z.partial(z.omit(dailyLogInputSchema, { id: true }));
export const dailyLogSchema = z.extend(recordMetaSchema, dailyLogFields);

export const draftSchema = z.object({
  key: z.string(),
  title: z.string(),
  homeRID: z.string(),
  address: z.string(),
  homeID: z.string(),
  formTitle: z.string(),
  creationTime: z.number(),
  expirationTime: z.nullable(z.number()),
  fallback: z.boolean(),
  // A draft is the device's own copy: what it kept beside a file reference stays.
  data: z.looseObject({
    uploadedFiles: z.optional(z.array(z.looseObject(fileRefSchema.shape))),
  }),
});
export type Draft = z.infer<typeof draftSchema>;

export interface FileRecord {
  id: string;
  name: string;
  opfsPath: string;
  type: string;
  size: number;
  /** Records that hold the file; it is deleted from storage when this reaches 0. */
  refCount: number;
}

// `conflict`: the server refused the write's stale base (409, conflicts.ts); it waits for
// the user's choice, never sent again as it is and never dropped by itself.
const MUTATION_STATUSES = ['pending', 'failed', 'conflict'] as const;

export const queuedMutationSchema = z.object({
  id: z.string(),
  type: z.string(),
  operation: z.string(),
  data: z.unknown(),
  queryKeys: z.array(z.array(z.unknown())),
  timestamp: z.number(),
  retryCount: z.number().check(z.int(), z.gte(0)),
  status: z.enum(MUTATION_STATUSES),
  error: z.optional(z.string()),
});
export type QueuedMutation = z.infer<typeof queuedMutationSchema>;

const MODES = ['work', 'presentation'] as const;
export type Mode = (typeof MODES)[number];

export const localSettingsSchema = z.object({
  selectedHomeId: z.nullable(z.string()),
  mode: z.enum(MODES),
  testing: z.boolean(),
  draftsFallback: z.boolean(),
  'core-config': z.record(z.string(), z.unknown()),
});
export type LocalSettings = z.infer<typeof localSettingsSchema>;

/** A note on a home as stored (ours: the spec has the route only; docs/api.md). */
export const noteSchema = z.extend(recordMetaSchema, {
  HomeRID: z.string(),
  Text: z.string(),
  Author: z.optional(z.string()),
  Date: z.optional(z.string()),
});

/** A buyer of a home as stored (ours: the spec has the route only; docs/api.md). */
export const buyerSchema = z.extend(recordMetaSchema, {
  HomeRID: z.string(),
  Name: z.string(),
  Email: z.optional(z.string()),
  Phone: z.optional(z.string()),
});
