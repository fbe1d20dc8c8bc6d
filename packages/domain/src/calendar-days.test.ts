import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  dayOfValue,
  daysBetween,
  monthWeeks,
  periodDays,
  weekDays,
} from './calendar-days.js';

describe('calendar days', () => {
  it('reads the day of a date, a wall-clock time, and a time with a zone where the device is', () => {
    expect(dayOfValue('2026-11-05')).toBe('2026-11-05');
    expect(dayOfValue('2026-11-05T23:30')).toBe('2026-11-05');
    expect(dayOfValue('2026-11-05T08:00:00.000')).toBe('2026-11-05');
    const zoned = '2026-11-05T12:00:00.000Z';
    const local = new Date(zoned);
    expect(dayOfValue(zoned)).toBe(
      `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`,
    );
  });

  it('puts nothing on the calendar for an empty, missing or unreal date', () => {
    for (const value of ['', null, undefined, 42, '2026-02-30', '11/05/2026', 'soon']) {
      expect(dayOfValue(value)).toBeUndefined();
    }
  });

  it('counts days across a month, a year and a daylight-saving change', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-11-01', -1)).toBe('2026-10-31');
    expect(daysBetween('2026-10-30', '2026-11-02')).toEqual([
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
    ]);
  });

  it('moves by months keeping the day within the month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-11-27', 1)).toBe('2026-12-27');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonths('2026-01-10', -1)).toBe('2025-12-10');
  });

  it('starts a week on Monday', () => {
    // Friday 27 November 2026.
    expect(weekDays('2026-11-27')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    // A Sunday belongs to the week before it.
    expect(weekDays('2026-11-29')[0]).toBe('2026-11-23');
    expect(periodDays('week', '2026-11-23')).toEqual({ first: '2026-11-23', last: '2026-11-29' });
  });

  it('shows a month as the whole weeks that hold it', () => {
    const november = monthWeeks('2026-11-27');
    // 1 November 2026 is a Sunday, the 30th a Monday: six weeks.
    expect(november).toHaveLength(6);
    expect(november[0]?.[0]).toBe('2026-10-26');
    expect(november.at(-1)?.[6]).toBe('2026-12-06');
    // February 2021 begins on a Monday and ends on a Sunday: exactly four weeks.
    expect(monthWeeks('2021-02-10')).toHaveLength(4);
    expect(periodDays('month', '2021-02-10')).toEqual({ first: '2021-02-01', last: '2021-02-28' });
  });
});
