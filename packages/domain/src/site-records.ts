// What the field records on a home's site besides walks: permits, the four tests (soil,
// open hole, radon, GIC), reviews, jobs and their schedule entries (docs/entities.md).
// The stored shapes keep the specification's fields; the inputs are what a write may send.

import { z } from './zod.js';
import {
  fileRefSchema,
  isoDateSchema,
  optionalId,
  recordMetaSchema,
  serverFieldsIgnored,
} from './entities.js';

/** A permit's way from the application to its final inspection (or its lapse). */
export const PERMIT_STATUSES = [
  'Applied',
  'Issued',
  'Inspection Scheduled',
  'Passed',
  'Failed',
  'Expired',
] as const;

/** A test's outcome; `Retest`: it has to be done again (the repeat names it in `Retest Of`). */
export const TEST_RESULTS = ['Pass', 'Fail', 'Retest', 'Pending'] as const;

/** The radon level (pCi/L) at and above which mitigation is called for. */
export const RADON_ACTION_LEVEL = 4;

/**
 * Whether a radon reading is at or over the action level; undefined without a reading.
 */
export function radonOverActionLevel(value: unknown): boolean | undefined {
  return typeof value === 'number' && Number.isFinite(value)
    ? value >= RADON_ACTION_LEVEL
    : undefined;
}

export const JOB_STATUSES = ['Scheduled', 'In Progress', 'Delayed', 'Complete'] as const;

/** A schedule entry: planned, started, delayed (with a reason), done, or overdue (`Late`). */
export const SCHEDULE_STATUSES = [
  'Scheduled',
  'In Progress',
  'Delayed',
  'Complete',
  'Late',
] as const;

const delayReasonMissing = 'A delayed entry needs a reason ("Delay Reason")';

/** A day a form may leave empty (`''` or null). */
const optionalDay = z.optional(z.nullable(z.union([z.literal(''), isoDateSchema])));
const optionalText = z.optional(z.string().check(z.maxLength(4000)));
const files = z.optional(z.array(fileRefSchema).check(z.maxLength(50)));

const permitFields = {
  HomeRID: z.string(),
  'Permit Number': z.string().check(z.maxLength(100)),
  Type: z.string().check(z.maxLength(100)),
  Status: z.enum(PERMIT_STATUSES),
  'Applied Date': optionalDay,
  'Issued Date': optionalDay,
  'Inspection Date': optionalDay,
  'Expiration Date': optionalDay,
  Inspector: optionalText,
  Documents: files,
  Notes: optionalText,
};

export const permitInputSchema = z.strictObject({
  ...optionalId,
  ...permitFields,
  ...serverFieldsIgnored,
});
export const permitUpdateSchema = z.partial(z.omit(permitInputSchema, { id: true }));
export const permitSchema = z.extend(recordMetaSchema, {
  HomeRID: z.string(),
  'Permit Number': z.string(),
  Type: z.string(),
  Status: z.string(),
  'Issued Date': z.optional(z.nullable(z.string())),
  'Expiration Date': z.optional(z.nullable(z.string())),
});

/** Soil, open-hole, radon and GIC tests share one shape: a dated result on a home. */
const testFields = {
  HomeRID: z.string(),
  'Test Date': isoDateSchema,
  Result: z.enum(TEST_RESULTS),
  /** The measured value (radon pCi/L, soil bearing psf, GIC % Proctor); null: none. */
  Value: z.optional(z.nullable(z.number().check(z.gte(0), z.lte(1_000_000)))),
  Unit: optionalText,
  /** The vendor's id in the vendor list. */
  Vendor: z.optional(z.nullable(z.string())),
  Notes: optionalText,
  /** The id of the test of the same kind this one repeats. */
  'Retest Of': z.optional(z.nullable(z.string())),
  /** The lab's report or a photo of it. */
  Report: files,
};

export const testInputSchema = z.strictObject({
  ...optionalId,
  ...testFields,
  ...serverFieldsIgnored,
});
export const testUpdateSchema = z.partial(z.omit(testInputSchema, { id: true }));
export const testRecordSchema = z.extend(recordMetaSchema, {
  HomeRID: z.string(),
  'Test Date': z.string(),
  Result: z.enum(TEST_RESULTS),
  Value: z.optional(z.nullable(z.number())),
  Unit: z.optional(z.string()),
  Vendor: z.optional(z.nullable(z.string())),
  Notes: z.optional(z.string()),
});

const reviewFields = {
  HomeRID: z.string(),
  Rating: z.number().check(z.int(), z.gte(1), z.lte(5)),
  Comment: optionalText,
  Reviewer: optionalText,
  Source: optionalText,
  Date: z.optional(isoDateSchema),
};
export const reviewInputSchema = z.strictObject({
  ...optionalId,
  ...reviewFields,
  ...serverFieldsIgnored,
});
export const reviewUpdateSchema = z.partial(z.omit(reviewInputSchema, { id: true }));
export const reviewSchema = z.extend(recordMetaSchema, reviewFields);

/** A status that is `Delayed` comes with its reason. */
function delayExplained(value: {
  Status?: string | undefined;
  'Delay Reason'?: string | undefined;
}) {
  return value.Status !== 'Delayed' || (value['Delay Reason'] ?? '').trim() !== '';
}
const delayCheck = { message: delayReasonMissing, path: ['Delay Reason'] };

/** What the field changes on a job: its status and dates (the job itself comes from the office). */
export const jobUpdateSchema = z
  .strictObject({
    Status: z.optional(z.enum(JOB_STATUSES)),
    'Start Date': optionalDay,
    'End Date': optionalDay,
    'Delay Reason': optionalText,
    HomeRID: z.optional(z.string()),
    JobRID: z.optional(z.string()),
    ...serverFieldsIgnored,
  })
  .check(z.refine(delayExplained, delayCheck));
export const jobSchema = z.extend(recordMetaSchema, {
  JobRID: z.string(),
  HomeRID: z.string(),
  Name: z.string(),
  Vendor: z.nullable(z.string()),
  Status: z.enum(JOB_STATUSES),
  'Start Date': z.nullable(z.string()),
  'End Date': z.nullable(z.string()),
});

/** What the field changes on a schedule entry: started, done, delayed (why, and to when). */
export const jobScheduleUpdateSchema = z
  .strictObject({
    Status: z.optional(z.enum(SCHEDULE_STATUSES)),
    'Scheduled Date': z.optional(isoDateSchema),
    'Started Date': optionalDay,
    'Completed Date': optionalDay,
    'Delay Reason': optionalText,
    JobRID: z.optional(z.string()),
    ...serverFieldsIgnored,
  })
  .check(z.refine(delayExplained, delayCheck));
export const jobScheduleSchema = z.extend(recordMetaSchema, {
  JobRID: z.string(),
  Task: z.string(),
  'Scheduled Date': z.string(),
  'Completed Date': z.nullable(z.string()),
  Status: z.enum(SCHEDULE_STATUSES),
});

/** The unit each test measures in (a new test starts with it). */
export const TEST_UNITS = {
  soil: 'psf',
  openhole: 'ft',
  radon: 'pCi/L',
  gic: '% Proctor',
} as const;
export type TestKind = keyof typeof TEST_UNITS;
