// Writes of docs/api.md end to end: created, changed and deleted records as a client sees
// them, write scopes, tombstones in the differential lists, and the batch calls' limits.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects } from '../../test/databases.js';
import { buildHome } from '../../test/factories.js';
import { insertFixture, WALKS } from '../../test/fixture.js';
import type { ApiClient, TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope, singleScope } from '../../test/test-server.js';

type Rec = Record<string, unknown> & { id: string; updatedAt: string; deletedAt: string | null };

describe.each(await availableDialects())('writes on %s', (dialect) => {
  let server: TestServer;
  let manager: ApiClient;
  let cs: ApiClient;
  let builder: ApiClient;
  beforeAll(async () => {
    server = await getTestServer(dialect);
    await insertFixture(server);
    manager = server.client((await server.createUser({ scopes: [groupScope('manager')] })).token);
    cs = server.client(
      (await server.createUser({ scopes: [groupScope('customerService')] })).token,
    );
    builder = server.client((await server.createUser({ scopes: [groupScope('builder')] })).token);
  });
  afterAll(() => server.close());

  it('logs a phone call, changes its notes and deletes it, leaving a tombstone', async () => {
    const before = new Date().toISOString();
    const created = await cs.post<Rec>('/field_communication/phoneCalls/submit', {
      Home: 'h2',
      Staff: 'emp-2',
      Date: '2026-11-02T15:30:00.000Z',
      Notes: 'Asked for a walk date',
      Voicemail: false,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      Home: 'h2',
      HomeRID: 'h2',
      Voicemail: false,
      deletedAt: null,
    });
    const id = created.body.id;

    const listed = await cs.get<Rec[]>('/field_communication/phoneCalls/listByHome?homeId=h2');
    expect(listed.body.map((c) => c.id)).toContain(id);

    const updated = await cs.patch<Rec>(`/field_communication/phoneCalls/update?id=${id}`, {
      Notes: 'Walk on Friday',
      Voicemail: true,
    });
    expect(updated.body).toMatchObject({
      id,
      Notes: 'Walk on Friday',
      Voicemail: true,
      Staff: 'emp-2',
    });

    const deleted = await cs.delete<Rec>(`/field_communication/phoneCalls/delete?id=${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.deletedAt).not.toBeNull();
    const after = await cs.get<Rec[]>('/field_communication/phoneCalls/listByHome?homeId=h2');
    expect(after.body.map((c) => c.id)).not.toContain(id);
    expect((await cs.delete(`/field_communication/phoneCalls/delete?id=${id}`)).status).toBe(404);

    // The phone calls have no differential list; homes do: see the next test. The record
    // itself carries deletedAt for a client that cached it.
    expect(deleted.body.updatedAt >= before).toBe(true);
  });

  it('returns deleted and changed homes as tombstones from listActiveUpdatedAfter', async () => {
    await server.insert('homes', [buildHome('h-gone')]);
    await new Promise((r) => setTimeout(r, 5));
    const since = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));
    const changed = await manager.patch<Rec>('/field_homes/update?id=h2', {
      Address: '22 Changed Way',
    });
    expect(changed).toMatchObject({
      status: 200,
      body: { id: 'h2', HomeRID: 'h2', Address: '22 Changed Way' },
    });
    const gone = await server.records.find(server.db, 'homes', 'h-gone');
    if (gone === undefined) throw new Error('fixture home missing');
    await server.records.softDelete(server.db, gone, new Date().toISOString());

    const delta = await manager.get<Rec[]>(
      `/field_homes/listActiveUpdatedAfter?lastUpdate=${encodeURIComponent(since)}`,
    );
    expect(delta.status).toBe(200);
    const byId = new Map(delta.body.map((h) => [h.id, h]));
    expect(byId.get('h2')).toMatchObject({ Address: '22 Changed Way', deletedAt: null });
    expect(byId.get('h-gone')?.deletedAt).toEqual(expect.any(String));
    expect(byId.has('h1')).toBe(false);

    const active = await manager.get<Rec[]>('/field_homes/listActive');
    expect(active.body.map((h) => h.id)).not.toContain('h-gone');
  });

  it('answers a missing lastUpdate with the spec message', async () => {
    expect(await manager.get('/field_homes/listActiveUpdatedAfter')).toMatchObject({
      status: 400,
      body: { error: 'Last update timestamp is required' },
    });
    expect((await manager.get('/field_vendors/listUpdatedAfter?lastUpdate=yesterday')).status).toBe(
      400,
    );
  });

  it('sets a staff list with updateStaff', async () => {
    const res = await manager.patch<Rec>('/field_homes/updateStaff?id=h1', {
      staffIds: ['emp-1', 'emp-2'],
      staffType: 'Design Staff',
    });
    expect(res.body).toMatchObject({
      'Design Staff': ['emp-1', 'emp-2'],
      'Offline Homes': ['emp-1'],
    });
  });

  it('guards writes with write scopes: customer service writes only post-close items', async () => {
    const item = {
      Category: 'Paint',
      Location: 'Hall',
      Name: 'Scuff',
      WalkID: WALKS.closingPostClose,
    };
    expect(
      (await cs.post('/field_walks/item/submit', { ...item, Walk: 'post-close' })).status,
    ).toBe(201);
    const denied = await cs.post('/field_walks/item/submit', {
      ...item,
      Walk: 'final-punch',
      WalkID: WALKS.closingFinal,
    });
    expect(denied).toMatchObject({
      status: 403,
      body: { error: 'You do not have permission to do this' },
    });
    expect((await cs.patch('/field_homes/update?id=h1', { Address: 'x' })).status).toBe(403);
    expect((await cs.patch('/field_walks/item/update?id=item-final', { Name: 'x' })).status).toBe(
      403,
    );
    expect((await cs.delete('/field_walks/item/delete?id=item-final')).status).toBe(403);
  });

  it('keeps manager walks from builders', async () => {
    const walk = { HomeRID: 'h1', date: '2026-11-03T00:00:00.000Z', notes: 'ok' };
    expect((await builder.post('/field_walks/managerWalk/submit', walk)).status).toBe(403);
    expect((await manager.post('/field_walks/managerWalk/submit', walk)).status).toBe(201);
    expect((await builder.get('/field_walks/managerWalk/listByHome?homeId=h1')).status).toBe(403);
  });

  it('submits a closing walk, then completes an item on it', async () => {
    const walk = await manager.post<Rec>('/field_walks/closing/submit', {
      date: '2026-11-04',
      selectedHome: 'h2',
      user: 'emp-1',
      notes: 'Orientation',
      uploadedFiles: [],
      type: 'who',
      customerServiceStaff: 'emp-2',
    });
    expect(walk).toMatchObject({
      status: 201,
      body: { HomeRID: 'h2', type: 'who', customerServiceStaff: 'emp-2' },
    });
    const item = await manager.post<Rec>('/field_walks/item/submit', {
      Walk: 'who',
      Category: 'Doors',
      Location: 'Garage',
      Name: 'Sticks',
      WalkID: walk.body.id,
      files: ['local-only'],
    });
    expect(item.body).toMatchObject({
      HomeRID: 'h2',
      WalkID: walk.body.id,
      Status: 'Outstanding',
      'Completed At': null,
    });
    expect(item.body).not.toHaveProperty('files');
    const done = await manager.patch<Rec>(`/field_walks/item/update?id=${item.body.id}`, {
      Name: 'Sticks',
      Status: 'Complete',
    });
    expect(done.body['Completed At']).toEqual(expect.any(String));
    const listed = await manager.get<Rec[]>(`/field_walks/item/listByWalk?walkId=${walk.body.id}`);
    expect(listed.body).toEqual([done.body]);

    const renamed = await manager.patch<Rec>(`/field_walks/closing/update/${walk.body.id}`, {
      notes: 'Done',
    });
    expect(renamed.body).toMatchObject({ notes: 'Done', type: 'who' });
    expect(
      (await manager.patch(`/field_walks/closing/update/${walk.body.id}`, { type: 'nhp' })).status,
    ).toBe(400);
  });

  it('refuses customerServiceStaff on a closing walk that is not a who walk', async () => {
    const res = await manager.post('/field_walks/closing/submit', {
      date: '2026-11-04',
      selectedHome: 'h2',
      user: 'emp-1',
      type: 'nhp',
      customerServiceStaff: 'emp-2',
    });
    expect(res.status).toBe(400);
  });

  it('refuses records on homes that do not exist, and ids taken twice', async () => {
    const note = { HomeRID: 'nowhere', Text: 'x' };
    expect(await manager.post('/field_communication/notes/submit', note)).toMatchObject({
      status: 400,
      body: { error: 'Invalid value for "HomeRID": no such home' },
    });
    const first = await manager.post('/field_communication/notes/submit', {
      id: 'note-client-1',
      HomeRID: 'h1',
      Text: 'x',
    });
    expect(first.status).toBe(201);
    expect(
      (
        await manager.post('/field_communication/notes/submit', {
          id: 'note-client-1',
          HomeRID: 'h1',
          Text: 'y',
        })
      ).status,
    ).toBe(409);
  });

  it('hides closing walks of types the reader may not see', async () => {
    const limited = server.client(
      (
        await server.createUser({
          scopes: [singleScope('walks', true, false), singleScope('final_punch', true, false)],
        })
      ).token,
    );
    const res = await limited.get<Rec[]>('/field_walks/closing/listByHome?homeId=h1');
    expect(res.body.map((w) => w['type'])).toEqual(['final-punch']);
  });

  it('takes up to 500 ids in one query and refuses more', async () => {
    const ids = Array.from({ length: 500 }, (_, i) => `h${i + 1}`);
    await manager.get('/field_homes/listActive');
    server.queries.count = 0;
    const res = await manager.post<Rec[]>('/field_testing/radon/listByHomes', { homeIds: ids });
    expect(res.status).toBe(200);
    expect(res.body.map((r) => r.id).sort()).toEqual(['radon-1', 'radon-2']);
    // One query, the list's: the auth hook knows the manager's session from the call above.
    expect(server.queries.count).toBe(1);

    const tooMany = await manager.post('/field_testing/radon/listByHomes', {
      homeIds: [...ids, 'h501'],
    });
    expect(tooMany).toMatchObject({
      status: 400,
      body: { error: 'At most 500 ids are accepted in one call' },
    });
    expect(await manager.post('/field_walks/item/listByWalks', { walkIds: [] })).toMatchObject({
      status: 400,
      body: { error: 'Walk IDs array is required' },
    });
    expect(await manager.post('/field_jobs/schedules/listByJobs', {})).toMatchObject({
      status: 400,
      body: { error: 'Job IDs array is required' },
    });
    expect(await manager.get('/field_jobs/schedules/listByJob')).toMatchObject({
      status: 400,
      body: { error: 'Job ID is required' },
    });
    expect(await manager.get('/field_reviews/listByHome')).toMatchObject({
      status: 400,
      body: { error: 'Home ID is required' },
    });
  });

  it('answers unknown API paths and malformed JSON with JSON errors', async () => {
    expect(await manager.get('/field_nothing/list')).toMatchObject({
      status: 404,
      body: { error: 'Not found' },
    });
    const res = await fetch(`${server.url}/api/field_communication/notes/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer x' },
      body: '{"broken"',
    });
    expect(res.status).toBe(401);
  });
});
