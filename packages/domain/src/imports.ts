// Importing homes, employees and vendors from a spreadsheet (docs/decisions.md, "Import"):
// what each entity takes, the natural key a row is matched by, a mapped row's validation,
// and each row's class against the records already stored. Pure: the server's API, its
// command and the admin screen all read this one definition.

import { z } from './zod.js';
import { naturalKeyOf } from './company-records.js';
import { EMPLOYEE_ROLES, employeeName } from './entities.js';
import { STAFF_TYPES } from './staff.js';
import { parseIsoDate } from './validation.js';

export const IMPORT_ENTITIES = ['homes', 'employees', 'vendors'] as const;
export type ImportEntity = (typeof IMPORT_ENTITIES)[number];

export function isImportEntity(value: unknown): value is ImportEntity {
  return typeof value === 'string' && (IMPORT_ENTITIES as readonly string[]).includes(value);
}

/** The most rows one import takes: 10,000 homes fit five times over. */
export const IMPORT_MAX_ROWS = 50_000;

type FieldKind = 'text' | 'date' | 'email' | 'role' | 'active';

interface ImportField {
  readonly name: string;
  readonly kind: FieldKind;
  readonly required: boolean;
  /** Other column headings that suggest this field (compared without case and spaces). */
  readonly aliases: readonly string[];
}

const field = (
  name: string,
  kind: FieldKind = 'text',
  required = false,
  aliases: readonly string[] = [],
): ImportField => ({ name, kind, required, aliases });

/** Each entity's fields a file can fill, in the order the mapping screen lists them. */
export const IMPORT_FIELDS: Record<ImportEntity, readonly ImportField[]> = {
  homes: [
    field('HomeID', 'text', true, ['home id', 'home', 'job number']),
    field('Address', 'text', true, ['street', 'street address']),
    field('Status', 'text', false, ['stage']),
    field('KOVA Status', 'text', false, ['kova']),
    field('Community', 'text', false, ['subdivision']),
    field('Lot', 'text', false, ['lot number']),
    field('Plan', 'text', false, ['plan name', 'model']),
    field('Construction Start', 'date', false, ['start', 'start date']),
    field('Projected Close', 'date', false, ['close', 'close date', 'closing date']),
  ],
  employees: [
    field('Email', 'email', true, ['e-mail', 'email address', 'mail']),
    field('First Name', 'text', true, ['first', 'given name']),
    field('Last Name', 'text', true, ['last', 'surname', 'family name']),
    field('Phone', 'text', false, ['phone number', 'mobile', 'cell']),
    field('Role', 'role', true, ['position', 'title']),
    field('Active', 'active', false, ['status']),
  ],
  vendors: [
    field('Name', 'text', true, ['vendor', 'company', 'vendor name']),
    field('Trade', 'text', true, ['category']),
    field('Contact', 'text', false, ['contact name']),
    field('Phone', 'text', false, ['phone number']),
    field('Email', 'email', false, ['e-mail', 'email address']),
    field('Active', 'active', false, ['status']),
  ],
};

/** Which column fills each field: a column heading, or null for none. */
export type ImportMapping = Record<string, string | null>;

export const importMappingSchema = z.record(z.string(), z.nullable(z.string()));

const squash = (heading: string): string => heading.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The mapping to offer for a file's columns: the remembered one where its columns are
 * still there, else the column named like the field (or one of its aliases).
 */
export function suggestMapping(
  entity: ImportEntity,
  columns: readonly string[],
  remembered: ImportMapping = {},
): ImportMapping {
  const mapping: ImportMapping = {};
  for (const target of IMPORT_FIELDS[entity]) {
    const kept = remembered[target.name];
    if (kept !== undefined && (kept === null || columns.includes(kept))) {
      mapping[target.name] = kept;
      continue;
    }
    const names = [target.name, ...target.aliases].map(squash);
    mapping[target.name] = columns.find((column) => names.includes(squash(column))) ?? null;
  }
  return mapping;
}

/** The fields a mapping leaves without a column although every row needs them. */
export function missingRequired(entity: ImportEntity, mapping: ImportMapping): string[] {
  return IMPORT_FIELDS[entity]
    .filter((target) => target.required && (mapping[target.name] ?? null) === null)
    .map((target) => target.name);
}

/** The one entity whose required fields a file's headings all suggest; undefined if not one. */
export function detectImportEntity(columns: readonly string[]): ImportEntity | undefined {
  const fits = IMPORT_ENTITIES.filter(
    (entity) => missingRequired(entity, suggestMapping(entity, columns)).length === 0,
  );
  return fits.length === 1 ? fits[0] : undefined;
}

const ACTIVE_WORDS: Record<string, boolean> = {
  true: true,
  yes: true,
  y: true,
  '1': true,
  active: true,
  false: false,
  no: false,
  n: false,
  '0': false,
  inactive: false,
  archived: false,
};

