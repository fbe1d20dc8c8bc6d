// The resources of the API as data: each named once with its path, lookups, mutation
// type and operations (required fields, write scope), schemas, read scope,
// the field that ties it to a home, the fields a write may not change and, for a home
// record with a screen of its own, where that screen sits (route, title, menu line). The
// mutation rules, the access rules, the server's routes, the queue handlers, the sync
// ahead, the web paths, the routes and menu lines of record screens and the seed lists
// derive from this table; the spec's own tables stay as independent tests. Adding a
// resource: docs/extending.md.

import type { z } from './zod.js';
import {
  buyerInputSchema,
  buyerSchema,
  buyerUpdateSchema,
  closingWalkInputSchema,
  closingWalkUpdateSchema,
  dailyLogInputSchema,
  dailyLogSchema,
  dailyLogUpdateSchema,
  employeeDerived,
  employeeInputSchema,
  employeeSchema,
  employeeUpdateSchema,
  homeInputSchema,
  homeSchema,
  homeUpdateSchema,
  noteInputSchema,
  noteSchema,
  noteUpdateSchema,
  phoneCallInputSchema,
  phoneCallSchema,
  phoneCallUpdateSchema,
  vendorInputSchema,
  vendorSchema,
  vendorUpdateSchema,
  walkFormInputSchema,
  walkFormUpdateSchema,
  walkItemInputSchema,
  walkItemSchema,
  walkItemUpdateSchema,
} from './entities.js';
import { MESSAGES } from './messages.js';
import {
  jobScheduleSchema,
  jobScheduleUpdateSchema,
  jobSchema,
  jobUpdateSchema,
  permitInputSchema,
  permitSchema,
  permitUpdateSchema,
  reviewInputSchema,
  reviewSchema,
  reviewUpdateSchema,
  testInputSchema,
  testRecordSchema,
  testUpdateSchema,
} from './site-records.js';
import type { ScopeName } from './scopes.js';
import type { WalkType } from './walks.js';
import { WALK_ITEM_LOCAL_FIELDS } from './walks.js';

/** Every path of docs/api.md is served under this prefix. */
export const API_PREFIX = '/api';

/** How a list of a resource is looked up: by one parent (query) or many (body). */
export const LOOKUPS = {
  home: {
    column: 'home_rid',
    single: { path: 'listByHome', param: 'homeId', message: MESSAGES.homeIdRequired },
    batch: { path: 'listByHomes', param: 'homeIds', message: MESSAGES.homeIdsRequired },
  },
  walk: {
    column: 'parent_id',
    single: { path: 'listByWalk', param: 'walkId', message: MESSAGES.walkIdRequired },
    batch: { path: 'listByWalks', param: 'walkIds', message: MESSAGES.walkIdsRequired },
  },
  job: {
    column: 'parent_id',
    single: { path: 'listByJob', param: 'jobId', message: MESSAGES.jobIdRequired },
    batch: { path: 'listByJobs', param: 'jobIds', message: MESSAGES.jobIdsRequired },
  },
} as const;
export type LookupKind = keyof typeof LOOKUPS;

/** A write operation: its required fields (the specification's or ours) and who may do it. */
interface OperationDef {
  readonly required: readonly string[];
  /** Write scopes; `byType` when the record's type decides (see `ResourceDef.typeScope`). */
  readonly write: readonly ScopeName[] | 'byType';
  /** Fields this operation may change; absent: every field of the update schema. */
  readonly fields?: readonly string[];
}

export type OperationName = 'submit' | 'update' | 'delete' | 'updateStaff';

/** An object schema, so a screen can take the fields it shows from it (`pick`). */
type RecordSchema = z.ZodMiniObject<z.core.$ZodShape, z.core.$ZodObjectConfig>;

/** The menu sections a record screen can be listed in (navigation.ts `MENU`). */
export type RecordMenuSection = 'communication-menu' | 'collaboration';

/**
 * Where a home record's screen sits. Its route (guarded by the resource's read scope) and
 * its menu line derive from this; the web app's screen module is registered under the
 * resource's name, and its texts are the block of that name plus `nav.{titleId}`.
 */
