// The calendar across the user's homes (docs/product.md, the calendar across my homes):
// which records put a day on it, as one table. Each source names a resource, the date
// fields that make its events, the record's own words shown with it, whether it calls for
// attention or is done, and the screen that opens it (a route and its query, as opening a
// notification does). The web app reads the device's lists through it; a test reads it
// without a server.

import type { Day } from './calendar-days.js';
import { dayOfValue } from './calendar-days.js';
import type { Resource } from './resources.js';
import { isOverdue } from './item-review.js';
import { INSPECTION_PAGES } from './navigation.js';
import { WALK_FORM_DEFS } from './walk-forms.js';
import { WALK_TYPES } from './walks.js';

/** The kinds of events a user can filter on, in the order the filter shows them. */
export const CALENDAR_KINDS = ['walk', 'job', 'inspection', 'permit', 'item'] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];

/** What an event says of its record (the web app's `calendar.what.{what}` text). */
export const CALENDAR_WHATS = [
  'walk',
  'jobStart',
  'jobEnd',
  'task',
  'taskDone',
  'soil',
  'openhole',
  'radon',
  'gic',
  'permitInspection',
  'permitExpires',
  'itemDue',
] as const;
type CalendarWhat = (typeof CALENDAR_WHATS)[number];

/** `attention`: delayed, late, failed or expired; `done`: complete, passed. */
type CalendarFlag = 'attention' | 'done';

export interface CalendarEvent {
  /** Unique on the calendar: the resource, the record and the date field. */
  readonly key: string;
  readonly kind: CalendarKind;
  readonly what: CalendarWhat;
  readonly resource: Resource;
  readonly recordId: string;
  /** The id of the home whose lists held the record (opening selects it). */
  readonly homeId: string;
  readonly day: Day;
  /** The record's own words: a permit number, a task, an item's name, a reading. */
  readonly subject: string;
  /** A second line: the job of a task, a permit's type, an item's location. */
  readonly detail: string;
  /** For a walk: its form's segment (`/walks/{segment}`, titled `nav.walk-{segment}`). */
  readonly walkForm?: string;
  /** The record's status as stored (`Delayed`, `Fail`, `Passed`), or empty. */
  readonly status: string;
  readonly flag?: CalendarFlag;
  /** The screen that opens the record, and its query (`record`, or `walk` for a walk). */
  readonly path: string;
  readonly search: Readonly<Record<string, string>>;
}

type AnyRecord = Readonly<Record<string, unknown>> & { readonly id: string };

/** A home's lists as the device keeps them, by resource. */
export type CalendarLists = Partial<Record<Resource, readonly AnyRecord[]>>;

interface Opens {
  readonly path: string;
  readonly search: Readonly<Record<string, string>>;
}

interface CalendarSource {
  readonly resource: Resource;
  readonly kind: CalendarKind;
  readonly dates: readonly { readonly field: string; readonly what: CalendarWhat }[];
  /** `nameOf` names a person by their employee id (a walk's walker). */
  readonly subject: (
    record: AnyRecord,
    lists: CalendarLists,
    nameOf: (employeeId: string) => string,
  ) => string;
  readonly detail?: (record: AnyRecord, lists: CalendarLists) => string;
  /** The field holding the record's status. */
  readonly status?: string;
  readonly flag?: (status: string, record: AnyRecord, today?: Day) => CalendarFlag | undefined;
  /** Undefined: the record names no screen that can open it (an unknown walk type). */
  readonly opens: (record: AnyRecord, lists: CalendarLists) => Opens | undefined;
  /** For a walk: its form's segment. */
  readonly walkForm?: (record: AnyRecord) => string | undefined;
}

const text = (record: Readonly<Record<string, unknown>>, field: string): string => {
  const value = record[field];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
};

const flagOf =
  (attention: readonly string[], done: readonly string[]) =>
  (status: string): CalendarFlag | undefined =>
    attention.includes(status) ? 'attention' : done.includes(status) ? 'done' : undefined;

