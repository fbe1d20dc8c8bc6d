// Nothing overwritten silently. Every update and delete a client sends carries its base:
// the record's `updatedAt` as the user saw it and, for an update, the values the changed
// fields had before the edit. The server applies a write whose base is current; merges a
// stale one whose fields nobody else changed since; and answers 409 with the current
// record and the conflicting fields otherwise. A resolution is a new write based on the
// current record. The rules live here, for the server and the web app alike.

import { z } from './zod.js';
import { SERVER_FIELDS } from './entities.js';

/** The body field that carries a write's base; the server strips it before validation. */
export const WRITE_BASE_FIELD = 'base';

export interface WriteBase {
  /** The record's `updatedAt` the edit started from. */
  updatedAt: string;
  /** For an update: each changed field's value before the edit (absent: was unset). */
  fields?: Record<string, unknown>;
}

const writeBaseSchema = z.strictObject({
  updatedAt: z.string().check(z.minLength(1), z.maxLength(40)),
  fields: z.optional(z.record(z.string(), z.unknown())),
});

/** A body without its base, and the base (undefined: an older client sent none). */
export function splitWriteBase(body: unknown): {
  body: unknown;
  base: WriteBase | undefined;
  invalid: boolean;
} {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { body, base: undefined, invalid: false };
  }
  if (!(WRITE_BASE_FIELD in body)) return { body, base: undefined, invalid: false };
  const { [WRITE_BASE_FIELD]: raw, ...rest } = body as Record<string, unknown>;
  const parsed = writeBaseSchema.safeParse(raw);
  if (!parsed.success) return { body: rest, base: undefined, invalid: true };
  const base: WriteBase = { updatedAt: parsed.data.updatedAt };
  if (parsed.data.fields !== undefined) base.fields = parsed.data.fields;
  return { body: rest, base, invalid: false };
}

function canonical(value: unknown): string {
  return (
    JSON.stringify(value, (_key, v: unknown) =>
      v !== null && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(
            Object.entries(v as Record<string, unknown>).sort(([a], [b]) =>
              a < b ? -1 : a > b ? 1 : 0,
            ),
          )
        : v,
    ) ?? 'undefined'
  );
}

/** Two field values are the same value (objects by content, key order ignored). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return (a ?? null) === (b ?? null);
  return canonical(a) === canonical(b);
}

/** A write to a record by someone, as the history keeps it (fields it changed). */
export interface FieldWrite {
  at: string;
  userId: string;
  userName: string;
  fields: readonly string[];
}

/** One field that two people changed: mine, theirs, and who changed theirs when. */
export interface ConflictField {
  field: string;
  /** The value before my edit (undefined: my client sent none). */
  base?: unknown;
  mine: unknown;
  theirs: unknown;
  changedBy?: { id: string; name: string };
  changedAt?: string;
}

/**
 * The fields of an update that conflict: changed by me to something other than what the
 * record holds now, where the record's value is no longer the one I edited from. Without
 * a base value for a field, it conflicts when someone else's write since my base touched
 * it (`othersSince`). A base that is current never conflicts.
 */
export function conflictingFields(
  changes: Record<string, unknown>,
  base: WriteBase,
  current: Record<string, unknown>,
  othersSince: readonly FieldWrite[],
): ConflictField[] {
  if (base.updatedAt === current['updatedAt']) return [];
  const result: ConflictField[] = [];
  for (const [field, mine] of Object.entries(changes)) {
    if ((SERVER_FIELDS as readonly string[]).includes(field) || field === 'id') continue;
    const theirs = current[field];
    if (sameValue(theirs, mine)) continue; // Both made the same change.
    const hasBase = base.fields !== undefined && field in base.fields;
    // Sent but not changed by me (a mutation that needs the field): not mine to decide.
    if (hasBase && sameValue(mine, base.fields?.[field])) continue;
    const changed = hasBase
      ? !sameValue(theirs, base.fields?.[field])
      : othersSince.some((write) => write.fields.includes(field));
    if (!changed) continue;
    const last = lastWriteOf(field, othersSince);
    result.push({
      field,
      ...(hasBase ? { base: base.fields?.[field] } : {}),
      mine,
      theirs,
      ...(last === undefined
        ? {}
        : { changedBy: { id: last.userId, name: last.userName }, changedAt: last.at }),
    });
  }
  return result;
}

/**
 * The fields of an update the user changed: those sent with a base value equal to the
 * value sent are left out (a mutation that must carry a field the user did not touch).
 * A stale write applies only these, so a field someone else changed meanwhile stays.
 */
export function ownChanges(
  changes: Record<string, unknown>,
  base: WriteBase,
): Record<string, unknown> {
  const fields = base.fields;
  if (fields === undefined) return changes;
  return Object.fromEntries(
    Object.entries(changes).filter(
      ([field, value]) => !(field in fields && sameValue(value, fields[field])),
    ),
  );
}

