import { describe, expect, it } from 'vitest';
import {
  filterByAddress,
  homeList,
  homeValidationIssues,
  homesReport,
  inConstruction,
  isMyHome,
} from './homes.js';

const home = (Address: string, Status: string, kova: string, offline: string[] = []) => ({
  Address,
  Status,
  'KOVA Status': kova,
  'Offline Homes': offline,
});

const HOMES = [
  home('12 Oak Street', 'Framing', 'Active', ['e1']),
  home('2 Oak Street', 'Drywall', 'Active', ['e1', 'e2']),
  home('7 Test Lane', 'Test Home', 'Active', ['e1']),
  home('9 Gone Road', 'Framing', 'Cancelled', ['e2']),
];
const addresses = (list: { Address: string }[]) => list.map((h) => h.Address);

describe('home lists', () => {
  it.each([
    [false, ['12 Oak Street', '2 Oak Street']],
    [true, ['7 Test Lane']],
  ])('in construction with testing %s', (testing, expected) => {
    expect(addresses(inConstruction(HOMES, testing))).toEqual(expected);
  });

  it.each([
    ['all', null, false, ['2 Oak Street', '7 Test Lane', '9 Gone Road', '12 Oak Street']],
    ['all', null, true, ['7 Test Lane']],
    ['mine', 'e1', false, ['2 Oak Street', '7 Test Lane', '12 Oak Street']],
    ['mine', 'e2', false, ['2 Oak Street', '9 Gone Road']],
    ['mine', 'e2', true, []],
    ['mine', null, false, []],
    ['mine', '', false, []],
  ] as const)('%s homes of %s, testing %s', (kind, employeeId, testing, expected) => {
    expect(addresses(homeList(HOMES, { kind, employeeId, testing }))).toEqual(expected);
  });

  it('needs a real employee id to call a home mine', () => {
    expect(isMyHome(home('x', 'a', 'b', ['']), '')).toBe(false);
  });

  it.each([
    ['oak', ['12 Oak Street', '2 Oak Street']],
    ['  OAK st ', ['12 Oak Street', '2 Oak Street']],
    ['test', ['7 Test Lane']],
    ['', ['12 Oak Street', '2 Oak Street', '7 Test Lane', '9 Gone Road']],
    ['nowhere', []],
  ])('address search %j', (query, expected) => {
    expect(addresses(filterByAddress(HOMES, query))).toEqual(expected);
  });
});

describe('homes report', () => {
  const base = {
    Status: 'Framing',
    'Construction Start': '2026-01-01',
    Lot: '12',
    Plan: 'Aspen',
    'Construction Staff': ['e1'],
    'Offline Homes': ['e1'],
  };
  const REPORT = [
    { ...base, id: 'late', 'Projected Close': '2026-11-01' },
    { ...base, id: 'soon', 'Projected Close': '2026-12-10' },
    { ...base, id: 'later', 'Projected Close': '2027-03-01' },
    { ...base, id: 'closed', Status: 'Closed', 'Projected Close': '2026-10-01' },
    { ...base, id: 'incomplete', 'Projected Close': null, 'Construction Staff': [] },
  ];
  const NOW = new Date('2026-11-22T12:00:00Z');

  it.each([
    ['all', ['late', 'soon', 'later', 'closed', 'incomplete']],
    ['behind-schedule', ['late']],
    ['closing-soon', ['soon']],
    ['validation-issues', ['incomplete']],
  ] as const)('%s', (page, ids) => {
    expect(homesReport(REPORT, page, NOW).map((h) => h.id)).toEqual(ids);
  });

  it('names what is missing', () => {
    expect(homeValidationIssues(REPORT[4] ?? { ...base, 'Projected Close': null })).toEqual([
      'Projected Close',
      'Construction Staff',
    ]);
  });
});
