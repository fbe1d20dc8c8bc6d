// A small world for API tests: three homes (one a test home), people, and one or more
// records of every kind, so each call of docs/api.md has real data to answer with.

import type { TestServer } from './test-server.js';
import {
  buildHome,
  buildJobSchedule,
  buildOnHome,
  buildPerson,
  buildWalkItem,
} from './factories.js';

export const WALKS = {
  homeStart: 'w-start',
  preDrywall: 'w-predrywall',
  managerWalk: 'w-manager',
  landscape: 'w-landscape',
  closingFinal: 'w-final',
  closingNhp: 'w-nhp',
  closingWho: 'w-who',
  closingPostClose: 'w-postclose',
} as const;

export async function insertFixture(server: TestServer): Promise<void> {
  await server.insert('homes', [
    buildHome('h1', { 'Offline Homes': ['emp-1'] }),
    buildHome('h2'),
    buildHome('h3', { Status: 'Test Home' }),
  ]);
  await server.insert('employees', [
    buildPerson('emp-1', { Name: 'Ada Builder', Role: 'Builder', Active: true }),
    buildPerson('emp-2', { Name: 'Cy Service', Role: 'Customer Service', Active: true }),
  ]);
  await server.insert('vendors', [
    buildPerson('vendor-1', { Name: 'Acme Drywall', Trade: 'Drywall', Active: true }),
  ]);
  await server.insert('phoneCalls', [
    buildOnHome('call-1', 'h1', {
      Home: 'h1',
      Staff: 'emp-2',
      Date: '2026-10-01T10:00:00.000Z',
      Notes: 'Buyer asked about paint',
      Voicemail: false,
    }),
    buildOnHome('call-2', 'h2', {
      Home: 'h2',
      Staff: 'emp-2',
      Date: '2026-10-02T10:00:00.000Z',
      Notes: 'Left a message',
      Voicemail: true,
    }),
  ]);
  const walk = (kind: string, id: string, fields: Record<string, unknown> = {}) =>
    server.insert(kind, [
      buildOnHome(id, 'h1', {
        date: '2026-09-01T00:00:00.000Z',
        user: 'emp-1',
        notes: '',
        ...fields,
      }),
    ]);
  await walk('homeStart', WALKS.homeStart, { checklist: { lot: true } });
  await walk('preDrywall', WALKS.preDrywall);
  await walk('managerWalk', WALKS.managerWalk);
  await walk('landscape', WALKS.landscape);
  await server.insert('closing', [
    buildOnHome(WALKS.closingFinal, 'h1', {
      type: 'final-punch',
      selectedHome: 'h1',
      user: 'emp-1',
      date: '2026-10-01',
      notes: '',
      uploadedFiles: [],
    }),
    buildOnHome(WALKS.closingNhp, 'h1', {
      type: 'nhp',
      selectedHome: 'h1',
      user: 'emp-1',
      date: '2026-10-02',
      notes: '',
      uploadedFiles: [],
    }),
    buildOnHome(WALKS.closingWho, 'h1', {
      type: 'who',
      selectedHome: 'h1',
      user: 'emp-1',
      date: '2026-10-03',
      notes: '',
      uploadedFiles: [],
      customerServiceStaff: 'emp-2',
    }),
    buildOnHome(WALKS.closingPostClose, 'h1', {
      type: 'post-close',
      selectedHome: 'h1',
      user: 'emp-1',
      date: '2026-10-04',
      notes: '',
      uploadedFiles: [],
    }),
  ]);
  await server.insert('walkItems', [
    buildWalkItem('item-frame', WALKS.preDrywall, 'h1', 'frame-punch'),
    buildWalkItem('item-final', WALKS.closingFinal, 'h1', 'final-punch'),
    buildWalkItem('item-nhp', WALKS.closingNhp, 'h1', 'nhp'),
    buildWalkItem('item-who', WALKS.closingWho, 'h1', 'who'),
    buildWalkItem('item-post', WALKS.closingPostClose, 'h1', 'post-close'),
  ]);
  const test = (result: string) => ({
    'Test Date': '2026-05-01',
    Result: result,
    Value: 1,
    Unit: 'u',
    Vendor: null,
    Notes: '',
  });
  await server.insert('permits', [
    buildOnHome('permit-1', 'h1', {
      'Permit Number': 'BP-1',
      Type: 'Building',
      Status: 'Issued',
      'Issued Date': '2026-01-01',
      'Expiration Date': null,
    }),
  ]);
  for (const kind of ['radon', 'soil', 'openhole', 'gic']) {
    await server.insert(kind, [
      buildOnHome(`${kind}-1`, 'h1', test('Pass')),
      buildOnHome(`${kind}-2`, 'h2', test('Fail')),
    ]);
  }
  await server.insert('reviews', [
    buildOnHome('review-1', 'h1', {
      Rating: 5,
      Comment: 'Great',
      Reviewer: 'Buyer',
      Source: 'Survey',
      Date: '2026-10-10',
    }),
  ]);
  await server.insert('jobs', [
    buildOnHome('job-1', 'h1', {
      JobRID: 'job-1',
      Name: 'Drywall',
      Vendor: 'vendor-1',
      Status: 'Scheduled',
      'Start Date': null,
      'End Date': null,
    }),
  ]);
  await server.insert('jobSchedules', [
    buildJobSchedule('sched-1', 'job-1'),
    buildJobSchedule('sched-2', 'job-1'),
  ]);
  await server.insert('notes', [
    buildOnHome('note-1', 'h1', { Text: 'Gate code 1234', Author: 'emp-1', Date: '2026-10-01' }),
  ]);
  await server.insert('buyers', [
    buildOnHome('buyer-1', 'h1', {
      Name: 'Pat Buyer',
      Email: 'pat@example.test',
      Phone: '555-0100',
    }),
  ]);
}
