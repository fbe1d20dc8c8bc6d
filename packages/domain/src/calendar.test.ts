import { describe, expect, it } from 'vitest';
import { CALENDAR_RESOURCES, calendarEvents, eventsByDay, filterEvents } from './calendar.js';
import { findRoute } from './navigation.js';

const WEEK = { first: '2026-11-23', last: '2026-11-29' };

const lists = {
  radon: [
    {
      id: 'r1',
      HomeRID: 'h1',
      'Test Date': '2026-11-23',
      Result: 'Fail',
      Value: 5.2,
      Unit: 'pCi/L',
    },
    { id: 'r2', HomeRID: 'h1', 'Test Date': '2026-11-27', Result: 'Pass', 'Retest Of': 'r1' },
    { id: 'r0', HomeRID: 'h1', 'Test Date': '2026-10-01', Result: 'Pass' },
  ],
  permits: [
    {
      id: 'p1',
      'Permit Number': 'BP-1',
      Type: 'Building',
      Status: 'Passed',
      'Inspection Date': '2026-11-24',
      'Expiration Date': '2026-11-29',
    },
  ],
  jobs: [{ id: 'job-a', JobRID: 'JOB-A', Name: 'Framing', 'Start Date': '2026-11-25' }],
  jobSchedules: [
    { id: 's1', JobRID: 'JOB-A', Task: 'Walls', 'Scheduled Date': '2026-11-26', Status: 'Delayed' },
    { id: 's2', JobRID: 'JOB-A', Task: 'Roof', 'Scheduled Date': '', Status: 'Scheduled' },
  ],
  walkItems: [
    { id: 'i1', Walk: 'final-punch', Name: 'Trim', Location: 'Kitchen', 'Due Date': '2026-11-28' },
    { id: 'i2', Walk: 'final-punch', Name: 'No date', 'Due Date': null },
    { id: 'i3', Walk: 'elsewhere', Name: 'Unknown walk', 'Due Date': '2026-11-28' },
  ],
  closing: [{ id: 'w1', type: 'nhp', date: '2026-11-25T09:30', user: 'emp-7' }],
  preDrywall: [{ id: 'w2', date: '2026-11-24' }],
};

describe('the calendar of a home', () => {
  const names = new Map([['emp-7', 'Ann Walker']]);
  const events = calendarEvents('h1', lists, WEEK, undefined, (id) => names.get(id) ?? id);
  const byKey = new Map(events.map((event) => [event.key, event]));

  it('puts each dated record of the week on its day, and nothing undated or outside the week', () => {
    expect(events.map((event) => `${event.day} ${event.what} ${event.subject}`)).toEqual([
      '2026-11-23 radon 5.2 pCi/L',
      '2026-11-24 walk ',
      '2026-11-24 permitInspection BP-1',
      '2026-11-25 walk Ann Walker',
      '2026-11-25 jobStart Framing',
      '2026-11-26 task Walls',
      '2026-11-27 radon ',
      '2026-11-28 itemDue Trim',
      '2026-11-29 permitExpires BP-1',
    ]);
    expect(events.every((event) => event.homeId === 'h1')).toBe(true);
  });

  it('opens each record on its own screen, with the record named in the address', () => {
    const opens = (key: string) => {
      const event = byKey.get(key);
      return event === undefined ? undefined : { path: event.path, search: event.search };
    };
    expect(opens('radon:r1:Test Date')).toEqual({
      path: '/homes/inspections/radon',
      search: { record: 'r1' },
    });
    expect(opens('permits:p1:Expiration Date')).toEqual({
      path: '/homes/inspections/permits',
      search: { record: 'p1' },
    });
    // A schedule entry opens its job on the jobs screen.
    expect(opens('jobSchedules:s1:Scheduled Date')).toEqual({
      path: '/homes/jobs',
      search: { record: 'job-a', entry: 's1' },
    });
    expect(opens('walkItems:i1:Due Date')).toEqual({
      path: '/homes/items/final-punch',
      search: { record: 'i1' },
    });
    // A closing walk opens in the form of its type.
    expect(opens('closing:w1:date')).toEqual({
      path: '/walks/new-home-presentation',
      search: { walk: 'w1' },
    });
    expect(byKey.get('closing:w1:date')?.walkForm).toBe('new-home-presentation');
    expect(opens('preDrywall:w2:date')?.path).toBe('/walks/pre-drywall');
    // Every screen an event opens is a route of the app.
    for (const event of events) expect(findRoute(event.path), event.key).toBeDefined();
  });

  it('marks what is delayed or failed, and what is done', () => {
    expect(byKey.get('jobSchedules:s1:Scheduled Date')).toMatchObject({
      status: 'Delayed',
      flag: 'attention',
      detail: 'Framing',
    });
    expect(byKey.get('radon:r1:Test Date')?.flag).toBe('attention');
    expect(byKey.get('radon:r2:Test Date')?.flag).toBe('done');
    expect(byKey.get('permits:p1:Inspection Date')).toMatchObject({
      flag: 'done',
      detail: 'Building',
    });
    expect(byKey.get('walkItems:i1:Due Date')?.flag).toBeUndefined();
    // An item past its due date and not complete calls for attention; a complete one is done.
    const items = (today: string, Status: string) =>
      calendarEvents(
        'h1',
        { walkItems: [{ ...lists.walkItems[0], id: 'i1', Status }] },
        WEEK,
        today,
      );
    expect(items('2026-11-28', 'Outstanding')[0]?.flag).toBeUndefined();
    expect(items('2026-11-29', 'Outstanding')[0]?.flag).toBe('attention');
    expect(items('2026-11-29', 'Complete')[0]?.flag).toBe('done');
  });

  it('reads every resource whose records it lists', () => {
    for (const resource of ['radon', 'permits', 'jobs', 'jobSchedules', 'walkItems', 'closing']) {
      expect(CALENDAR_RESOURCES).toContain(resource);
    }
  });
});

describe('several homes', () => {
  const one = calendarEvents('h1', lists, WEEK);
  const two = calendarEvents('h2', { permits: lists.permits }, WEEK);
  const all = [...two, ...one];

  it('filters by home and by kind; an empty choice keeps all', () => {
    expect(filterEvents(all, { homes: [], kinds: [] })).toHaveLength(all.length);
    expect(filterEvents(all, { homes: ['h2'], kinds: [] }).every((e) => e.homeId === 'h2')).toBe(
      true,
    );
    const permitsOfOne = filterEvents(all, { homes: ['h1'], kinds: ['permit'] });
    expect(permitsOfOne.map((event) => event.key)).toEqual([
      'permits:p1:Inspection Date',
      'permits:p1:Expiration Date',
    ]);
  });

  it('groups the events of both homes by day', () => {
    const days = eventsByDay(all);
    expect([...days.keys()]).toEqual([...days.keys()].sort());
    expect(
      days
        .get('2026-11-29')
        ?.map((event) => event.homeId)
        .sort(),
    ).toEqual(['h1', 'h2']);
  });
});
