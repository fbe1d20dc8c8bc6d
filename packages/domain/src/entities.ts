// Entity schemas of section 3. Field names are the specification's, spaces and all, so a
// client written against the specification works unchanged. Fields the specification
// leaves out ("fields not shown") are ours and listed in docs/entities.md.

import { z } from 'zod';
import { CLOSING_TYPES, ITEM_STATUSES, WALK_TYPES } from './walks.js';
import { STAFF_TYPES } from './staff.js';
import { scopeSchema } from './scopes.js';
import { LOCAL_DB } from './constants.js';
import { MESSAGES } from './messages.js';
import { parseIsoDate } from './validation.js';

export const recordIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'expected an id of 1 to 64 letters, digits, "_" or "-"');

/** An ISO 8601 date or date-time on a real calendar day, years 1900 to 2199. */
export const isoDateSchema = z
  .string()
  .refine((value) => parseIsoDate(value) !== undefined, MESSAGES.expectedIsoDate);

/** Every stored record carries these (architecture: server conventions). */
export const recordMetaSchema = z.object({
  id: recordIdSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
});
export type RecordMeta = z.infer<typeof recordMetaSchema>;

/** Fields the server owns; a client cannot set them. */
export const SERVER_FIELDS = ['createdAt', 'updatedAt', 'deletedAt'] as const;

/**
 * The server's own fields, accepted in an input and ignored, so a client may send back a
 * record as it read it. Every other field a record input does not name is refused.
 */
const serverFieldsIgnored = {
  createdAt: z.unknown().optional(),
  updatedAt: z.unknown().optional(),
  deletedAt: z.unknown().optional(),
};

const idList = z.array(z.string());
const staffLists = Object.fromEntries(STAFF_TYPES.map((type) => [type, idList])) as Record<
  (typeof STAFF_TYPES)[number],
  typeof idList
>;

export const HOME_TEST_STATUS = 'Test Home';
export const KOVA_CANCELLED = 'Cancelled';

export const homeFieldsSchema = z.looseObject({
  HomeRID: z.string(),
  HomeID: z.string(),
  Address: z.string(),
  distance: z.number().optional(),
  Status: z.string(),
  'KOVA Status': z.string(),
  Community: z.string(),
  Lot: z.string(),
  Plan: z.string(),
  'Construction Start': isoDateSchema.nullable(),
  'Projected Close': isoDateSchema.nullable(),
  ...staffLists,
});
export const homeSchema = recordMetaSchema.extend(homeFieldsSchema.shape);
export type Home = z.infer<typeof homeSchema>;

/**
 * A home update may change any field of a home but its id (`HomeRID` is accepted and
 * ignored); staff lists stay lists of ids; other field names are refused.
 */
export const homeUpdateSchema = z.strictObject({
  ...homeFieldsSchema.partial().shape,
  ...serverFieldsIgnored,
});

export const currentHomeSchema = z.object({
  id: z.string(),
  HomeID: z.string(),
  HomeRID: z.string(),
  Address: z.string(),
});
export type CurrentHome = z.infer<typeof currentHomeSchema>;

export const EMPLOYEE_ROLES = [
  'Construction',
  'Design',
  'Sales',
  'Customer Service',
  'Builder',
  'Manager',
] as const;

export const employeeSchema = recordMetaSchema.extend({
  Name: z.string(),
  'First Name': z.string(),
  'Last Name': z.string(),
  Email: z.string(),
  Phone: z.string(),
  Role: z.enum(EMPLOYEE_ROLES),
  Active: z.boolean(),
});
export type Employee = z.infer<typeof employeeSchema>;

export const vendorSchema = recordMetaSchema.extend({
  Name: z.string(),
  Trade: z.string(),
  Contact: z.string(),
  Phone: z.string(),
  Email: z.string(),
  Active: z.boolean(),
});
export type Vendor = z.infer<typeof vendorSchema>;

export const userDocumentSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  photoURL: z.string().nullable(),
  scopes: z.array(scopeSchema),
  fieldData: z.object({ role: z.string(), airtableId: z.string().nullable() }),
});
export type UserDocument = z.infer<typeof userDocumentSchema>;

