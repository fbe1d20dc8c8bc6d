// Access by home (docs/decisions.md, Access by home), over real HTTP on each available
// database: a user holding every scope reads and writes the records of the home whose staff
// list holds them and not those of another home (403, or left out of a list spanning
// homes), for every resource of the registry, in a batch, the history, files, a conflict's
// answer and notifications; the homes list shows another home's address and status only;
// a demo account works on test homes only; HOME_ACCESS=company opens every home.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resource } from '@field/domain';
import { MESSAGES, RESOURCES, SCOPES, apiPath, resourceDef } from '@field/domain';
import { availableDialects } from '../../test/databases.js';
import { buildHome, buildJobSchedule, buildOnHome, buildWalkItem } from '../../test/factories.js';
import type { ApiClient, TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope, singleScope } from '../../test/test-server.js';

const MINE = 'h-mine';
const OTHER = 'h-other';
const TEST = 'h-test';
const EMPLOYEE = 'emp-builder';

/** The resources read by home, each with one record on each of the three homes. */
const BY_HOME = RESOURCES.filter((resource) => resourceDef(resource).lookups.includes('home'));

/** What a record of a resource holds: enough for its type scope and its update's fields. */
function fieldsOf(resource: Resource, home: string): Record<string, unknown> {
  if (resource === 'walkItems') return buildWalkItem('x', `walk-${home}`, home, 'final-punch').data;
  if (resource === 'closing') {
    return { type: 'final-punch', selectedHome: home, date: '2026-10-01', notes: '' };
  }
  if (resource === 'phoneCalls') {
    return { Home: home, Staff: EMPLOYEE, Date: '2026-10-01', Notes: 'n', Voicemail: false };
  }
  return { Text: 'note', Name: 'Buyer', Date: '2026-10-01', date: '2026-10-01', notes: '' };
}

const recordId = (resource: Resource, home: string) => `${resource}-${home}`;

async function insertWorld(server: TestServer): Promise<void> {
  await server.insert('homes', [
    buildHome(MINE, { 'Construction Staff': [EMPLOYEE] }),
    buildHome(OTHER),
    buildHome(TEST, { Status: 'Test Home', 'Sales Staff': [EMPLOYEE] }),
  ]);
  for (const resource of BY_HOME) {
    await server.insert(
      resource,
      [MINE, OTHER, TEST].map((home) => {
        const record = buildOnHome(recordId(resource, home), home, fieldsOf(resource, home));
        return resource === 'walkItems' ? { ...record, parentId: `walk-${home}` } : record;
      }),
    );
  }
  // Job schedules hang off a job, not a home: their home is their job's.
  await server.insert(
    'jobSchedules',
    [MINE, OTHER].map((home) => buildJobSchedule(`schedule-${home}`, recordId('jobs', home))),
  );
}

/** The path that updates a record of a resource, and a body its update accepts. */
function updateOf(resource: Resource, id: string): { path: string; body: Record<string, unknown> } {
  const def = resourceDef(resource);
  const path =
    def.updateId === 'path'
      ? `${def.base}/update/${id}`
      : `${def.base}/update?id=${encodeURIComponent(id)}`;
  const required = def.operations?.update?.required ?? [];
  const sample = fieldsOf(resource, 'x');
  // The required fields, or else the first of the sample's that the update takes.
  const accepted = Object.keys(sample).filter(
    (field) =>
      !def.immutable.includes(field) &&
      def.update?.safeParse({ [field]: sample[field] }).success === true,
  );
  const fields = required.some((field) => field !== 'id')
    ? required.filter((field) => field !== 'id')
    : accepted.slice(0, 1);
  return { path, body: Object.fromEntries(fields.map((field) => [field, sample[field]])) };
}

const UPDATABLE = BY_HOME.filter(
  (resource) => resourceDef(resource).operations?.update !== undefined,
);
const DELETABLE = BY_HOME.filter(
  (resource) => resourceDef(resource).operations?.delete !== undefined,
);

const ids = (body: unknown) => (body as { id: string }[]).map((record) => record.id).sort();