export interface RecordScreen {
  /** The route, e.g. `/collaboration/buyers`. */
  readonly path: string;
  /** The key of its page title and menu line in the web app's texts (`nav.{titleId}`). */
  readonly titleId: string;
  /** The menu section its line is in; lines keep the registry's order. */
  readonly menu: RecordMenuSection;
  /** Material icon name (the web app's `menu-icons.tsx` maps it). */
  readonly icon?: string;
  /** Shown in presentation mode too (customer-facing); otherwise in work mode only. */
  readonly presentation?: boolean;
}

export interface ResourceDef {
  /** The API path below `/api`, e.g. `/field_communication/phoneCalls`. */
  readonly base: string;
  /** The per-parent list calls, when the resource has them. */
  readonly lookups: readonly LookupKind[];
  /**
   * A whole list and its differential twin (`?lastUpdate=`), when the resource has them.
   * `activeOnly`: archived records (`Active: false`) are not in the list, and its twin
   * answers one as a tombstone, so a device's copy drops it.
   */
  readonly syncList?: {
    readonly list: string;
    readonly updatedAfter: string;
    readonly activeOnly?: boolean;
  };
  readonly read: readonly ScopeName[];
  /** The type of the queued mutations (the specification's or ours) that write this resource. */
  readonly mutationType?: string;
  readonly operations?: Readonly<Partial<Record<OperationName, OperationDef>>>;
  /** `update?id=` (phone calls, items and most others) or `update/{id}` (the walk kinds). */
  readonly updateId?: 'query' | 'path';
  /** A record's read and write scope follow one of its fields (items: Walk). */
  readonly typeScope?: {
    readonly field: string;
    readonly scopes: Readonly<Record<string, ScopeName>>;
  };
  readonly record?: RecordSchema;
  readonly input?: RecordSchema;
  readonly update?: RecordSchema;
  /** The input field naming the record's home (`HomeRID`, `Home`, `selectedHome`). */
  readonly homeField?: string;
  /** Fields an update may not change once the record exists. */
  readonly immutable: readonly string[];
  /** Fields a client keeps for itself and never sends (walk items). */
  readonly localFields?: readonly string[];
  /**
   * The file collections a record keeps its files in, as `{collection}/{recordId}/...`
   * (a walk's photos, a closing walk's PDF, an item's or a day's photos): such a file is
   * read and written under its record's scopes (resource-access.ts `mayOnRecord`).
   */
  readonly fileCollections?: readonly string[];
  /**
   * The field naming who wrote the record (a note's `Author`, a walk's walker `user`):
   * set by the server from the signed-in user when the record is made (their name, or
   * their employee id), never changed after; what a client sends there is not taken.
   */
  readonly writtenBy?: { readonly field: string; readonly value: 'name' | 'employeeId' };
  /** Optional fields a client may send as `null` to mean "not given" (closing walks). */
  readonly nullMeansAbsent?: readonly string[];
  /** A home record's own screen (the generic record screen of the web app). */
  readonly screen?: RecordScreen;
  /**
   * The fields whose values (trimmed, case-insensitive) name one record of the company:
   * a second record with the same is refused, and an import matches on them.
   */
  readonly naturalKey?: readonly string[];
  /** How the record is named in a message (`An employee with Email "..." already exists`). */
  readonly noun?: string;
  /**
   * Fields a write derives from the record as it ends up (an employee's Name): the server
   * stores them, the device shows them before the server has the write.
   */
  readonly derive?: (record: Readonly<Record<string, unknown>>) => Record<string, unknown>;
}

/** Items of a walk type are read and written under that type's item scope. */
export const WALK_ITEM_SCOPE: Readonly<Record<WalkType, ScopeName>> = {
  'frame-punch': 'homes_final_punch_items',
  'final-punch': 'homes_final_punch_items',
  nhp: 'homes_nhp_items',
  who: 'homes_who_items',
  'post-close': 'homes_post_close_items',
};

/** Photos of walk items, under the item's id. */
export const ITEM_PHOTO_COLLECTION = 'walkItems';
/** Photos of walks (every walk form), under the walk's id. */
export const WALK_PHOTO_COLLECTION = 'walks';
/** Closing walks' PDFs, under the walk's id. */
export const WALK_PDF_COLLECTION = 'walkPdfs';

