// Required fields of each mutation payload (docs/product.md, Validation) and the check that gives
// the specification's exact messages. The web app checks before queueing, the server again before
// applying.

import { invalidStaffTypeMessage, missingFieldMessage, MESSAGES } from './messages.js';
import { RESOURCES, resourceDef } from './resources.js';
import { isStaffType } from './staff.js';
import { TRADE_LINK_MUTATION_TYPE } from './trade-links.js';

/** Files are not records: their mutation is outside the resource registry. */
const FILE_RULES = {
  upload: ['fileRef', 'collection', 'key'],
  delete: ['fileRef', 'collection', 'key'],
} as const;

/** Nor is a trade's link: a mail the server sends to a vendor (trade-links.ts). */
const TRADE_LINK_RULES = { send: ['vendorId'] } as const;

/**
 * Mutation type -> operation -> required fields: files, trade links, then every resource of the
 * registry that takes writes (the specification's table for homes, phone calls and walk items; ours
 * for the walk kinds, notes and buyers).
 */
export const MUTATION_RULES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> =
  {
    file: FILE_RULES,
    [TRADE_LINK_MUTATION_TYPE]: TRADE_LINK_RULES,
    ...Object.fromEntries(
      RESOURCES.flatMap((resource) => {
        const def = resourceDef(resource);
        if (def.mutationType === undefined || def.operations === undefined) return [];
        const rules = Object.entries(def.operations).map(([op, rule]) => [op, rule.required]);
        return [[def.mutationType, Object.fromEntries(rules)]];
      }),
    ),
  };

type MutationType = string;

function isMutationType(value: string): value is MutationType {
  return Object.hasOwn(MUTATION_RULES, value);
}

/** Absent, null and '' are missing; false and 0 are values (our reading). */
export function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function requiredFields(type: string, operation: string): readonly string[] | undefined {
  if (!isMutationType(type)) return undefined;
  const operations = MUTATION_RULES[type] ?? {};
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
