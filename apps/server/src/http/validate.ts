// Request parsing helpers: zod at the boundary, with the specification's messages for
// missing ids and id arrays.

import { z } from 'zod';
import {
  MAX_BATCH_IDS,
  MESSAGES,
  describeZodError,
  invalidFieldMessage,
  isMissing,
  parseTimestamp,
  validateMutationPayload,
} from '@field/domain';
import { badRequest } from './errors.js';

/** The value parsed with `schema` (the domain's zod/mini schemas or our classic ones), or 400. */
export function parseWith<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  const result = z.safeParse(schema, value);
  if (!result.success) throw badRequest(describeZodError(result.error));
  return result.data;
}

function field(source: unknown, name: string): unknown {
  return typeof source === 'object' && source !== null
    ? (source as Record<string, unknown>)[name] // Safe: reading one field of a parsed body/query.
    : undefined;
}

/** A required id from the query string or body, or 400 with the given message. */
export function requireId(source: unknown, name: string, message: string): string {
  const value = field(source, name);
  if (isMissing(value) || typeof value !== 'string') throw badRequest(message);
  return value;
}

/** A required, non-empty array of ids (at most MAX_BATCH_IDS), or 400. */
export function requireIds(source: unknown, name: string, message: string): string[] {
  const value = field(source, name);
  if (!Array.isArray(value) || value.length === 0) throw badRequest(message);
  if (value.length > MAX_BATCH_IDS) throw badRequest(MESSAGES.tooManyIds);
  const ids = value.filter((v): v is string => typeof v === 'string' && v !== '');
  if (ids.length !== value.length) throw badRequest(message);
  return [...new Set(ids)];
}

/** `lastUpdate` as an ISO time: an ISO 8601 date or epoch milliseconds, range-checked. */
export function requireTimestamp(source: unknown, name: string): string {
  const value = field(source, name);
  if (isMissing(value) || typeof value !== 'string') throw badRequest(MESSAGES.lastUpdateRequired);
  const time = parseTimestamp(value);
  if (time === undefined) {
    throw badRequest(
      invalidFieldMessage(name, `${MESSAGES.expectedIsoDate}, or epoch milliseconds`),
    );
  }
  return time;
}

/** A plain JSON object body, or 400. */
export function requireObject(value: unknown, message: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw badRequest(message);
  return value as Record<string, unknown>; // Safe: checked to be a non-array object above.
}

/** The payload rules (docs/product.md, Validation), with their exact messages, as a 400. */
export function checkMutation(type: string, operation: string, data: unknown): void {
  const check = validateMutationPayload(type, operation, data);
  if (!check.ok) throw badRequest(check.message);
}