/** Each closing type is a walk form with its own scope. */
export const CLOSING_TYPE_SCOPE = {
  'final-punch': 'final_punch',
  nhp: 'new_home_presentation',
  who: 'welcome_home_orientation',
  'post-close': 'post_close',
} as const satisfies Readonly<Record<string, ScopeName>>;

const byId = { required: ['id'] } as const;

/** A walk's walker: the employee id of whoever records it. */
const WALKER = { field: 'user', value: 'employeeId' } as const;
/** A note's or a day's author: the name of whoever writes it. */
const AUTHOR = { field: 'Author', value: 'name' } as const;

/**
 * A record on a home that its own scope reads and writes (add, edit, delete by id): the
 * shape of notes, buyers, daily logs, permits and tests.
 */
function homeWrites(spec: {
  base: string;
  scope: ScopeName;
  mutationType: string;
  schemas: { record: RecordSchema; input: RecordSchema; update: RecordSchema };
  required: readonly string[];
  fileCollections?: readonly string[];
  writtenBy?: ResourceDef['writtenBy'];
}): ResourceDef {
  const write = [spec.scope];
  return {
    base: spec.base,
    lookups: ['home'],
    read: [spec.scope],
    mutationType: spec.mutationType,
    operations: {
      submit: { required: spec.required, write },
      update: { required: ['id'], write },
      delete: { ...byId, write },
    },
    updateId: 'query',
    ...spec.schemas,
    homeField: 'HomeRID',
    immutable: ['HomeRID'],
    ...(spec.fileCollections === undefined ? {} : { fileCollections: spec.fileCollections }),
    ...(spec.writtenBy === undefined ? {} : { writtenBy: spec.writtenBy }),
  };
}

/** A home record with a screen of its own (notes, buyers, daily logs). */
function homeRecord<const S extends RecordScreen>(
  spec: Parameters<typeof homeWrites>[0] & { screen: S },
): ResourceDef & { readonly screen: S } {
  return { ...homeWrites(spec), screen: spec.screen };
}

/**
 * A record the office makes and the field updates (jobs and their schedule entries: status
 * and dates), changed by id under one scope; no add or delete from the app.
 */
function fieldUpdates(spec: {
  base: string;
  scope: ScopeName;
  mutationType: string;
  schemas: { record: RecordSchema; update: RecordSchema };
  lookups: readonly LookupKind[];
  homeField?: string;
  immutable: readonly string[];
}): ResourceDef {
  return {
    base: spec.base,
    lookups: spec.lookups,
    read: [spec.scope],
    mutationType: spec.mutationType,
    operations: { update: { required: ['id'], write: [spec.scope] } },
    updateId: 'query',
    ...spec.schemas,
    ...(spec.homeField === undefined ? {} : { homeField: spec.homeField }),
    immutable: spec.immutable,
  };
}

/** A test of one kind on a home, written under its own inspection scope. */
function testRecord(kind: string, scope: ScopeName): ResourceDef {
  return homeWrites({
    base: `/field_testing/${kind}`,
    scope,
    mutationType: `${kind}Test`,
    schemas: { record: testRecordSchema, input: testInputSchema, update: testUpdateSchema },
    required: ['HomeRID', 'Test Date', 'Result'],
    // Its report, a file or a photo, under the screen's resource name.
    fileCollections: [kind],
  });
}

function walkForm(kind: string, scope: ScopeName): ResourceDef {
  return {
    base: `/field_walks/${kind}`,
    lookups: ['home'],
    read: [scope],
    mutationType: kind,
    operations: {
      submit: { required: ['HomeRID'], write: [scope] },
      update: { required: ['id'], write: [scope] },
    },
    updateId: 'path',
    input: walkFormInputSchema,
    update: walkFormUpdateSchema,
    homeField: 'HomeRID',
    immutable: ['HomeRID'],
    fileCollections: [WALK_PHOTO_COLLECTION],
    writtenBy: WALKER,
  };
}

/**
 * A record of the company rather than of a home (employees, vendors): a whole list synced
 * differentially, added and changed under one scope's write flag, archived
 * (`Active: false`) rather than deleted.
 */