const openRecord =
  (path: string) =>
  (record: AnyRecord): Opens => ({ path, search: { record: record.id } });

// Walks ----------------------------------------------------------------------------------

/** The form a walk was written on: its kind, and for a closing walk its `type`. */
function walkFormOf(resource: Resource, record: AnyRecord) {
  return WALK_FORM_DEFS.find(
    (def) =>
      def.kind === resource &&
      (def.closingType === undefined || def.closingType === record['type']),
  );
}

function walkSource(resource: Resource): CalendarSource {
  return {
    resource,
    kind: 'walk',
    dates: [{ field: 'date', what: 'walk' }],
    // Who walked it, by name where the device knows the staff (their id otherwise).
    subject: (record, _lists, nameOf) => nameOf(text(record, 'user')),
    walkForm: (record) => walkFormOf(resource, record)?.segment,
    opens: (record) => {
      const form = walkFormOf(resource, record);
      return form === undefined
        ? undefined
        : { path: `/walks/${form.segment}`, search: { walk: record.id } };
    },
  };
}

// Jobs and their schedule entries --------------------------------------------------------

const JOBS_PATH = '/homes/jobs';

/** The job a schedule entry is of (by its `JobRID`, a job's `JobRID` or id). */
function jobOf(entry: AnyRecord, lists: CalendarLists): AnyRecord | undefined {
  const jobRid = text(entry, 'JobRID');
  return lists.jobs?.find((job) => text(job, 'JobRID') === jobRid || job.id === jobRid);
}

const scheduleFlag = flagOf(['Delayed', 'Late'], ['Complete']);

// Tests ----------------------------------------------------------------------------------

function testSource(resource: 'soil' | 'openhole' | 'radon' | 'gic'): CalendarSource {
  const page = INSPECTION_PAGES.find((candidate) => candidate.segment === resource);
  return {
    resource,
    kind: 'inspection',
    dates: [{ field: 'Test Date', what: resource }],
    subject: (record) => [text(record, 'Value'), text(record, 'Unit')].filter(Boolean).join(' '),
    status: 'Result',
    flag: flagOf(['Fail', 'Retest'], ['Pass']),
    opens: openRecord(`/homes/inspections/${page?.segment ?? resource}`),
  };
}

/** Every record that puts a day on the calendar: one line per resource. */
const CALENDAR_SOURCES: readonly CalendarSource[] = [
  walkSource('homeStart'),
  walkSource('preDrywall'),
  walkSource('managerWalk'),
  walkSource('landscape'),
  walkSource('closing'),
  {
    resource: 'jobs',
    kind: 'job',
    dates: [
      { field: 'Start Date', what: 'jobStart' },
      { field: 'End Date', what: 'jobEnd' },
    ],
    subject: (job) => text(job, 'Name'),
    status: 'Status',
    flag: scheduleFlag,
    opens: openRecord(JOBS_PATH),
  },
  {
    resource: 'jobSchedules',
    kind: 'job',
    dates: [
      { field: 'Scheduled Date', what: 'task' },
      { field: 'Completed Date', what: 'taskDone' },
    ],
    subject: (entry) => text(entry, 'Task'),
    detail: (entry, lists) => {
      const job = jobOf(entry, lists);
      return job === undefined ? '' : text(job, 'Name');
    },
    status: 'Status',
    flag: scheduleFlag,
    // The jobs screen, its job marked and open, the entry marked in the job's schedule.
    opens: (entry, lists) => {
      const job = jobOf(entry, lists);
      const search: Record<string, string> =
        job === undefined ? { entry: entry.id } : { record: job.id, entry: entry.id };
      return { path: JOBS_PATH, search };
    },
  },
  testSource('soil'),
  testSource('openhole'),
  testSource('radon'),
  testSource('gic'),
  {
    resource: 'permits',
    kind: 'permit',
    dates: [
      { field: 'Inspection Date', what: 'permitInspection' },
      { field: 'Expiration Date', what: 'permitExpires' },
    ],
    subject: (permit) => text(permit, 'Permit Number'),
    detail: (permit) => text(permit, 'Type'),
    status: 'Status',
    flag: flagOf(['Failed', 'Expired'], ['Passed']),
    opens: openRecord('/homes/inspections/permits'),
  },
  {
    resource: 'walkItems',
    kind: 'item',
    dates: [{ field: 'Due Date', what: 'itemDue' }],
    subject: (item) => text(item, 'Name'),
    detail: (item) => text(item, 'Location'),
    status: 'Status',
    // Overdue (not complete, due before today) calls for attention.
    flag: (status, item, today) =>
      status === 'Complete'
        ? 'done'
        : today !== undefined && isOverdue(item, today)
          ? 'attention'
          : undefined,
    opens: (item) => {
      const walk = WALK_TYPES.find((type) => type === item['Walk']);
      return walk === undefined
        ? undefined
        : { path: `/homes/items/${walk}`, search: { record: item.id } };
    },
  },
];

