// Issue 9 over real HTTP: inputs that answered 500 or were taken as they came are now
// refused with a 4xx and a message naming what is wrong; the phone-call-notes scope
// changes only notes and voicemail; an item hangs only on a walk its author may see.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, jsonTooDeepMessage } from '@field/domain';
import { MAX_JSON_DEPTH } from '../../http/input-guards.js';
import { availableDialects } from '../../test/databases.js';
import { WALKS, insertFixture } from '../../test/fixture.js';
import type { ApiClient, TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope, singleScope } from '../../test/test-server.js';

type Rec = Record<string, unknown> & { id: string };

const CALLS = '/field_communication/phoneCalls';
const DATE_DETAIL = MESSAGES.expectedIsoDate;

describe.each(await availableDialects())('bad inputs on %s', (dialect) => {
  let server: TestServer;
  let manager: ApiClient;
  let managerToken: string;
  let cs: ApiClient;
  let notesOnly: ApiClient;
  beforeAll(async () => {
    server = await getTestServer(dialect);
    await insertFixture(server);
    managerToken = (await server.createUser({ scopes: [groupScope('manager')] })).token;
    manager = server.client(managerToken);
    cs = server.client(
      (await server.createUser({ scopes: [groupScope('customerService')] })).token,
    );
    notesOnly = server.client(
      (
        await server.createUser({
          scopes: [
            singleScope('communication_phone_calls', true, false),
            singleScope('phone_call_notes'),
          ],
        })
      ).token,
    );
  });
  afterAll(() => server.close());

  const call = (fields: Record<string, unknown> = {}) => ({
    Home: 'h2',
    Staff: 'emp-2',
    Date: '2026-11-02T15:30:00.000Z',
    Notes: 'n',
    Voicemail: false,
    ...fields,
  });

  describe('lastUpdate', () => {
    it.each([
      '/field_employees/listUpdatedAfter',
      '/field_vendors/listUpdatedAfter',
      '/field_homes/listActiveUpdatedAfter',
    ])('%s: a huge or loose timestamp is a 400, never a 500', async (path) => {
      for (const value of ['99999999999999999999', '8640000000000001', 'yesterday', '1e5']) {
        const answer = await manager.get(`${path}?lastUpdate=${value}`);
        expect(answer.status, value).toBe(400);
        expect(answer.body).toEqual({
          error: `Invalid value for "lastUpdate": ${DATE_DETAIL}, or epoch milliseconds`,
        });
      }
      expect((await manager.get(`${path}?lastUpdate=0`)).status).toBe(200);
      expect((await manager.get(`${path}?lastUpdate=2026-01-01`)).status).toBe(200);
      expect((await manager.get(path)).body).toEqual({ error: MESSAGES.lastUpdateRequired });
    });
  });

  describe('JSON nesting', () => {
    const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const raw = (path: string, text: string) =>
      fetch(`${server.url}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${managerToken}` },
        body: text,
      });

    it('a body nested 5,000 deep is a 400 with the limit, on any route', async () => {
      for (const path of [`${CALLS}/submit`, '/auth/login', '/batch']) {
        const body = `{"Notes":${nested(5000)}}`;
        const answer = await raw(path, body);
        expect(answer.status, path).toBe(400);
        expect(await answer.json()).toEqual({
          error: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`,
        });
      }
    });

    it('brackets inside strings do not count; the limit itself passes', async () => {
      const text = JSON.stringify(call({ Notes: '[[[[{{{{'.repeat(100) }));
      const ok = await manager.post<Rec>(`${CALLS}/submit`, JSON.parse(text));
      expect(ok.status).toBe(201);
      // The object and 63 arrays: 64 levels, read (and refused by the schema, not the depth).
      const atLimit = await manager.post(`${CALLS}/submit`, call({ x: JSON.parse(nested(63)) }));
      expect(atLimit.body).toEqual({ error: 'Unknown field "x"' });
      const over = await manager.post(`${CALLS}/submit`, call({ x: JSON.parse(nested(64)) }));
      expect(over.status).toBe(400);
      expect(over.body).toEqual({ error: jsonTooDeepMessage(MAX_JSON_DEPTH) });
    });
  });

  describe('NUL characters (PostgreSQL text cannot hold them)', () => {
    it('in the URL or in a JSON string: a 400, on any route', async () => {
      for (const path of [
        `${CALLS}/listByHome?homeId=%00`,
        '/field_homes/listActiveUpdatedAfter?lastUpdate=1%00',
        '/files?folder=homes%00',
      ]) {
        const answer = await manager.get(path);
        expect(answer.status, path).toBe(400);
        expect(answer.body).toEqual({ error: MESSAGES.nulCharacter });
      }
      for (const body of [call({ Notes: 'a\u0000b' }), { email: '\u0000', password: 'x' }]) {
        const path = 'email' in body ? '/auth/login' : `${CALLS}/submit`;
        const answer = await manager.post(path, body);
        expect(answer.status, path).toBe(400);
        expect(answer.body).toEqual({ error: MESSAGES.nulCharacter });
      }
      // An escaped backslash before "u0000" is text, not a NUL.
      const text = await manager.post<Rec>(`${CALLS}/submit`, call({ Notes: '\\u0000' }));
      expect(text.status).toBe(201);
      expect(text.body['Notes']).toBe('\\u0000');
    });
  });

  describe('dates', () => {
    it.each(['1', '0', 'tomorrow', '2026-02-30', '11/05/2026', '99999-01-01'])(
      'a phone call dated %j is a 400 naming Date',
      async (date) => {
        const answer = await manager.post(`${CALLS}/submit`, call({ Date: date }));
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({ error: `Invalid value for "Date": ${DATE_DETAIL}` });
      },
    );

    it('walk forms, closing walks, items and notes read dates the same way', async () => {
      const refused = [
        ['/field_walks/homeStart/submit', { HomeRID: 'h2', date: '1' }, 'date'],
        [
          '/field_walks/closing/submit',
          { date: '1', selectedHome: 'h2', user: 'emp-1', type: 'nhp' },
          'date',
        ],
        [
          '/field_walks/item/submit',
          {
            Walk: 'nhp',
            Category: 'c',
            Location: 'l',
            Name: 'n',
            HomeRID: 'h2',
            'Completed At': '1',
          },
          'Completed At',
        ],
        ['/field_communication/notes/submit', { HomeRID: 'h2', Text: 't', Date: '1' }, 'Date'],
      ] as const;
      for (const [path, body, field] of refused) {
        const answer = await manager.post(path, body);
        expect(answer.status, path).toBe(400);
        expect(answer.body).toEqual({ error: `Invalid value for "${field}": ${DATE_DETAIL}` });
      }
    });
  });

  describe('unknown fields', () => {
    it.each([
      [`${CALLS}/submit`, call({ Colour: 'red' }), 'Colour'],
      ['/field_communication/notes/submit', { HomeRID: 'h2', Text: 't', Pinned: true }, 'Pinned'],
      [
        '/field_collaboration/buyers/submit',
        { HomeRID: 'h2', Name: 'B', isAdmin: true },
        'isAdmin',
      ],
      [
        '/field_walks/item/submit',
        {
          Walk: 'nhp',
          Category: 'c',
          Location: 'l',
          Name: 'n',
          HomeRID: 'h2',
          Photos: [{ collection: 'c', key: 'k', owner: 'me' }],
        },
        'Photos.0.owner',
      ],
      ['/field_walks/landscape/submit', { HomeRID: 'h2', extra: 1 }, 'extra'],
      [
        '/field_walks/closing/submit',
        { date: '2026-11-01', selectedHome: 'h2', user: 'emp-1', type: 'nhp', extra: 1 },
        'extra',
      ],
    ])('POST %s is a 400 naming the field', async (path, body, field) => {
      const answer = await manager.post(path, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: `Unknown field "${field}"` });
    });

    it('updates too, while a record sent back as read (server fields and all) is taken', async () => {
      const created = await manager.post<Rec>(`${CALLS}/submit`, call());
      const update = await manager.patch(`${CALLS}/update?id=${created.body.id}`, {
        Notes: 'x',
        Voicemail: true,
        Home: 'h1',
      });
      expect(update.status).toBe(400);
      expect(update.body).toEqual({ error: 'Unknown field "Home"' });
      const home = await manager.patch('/field_homes/update?id=h2', { Address: 'A', Pool: true });
      expect(home.body).toEqual({ error: 'Unknown field "Pool"' });
      const walk = await manager.patch(`/field_walks/closing/update/${WALKS.closingNhp}`, {
        notes: 'x',
        secret: 1,
      });
      expect(walk.body).toEqual({ error: 'Unknown field "secret"' });

      const { createdAt, updatedAt, deletedAt } = created.body;
      const sentBack = await manager.patch<Rec>(`${CALLS}/update?id=${created.body.id}`, {
        Notes: 'as read',
        Voicemail: false,
        HomeRID: 'h2',
        createdAt,
        updatedAt,
        deletedAt,
      });
      expect(sentBack.status).toBe(200);
      expect(sentBack.body['createdAt']).toBe(createdAt);
    });
  });

  describe('the phone-call-notes scope', () => {
    it('changes notes and voicemail only: any other field is a 403', async () => {
      const created = await manager.post<Rec>(`${CALLS}/submit`, call());
      const path = `${CALLS}/update?id=${created.body.id}`;
      const ok = await notesOnly.patch<Rec>(path, { Notes: 'noted', Voicemail: true });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ Notes: 'noted', Voicemail: true });

      for (const extra of [{ Date: '2020-01-01' }, { Staff: 'emp-1' }, { HomeRID: 'h2' }]) {
        const refused = await notesOnly.patch(path, { Notes: 'x', Voicemail: false, ...extra });
        expect(refused.status).toBe(403);
        expect(refused.body).toEqual({ error: MESSAGES.phoneCallNotesOnly });
      }
      const kept = (await manager.get<Rec[]>(`${CALLS}/listByHome?homeId=h2`)).body.find(
        (c) => c.id === created.body.id,
      );
      expect(kept).toMatchObject({
        Notes: 'noted',
        Date: '2026-11-02T15:30:00.000Z',
        Staff: 'emp-2',
      });

      // Holding the logging scope as well (customer service does), the log may change.
      const changed = await cs.patch<Rec>(path, {
        Notes: 'x',
        Voicemail: false,
        Date: '2026-11-03',
      });
      expect(changed.status).toBe(200);
      expect(changed.body['Date']).toBe('2026-11-03');
    });
  });

  describe('walk items on walks the caller cannot read', () => {
    const item = (walkId: string, fields: Record<string, unknown> = {}) => ({
      Walk: 'post-close',
      Category: 'Paint',
      Location: 'Hall',
      Name: 'Scuff',
      WalkID: walkId,
      ...fields,
    });

    it('customer service cannot hang a post-close item on a walk it may not read', async () => {
      for (const walk of [WALKS.closingFinal, WALKS.managerWalk, WALKS.preDrywall]) {
        const answer = await cs.post('/field_walks/item/submit', item(walk));
        expect(answer.status, walk).toBe(403);
        expect(answer.body).toEqual({ error: MESSAGES.forbidden });
      }
      const listed = await manager.post<Rec[]>('/field_walks/item/listByWalks', {
        walkIds: [WALKS.closingFinal, WALKS.managerWalk, WALKS.preDrywall],
      });
      expect(listed.body.some((i) => i['Name'] === 'Scuff')).toBe(false);
    });

    it('it may add post-close items on the home post-close closing walk', async () => {
      const answer = await cs.post<Rec>('/field_walks/item/submit', item(WALKS.closingPostClose));
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({ WalkID: WALKS.closingPostClose, HomeRID: 'h1' });
    });

    it('a user who reads the walk attaches items to it as before', async () => {
      const answer = await manager.post('/field_walks/item/submit', item(WALKS.managerWalk));
      expect(answer.status).toBe(201);
    });
  });
});