export const NOTIFICATION_APPS = [
  'all',
  'website',
  'field',
  'design_studio',
  'notification_info_portal',
] as const;

/** `home_info_portal` is the other reading of the last category (section 2). */
export function normalizeNotificationApp(value: string): string {
  return value === 'home_info_portal' ? 'notification_info_portal' : value;
}

export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  read: z.boolean(),
  priority: z.string(),
  timestamp: z.string(),
  metadata: z.object({ homeAddress: z.string().optional() }).loose(),
  category: z.string(),
  app: z.enum(NOTIFICATION_APPS),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const messageSchema = z.object({
  avatar: z.string(),
  title: z.string(),
  subtitle: z.string(),
  time: z.string(),
});

export const openItemSummarySchema = z.object({
  'Open Items': z.number().int(),
  'Open Frame Punch Items': z.number().int(),
  'Open Final Punch Items': z.number().int(),
  'Open NHP Items': z.number().int(),
  'Open WHO Items': z.number().int(),
  'Open Post Close Items': z.number().int(),
});
export type OpenItemSummary = z.infer<typeof openItemSummarySchema>;

/** A reference to a stored file (`collection/key` in the file storage). */
export const fileRefSchema = z.strictObject({
  collection: z.string().min(1),
  key: z.string().min(1),
  name: z.string().optional(),
  type: z.string().optional(),
  size: z.number().optional(),
});
export type FileRef = z.infer<typeof fileRefSchema>;

const optionalId = { id: recordIdSchema.optional() };

export const phoneCallInputSchema = z.strictObject({
  ...optionalId,
  Home: z.string(),
  Staff: z.string(),
  Date: isoDateSchema,
  Notes: z.string(),
  Voicemail: z.boolean(),
  HomeRID: z.string().optional(),
  ...serverFieldsIgnored,
});
export const phoneCallUpdateSchema = z.strictObject({
  Notes: z.string(),
  Voicemail: z.boolean(),
  Date: isoDateSchema.optional(),
  Staff: z.string().optional(),
  /** Accepted when it names the call's own home; a call never moves. */
  HomeRID: z.string().optional(),
  ...serverFieldsIgnored,
});
export const phoneCallSchema = recordMetaSchema.extend({
  Home: z.string(),
  Staff: z.string(),
  Date: z.string(),
  Notes: z.string(),
  Voicemail: z.boolean(),
  HomeRID: z.string(),
});
export type PhoneCall = z.infer<typeof phoneCallSchema>;

export const walkItemInputSchema = z.strictObject({
  ...optionalId,
  Walk: z.enum(WALK_TYPES),
  Category: z.string(),
  Location: z.string(),
  Name: z.string(),
  WalkID: z.string().optional(),
  HomeRID: z.string().optional(),
  Status: z.enum(ITEM_STATUSES).default('Outstanding'),
  'Completed At': isoDateSchema.nullable().optional(),
  Notes: z.string().optional(),
  Photos: z.array(fileRefSchema).optional(),
  ...serverFieldsIgnored,
});
export const walkItemUpdateSchema = z.strictObject({
  Name: z.string(),
  Category: z.string().optional(),
  Location: z.string().optional(),
  Status: z.enum(ITEM_STATUSES).optional(),
  'Completed At': isoDateSchema.nullable().optional(),
  Notes: z.string().optional(),
  Photos: z.array(fileRefSchema).optional(),
  /** Accepted when unchanged: an item keeps its walk and home. */
  Walk: z.enum(WALK_TYPES).optional(),
  WalkID: z.string().nullable().optional(),
  HomeRID: z.string().nullable().optional(),
  ...serverFieldsIgnored,
});
export const walkItemSchema = recordMetaSchema.extend({
  Walk: z.enum(WALK_TYPES),
  Category: z.string(),
  Location: z.string(),
  Name: z.string(),
  WalkID: z.string().nullable(),
  HomeRID: z.string().nullable(),
  Status: z.enum(ITEM_STATUSES),
  'Completed At': z.string().nullable(),
});
export type WalkItem = z.infer<typeof walkItemSchema>;

