import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Access } from '@field/domain';
import { createFieldQueryClient } from '../offline/query-client';
import { getFieldDatabase } from '../offline/database';
import type { ActiveHome } from './homes';
import { recordListQuery } from './records';
import type { HomeSyncRow } from '../offline/database';
import { carriedHomes, photosAllowed, readableLists, readinessOf } from './sync-ahead';

const access = (read: string[]): Access => ({
  admin: false,
  demo: false,
  groups: new Set(),
  read: new Set(read),
  write: new Set(),
});

const employee = (id: string, Name: string, updatedAt: string, deletedAt: string | null = null) => ({
  id,
  Name,
  'First Name': Name,
  'Last Name': '',
  Email: `${id}@example.com`,
  Phone: '',
  Role: 'Builder',
  Active: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt,
  deletedAt,
});
const home = (id: string, offline: string[], more: Partial<ActiveHome> = {}) =>
  ({ id, Status: 'Framing', 'Offline Homes': offline, ...more }) as ActiveHome;

afterEach(() => vi.unstubAllGlobals());

describe('what the sync ahead brings', () => {
  it('carries the homes whose Offline Homes name the employee, then the pinned ones', () => {
    const homes = [home('h1', ['emp-2']), home('h2', ['emp-1']), home('h3', ['emp-2', 'emp-3'])];
    expect(carriedHomes(homes, 'emp-2', ['h2', 'h3'], false)).toEqual(['h1', 'h3', 'h2']);
    expect(carriedHomes(homes, null, [], false)).toEqual([]);
  });

  it('never carries a home the user does not work on, pinned or not', () => {
    const homes = [home('h1', ['emp-2']), home('h2', [], { outsider: true })];
    expect(carriedHomes(homes, 'emp-2', ['h2'], false)).toEqual(['h1']);
  });

  it('carries test homes only in testing mode', () => {
    const homes = [home('h1', ['emp-2']), home('h2', ['emp-2'], { Status: 'Test Home' })];
    expect(carriedHomes(homes, 'emp-2', ['h1'], true)).toEqual(['h2']);
  });

  it('brings only the home lists the user may read, and schedules with their jobs', () => {
    expect(readableLists(access(['communication_phone_calls', 'homes_items']))).toEqual({
      resources: ['phoneCalls', 'walkItems'],
      jobSchedules: false,
    });
    const overview = readableLists(access(['homes_overview']));
    expect(overview).toEqual({ resources: ['reviews', 'jobs'], jobSchedules: true });
  });

  it('fetches photos on Wi-Fi only when the network is Wi-Fi, a cable, or not told', () => {
    expect(photosAllowed('never', { type: 'wifi' })).toBe(false);
    expect(photosAllowed('always', { type: 'cellular' })).toBe(true);
    expect(photosAllowed('wifi', { type: 'cellular' })).toBe(false);
    expect(photosAllowed('wifi', { type: 'wifi' })).toBe(true);
    expect(photosAllowed('wifi', {})).toBe(true);
    expect(photosAllowed('wifi', { saveData: true })).toBe(false);
  });
});

describe('readiness', () => {
  const calls = access(['communication_phone_calls']);
  const summary = (homeId: string, syncedAt: number): HomeSyncRow => ({
    homeId,
    syncedAt,
    resources: syncedAt > 0 ? 'phoneCalls' : '',
    records: 2,
    bytes: 100,
    stamp: 'x',
    openedAt: 0,
  });
  const homes = [home('h1', ['emp-1']), home('h2', ['emp-1']), home('h3', ['emp-1'])];

  it('says when the homes were synced whenever the homes below say they are', () => {
    // A new page: the pass's own status is not known yet, the homes' summaries are.
    const all = readinessOf(
      ['h1', 'h2', 'h3'],
      [summary('h1', 3000), summary('h2', 1000), summary('h3', 2000)],
      calls,
      homes,
      [],
    );
    expect(all.allReady).toBe(true);
    expect(all.homes?.every((row) => row.ready)).toBe(true);
    // Every carried home is at least as fresh as the overall time.
    expect(all.lastSyncedAt).toBe(1000);

    const some = readinessOf(
      ['h1', 'h2', 'h3'],
      [summary('h1', 3000), summary('h2', 0)],
      calls,
      homes,
      [],
    );
    expect(some.readyCount).toBe(1);
    expect(some.lastSyncedAt).toBe(3000);
  });

  it('says "not synced yet" only when no carried home was synced', () => {
    const none = readinessOf(['h1', 'h2'], [summary('h1', 0)], calls, homes, []);
    expect(none.readyCount).toBe(0);
    expect(none.lastSyncedAt).toBeNull();
    // Summaries of homes no longer carried do not count.
    expect(readinessOf(['h2'], [summary('h1', 5000)], calls, homes, []).lastSyncedAt).toBeNull();
  });
});

describe('employees and vendors, differentially', () => {
  it('lists in full once, then takes changes and tombstones since the last sync', async () => {
    await getFieldDatabase().metadata.clear();
    const requested: string[] = [];
    const answers: Record<string, unknown[]> = {
      '/api/field_employees/list': [
        employee('e1', 'Ann', '2026-11-01T00:00:00.000Z'),
        employee('e2', 'Bob', '2026-11-01T00:00:00.000Z'),
      ],
      '/api/field_employees/listUpdatedAfter': [
        employee('e1', 'Ann Lee', '2026-11-02T00:00:00.000Z'),
        employee('e2', 'Bob', '2026-11-02T00:00:00.000Z', '2026-11-02T00:00:00.000Z'),
        employee('e3', 'Cy', '2026-11-02T00:00:00.000Z'),
      ],
    };
    vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      requested.push(url);
      const answer = answers[url.split('?')[0] ?? ''] ?? [];
      return Promise.resolve(new Response(JSON.stringify(answer), { status: 200 }));
    });
    const client = createFieldQueryClient();
    const query = () => client.fetchQuery({ ...recordListQuery('employees', client), staleTime: 0 });

    expect((await query()).map((e) => e['Name'])).toEqual(['Ann', 'Bob']);
    expect((await query()).map((e) => e['Name'])).toEqual(['Ann Lee', 'Cy']);
    expect(requested[0]).toBe('/api/field_employees/list');
    expect(requested[1]).toMatch(/^\/api\/field_employees\/listUpdatedAfter\?lastUpdate=/);
    client.clear();
  });
});
