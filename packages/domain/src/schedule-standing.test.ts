import { describe, expect, it } from 'vitest';
import { behindReasons, homesReport } from './homes.js';
import { jobBehind, scheduleEntryBehind, scheduleStanding } from './schedule-standing.js';

const TODAY = '2026-11-22';
const NOW = new Date('2026-11-22T12:00:00Z');

describe('a schedule entry behind schedule', () => {
  it.each([
    [
      'delayed, with its reason',
      { Status: 'Delayed', 'Delay Reason': 'Rain', 'Scheduled Date': '2026-12-01' },
      { kind: 'delayed', name: 'Frame', reason: 'Rain' },
    ],
    [
      'past its day, not done',
      { Status: 'Scheduled', 'Scheduled Date': '2026-11-21' },
      { kind: 'overdue', name: 'Frame', date: '2026-11-21' },
    ],
    [
      'started, past its day, not done',
      { Status: 'In Progress', 'Scheduled Date': '2026-11-20T08:00:00Z' },
      { kind: 'overdue', name: 'Frame', date: '2026-11-20' },
    ],
    [
      'marked late by the office',
      { Status: 'Late', 'Scheduled Date': '2026-11-30' },
      { kind: 'overdue', name: 'Frame', date: '2026-11-30' },
    ],
    ['due today', { Status: 'Scheduled', 'Scheduled Date': TODAY }, undefined],
    ['done, past its day', { Status: 'Complete', 'Scheduled Date': '2026-11-01' }, undefined],
    [
      'delayed again after a completed day was set',
      { Status: 'Delayed', 'Delay Reason': 'Redo', 'Completed Date': '2026-11-02' },
      { kind: 'delayed', name: 'Frame', reason: 'Redo' },
    ],
    [
      'with a completed day, past its day',
      { Status: 'In Progress', 'Scheduled Date': '2026-11-01', 'Completed Date': '2026-11-02' },
      undefined,
    ],
  ])('%s', (_name, fields, expected) => {
    expect(scheduleEntryBehind({ Task: 'Frame', ...fields }, TODAY)).toEqual(expected);
  });
});

describe('a job behind schedule', () => {
  it.each([
    [
      'delayed',
      { Status: 'Delayed', 'Delay Reason': 'No crew' },
      { kind: 'delayed', name: 'Roof', reason: 'No crew' },
    ],
    [
      'past its end, not complete',
      { Status: 'In Progress', 'End Date': '2026-11-10' },
      { kind: 'overdue', name: 'Roof', date: '2026-11-10' },
    ],
    ['complete past its end', { Status: 'Complete', 'End Date': '2026-11-10' }, undefined],
    ['without an end', { Status: 'Scheduled', 'End Date': null }, undefined],
  ])('%s', (_name, fields, expected) => {
    expect(jobBehind({ Name: 'Roof', ...fields }, TODAY)).toEqual(expected);
  });
});

describe('the behind-schedule report follows the field updates', () => {
  const home = (id: string, close: string | null, Status = 'Framing') => ({
    id,
    Status,
    'Projected Close': close,
    'Construction Start': '2026-01-01',
    Lot: '1',
    Plan: 'Aspen',
    'Construction Staff': ['e1'],
    'Offline Homes': ['e1'],
  });
  const HOMES = [
    home('on-time', '2027-03-01'),
    home('entry-delayed', '2027-03-01'),
    home('entry-overdue', '2027-03-01'),
    home('close-passed', '2026-11-01'),
    home('closed', '2027-03-01', 'Closed'),
  ];
  const JOBS = HOMES.map((h) => ({
    id: `job-${h.id}`,
    JobRID: `job-${h.id}`,
    HomeRID: h.id,
    Name: 'Frame',
    Status: 'In Progress',
    'End Date': null,
  }));
  const entry = (homeId: string, fields: Record<string, unknown>) => ({
    id: `entry-${homeId}`,
    JobRID: `job-${homeId}`,
    Task: 'Walls',
    Status: 'Scheduled',
    'Scheduled Date': '2026-12-01',
    ...fields,
  });
  const ENTRIES = [
    entry('on-time', {}),
    entry('entry-delayed', { Status: 'Delayed', 'Delay Reason': 'Rain' }),
    entry('entry-overdue', { 'Scheduled Date': '2026-11-20' }),
    entry('closed', { Status: 'Delayed', 'Delay Reason': 'Rain' }),
  ];

  it('lists the homes with a delayed or overdue entry, besides those past their projected close', () => {
    const schedule = scheduleStanding(JOBS, ENTRIES, TODAY);
    expect(homesReport(HOMES, 'behind-schedule', NOW, schedule).map((h) => h.id)).toEqual([
      'entry-delayed',
      'entry-overdue',
      'close-passed',
    ]);
  });

  it('drops a home once its delayed entry is marked done', () => {
    const done = ENTRIES.map((e) =>
      e.JobRID === 'job-entry-delayed' ? { ...e, Status: 'Complete', 'Completed Date': TODAY } : e,
    );
    const schedule = scheduleStanding(JOBS, done, TODAY);
    expect(homesReport(HOMES, 'behind-schedule', NOW, schedule).map((h) => h.id)).toEqual([
      'entry-overdue',
      'close-passed',
    ]);
  });

  it('names each entry with its job, and lists delays first, then the oldest day', () => {
    const jobs = [
      { id: 'j1', JobRID: 'j1', HomeRID: 'h', Name: 'Electrical', Status: 'In Progress' },
      { id: 'j2', JobRID: 'j2', HomeRID: 'h', Name: 'Plumbing', Status: 'In Progress' },
    ];
    const entries = [
      { id: 'a', JobRID: 'j1', Task: 'Trim', Status: 'Scheduled', 'Scheduled Date': '2026-11-13' },
      { id: 'b', JobRID: 'j2', Task: 'Trim', Status: 'Scheduled', 'Scheduled Date': '2026-11-10' },
      { id: 'c', JobRID: 'j2', Task: 'Rough-in', Status: 'Delayed', 'Delay Reason': 'Parts' },
    ];
    expect(scheduleStanding(jobs, entries, TODAY).get('h')).toEqual([
      { kind: 'delayed', name: 'Rough-in · Plumbing', reason: 'Parts' },
      { kind: 'overdue', name: 'Trim · Plumbing', date: '2026-11-10' },
      { kind: 'overdue', name: 'Trim · Electrical', date: '2026-11-13' },
    ]);
  });

  it('says why', () => {
    const schedule = scheduleStanding(JOBS, ENTRIES, TODAY);
    const [, delayed, overdue, , closed] = HOMES;
    expect(delayed && behindReasons(delayed, NOW, schedule)).toEqual([
      { kind: 'delayed', name: 'Walls · Frame', reason: 'Rain' },
    ]);
    expect(
      overdue && behindReasons({ ...overdue, 'Projected Close': '2026-11-02' }, NOW, schedule),
    ).toEqual([
      { kind: 'close', date: '2026-11-02' },
      { kind: 'overdue', name: 'Walls · Frame', date: '2026-11-20' },
    ]);
    expect(closed && behindReasons(closed, NOW, schedule)).toEqual([]);
  });

  it('without schedules, only the projected close counts', () => {
    expect(homesReport(HOMES, 'behind-schedule', NOW).map((h) => h.id)).toEqual(['close-passed']);
  });
});