function companyRecord(spec: {
  base: string;
  scope: ScopeName;
  mutationType: string;
  schemas: { record: RecordSchema; input: RecordSchema; update: RecordSchema };
  required: readonly string[];
  naturalKey: readonly string[];
  noun: string;
}): ResourceDef {
  const write = [spec.scope];
  return {
    base: spec.base,
    lookups: [],
    syncList: { list: 'list', updatedAfter: 'listUpdatedAfter' },
    read: [spec.scope],
    mutationType: spec.mutationType,
    operations: {
      submit: { required: spec.required, write },
      update: { required: ['id'], write },
    },
    updateId: 'query',
    ...spec.schemas,
    immutable: [],
    naturalKey: spec.naturalKey,
    noun: spec.noun,
  };
}

export const RESOURCE_DEFS = {
  employees: {
    ...companyRecord({
      base: '/field_employees',
      scope: 'collaboration_staff',
      mutationType: 'employee',
      schemas: {
        record: employeeSchema,
        input: employeeInputSchema,
        update: employeeUpdateSchema,
      },
      required: ['First Name', 'Last Name', 'Email', 'Role'],
      naturalKey: ['Email'],
      noun: 'employee',
    }),
    derive: employeeDerived,
  },
  vendors: companyRecord({
    base: '/field_vendors',
    scope: 'collaboration_vendors',
    mutationType: 'vendor',
    schemas: { record: vendorSchema, input: vendorInputSchema, update: vendorUpdateSchema },
    required: ['Name', 'Trade'],
    naturalKey: ['Name', 'Trade'],
    noun: 'vendor',
  }),
  homes: {
    base: '/field_homes',
    lookups: [],
    syncList: { list: 'listActive', updatedAfter: 'listActiveUpdatedAfter', activeOnly: true },
    read: ['homes_overview'],
    mutationType: 'home',
    operations: {
      submit: { required: ['HomeID', 'Address'], write: ['collaboration_homes'] },
      update: { required: ['id'], write: ['collaboration_homes'] },
      updateStaff: { required: ['id', 'staffIds', 'staffType'], write: ['collaboration_homes'] },
    },
    updateId: 'query',
    record: homeSchema,
    input: homeInputSchema,
    update: homeUpdateSchema,
    immutable: ['HomeRID', 'HomeID'],
    naturalKey: ['HomeID'],
    noun: 'home',
  },
  phoneCalls: {
    base: '/field_communication/phoneCalls',
    lookups: ['home'],
    read: ['communication_phone_calls'],
    mutationType: 'phoneCall',
    operations: {
      submit: {
        required: ['Home', 'Staff', 'Date', 'Notes', 'Voicemail'],
        write: ['phone_call_logs'],
      },
      // Customer service changes a call's notes and voicemail flag under their own scope.
      update: {
        required: ['Notes', 'Voicemail', 'id'],
        write: ['phone_call_notes'],
        fields: ['Notes', 'Voicemail'],
      },
      delete: { ...byId, write: ['phone_call_logs'] },
    },
    updateId: 'query',
    record: phoneCallSchema,
    input: phoneCallInputSchema,
    update: phoneCallUpdateSchema,
    homeField: 'Home',
    immutable: ['Home', 'HomeRID'],
    screen: {
      path: '/collaboration/communication/phone-calls',
      titleId: 'phone-calls',
      menu: 'communication-menu',
    },
  },
  walkItems: {
    base: '/field_walks/item',
    lookups: ['walk', 'home'],
    read: ['homes_items'],
    mutationType: 'walkItem',
    operations: {
      submit: { required: ['Walk', 'Category', 'Location', 'Name'], write: 'byType' },
      update: { required: ['id', 'Name'], write: 'byType' },
      delete: { ...byId, write: 'byType' },
    },
    updateId: 'query',
    typeScope: { field: 'Walk', scopes: WALK_ITEM_SCOPE },
    record: walkItemSchema,
    input: walkItemInputSchema,
    update: walkItemUpdateSchema,
    homeField: 'HomeRID',
    immutable: ['Walk', 'WalkID', 'HomeRID'],
    localFields: WALK_ITEM_LOCAL_FIELDS,
    fileCollections: [ITEM_PHOTO_COLLECTION],
  },
  homeStart: walkForm('homeStart', 'home_start'),
  preDrywall: walkForm('preDrywall', 'pre_drywall'),
  managerWalk: walkForm('managerWalk', 'manager_walks'),
  closing: {
    base: '/field_walks/closing',
    lookups: ['home'],
    read: ['walks'],
    mutationType: 'closing',
    operations: {
      submit: { required: ['date', 'selectedHome', 'user', 'type'], write: 'byType' },
      update: { required: ['id'], write: 'byType' },
    },
    updateId: 'path',
    typeScope: { field: 'type', scopes: CLOSING_TYPE_SCOPE },
    input: closingWalkInputSchema,
    update: closingWalkUpdateSchema,
    homeField: 'selectedHome',
    immutable: ['HomeRID', 'selectedHome', 'type', 'amends', 'amendment'],
    fileCollections: [WALK_PHOTO_COLLECTION, WALK_PDF_COLLECTION],
    writtenBy: WALKER,
    // A client written from the specification sends it on every closing walk, null but on
    // a welcome home orientation.
    nullMeansAbsent: ['customerServiceStaff'],
  },
  landscape: walkForm('landscape', 'landscape'),
  permits: homeWrites({
    base: '/field_testing/permits',
    scope: 'homes_inspections_permits',
    mutationType: 'permit',
    schemas: { record: permitSchema, input: permitInputSchema, update: permitUpdateSchema },
    required: ['HomeRID', 'Permit Number', 'Type', 'Status'],
    // Its documents (the card, the inspector's report).
    fileCollections: ['permits'],
  }),
  radon: testRecord('radon', 'homes_inspections_radon'),
  soil: testRecord('soil', 'homes_inspections_soil'),
  openhole: testRecord('openhole', 'homes_inspections_openhole'),
  gic: testRecord('gic', 'homes_inspections_gic'),
  reviews: homeRecord({
    base: '/field_reviews',
    scope: 'homes_overview',
    mutationType: 'review',
    schemas: { record: reviewSchema, input: reviewInputSchema, update: reviewUpdateSchema },
    required: ['HomeRID', 'Rating'],
    screen: {
      path: '/collaboration/reviews',
      titleId: 'reviews',
      menu: 'collaboration',
      icon: 'star',
    },
  }),
  jobs: {
    ...fieldUpdates({
      base: '/field_jobs/jobs',
      scope: 'homes_overview',
      mutationType: 'job',
      schemas: { record: jobSchema, update: jobUpdateSchema },
      lookups: ['home'],
      homeField: 'HomeRID',
      immutable: ['HomeRID', 'JobRID'],
    }),
    // Each job's schedule entries open under it (`schedules/listByJob`).
    screen: { path: '/homes/jobs', titleId: 'jobs', menu: 'collaboration', icon: 'construction' },
  },
  jobSchedules: fieldUpdates({
    base: '/field_jobs/schedules',
    scope: 'homes_overview',
    mutationType: 'jobSchedule',
    schemas: { record: jobScheduleSchema, update: jobScheduleUpdateSchema },
    lookups: ['job'],
    immutable: ['JobRID'],
  }),
  notes: homeRecord({
    base: '/field_communication/notes',
    scope: 'communication_notes',
    mutationType: 'note',
    schemas: { record: noteSchema, input: noteInputSchema, update: noteUpdateSchema },
    required: ['HomeRID', 'Text'],
    writtenBy: AUTHOR,
    screen: {
      path: '/collaboration/communication/notes',
      titleId: 'notes',
      menu: 'communication-menu',
    },
  }),
  buyers: homeRecord({
    base: '/field_collaboration/buyers',
    scope: 'collaboration_buyers',
    mutationType: 'buyer',
    schemas: { record: buyerSchema, input: buyerInputSchema, update: buyerUpdateSchema },
    required: ['HomeRID', 'Name'],
    screen: {
      path: '/collaboration/buyers',
      titleId: 'buyers',
      menu: 'collaboration',
      icon: 'people',
      presentation: true,
    },
  }),
  dailyLogs: homeRecord({
    base: '/field_collaboration/dailyLogs',
    scope: 'daily_logs',
    mutationType: 'dailyLog',
    schemas: { record: dailyLogSchema, input: dailyLogInputSchema, update: dailyLogUpdateSchema },
    required: ['HomeRID', 'Date'],
    screen: {
      path: '/collaboration/daily-log',
      titleId: 'daily-log',
      menu: 'collaboration',
      icon: 'event-note',
    },
    fileCollections: ['dailyLogs'],
    writtenBy: AUTHOR,
  }),
} as const satisfies Record<string, ResourceDef>;