export const CHECKLIST_RESULTS = ['pass', 'fail', 'na'] as const;
export type ChecklistResult = (typeof CHECKLIST_RESULTS)[number];

/** One line's answer on a walk: its result and an optional note. */
export const checklistAnswerSchema = z.strictObject({
  result: z.enum(CHECKLIST_RESULTS),
  note: z.string().max(2000).optional(),
});
export type ChecklistAnswer = z.infer<typeof checklistAnswerSchema>;

/**
 * A walk's `checklist`, keyed by line id. Walks recorded before the forms were data
 * hold `true` / `false` per line (read as pass / fail); new answers are objects.
 */
export const checklistSchema = z.record(
  z.string().max(200),
  z.union([checklistAnswerSchema, z.boolean(), z.string(), z.null()]),
);

export const SIGNATURE_ROLES = ['buyer', 'staff'] as const;
export type SignatureRole = (typeof SIGNATURE_ROLES)[number];

/** A signature drawn on the device: a PNG data URL, who signed and when. */
export const signatureSchema = z.strictObject({
  role: z.enum(SIGNATURE_ROLES),
  name: z.string().min(1).max(200),
  signedAt: z.string().max(40),
  image: z
    .string()
    .max(400_000)
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/),
});
export type Signature = z.infer<typeof signatureSchema>;

/** Home start, pre-drywall, manager walk and landscape walks: a checklist on a home. */
export const walkFormInputSchema = z.strictObject({
  ...optionalId,
  HomeRID: z.string(),
  date: isoDateSchema.optional(),
  user: z.string().optional(),
  notes: z.string().optional(),
  /** Answers by line id of the form's checklist (walk-forms.ts). */
  checklist: checklistSchema.optional(),
  uploadedFiles: z.array(fileRefSchema).optional(),
  ...serverFieldsIgnored,
});
export const walkFormUpdateSchema = walkFormInputSchema.omit({ id: true }).partial();

export const closingWalkInputSchema = z
  .strictObject({
    ...optionalId,
    date: isoDateSchema,
    selectedHome: z.string(),
    user: z.string(),
    notes: z.string().default(''),
    uploadedFiles: z.array(fileRefSchema).default([]),
    type: z.enum(CLOSING_TYPES),
    pdfUrl: z.string().optional(),
    customerServiceStaff: z.union([z.string(), z.array(z.string())]).optional(),
    HomeRID: z.string().optional(),
    checklist: checklistSchema.optional(),
    signatures: z.array(signatureSchema).max(SIGNATURE_ROLES.length).optional(),
    ...serverFieldsIgnored,
  })
  .refine((walk) => walk.customerServiceStaff === undefined || walk.type === 'who', {
    message: 'customerServiceStaff is only sent when type is who',
    path: ['customerServiceStaff'],
  });
export const closingWalkUpdateSchema = z.strictObject({
  date: isoDateSchema.optional(),
  user: z.string().optional(),
  notes: z.string().optional(),
  uploadedFiles: z.array(fileRefSchema).optional(),
  pdfUrl: z.string().optional(),
  customerServiceStaff: z.union([z.string(), z.array(z.string())]).optional(),
  checklist: checklistSchema.optional(),
  signatures: z.array(signatureSchema).max(SIGNATURE_ROLES.length).optional(),
  /** Accepted when unchanged: a walk keeps its home and type. */
  selectedHome: z.string().optional(),
  HomeRID: z.string().optional(),
  type: z.enum(CLOSING_TYPES).optional(),
  ...serverFieldsIgnored,
});

export const permitSchema = recordMetaSchema.extend({
  HomeRID: z.string(),
  'Permit Number': z.string(),
  Type: z.string(),
  Status: z.string(),
  'Issued Date': z.string().nullable(),
  'Expiration Date': z.string().nullable(),
});

/** Soil, open-hole, radon and GIC tests share one shape: a dated result on a home. */
export const testRecordSchema = recordMetaSchema.extend({
  HomeRID: z.string(),
  'Test Date': z.string(),
  Result: z.enum(['Pass', 'Fail', 'Pending']),
  Value: z.number().nullable(),
  Unit: z.string(),
  Vendor: z.string().nullable(),
  Notes: z.string(),
});

