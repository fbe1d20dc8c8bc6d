// Test factories: minimal valid records of each kind, as the seed would store them.

import type { NewRecord } from '../modules/records/repository.js';

export function buildHome(id: string, fields: Record<string, unknown> = {}): NewRecord {
  return {
    id,
    homeRid: id,
    parentId: null,
    data: {
      HomeRID: id,
      HomeID: id.replace(/\D/g, '') || '1',
      Address: `${id} Test Street`,
      Status: 'Framing',
      'KOVA Status': 'Active',
      Community: 'Test Ridge',
      Lot: '1',
      Plan: 'A',
      'Construction Start': '2026-01-05T00:00:00.000Z',
      'Projected Close': '2026-12-15T00:00:00.000Z',
      'Construction Staff': [],
      'Design Staff': [],
      'Sales Staff': [],
      'Initial CS Staff': [],
      'Year End Staff': [],
      'Offline Homes': [],
      ...fields,
    },
  };
}

export function buildOnHome(
  id: string,
  homeRid: string,
  fields: Record<string, unknown>,
): NewRecord {
  return { id, homeRid, parentId: null, data: { HomeRID: homeRid, ...fields } };
}

export function buildWalkItem(
  id: string,
  walkId: string,
  homeRid: string,
  walk: string,
): NewRecord {
  return {
    id,
    homeRid,
    parentId: walkId,
    data: {
      Walk: walk,
      Category: 'Drywall',
      Location: 'Kitchen',
      Name: `Item ${id}`,
      WalkID: walkId,
      HomeRID: homeRid,
      Status: 'Outstanding',
      'Completed At': null,
    },
  };
}

export function buildJobSchedule(id: string, jobId: string): NewRecord {
  return {
    id,
    homeRid: null,
    parentId: jobId,
    data: {
      JobRID: jobId,
      Task: 'Rough-in',
      'Scheduled Date': '2026-03-01',
      'Completed Date': null,
      Status: 'Scheduled',
    },
  };
}

export function buildPerson(id: string, fields: Record<string, unknown>): NewRecord {
  return { id, homeRid: null, parentId: null, data: fields };
}