export type Resource = keyof typeof RESOURCE_DEFS;
export const RESOURCES = Object.keys(RESOURCE_DEFS) as Resource[];

/** The resources with a screen of their own; each is also that screen's name. */
export type RecordScreenResource = {
  [R in Resource]: (typeof RESOURCE_DEFS)[R] extends { readonly screen: RecordScreen } ? R : never;
}[Resource];

export const RECORD_SCREEN_RESOURCES = RESOURCES.filter(
  (resource): resource is RecordScreenResource => resourceDef(resource).screen !== undefined,
);

/** The definition of a resource, typed as the general shape. */
export function resourceDef(resource: Resource): ResourceDef {
  return RESOURCE_DEFS[resource];
}

/**
 * The scope a record's type names (the registry's `typeScope`: an item's walk type, a
 * closing walk's type); undefined for a resource without one or an unknown type.
 */
export function typeScopeOf(
  resource: Resource,
  record: Readonly<Record<string, unknown>>,
): ScopeName | undefined {
  const typeScope = resourceDef(resource).typeScope;
  if (typeScope === undefined) return undefined;
  const type = record[typeScope.field];
  return typeof type === 'string' && Object.hasOwn(typeScope.scopes, type)
    ? typeScope.scopes[type]
    : undefined;
}

/** The path the web app calls: `/api{base}`. */
export function apiPath(resource: Resource): string {
  return `${API_PREFIX}${RESOURCE_DEFS[resource].base}`;
}