/** The latest write among `writes` (oldest first) that changed `field`. */
export function lastWriteOf(field: string, writes: readonly FieldWrite[]): FieldWrite | undefined {
  for (let i = writes.length - 1; i >= 0; i -= 1) {
    const write = writes[i];
    if (write?.fields.includes(field)) return write;
  }
  return undefined;
}

/**
 * A delete conflicts when someone else wrote the record after the base the user saw.
 * (The user's own later writes do not count: a delete after my own queued edit is mine.)
 */
export function deleteConflicts(
  base: WriteBase,
  currentUpdatedAt: string,
  othersSince: readonly FieldWrite[],
): boolean {
  return base.updatedAt !== currentUpdatedAt && othersSince.length > 0;
}

/** What a 409 conflict answer carries besides the message. */
export interface ConflictDetails {
  operation: 'update' | 'delete';
  kind: string;
  id: string;
  /** The record as the server holds it now. */
  current: Record<string, unknown>;
  /** Update: the conflicting fields. Delete: every field others changed, mine = theirs. */
  fields: ConflictField[];
  /** Delete: who changed the record last, and when. */
  changedBy?: { id: string; name: string };
  changedAt?: string;
}

export interface ConflictAnswer {
  error: string;
  conflict: ConflictDetails;
}

const conflictAnswerSchema = z.object({
  error: z.string(),
  conflict: z.object({
    operation: z.enum(['update', 'delete']),
    kind: z.string(),
    id: z.string(),
    current: z.record(z.string(), z.unknown()),
    fields: z.array(
      z.object({
        field: z.string(),
        base: z.optional(z.unknown()),
        mine: z.unknown(),
        theirs: z.unknown(),
        changedBy: z.optional(z.object({ id: z.string(), name: z.string() })),
        changedAt: z.optional(z.string()),
      }),
    ),
    changedBy: z.optional(z.object({ id: z.string(), name: z.string() })),
    changedAt: z.optional(z.string()),
  }),
});

/** The conflict of a 409 answer's body, or undefined when it is another 409. */
export function conflictOf(body: unknown): ConflictAnswer | undefined {
  const parsed = conflictAnswerSchema.safeParse(body);
  return parsed.success ? parsed.data : undefined;
}

/** Per conflicting field: keep my value or take theirs. */
export type ConflictChoice = 'mine' | 'theirs';

/**
 * The resolution of an update conflict: a new update (its own key) of the fields whose
 * value the record should end with, based on the current record. Non-conflicting fields
 * of my write go with it (they were mine and nobody else touched them); fields where I
 * take theirs are left out (the record holds them already). Undefined when nothing is
 * left to write (theirs taken everywhere and nothing else was mine).
 */
export function resolutionWrite(
  mine: Record<string, unknown>,
  conflict: ConflictDetails,
  choose: (field: string) => ConflictChoice,
): { changes: Record<string, unknown>; base: WriteBase } | undefined {
  const conflicting = new Set(conflict.fields.map((f) => f.field));
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(mine)) {
    if (conflicting.has(field) && choose(field) === 'theirs') continue;
    if (sameValue(conflict.current[field], value)) continue;
    changes[field] = value;
  }
  if (Object.keys(changes).length === 0) return undefined;
  const fields: Record<string, unknown> = {};
  for (const field of Object.keys(changes)) fields[field] = conflict.current[field];
  return {
    changes,
    base: { updatedAt: String(conflict.current['updatedAt']), fields },
  };
}

/** The base of an update: the record as the user saw it, for the fields the update changes. */
export function updateBase(
  seen: Record<string, unknown>,
  changes: Record<string, unknown>,
): WriteBase | undefined {
  const updatedAt = seen['updatedAt'];
  if (typeof updatedAt !== 'string') return undefined;
  const fields: Record<string, unknown> = {};
  for (const field of Object.keys(changes)) {
    if (field === 'id') continue;
    if (field in seen && seen[field] !== undefined) fields[field] = seen[field];
    else fields[field] = null;
  }
  return { updatedAt, fields };
}

/** The base of a delete: the version of the record the user saw (no fields). */
export function deleteBase(seen: Record<string, unknown>): WriteBase | undefined {
  const updatedAt = seen['updatedAt'];
  return typeof updatedAt === 'string' ? { updatedAt } : undefined;
}

/** A write's `base` property when it has one (spread into the write: `...withBase(b)`). */
export function withBase(base: WriteBase | undefined): { base?: WriteBase } {
  return base === undefined ? {} : { base };
}

/** One entry of a record's history, as `GET /api/history` answers it (oldest first). */
export interface HistoryEntry {
  id: string;
  kind: string;
  recordId: string;
  operation: 'create' | 'update' | 'delete';
  fields: string[];
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  at: string;
  user: { id: string; name: string };
}

/** The fields whose values differ between two versions of a record (server fields aside). */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): string[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const fields: string[] = [];
  for (const key of keys) {
    if (key === 'id' || (SERVER_FIELDS as readonly string[]).includes(key)) continue;
    if (!sameValue(before?.[key], after?.[key])) fields.push(key);
  }
  return fields.sort();
}