const cellSchemas: Record<FieldKind, z.ZodMiniType<unknown, string>> = {
  text: z.string().check(z.maxLength(500, 'longer than 500 characters')),
  date: z.pipe(
    z.string().check(z.refine((v) => v === '' || parseIsoDate(v) !== undefined, 'not a date')),
    z.transform((v) => (v === '' ? null : v)),
  ),
  email: z
    .string()
    .check(z.refine((v) => v === '' || z.email().safeParse(v).success, 'not an e-mail address')),
  role: z.pipe(
    z.string(),
    z.transform((v, ctx) => {
      const role = EMPLOYEE_ROLES.find((r) => r.toLowerCase() === v.toLowerCase());
      if (role !== undefined) return role;
      ctx.issues.push({
        code: 'custom',
        input: v,
        message: `not a role (one of ${EMPLOYEE_ROLES.join(', ')})`,
      });
      return z.NEVER;
    }),
  ),
  active: z.pipe(
    z.string(),
    z.transform((v, ctx) => {
      if (v === '') return true;
      const active = ACTIVE_WORDS[v.toLowerCase()];
      if (active !== undefined) return active;
      ctx.issues.push({ code: 'custom', input: v, message: 'not yes or no' });
      return z.NEVER;
    }),
  ),
};

/** A row of the file by column heading, as the parser read it. */
export type SourceRow = Readonly<Record<string, string>>;

type RowValues = Record<string, unknown>;

/** A mapped row's field values, or why it cannot be imported (one reason per bad cell). */
function validateRow(
  entity: ImportEntity,
  mapping: ImportMapping,
  row: SourceRow,
): { values: RowValues; reasons: string[] } {
  const values: RowValues = {};
  const reasons: string[] = [];
  for (const target of IMPORT_FIELDS[entity]) {
    const column = mapping[target.name] ?? null;
    if (column === null) continue;
    const cell = (row[column] ?? '').trim();
    if (target.required && cell === '') {
      reasons.push(`${target.name} is empty`);
      continue;
    }
    const parsed = cellSchemas[target.kind].safeParse(cell);
    if (parsed.success) values[target.name] = parsed.data;
    else reasons.push(`${target.name} "${cell}": ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  }
  if (entity === 'employees' && reasons.length === 0) {
    values['Name'] = employeeName(String(values['First Name']), String(values['Last Name']));
  }
  return { values, reasons };
}

/** The natural key a row is matched by: the registry's (company-records.ts), so an import
 * and a hand add refuse and match the same duplicates; empty when a part is missing. */
export function naturalKey(entity: ImportEntity, data: Readonly<Record<string, unknown>>): string {
  return naturalKeyOf(entity, data) ?? '';
}

/** A new record's fields the file does not give: empty text, no dates, no staff, active. */
export function importDefaults(entity: ImportEntity): RowValues {
  const defaults: RowValues = {};
  for (const target of IMPORT_FIELDS[entity]) {
    defaults[target.name] = target.kind === 'date' ? null : target.kind === 'active' ? true : '';
  }
  if (entity === 'homes') for (const staff of STAFF_TYPES) defaults[staff] = [];
  if (entity === 'employees') defaults['Name'] = '';
  return defaults;
}

export const IMPORT_STATUSES = ['new', 'changed', 'unchanged', 'invalid'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export interface ClassifiedRow {
  /** The row's line in the file (the heading is line 1). */
  line: number;
  status: ImportStatus;
  key: string;
  /** Why an invalid row is refused. */
  reasons: string[];
  /** The fields the row sets (a new one) or changes (a changed one). */
  fields: string[];
  values: RowValues;
  /** The stored record a changed or unchanged row matches. */
  recordId: string | null;
}

export interface ExistingRecord {
  id: string;
  data: Readonly<Record<string, unknown>>;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Each row's class against the stored records, matched by natural key: new, changed (with
 * the fields that differ), unchanged, or invalid (with the reasons; a key seen on an
 * earlier line is one). Only the mapped fields are compared: a column left out keeps
 * what the record holds.
 */
export function classifyRows(
  entity: ImportEntity,
  mapping: ImportMapping,
  rows: readonly SourceRow[],
  existing: readonly ExistingRecord[],
): ClassifiedRow[] {
  const byKey = new Map<string, ExistingRecord>();
  for (const record of existing) byKey.set(naturalKey(entity, record.data), record);
  const seen = new Map<string, number>();
  return rows.map((row, index) => {
    const line = index + 2;
    const { values, reasons } = validateRow(entity, mapping, row);
    const key = reasons.length === 0 ? naturalKey(entity, values) : '';
    const base = { line, key, values, reasons, fields: [] as string[], recordId: null };
    if (reasons.length > 0) return { ...base, status: 'invalid' };
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      return { ...base, status: 'invalid', reasons: [`same key as line ${earlier}`] };
    }
    seen.set(key, line);
    const record = byKey.get(key);
    if (record === undefined) return { ...base, status: 'new', fields: Object.keys(values) };
    const fields = Object.keys(values).filter((name) => !same(record.data[name], values[name]));
    return {
      ...base,
      recordId: record.id,
      status: fields.length === 0 ? 'unchanged' : 'changed',
      fields,
    };
  });
}

/** How many rows of each class. */
export function importCounts(rows: readonly ClassifiedRow[]): Record<ImportStatus, number> {
  const counts: Record<ImportStatus, number> = { new: 0, changed: 0, unchanged: 0, invalid: 0 };
  for (const row of rows) counts[row.status] += 1;
  return counts;
}