/** The resource whose queued mutations carry this type (`phoneCall` -> `phoneCalls`). */
export function resourceOfMutationType(type: string): Resource | undefined {
  return RESOURCES.find((resource) => resourceDef(resource).mutationType === type);
}

/** The query key of a resource's list for one parent: `[/api{base}, listByHome, id]`. */
export function lookupQueryKey(resource: Resource, lookup: LookupKind, id: string): string[] {
  return [apiPath(resource), LOOKUPS[lookup].single.path, id];
}

/** The id of the home a record (or an add's payload) belongs to, from its home field. */
export function homeIdOf(
  resource: Resource,
  data: Readonly<Record<string, unknown>>,
): string | undefined {
  const def = resourceDef(resource);
  for (const field of ['HomeRID', def.homeField]) {
    const value = field === undefined ? undefined : data[field];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/**
 * A write's body without the fields its resource reads as "not given" when null
 * (`nullMeansAbsent`); the same body when it has none of them.
 */
export function withoutAbsentNulls(resource: Resource, body: unknown): unknown {
  const fields = resourceDef(resource).nullMeansAbsent ?? [];
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>; // Safe: a non-array object.
  const nulls = fields.filter((field) => Object.hasOwn(record, field) && record[field] === null);
  if (nulls.length === 0) return body;
  const rest = { ...record };
  for (const field of nulls) delete rest[field];
  return rest;
}

/** Who writes a record, as the fields of `writtenBy` take them. */
export interface RecordWriter {
  readonly name: string;
  readonly employeeId: string;
}

/** The fields the server sets from the writer when a record is made (`writtenBy`). */
export function writerFields(resource: Resource, writer: RecordWriter): Record<string, unknown> {
  const writtenBy = resourceDef(resource).writtenBy;
  return writtenBy === undefined ? {} : { [writtenBy.field]: writer[writtenBy.value] };
}

/**
 * The fields a client keeps for itself and leaves out of an operation's body: its local
 * fields, and the writer field the server sets (`writtenBy`) unless the operation
 * requires it (a closing walk's `user`, in the specification's body).
 */
export function unsentFields(resource: Resource, operation: OperationName): string[] {
  const def = resourceDef(resource);
  const writer = def.writtenBy?.field;
  const required: readonly string[] = def.operations?.[operation]?.required ?? [];
  return [
    ...(def.localFields ?? []),
    ...(writer === undefined || required.includes(writer) ? [] : [writer]),
  ];
}
