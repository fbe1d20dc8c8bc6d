// Dates as the product shows them: MM/DD/YYYY, and relative labels for recent times. No schema
// library here, so code that only formats dates (the PDF worker) stays small.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

export type RelativeTime =
  | { unit: 'justNow' }
  | { unit: 'minutes' | 'hours' | 'days' | 'weeks'; count: number }
  | { unit: 'date'; date: string };

function toMillis(time: string | number | Date): number {
  if (time instanceof Date) return time.getTime();
  return typeof time === 'number' ? time : Date.parse(time);
}

/** `MM/DD/YYYY` of an instant, in UTC unless a time zone is given. */
export function formatNotificationDate(time: string | number | Date, timeZone = 'UTC'): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(toMillis(time)));
  const part = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')}/${part('day')}/${part('year')}`;
}

/**
 * How long ago `time` was, as a unit and a count, so a screen can translate it. Times in
 * the future (another device's clock) read as just now.
 */
export function relativeTime(
  time: string | number | Date,
  now: string | number | Date = Date.now(),
  timeZone = 'UTC',
): RelativeTime {
  const then = toMillis(time);
  if (Number.isNaN(then)) throw new RangeError(`Not a time: ${String(time)}`);
  const elapsed = toMillis(now) - then;
  if (elapsed < MINUTE) return { unit: 'justNow' };
  if (elapsed < HOUR) return { unit: 'minutes', count: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { unit: 'hours', count: Math.floor(elapsed / HOUR) };
  if (elapsed < WEEK) return { unit: 'days', count: Math.floor(elapsed / DAY) };
  if (elapsed < 4 * WEEK) return { unit: 'weeks', count: Math.floor(elapsed / WEEK) };
  return { unit: 'date', date: formatNotificationDate(then, timeZone) };
}
