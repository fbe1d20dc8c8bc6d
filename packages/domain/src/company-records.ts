// Homes, employees and vendors as the company keeps them (docs/decisions.md, "Homes,
// employees and vendors by hand"): archived rather than deleted, and each named once by
// its natural key (the registry's `naturalKey`), which the server's writes, the web app's
// forms and an import all read from here.

import { duplicateRecordMessage } from './messages.js';
import type { Resource } from './resources.js';
import { resourceDef } from './resources.js';

type Fields = Readonly<Record<string, unknown>>;

/** Archived: `Active: false`. Kept with its history, out of the active lists. */
export function isArchived(record: Fields): boolean {
  return record['Active'] === false;
}

function keyPart(value: unknown): string {
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}

/**
 * The natural key of a record (its `naturalKey` fields, trimmed and case-insensitive) as
 * one string; undefined for a resource without one or a record missing a part.
 */
export function naturalKeyOf(resource: Resource, record: Fields): string | undefined {
  const fields = resourceDef(resource).naturalKey;
  if (fields === undefined) return undefined;
  const parts = fields.map((field) => keyPart(record[field]));
  return parts.includes('') ? undefined : JSON.stringify(parts);
}

/**
 * Another record among `records` holding the natural key `record` would have, or
 * undefined. `record` is the record as it would be stored (an update merged over it).
 */
export function duplicateOf<T extends Fields & { id: string }>(
  resource: Resource,
  records: Iterable<T>,
  record: Fields & { id: string },
): T | undefined {
  const key = naturalKeyOf(resource, record);
  if (key === undefined) return undefined;
  for (const other of records) {
    if (other.id !== record.id && naturalKeyOf(resource, other) === key) return other;
  }
  return undefined;
}

/** The message of a refused duplicate: `A vendor with Name "X" and Trade "Y" already exists`. */
export function duplicateMessage(resource: Resource, record: Fields): string {
  const def = resourceDef(resource);
  const key = Object.fromEntries((def.naturalKey ?? []).map((field) => [field, record[field]]));
  return duplicateRecordMessage(def.noun ?? resource, key);
}