export const reviewSchema = recordMetaSchema.extend({
  HomeRID: z.string(),
  Rating: z.number().int().min(1).max(5),
  Comment: z.string(),
  Reviewer: z.string(),
  Source: z.string(),
  Date: z.string(),
});

export const jobSchema = recordMetaSchema.extend({
  JobRID: z.string(),
  HomeRID: z.string(),
  Name: z.string(),
  Vendor: z.string().nullable(),
  Status: z.enum(['Scheduled', 'In Progress', 'Complete']),
  'Start Date': z.string().nullable(),
  'End Date': z.string().nullable(),
});

export const jobScheduleSchema = recordMetaSchema.extend({
  JobRID: z.string(),
  Task: z.string(),
  'Scheduled Date': z.string(),
  'Completed Date': z.string().nullable(),
  Status: z.enum(['Scheduled', 'Complete', 'Late']),
});

export const noteInputSchema = z.strictObject({
  ...optionalId,
  HomeRID: z.string(),
  Text: z.string(),
  Author: z.string().optional(),
  Date: isoDateSchema.optional(),
  ...serverFieldsIgnored,
});
export const noteUpdateSchema = noteInputSchema.omit({ id: true }).partial();

export const buyerInputSchema = z.strictObject({
  ...optionalId,
  HomeRID: z.string(),
  Name: z.string(),
  Email: z.string().optional(),
  Phone: z.string().optional(),
  ...serverFieldsIgnored,
});
export const buyerUpdateSchema = buyerInputSchema.omit({ id: true }).partial();

export const draftSchema = z.object({
  key: z.string(),
  title: z.string(),
  homeRID: z.string(),
  address: z.string(),
  homeID: z.string(),
  formTitle: z.string(),
  creationTime: z.number(),
  expirationTime: z.number().nullable(),
  fallback: z.boolean(),
  // A draft is the device's own copy: what it kept beside a file reference stays.
  data: z.looseObject({ uploadedFiles: z.array(fileRefSchema.loose()).optional() }),
});
export type Draft = z.infer<typeof draftSchema>;

export const fileRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  opfsPath: z.string(),
  type: z.string(),
  size: z.number(),
  refCount: z.number().int().min(0),
});
export type FileRecord = z.infer<typeof fileRecordSchema>;

export const thumbnailSchema = z.object({ fileId: z.string(), thumbnail: z.string() });

// `conflict`: the server refused the write's stale base (409, conflicts.ts); it waits for
// the user's choice, never sent again as it is and never dropped by itself.
export const MUTATION_STATUSES = ['pending', 'failed', 'conflict'] as const;

export const queuedMutationSchema = z.object({
  id: z.string(),
  type: z.string(),
  operation: z.string(),
  data: z.unknown(),
  queryKeys: z.array(z.array(z.unknown())),
  timestamp: z.number(),
  retryCount: z.number().int().min(0),
  status: z.enum(MUTATION_STATUSES),
  error: z.string().optional(),
});
export type QueuedMutation = z.infer<typeof queuedMutationSchema>;

export const MODES = ['work', 'presentation'] as const;
export type Mode = (typeof MODES)[number];

export const localSettingsSchema = z.object({
  selectedHomeId: z.string().nullable(),
  mode: z.enum(MODES),
  testing: z.boolean(),
  draftsFallback: z.boolean(),
  'core-config': z.record(z.string(), z.unknown()),
});
export type LocalSettings = z.infer<typeof localSettingsSchema>;

export const LOCAL_STORES = LOCAL_DB.stores;

/** A note on a home as stored (spec-clarifications, "Notes and buyers"). */
export const noteSchema = recordMetaSchema.extend({
  HomeRID: z.string(),
  Text: z.string(),
  Author: z.string().optional(),
  Date: z.string().optional(),
});
export type Note = z.infer<typeof noteSchema>;

/** A buyer of a home as stored (spec-clarifications, "Notes and buyers"). */
export const buyerSchema = recordMetaSchema.extend({
  HomeRID: z.string(),
  Name: z.string(),
  Email: z.string().optional(),
  Phone: z.string().optional(),
});
export type Buyer = z.infer<typeof buyerSchema>;