/** The resources the calendar reads from a home's lists. */
export const CALENDAR_RESOURCES: readonly Resource[] = CALENDAR_SOURCES.map(
  (source) => source.resource,
);

const KIND_ORDER = new Map(CALENDAR_KINDS.map((kind, index) => [kind, index]));

/** Events in the order a day lists them: by day, then kind, then subject. */
function compareEvents(a: CalendarEvent, b: CalendarEvent): number {
  return (
    a.day.localeCompare(b.day) ||
    (KIND_ORDER.get(a.kind) ?? 0) - (KIND_ORDER.get(b.kind) ?? 0) ||
    a.subject.localeCompare(b.subject) ||
    a.key.localeCompare(b.key)
  );
}

/**
 * The events of one home's lists between two days (both in), in day order. A record
 * without the date, or on a day that is not real, makes no event; nor does a record no
 * screen can open. Given `today`, an item due before it and not complete calls for attention.
 */
export function calendarEvents(
  homeId: string,
  lists: CalendarLists,
  range: { first: Day; last: Day },
  today?: Day,
  nameOf: (employeeId: string) => string = (employeeId) => employeeId,
): CalendarEvent[] {
  const events: CalendarEvent[] = [];
  for (const source of CALENDAR_SOURCES) {
    for (const record of lists[source.resource] ?? []) {
      for (const { field, what } of source.dates) {
        const day = dayOfValue(record[field]);
        if (day === undefined || day < range.first || day > range.last) continue;
        const opens = source.opens(record, lists);
        if (opens === undefined) continue;
        const status = source.status === undefined ? '' : text(record, source.status);
        const flag = source.flag?.(status, record, today);
        const walkForm = source.walkForm?.(record);
        events.push({
          key: `${source.resource}:${record.id}:${field}`,
          kind: source.kind,
          what,
          resource: source.resource,
          recordId: record.id,
          homeId,
          day,
          subject: source.subject(record, lists, nameOf),
          detail: source.detail?.(record, lists) ?? '',
          ...(walkForm === undefined ? {} : { walkForm }),
          status,
          ...(flag === undefined ? {} : { flag }),
          path: opens.path,
          search: opens.search,
        });
      }
    }
  }
  return events.sort(compareEvents);
}

/** Events grouped by their day, each day's in order. */
export function eventsByDay(events: readonly CalendarEvent[]): Map<Day, CalendarEvent[]> {
  const byDay = new Map<Day, CalendarEvent[]>();
  for (const event of [...events].sort(compareEvents)) {
    const day = byDay.get(event.day);
    if (day === undefined) byDay.set(event.day, [event]);
    else day.push(event);
  }
  return byDay;
}

/** The events of the chosen homes and kinds; an empty choice keeps every one. */
export function filterEvents(
  events: readonly CalendarEvent[],
  filter: { homes: readonly string[]; kinds: readonly CalendarKind[] },
): CalendarEvent[] {
  return events.filter(
    (event) =>
      (filter.homes.length === 0 || filter.homes.includes(event.homeId)) &&
      (filter.kinds.length === 0 || filter.kinds.includes(event.kind)),
  );
}
