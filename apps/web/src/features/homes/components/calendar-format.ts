// How the calendar writes its days, in the app's language: a day is `YYYY-MM-DD`, read as
// that day wherever the device is (formatted in UTC, as the domain counts it).

import type { Day } from '@field/domain';

const STYLES = {
  long: { weekday: 'long', month: 'long', day: 'numeric' },
  weekday: { weekday: 'short' },
  dayOfMonth: { day: 'numeric' },
  month: { month: 'long', year: 'numeric' },
  range: { month: 'short', day: 'numeric', year: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DayStyle = keyof typeof STYLES;

const formats = new Map<string, Intl.DateTimeFormat>();

export function formatDay(day: Day, locale: string, style: DayStyle | 'short'): string {
  // A week's column: the weekday, then the day (`Mon 7`), whatever order the locale joins them in.
  if (style === 'short') {
    return `${formatDay(day, locale, 'weekday')} ${formatDay(day, locale, 'dayOfMonth')}`;
  }
  const key = `${locale}|${style}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, { ...STYLES[style], timeZone: 'UTC' });
    formats.set(key, format);
  }
  return format.format(new Date(`${day}T00:00:00Z`));
}

/** A period's days, `Nov 23 – 29, 2026`, in the app's language. */
export function formatDays(first: Day, last: Day, locale: string): string {
  const format = new Intl.DateTimeFormat(locale, { ...STYLES.range, timeZone: 'UTC' });
  return format.formatRange(new Date(`${first}T00:00:00Z`), new Date(`${last}T00:00:00Z`));
}
