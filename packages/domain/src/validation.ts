// Turns a zod failure into one plain sentence naming the field, for `{ "error": "..." }`,
// and the strict reading of dates and timestamps every input goes through.

import type { z } from './zod.js';
import { invalidFieldMessage, unknownFieldMessage } from './messages.js';

export function describeZodError(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'Invalid request';
  const field = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    return unknownFieldMessage(field === '' ? key : `${field}.${key}`);
  }
  return field === '' ? issue.message : invalidFieldMessage(field, issue.message);
}

/** The years a date of a record or a timestamp of a query may fall in. */
const DATE_YEARS = { min: 1900, max: 2199 } as const;

const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))?)?$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Epoch milliseconds of an ISO 8601 date (`2026-11-05`) or date-time
 * (`2026-11-05T08:00`, `...:00.000Z`, `...+02:00`) with a real calendar day and a year in
 * DATE_YEARS; undefined for anything else (`"1"`, `"tomorrow"`, `2026-02-30`).
 */
export function parseIsoDate(value: string): number | undefined {
  const match = ISO_DATE.exec(value);
  if (match === null) return undefined;
  const [year, month, day, hour, minute, second, , offsetHour, offsetMinute] = match
    .slice(1)
    .map((part) => (part === undefined ? 0 : Number(part)));
  if (year === undefined || month === undefined || day === undefined) return undefined;
  if (year < DATE_YEARS.min || year > DATE_YEARS.max) return undefined;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if ((hour ?? 0) > 23 || (minute ?? 0) > 59 || (second ?? 0) > 59) return undefined;
  if ((offsetHour ?? 0) > 23 || (offsetMinute ?? 0) > 59) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
}

/**
 * `lastUpdate` of the differential lists: epoch milliseconds or an ISO 8601 date, as an
 * ISO time; undefined when it is neither or falls outside DATE_YEARS.
 */
export function parseTimestamp(value: string): string | undefined {
  const time = /^\d{1,16}$/.test(value) ? Number(value) : parseIsoDate(value);
  if (time === undefined) return undefined;
  const year = new Date(time).getUTCFullYear();
  if (Number.isNaN(year) || year > DATE_YEARS.max) return undefined;
  // Epoch 0 and every later millisecond are a valid start: "everything since".
  return new Date(time).toISOString();
}
