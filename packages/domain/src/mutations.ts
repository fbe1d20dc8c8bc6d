// Required fields of each mutation payload (section 5) and the check that gives the
// specification's exact messages. The web app checks before queueing, the server again
// before applying.

import { invalidStaffTypeMessage, missingFieldMessage, MESSAGES } from './messages.js';
import { isStaffType } from './staff.js';

/**
 * Mutation type -> operation -> required fields. The first four types are the table
 * of section 5; the walk kinds are ours (section 7 gives their calls, not their rules).
 */
export const MUTATION_RULES = {
  file: { upload: ['fileRef', 'collection', 'key'], delete: ['fileRef', 'collection', 'key'] },
  home: { update: ['id'], updateStaff: ['id', 'staffIds', 'staffType'] },
  phoneCall: {
    submit: ['Home', 'Staff', 'Date', 'Notes', 'Voicemail'],
    update: ['Notes', 'Voicemail', 'id'],
    delete: ['id'],
  },
  walkItem: {
    submit: ['Walk', 'Category', 'Location', 'Name'],
    update: ['id', 'Name'],
    delete: ['id'],
  },
  homeStart: { submit: ['HomeRID'], update: ['id'] },
  preDrywall: { submit: ['HomeRID'], update: ['id'] },
  managerWalk: { submit: ['HomeRID'], update: ['id'] },
  landscape: { submit: ['HomeRID'], update: ['id'] },
  closing: { submit: ['date', 'selectedHome', 'user', 'type'], update: ['id'] },
  note: { submit: ['HomeRID', 'Text'], update: ['id'], delete: ['id'] },
  buyer: { submit: ['HomeRID', 'Name'], update: ['id'], delete: ['id'] },
} as const satisfies Record<string, Record<string, readonly string[]>>;

export type MutationType = keyof typeof MUTATION_RULES;
export type MutationOperation<T extends MutationType> = keyof (typeof MUTATION_RULES)[T] & string;

export const MUTATION_TYPES = Object.keys(MUTATION_RULES) as MutationType[];

export function isMutationType(value: string): value is MutationType {
  return Object.hasOwn(MUTATION_RULES, value);
}

/** Absent, null and '' are missing; false and 0 are values (spec-clarifications). */
export function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

export function requiredFields(type: string, operation: string): readonly string[] | undefined {
  if (!isMutationType(type)) return undefined;
  const operations: Readonly<Record<string, readonly string[]>> = MUTATION_RULES[type];
  return Object.hasOwn(operations, operation) ? operations[operation] : undefined;
}

export type PayloadCheck = { ok: true } | { ok: false; message: string };

/**
 * Checks a mutation payload: the operation must exist for the type, every required
 * field must be present (first missing field reported, in the table's order), and a
 * staff type must be one of the six lists.
 */
export function validateMutationPayload(
  type: string,
  operation: string,
  data: unknown,
): PayloadCheck {
  const fields = requiredFields(type, operation);
  if (fields === undefined) return { ok: false, message: MESSAGES.unsupportedOperation };
  const record: Record<string, unknown> =
    // Safe: any non-null object can be read field by field; values are checked below.
    typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  for (const field of fields) {
    if (isMissing(record[field])) {
      return { ok: false, message: missingFieldMessage(field, operation, type) };
    }
  }
  if (type === 'home' && operation === 'updateStaff' && !isStaffType(record['staffType'])) {
    return { ok: false, message: invalidStaffTypeMessage(record['staffType']) };
  }
  return { ok: true };
}
