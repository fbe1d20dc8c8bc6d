// The calendar's days (docs/product.md, the calendar across my homes): a day is its
// `YYYY-MM-DD` text, counted in UTC so no daylight-saving change shifts it; weeks start on
// Monday (ISO 8601); a month view shows the whole weeks that hold the month.

import { localDay } from './item-review.js';

const DAY_MS = 86_400_000;
const DAY_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_START = /^(\d{4}-\d{2}-\d{2})(?:$|T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/;

/** A day, `YYYY-MM-DD`. */
export type Day = string;

function utcMs(day: Day): number {
  const match = DAY_TEXT.exec(day);
  if (match === null) throw new Error(`not a day: ${day}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

function dayOfUtcMs(ms: number): Day {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * The day a stored date falls on: a date (`2026-11-05`) or a wall-clock time
 * (`2026-11-05T08:00`) is that day; a time with a zone (`...Z`, `...+02:00`) is the day
 * where the device is. Undefined for anything else (empty, null, not a real day).
 */
export function dayOfValue(value: unknown): Day | undefined {
  if (typeof value !== 'string') return undefined;
  const wall = DATE_START.exec(value);
  if (wall?.[1] !== undefined) return isRealDay(wall[1]) ? wall[1] : undefined;
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : localDay(new Date(ms));
}

function isRealDay(day: string): boolean {
  const match = DAY_TEXT.exec(day);
  return match !== null && dayOfUtcMs(utcMs(day)) === day;
}

export function addDays(day: Day, count: number): Day {
  return dayOfUtcMs(utcMs(day) + count * DAY_MS);
}

/** The same day of the month `count` months on, kept within the month (Jan 31 + 1: Feb 28). */
export function addMonths(day: Day, count: number): Day {
  const date = new Date(utcMs(day));
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + count, 1));
  const last = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), last));
  return dayOfUtcMs(target.getTime());
}

/** 0 Monday ... 6 Sunday. */
function weekdayIndex(day: Day): number {
  return (new Date(utcMs(day)).getUTCDay() + 6) % 7;
}

/** The Monday of the day's week. */
function weekStart(day: Day): Day {
  return addDays(day, -weekdayIndex(day));
}

/** The seven days of the day's week, Monday first. */
export function weekDays(day: Day): Day[] {
  const start = weekStart(day);
  return Array.from({ length: 7 }, (_, index) => addDays(start, index));
}

function monthStart(day: Day): Day {
  return `${day.slice(0, 8)}01`;
}

/** Whether two days are in the same month. */
export function sameMonth(a: Day, b: Day): boolean {
  return a.slice(0, 7) === b.slice(0, 7);
}

/** The weeks a month view shows: every whole week (Monday to Sunday) that holds a day of the month. */
export function monthWeeks(day: Day): Day[][] {
  const first = monthStart(day);
  const weeks: Day[][] = [];
  let start = weekStart(first);
  do {
    weeks.push(weekDays(start));
    start = addDays(start, 7);
  } while (sameMonth(start, first));
  return weeks;
}

/** The first and last day a period shows (a week, or a month's whole weeks). */
export function periodDays(period: 'week' | 'month', day: Day): { first: Day; last: Day } {
  if (period === 'week') {
    const first = weekStart(day);
    return { first, last: addDays(first, 6) };
  }
  const weeks = monthWeeks(day);
  return { first: weeks[0]?.[0] ?? day, last: weeks.at(-1)?.[6] ?? day };
}

/** Every day from `first` to `last`, both in. */
export function daysBetween(first: Day, last: Day): Day[] {
  const days: Day[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Whether a text is a real day (`YYYY-MM-DD`). */
export function isDay(value: unknown): value is Day {
  return typeof value === 'string' && isRealDay(value);
}