describe.each(await availableDialects())('access by home on %s', (dialect) => {
  let server: TestServer;
  /** Every scope, no group: works on the homes whose staff lists hold EMPLOYEE. */
  let builder: ApiClient;
  let manager: ApiClient;
  let demo: ApiClient;
  beforeAll(async () => {
    server = await getTestServer(dialect, { env: { HOME_ACCESS: 'assigned' } });
    await insertWorld(server);
    const everyScope = SCOPES.map((scope) => singleScope(scope));
    builder = server.client(
      (await server.createUser({ scopes: everyScope, airtableId: EMPLOYEE })).token,
    );
    manager = server.client((await server.createUser({ scopes: [groupScope('manager')] })).token);
    demo = server.client(
      (await server.createUser({ scopes: [groupScope('demo')], airtableId: EMPLOYEE })).token,
    );
  });
  afterAll(() => server.close());

  describe.each(BY_HOME)('%s', (resource) => {
    const base = apiPath(resource).slice('/api'.length);

    it('is read on a home of the reader’s staff lists, 403 on another', async () => {
      const mine = await builder.get(`${base}/listByHome?homeId=${MINE}`);
      expect(mine.status).toBe(200);
      expect(ids(mine.body)).toEqual([recordId(resource, MINE)]);
      const other = await builder.get(`${base}/listByHome?homeId=${OTHER}`);
      expect(other.status).toBe(403);
      expect(other.body).toEqual({ error: MESSAGES.notYourHome });
    });

    it('leaves the other home out of a list spanning homes', async () => {
      const both = await builder.post(`${base}/listByHomes`, { homeIds: [MINE, OTHER] });
      expect(both.status).toBe(200);
      expect(ids(both.body)).toEqual([recordId(resource, MINE)]);
      const asManager = await manager.post(`${base}/listByHomes`, { homeIds: [MINE, OTHER] });
      expect(ids(asManager.body)).toEqual(
        [recordId(resource, MINE), recordId(resource, OTHER)].sort(),
      );
    });

    it('holds a demo account to test homes, staff list or not', async () => {
      const spanning = await demo.post(`${base}/listByHomes`, { homeIds: [MINE, OTHER, TEST] });
      if (spanning.status === 403) return; // the demo group does not read this resource
      expect(ids(spanning.body)).toEqual([recordId(resource, TEST)]);
      const mine = await demo.get(`${base}/listByHome?homeId=${MINE}`);
      expect(mine.status).toBe(403);
      expect(mine.body).toEqual({ error: MESSAGES.demoTestHomesOnly });
    });

    it('keeps test homes only in testing mode', async () => {
      const testing = await builder.request('POST', `${base}/listByHomes`, {
        body: { homeIds: [MINE, TEST] },
        headers: { 'x-testing-mode': 'on' },
      });
      expect(ids(testing.body)).toEqual([recordId(resource, TEST)]);
    });

    it.runIf(UPDATABLE.includes(resource))(
      'is updated on the reader’s home, 403 on another',
      async () => {
        const other = updateOf(resource, recordId(resource, OTHER));
        const refused = await builder.patch(other.path, other.body);
        expect(refused.status).toBe(403);
        expect(refused.body).toEqual({ error: MESSAGES.notYourHome });
        const mine = updateOf(resource, recordId(resource, MINE));
        expect((await builder.patch(mine.path, mine.body)).status).toBe(200);
        const demoWrite = updateOf(resource, recordId(resource, TEST));
        const asDemo = await demo.patch(demoWrite.path, demoWrite.body);
        expect([200, 403]).toContain(asDemo.status);
        if (asDemo.status === 403)
          expect(asDemo.body).not.toEqual({ error: MESSAGES.demoTestHomesOnly });
      },
    );

    it.runIf(DELETABLE.includes(resource))('is deleted on no other home', async () => {
      const refused = await builder.delete(`${base}/delete?id=${recordId(resource, OTHER)}`);
      expect(refused.status).toBe(403);
      const asDemo = await demo.delete(`${base}/delete?id=${recordId(resource, OTHER)}`);
      expect(asDemo.status).toBe(403);
    });
  });

  it('reads the schedules of a job on the reader’s home only (by the job’s home)', async () => {
    const base = '/field_jobs/schedules';
    const mine = await builder.get(`${base}/listByJob?jobId=${recordId('jobs', MINE)}`);
    expect(ids(mine.body)).toEqual([`schedule-${MINE}`]);
    const other = await builder.get(`${base}/listByJob?jobId=${recordId('jobs', OTHER)}`);
    expect(other.status).toBe(403);
    const both = await builder.post(`${base}/listByJobs`, {
      jobIds: [recordId('jobs', MINE), recordId('jobs', OTHER)],
    });
    expect(ids(both.body)).toEqual([`schedule-${MINE}`]);
  });

  it('refuses a record added to another home, alone or in a batch', async () => {
    const note = (home: string) => ({ HomeRID: home, Text: 'from outside' });
    const alone = await builder.post('/field_communication/notes/submit', note(OTHER));
    expect(alone.status).toBe(403);
    expect(alone.body).toEqual({ error: MESSAGES.notYourHome });
    const item = await builder.post('/field_walks/item/submit', {
      Walk: 'final-punch',
      WalkID: `walk-${OTHER}`,
      Category: 'Paint',
      Location: 'Hall',
      Name: 'Scuff',
    });
    expect([400, 403]).toContain(item.status);
    const batch = await builder.post<{ results: { key: string; status: number }[] }>('/batch', {
      writes: [
        {
          key: 'k-other',
          method: 'POST',
          path: '/api/field_communication/notes/submit',
          body: note(OTHER),
        },
        {
          key: 'k-mine',
          method: 'POST',
          path: '/api/field_communication/notes/submit',
          body: note(MINE),
        },
      ],
    });
    expect(batch.status).toBe(200);
    expect(batch.body.results.map((answer) => [answer.key, answer.status])).toEqual([
      ['k-other', 403],
      ['k-mine', 201],
    ]);
  });

  it('answers a stale write on another home 403, never a conflict showing its record', async () => {
    const id = recordId('notes', OTHER);
    const answer = await builder.patch(`/field_communication/notes/update?id=${id}`, {
      Text: 'mine',
      base: { updatedAt: '2000-01-01T00:00:00.000Z', fields: { Text: 'old' } },
    });
    expect(answer.status).toBe(403);
    expect(JSON.stringify(answer.body)).not.toContain('note');
  });

  it('shows the history of records on the reader’s homes only', async () => {
    expect((await builder.get(`/history?kind=notes&id=${recordId('notes', MINE)}`)).status).toBe(
      200,
    );
    const other = await builder.get(`/history?kind=notes&id=${recordId('notes', OTHER)}`);
    expect(other.status).toBe(403);
    expect((await manager.get(`/history?kind=homes&id=${OTHER}`)).status).toBe(200);
    expect((await builder.get(`/history?kind=homes&id=${OTHER}`)).status).toBe(403);
  });

  it('keeps the photos of items on another home from the reader', async () => {
    const photo = (home: string) => `/files/walkItems/${recordId('walkItems', home)}/p1.jpg`;
    const upload = { data: Buffer.from('jpeg').toString('base64'), contentType: 'image/jpeg' };
    expect((await manager.post(photo(OTHER), upload)).status).toBe(201);
    expect((await builder.post(photo(MINE), upload)).status).toBe(201);
    expect((await builder.post(photo(OTHER), upload)).status).toBe(403);
    expect((await builder.get(photo(OTHER))).status).toBe(403);
    expect((await builder.delete(photo(OTHER))).status).toBe(403);
    expect((await builder.get(photo(MINE))).status).toBe(200);
    const folder = await builder.get<{ key: string }[]>('/files?folder=walkItems');
    expect(folder.body.map((file) => file.key)).toEqual([`${recordId('walkItems', MINE)}/p1.jpg`]);
    const asManager = await manager.get<{ key: string }[]>('/files?folder=walkItems');
    expect(asManager.body).toHaveLength(2);
  });

  it('lists every home, another home with its address and status only', async () => {
    type Listed = Record<string, unknown> & { id: string };
    const listed = await builder.get<Listed[]>('/field_homes/listActive');
    const byId = new Map(listed.body.map((home) => [home.id, home]));
    expect(byId.get(MINE)?.['Construction Staff']).toEqual([EMPLOYEE]);
    expect(byId.get(OTHER)).toEqual({
      id: OTHER,
      HomeRID: OTHER,
      HomeID: expect.any(String) as unknown,
      Address: `${OTHER} Test Street`,
      Status: 'Framing',
      createdAt: expect.any(String) as unknown,
      updatedAt: expect.any(String) as unknown,
      deletedAt: null,
    });
    const since = await builder.get<Listed[]>(
      '/field_homes/listActiveUpdatedAfter?lastUpdate=2000-01-01T00:00:00.000Z',
    );
    expect(since.body.find((home) => home.id === OTHER)).not.toHaveProperty('Lot');
    const asManager = await manager.get<Listed[]>('/field_homes/listActive');
    expect(asManager.body.find((home) => home.id === OTHER)).toHaveProperty('Lot', '1');
    const asDemo = await demo.get<Listed[]>('/field_homes/listActive');
    expect(asDemo.body.find((home) => home.id === MINE)).not.toHaveProperty('Construction Staff');
    expect(asDemo.body.find((home) => home.id === TEST)).toHaveProperty('Sales Staff');
  });

  it('lets a builder change the staff of his homes only; a manager any', async () => {
    const join = { staffType: 'Design Staff', staffIds: [EMPLOYEE] };
    const refused = await builder.patch(`/field_homes/updateStaff?id=${OTHER}`, join);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: MESSAGES.notYourHome });
    expect((await builder.patch(`/field_homes/update?id=${OTHER}`, { Lot: '9' })).status).toBe(403);
    expect((await builder.patch(`/field_homes/updateStaff?id=${MINE}`, join)).status).toBe(200);
    const byManager = await manager.patch(`/field_homes/updateStaff?id=${OTHER}`, {
      staffType: 'Year End Staff',
      staffIds: ['emp-else'],
    });
    expect(byManager.status).toBe(200);
  });

  it('tells a home’s staff only of homes they may work on (a demo account: test homes)', async () => {
    type Page = { notifications: { category: string; metadata: { homeRID: string } }[] };
    for (const home of [MINE, TEST]) {
      const call = await manager.post('/field_communication/phoneCalls/submit', {
        Home: home,
        Staff: EMPLOYEE,
        Date: '2026-11-01T10:00:00.000Z',
        Notes: `call on ${home}`,
        Voicemail: false,
      });
      expect(call.status).toBe(201);
    }
    await server.settled();
    const homesOf = async (client: ApiClient) =>
      (await client.get<Page>('/notifications')).body.notifications
        .filter((n) => n.category === 'phone_call')
        .map((n) => n.metadata.homeRID)
        .sort();
    expect(await homesOf(builder)).toEqual([MINE, TEST].sort());
    expect(await homesOf(demo)).toEqual([TEST]);
  });
});

describe.each(await availableDialects())('HOME_ACCESS=company on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer(dialect, { env: { HOME_ACCESS: 'company' } });
    await insertWorld(server);
  });
  afterAll(() => server.close());

  it('lets every user work on every home, a demo account still on test homes only', async () => {
    const builder = server.client(
      (await server.createUser({ scopes: [groupScope('builder')] })).token,
    );
    const other = await builder.get(`/field_communication/notes/listByHome?homeId=${OTHER}`);
    expect(other.status).toBe(200);
    const note = await builder.post('/field_communication/notes/submit', {
      HomeRID: OTHER,
      Text: 'company-wide',
    });
    expect(note.status).toBe(201);
    const demo = server.client((await server.createUser({ scopes: [groupScope('demo')] })).token);
    expect((await demo.get(`/field_communication/notes/listByHome?homeId=${OTHER}`)).status).toBe(
      403,
    );
    expect((await demo.get(`/field_communication/notes/listByHome?homeId=${TEST}`)).status).toBe(
      200,
    );
  });
});
