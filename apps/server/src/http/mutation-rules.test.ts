// The payload rules (docs/product.md, Validation) over real HTTP: every mutation type's
// missing required fields answer 400 with the exact message, before any access to data,
// on each available database.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects } from '../test/databases.js';
import { insertFixture } from '../test/fixture.js';
import type { ApiClient, TestServer } from '../test/test-server.js';
import { getTestServer, singleScope } from '../test/test-server.js';

const missing = (field: string, op: string, type: string) =>
  `Missing required field "${field}" for operation "${op}" in mutation type "${type}"`;

/** A missing record id also says where it goes: the query (`?id=`) or the body. */
const missingId = (op: string, type: string) =>
  `${missing('id', op, type)}: give it in the query (?id=) or the body`;

const PHONE_CALL = {
  Home: 'h1',
  Staff: 'emp-2',
  Date: '2026-11-01T09:00:00.000Z',
  Notes: 'Called back',
  Voicemail: false,
};
const WALK_ITEM = { Walk: 'final-punch', Category: 'Paint', Location: 'Hall', Name: 'Touch up' };

function without(body: Record<string, unknown>, field: string, how: 'absent' | 'null' | 'empty') {
  const copy: Record<string, unknown> = { ...body };
  if (how === 'absent') delete copy[field];
  else copy[field] = how === 'null' ? null : '';
  return copy;
}

const HOW = ['absent', 'null', 'empty'] as const;

describe.each(await availableDialects())('mutation payload rules over HTTP on %s', (dialect) => {
  let server: TestServer;
  let api: ApiClient;
  beforeAll(async () => {
    server = await getTestServer(dialect);
    await insertFixture(server);
    api = server.client((await server.createUser({ scopes: [singleScope('admin')] })).token);
  });
  afterAll(() => server.close());

  it.each(Object.keys(PHONE_CALL).flatMap((f) => HOW.map((h) => [f, h] as const)))(
    'phone call submit without %s (%s)',
    async (field, how) => {
      const res = await api.post(
        '/field_communication/phoneCalls/submit',
        without(PHONE_CALL, field, how),
      );
      expect(res).toMatchObject({
        status: 400,
        body: { error: missing(field, 'submit', 'phoneCall') },
      });
    },
  );

  it.each([
    ['Notes', '?id=call-1', { Voicemail: true }],
    ['Voicemail', '?id=call-1', { Notes: 'n' }],
    ['id', '', { Notes: 'n', Voicemail: true }],
  ])('phone call update without %s', async (field, query, body) => {
    const res = await api.patch(`/field_communication/phoneCalls/update${query}`, body);
    const error =
      field === 'id' ? missingId('update', 'phoneCall') : missing(field, 'update', 'phoneCall');
    expect(res).toMatchObject({ status: 400, body: { error } });
  });

  it.each(Object.keys(WALK_ITEM).flatMap((f) => HOW.map((h) => [f, h] as const)))(
    'walk item submit without %s (%s)',
    async (field, how) => {
      const res = await api.post('/field_walks/item/submit', without(WALK_ITEM, field, how));
      expect(res).toMatchObject({
        status: 400,
        body: { error: missing(field, 'submit', 'walkItem') },
      });
    },
  );

  it.each([
    ['id', '', { Name: 'x' }],
    ['Name', '?id=item-final', {}],
    ['Name', '?id=item-final', { Name: '' }],
  ])('walk item update without %s', async (field, query, body) => {
    const res = await api.patch(`/field_walks/item/update${query}`, body);
    const error =
      field === 'id' ? missingId('update', 'walkItem') : missing(field, 'update', 'walkItem');
    expect(res).toMatchObject({ status: 400, body: { error } });
  });

  it.each([
    '/field_walks/item/delete',
    '/field_communication/phoneCalls/delete',
    '/field_communication/phoneCalls/delete?id=',
  ])('DELETE %s without an id', async (path) => {
    const res = await api.delete(path);
    expect(res).toMatchObject({
      status: 400,
      body: {
        error: 'Record ID is required for deletion: give it in the query (?id=) or the body',
      },
    });
  });

  it.each([
    ['id', '', { staffIds: ['emp-1'], staffType: 'Design Staff' }],
    ['staffIds', '?id=h1', { staffType: 'Design Staff' }],
    ['staffType', '?id=h1', { staffIds: ['emp-1'] }],
  ])('home updateStaff without %s', async (field, query, body) => {
    const res = await api.patch(`/field_homes/updateStaff${query}`, body);
    const error =
      field === 'id' ? missingId('updateStaff', 'home') : missing(field, 'updateStaff', 'home');
    expect(res).toMatchObject({ status: 400, body: { error } });
  });

  it('home updateStaff with an unknown staff type lists the six', async () => {
    const res = await api.patch('/field_homes/updateStaff?id=h1', {
      staffIds: ['emp-1'],
      staffType: 'Roof Staff',
    });
    expect(res).toMatchObject({
      status: 400,
      body: {
        error:
          'Invalid staff type: Roof Staff. Must be one of: Construction Staff, Design Staff, Sales Staff, Initial CS Staff, Year End Staff, Offline Homes',
      },
    });
  });

  it('home update without id', async () => {
    const res = await api.patch('/field_homes/update', { Address: '1 New St' });
    expect(res).toMatchObject({ status: 400, body: { error: missingId('update', 'home') } });
  });

  it('home update without data', async () => {
    const res = await api.patch('/field_homes/update?id=h1', {});
    expect(res).toMatchObject({ status: 400, body: { error: 'Data and id are required' } });
  });

  it.each([
    ['', 'empty'],
    ['data:image/png;base64,', 'an empty data URL'],
    ['%%%not-base64%%%', 'not base64'],
  ])('file upload of %j (%s) is refused', async (data) => {
    const res = await api.post('/files/walkItems/photo.jpg', { data });
    expect(res).toMatchObject({ status: 400, body: { error: 'Invalid or empty Base64 string' } });
  });

  it.each([
    [
      '/field_walks/closing/submit',
      { selectedHome: 'h1', user: 'u', type: 'nhp' },
      missing('date', 'submit', 'closing'),
    ],
    ['/field_walks/homeStart/submit', { notes: 'x' }, missing('HomeRID', 'submit', 'homeStart')],
    ['/field_communication/notes/submit', { HomeRID: 'h1' }, missing('Text', 'submit', 'note')],
  ])('%s checks its required fields', async (path, body, error) => {
    expect(await api.post(path, body)).toMatchObject({ status: 400, body: { error } });
  });

  it('names a field of the wrong type', async () => {
    const res = await api.post('/field_communication/phoneCalls/submit', {
      ...PHONE_CALL,
      Voicemail: 'yes',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: expect.stringMatching(/^Invalid value for "Voicemail": /) as unknown,
    });
  });
});
