// A client written from the specification, over real HTTP: the record's `id` given in the
// body where the specification lists it as a field of the call (alone, with the query's,
// or contradicting it), `customerServiceStaff: null` on closing walks, and walk items that
// must hang on a walk that exists, alone and in a batch, on each available database.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects } from '../../test/databases.js';
import { WALKS, insertFixture } from '../../test/fixture.js';
import type { ApiClient, TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope } from '../../test/test-server.js';

type Rec = Record<string, unknown> & { id: string };

const MISSING_QUERY_ID = (op: string, type: string) =>
  `Missing required field "id" for operation "${op}" in mutation type "${type}": give it in the query (?id=) or the body`;
const MISMATCH = (place: string) =>
  `Invalid value for "id": the id in the body does not match the id in the ${place}; send one id, or the same in both`;

const ITEM = { Walk: 'final-punch', Category: 'Paint', Location: 'Hall', Name: 'Touch up' };

describe.each(await availableDialects())('a client written from the spec on %s', (dialect) => {
  let server: TestServer;
  let manager: ApiClient;
  let cs: ApiClient;
  beforeAll(async () => {
    server = await getTestServer(dialect);
    await insertFixture(server);
    manager = server.client((await server.createUser({ scopes: [groupScope('manager')] })).token);
    cs = server.client(
      (await server.createUser({ scopes: [groupScope('customerService')] })).token,
    );
  });
  afterAll(() => server.close());

  const callNotes = async (id: string) =>
    (await manager.get<Rec[]>('/field_communication/phoneCalls/listByHome?homeId=h1')).body.find(
      (call) => call.id === id,
    )?.['Notes'];

  describe('a record id in the body', () => {
    it('updates a phone call named by its id in the body alone', async () => {
      const res = await manager.patch<Rec>('/field_communication/phoneCalls/update', {
        id: 'call-1',
        Notes: 'Named in the body',
        Voicemail: false,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: 'call-1', Notes: 'Named in the body' });
      expect(await callNotes('call-1')).toBe('Named in the body');
    });

    it('accepts the same id in the query and the body', async () => {
      const res = await manager.patch('/field_communication/phoneCalls/update?id=call-1', {
        id: 'call-1',
        Notes: 'Named twice',
        Voicemail: true,
      });
      expect(res.status).toBe(200);
      expect(await callNotes('call-1')).toBe('Named twice');
    });

    it('refuses a body id that is not the query id, and changes nothing', async () => {
      const res = await manager.patch('/field_communication/phoneCalls/update?id=call-1', {
        id: 'call-2',
        Notes: 'Which one?',
        Voicemail: true,
      });
      expect(res).toMatchObject({ status: 400, body: { error: MISMATCH('query') } });
      expect(await callNotes('call-1')).toBe('Named twice');
    });

    it('says where to put an id given nowhere', async () => {
      const res = await manager.patch('/field_communication/phoneCalls/update', {
        Notes: 'No id',
        Voicemail: true,
      });
      expect(res).toMatchObject({
        status: 400,
        body: { error: MISSING_QUERY_ID('update', 'phoneCall') },
      });
    });

    it('changes a home’s staff list named by its id in the body alone', async () => {
      const res = await manager.patch<Rec>('/field_homes/updateStaff', {
        id: 'h2',
        staffIds: ['emp-1'],
        staffType: 'Design Staff',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: 'h2', 'Design Staff': ['emp-1'] });
      const mismatch = await manager.patch('/field_homes/updateStaff?id=h1', {
        id: 'h2',
        staffIds: ['emp-2'],
        staffType: 'Design Staff',
      });
      expect(mismatch).toMatchObject({ status: 400, body: { error: MISMATCH('query') } });
    });

    it('updates a home, an item and deletes a call named in the body', async () => {
      const home = await manager.patch<Rec>('/field_homes/update', {
        id: 'h2',
        Address: '2 Body Lane',
      });
      expect(home).toMatchObject({ status: 200, body: { id: 'h2', Address: '2 Body Lane' } });
      const item = await manager.patch<Rec>('/field_walks/item/update', {
        id: 'item-final',
        Name: 'Renamed from the body',
      });
      expect(item).toMatchObject({ status: 200, body: { Name: 'Renamed from the body' } });
      const deleted = await manager.request('DELETE', '/field_communication/phoneCalls/delete', {
        body: { id: 'call-2' },
      });
      expect(deleted.status).toBe(200);
      const calls = await manager.get<Rec[]>(
        '/field_communication/phoneCalls/listByHome?homeId=h2',
      );
      expect(calls.body.map((call) => call.id)).not.toContain('call-2');
    });

    it('keeps the specification’s deletion message, saying where the id goes', async () => {
      const res = await manager.request('DELETE', '/field_walks/item/delete', { body: {} });
      expect(res).toMatchObject({
        status: 400,
        body: {
          error: 'Record ID is required for deletion: give it in the query (?id=) or the body',
        },
      });
    });

    it('checks a walk’s body id against the one in its path', async () => {
      const same = await manager.patch(`/field_walks/homeStart/update/${WALKS.homeStart}`, {
        id: WALKS.homeStart,
        notes: 'Same id twice',
      });
      expect(same.status).toBe(200);
      const other = await manager.patch(`/field_walks/homeStart/update/${WALKS.homeStart}`, {
        id: WALKS.preDrywall,
        notes: 'Another walk',
      });
      expect(other).toMatchObject({ status: 400, body: { error: MISMATCH('path') } });
    });

    it('reads a body id the same way inside a batch', async () => {
      const answer = await manager.post<{ results: { status: number; body: unknown }[] }>(
        '/batch',
        {
          writes: [
            {
              key: 'fid-1',
              method: 'PATCH',
              path: '/api/field_communication/phoneCalls/update',
              body: { id: 'call-1', Notes: 'Batched by body id', Voicemail: false },
            },
            {
              key: 'fid-2',
              method: 'PATCH',
              path: '/api/field_communication/phoneCalls/update?id=call-1',
              body: { id: 'call-2', Notes: 'Mismatch', Voicemail: false },
            },
          ],
        },
      );
      expect(answer.body.results.map((r) => r.status)).toEqual([200, 400]);
      expect(answer.body.results[1]?.body).toEqual({ error: MISMATCH('query') });
      expect(await callNotes('call-1')).toBe('Batched by body id');
    });
  });

  describe('customerServiceStaff: null on a closing walk', () => {
    const closing = (type: string) => ({
      date: '2026-11-10',
      selectedHome: 'h2',
      user: 'emp-1',
      notes: '',
      uploadedFiles: [],
      type,
      customerServiceStaff: null,
    });

    it.each(['final-punch', 'nhp', 'who', 'post-close'])('is absent on a %s walk', async (type) => {
      const res = await manager.post<Rec>('/field_walks/closing/submit', closing(type));
      expect(res.status).toBe(201);
      expect(res.body).not.toHaveProperty('customerServiceStaff');
    });

    it('leaves a stored value as it is in an update', async () => {
      const who = await manager.post<Rec>('/field_walks/closing/submit', {
        ...closing('who'),
        customerServiceStaff: 'emp-2',
      });
      const res = await manager.patch<Rec>(`/field_walks/closing/update/${who.body.id}`, {
        notes: 'Signed',
        customerServiceStaff: null,
      });
      expect(res).toMatchObject({
        status: 200,
        body: { notes: 'Signed', customerServiceStaff: 'emp-2' },
      });
    });
  });

  describe('a walk item hangs on a walk that exists', () => {
    it('takes its home from the walk it names', async () => {
      const res = await manager.post<Rec>('/field_walks/item/submit', {
        ...ITEM,
        WalkID: WALKS.closingFinal,
      });
      expect(res).toMatchObject({
        status: 201,
        body: { WalkID: WALKS.closingFinal, HomeRID: 'h1' },
      });
      const onWalk = await manager.get<Rec[]>(
        `/field_walks/item/listByWalk?walkId=${WALKS.closingFinal}`,
      );
      expect(onWalk.body.map((item) => item.id)).toContain(res.body.id);
    });

    it('refuses an item that names neither its walk nor its home', async () => {
      const res = await manager.post('/field_walks/item/submit', { ...ITEM, id: 'orphan' });
      expect(res).toMatchObject({
        status: 400,
        body: {
          error:
            'Missing required field "WalkID" for operation "submit" in mutation type "walkItem": name the item\'s walk, or its home in "HomeRID" to file it on that home\'s walk of its type',
        },
      });
      const all = await manager.post<Rec[]>('/field_walks/item/listByHomes', {
        homeIds: ['h1', 'h2', 'h3'],
      });
      expect(all.body.map((item) => item.id)).not.toContain('orphan');
    });

    it('refuses an item naming a walk that does not exist', async () => {
      const res = await manager.post('/field_walks/item/submit', {
        ...ITEM,
        WalkID: 'no-such-walk',
        HomeRID: 'h1',
      });
      expect(res).toMatchObject({
        status: 400,
        body: { error: 'Invalid value for "WalkID": no such walk' },
      });
    });

    it('refuses an item whose home is not its walk’s', async () => {
      const res = await manager.post('/field_walks/item/submit', {
        ...ITEM,
        WalkID: WALKS.closingFinal,
        HomeRID: 'h2',
      });
      expect(res).toMatchObject({
        status: 400,
        body: {
          error:
            'Invalid value for "HomeRID": the item\'s walk is on another home; an item takes its walk\'s home, so leave HomeRID out or give that home',
        },
      });
    });

    it('refuses an item sent by home only where the home has no walk of its type', async () => {
      const res = await cs.post('/field_walks/item/submit', {
        ...ITEM,
        Walk: 'post-close',
        HomeRID: 'h3',
      });
      expect(res).toMatchObject({
        status: 400,
        body: {
          error:
            'Invalid value for "HomeRID": this home has no walk for post-close items yet; record that walk first',
        },
      });
    });

    it('files an item of a walk made earlier in the same batch, and refuses an orphan there', async () => {
      const answer = await manager.post<{ results: { status: number; body: unknown }[] }>(
        '/batch',
        {
          writes: [
            {
              key: 'walk-1',
              method: 'POST',
              path: '/api/field_walks/closing/submit',
              body: {
                id: 'batched-walk',
                date: '2026-11-12',
                selectedHome: 'h2',
                user: 'emp-1',
                type: 'final-punch',
              },
            },
            {
              key: 'item-1',
              method: 'POST',
              path: '/api/field_walks/item/submit',
              body: { ...ITEM, WalkID: 'batched-walk', HomeRID: 'h2' },
            },
            {
              key: 'item-2',
              method: 'POST',
              path: '/api/field_walks/item/submit',
              body: { ...ITEM, Name: 'No walk' },
            },
          ],
        },
      );
      expect(answer.body.results.map((r) => r.status)).toEqual([201, 201, 400]);
      expect(answer.body.results[1]?.body).toMatchObject({
        WalkID: 'batched-walk',
        HomeRID: 'h2',
      });
    });
  });
});
