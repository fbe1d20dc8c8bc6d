// Homes, employees and vendors added, changed and archived by hand (issue 32) over real
// HTTP: what a client sees in the lists and the history, duplicates of a natural key
// refused with a message naming it, the write flag of each scope enforced, and an
// archived home leaving the active lists (and a device's copy) with its records kept.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '@field/domain';
import { availableDialects } from '../../test/databases.js';
import type { ApiClient, TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope, singleScope } from '../../test/test-server.js';

type Rec = Record<string, unknown> & { id: string; updatedAt: string; deletedAt: string | null };

const EMPLOYEES = '/field_employees';
const VENDORS = '/field_vendors';
const HOMES = '/field_homes';

describe.each(await availableDialects())(
  'homes, employees and vendors by hand on %s',
  (dialect) => {
    let server: TestServer;
    let manager: ApiClient;
    let readOnly: ApiClient;
    beforeAll(async () => {
      server = await getTestServer(dialect);
      manager = server.client((await server.createUser({ scopes: [groupScope('manager')] })).token);
      readOnly = server.client(
        (
          await server.createUser({
            scopes: [
              'collaboration_staff',
              'collaboration_vendors',
              'collaboration_homes',
              'homes_overview',
            ].map((scope) => singleScope(scope, true, false)),
          })
        ).token,
      );
    });
    afterAll(() => server.close());

    const listed = async (path: string) => (await manager.get<Rec[]>(path)).body;
    const history = async (kind: string, id: string) =>
      (await manager.get<HistoryEntry[]>(`/history?kind=${kind}&id=${id}`)).body;

    describe('employees', () => {
      const ann = {
        'First Name': 'Ann',
        'Last Name': 'Lee',
        Email: 'ann.lee@example.com',
        Role: 'Builder',
      };

      it('adds one with its Name from first and last name, changes and archives it', async () => {
        const created = await manager.post<Rec>(`${EMPLOYEES}/submit`, ann);
        expect(created.status).toBe(201);
        expect(created.body).toMatchObject({ ...ann, Name: 'Ann Lee', Phone: '', Active: true });
        const id = created.body.id;
        expect((await listed(`${EMPLOYEES}/list`)).map((e) => e.id)).toContain(id);

        const renamed = await manager.patch<Rec>(`${EMPLOYEES}/update?id=${id}`, {
          'Last Name': 'Park',
          Phone: '(970) 555-0101',
        });
        expect(renamed.status).toBe(200);
        expect(renamed.body).toMatchObject({ Name: 'Ann Park', Phone: '(970) 555-0101' });

        const since = renamed.body.updatedAt;
        const archived = await manager.patch<Rec>(`${EMPLOYEES}/update?id=${id}`, {
          Active: false,
        });
        expect(archived.body).toMatchObject({ Active: false, deletedAt: null });
        // Kept in the list (the directory shows it under "Archived"), its change sent on.
        const list = await listed(`${EMPLOYEES}/list`);
        expect(list.find((e) => e.id === id)).toMatchObject({ Active: false });
        const changes = await listed(`${EMPLOYEES}/listUpdatedAfter?lastUpdate=${since}`);
        expect(changes.find((e) => e.id === id)).toMatchObject({ Active: false, deletedAt: null });

        const back = await manager.patch<Rec>(`${EMPLOYEES}/update?id=${id}`, { Active: true });
        expect(back.body['Active']).toBe(true);
        expect((await history('employees', id)).map((h) => [h.operation, h.fields])).toEqual([
          ['create', expect.arrayContaining(['First Name', 'Email', 'Name'])],
          ['update', ['Last Name', 'Name', 'Phone']],
          ['update', ['Active']],
          ['update', ['Active']],
        ]);
      });

      it('refuses a second employee with the same e-mail, in any case', async () => {
        const first = await manager.post<Rec>(`${EMPLOYEES}/submit`, {
          ...ann,
          Email: 'bo@example.com',
        });
        expect(first.status).toBe(201);
        const again = await manager.post(`${EMPLOYEES}/submit`, {
          ...ann,
          'First Name': 'Bo',
          Email: 'BO@Example.com',
        });
        expect(again.status).toBe(409);
        expect(again.body).toEqual({
          error: 'An employee with Email "BO@Example.com" already exists',
        });
        const other = await manager.post<Rec>(`${EMPLOYEES}/submit`, {
          ...ann,
          Email: 'cy@example.com',
        });
        const moved = await manager.patch(`${EMPLOYEES}/update?id=${other.body.id}`, {
          Email: 'bo@example.com',
        });
        expect(moved.status).toBe(409);
        expect(moved.body).toEqual({
          error: 'An employee with Email "bo@example.com" already exists',
        });
        const blanked = await manager.patch(`${EMPLOYEES}/update?id=${other.body.id}`, {
          'First Name': '',
        });
        expect(blanked.status).toBe(400);
        expect(blanked.body).toEqual({
          error:
            'Missing required field "First Name" for operation "update" in mutation type "employee"',
        });
        // Its own e-mail again is no duplicate.
        const same = await manager.patch(`${EMPLOYEES}/update?id=${first.body.id}`, {
          Email: 'Bo@example.com',
        });
        expect(same.status).toBe(200);
      });

      it('takes an e-mail once when two people add it at the same moment', async () => {
        // Each write checks the others in its own transaction: side by side on PostgreSQL,
        // neither saw the other's, and the company had two employees with one e-mail.
        const answers = await Promise.all(
          Array.from({ length: 12 }, (_, n) =>
            n % 2 === 0 ? 'race@example.com' : 'RACE@example.com',
          ).map((email, n) =>
            manager.post<Rec>(`${EMPLOYEES}/submit`, {
              ...ann,
              'First Name': `R${n}`,
              Email: email,
            }),
          ),
        );
        expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array<number>(11).fill(409)]);
        const kept = (await listed(`${EMPLOYEES}/list`)).filter(
          (e) => String(e['Email']).toLowerCase() === 'race@example.com',
        );
        expect(kept).toHaveLength(1);
      });

      it.each([
        [
          { 'First Name': '' },
          'Missing required field "First Name" for operation "submit" in mutation type "employee"',
        ],
        [
          { Email: 'not-an-address' },
          'Invalid value for "Email": expected an e-mail address such as name@example.com',
        ],
        [
          { Role: 'Astronaut' },
          'Invalid value for "Role": Invalid option: expected one of "Construction"|"Design"|"Sales"|"Customer Service"|"Builder"|"Manager"',
        ],
        [
          { Phone: '12' },
          'Invalid value for "Phone": expected a phone number of at least 7 digits (spaces, ( ) - . and a leading + allowed)',
        ],
      ])('refuses %j with a message naming the field', async (fields, message) => {
        const answer = await manager.post(`${EMPLOYEES}/submit`, {
          ...ann,
          Email: 'dee@example.com',
          ...fields,
        });
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({ error: message });
      });
    });

    describe('vendors', () => {
      const vendor = { Name: 'Front Range Concrete', Trade: 'Concrete' };

      it('adds one with optional contact, phone and e-mail, edits and archives it', async () => {
        const created = await manager.post<Rec>(`${VENDORS}/submit`, vendor);
        expect(created.status).toBe(201);
        expect(created.body).toMatchObject({
          ...vendor,
          Contact: '',
          Phone: '',
          Email: '',
          Active: true,
        });
        const id = created.body.id;
        const edited = await manager.patch<Rec>(`${VENDORS}/update?id=${id}`, {
          Contact: 'Mike Dorsey',
          Email: 'mike@frc.example',
          Phone: '+1 970 555 0142',
        });
        expect(edited.body).toMatchObject({ Contact: 'Mike Dorsey', Email: 'mike@frc.example' });
        await manager.patch(`${VENDORS}/update?id=${id}`, { Active: false });
        expect((await listed(`${VENDORS}/list`)).find((v) => v.id === id)).toMatchObject({
          Active: false,
        });
      });

      it('refuses the same name and trade twice; the same name in another trade is another vendor', async () => {
        const again = await manager.post(`${VENDORS}/submit`, {
          Name: ' front range CONCRETE',
          Trade: 'concrete ',
        });
        expect(again.status).toBe(409);
        expect(again.body).toEqual({
          error: 'A vendor with Name " front range CONCRETE" and Trade "concrete " already exists',
        });
        const flatwork = await manager.post(`${VENDORS}/submit`, { ...vendor, Trade: 'Flatwork' });
        expect(flatwork.status).toBe(201);
      });

      it.each([
        [
          { Trade: '' },
          'Missing required field "Trade" for operation "submit" in mutation type "vendor"',
        ],
        [
          { Email: 'x@' },
          'Invalid value for "Email": expected an e-mail address such as name@example.com',
        ],
        [
          { Phone: 'call me' },
          'Invalid value for "Phone": expected a phone number of at least 7 digits (spaces, ( ) - . and a leading + allowed)',
        ],
        [{ Rating: 5 }, 'Unknown field "Rating"'],
      ])('refuses %j with a message naming the field', async (fields, message) => {
        const answer = await manager.post(`${VENDORS}/submit`, {
          Name: 'V',
          Trade: 'T',
          ...fields,
        });
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({ error: message });
      });

      it('travels in a batch like any queued write', async () => {
        const answer = await manager.post<{ results: { status: number; body: Rec }[] }>('/batch', {
          writes: [
            {
              key: 'vendor-batch-1',
              method: 'POST',
              path: `/api${VENDORS}/submit`,
              body: { id: 'vendor-from-device', Name: 'Batch Paint', Trade: 'Paint' },
            },
          ],
        });
        expect(answer.body.results.map((r) => [r.status, r.body.id])).toEqual([
          [201, 'vendor-from-device'],
        ]);
      });
    });

    describe('homes', () => {
      it('adds a home with the seed defaults, its HomeRID its id; a HomeID is taken once', async () => {
        const created = await manager.post<Rec>(`${HOMES}/submit`, {
          id: 'home-by-hand',
          HomeID: '7001',
          Address: '1 Main St',
        });
        expect(created.status).toBe(201);
        expect(created.body).toMatchObject({
          id: 'home-by-hand',
          HomeRID: 'home-by-hand',
          HomeID: '7001',
          Address: '1 Main St',
          Status: 'Lot Prep',
          'KOVA Status': 'Spec',
          Community: '',
          'Construction Start': null,
          'Offline Homes': [],
          Active: true,
        });
        expect((await listed(`${HOMES}/listActive`)).map((h) => h.id)).toContain('home-by-hand');

        const again = await manager.post(`${HOMES}/submit`, {
          HomeID: ' 7001',
          Address: '2 Main St',
        });
        expect(again.status).toBe(409);
        expect(again.body).toEqual({ error: 'A home with HomeID " 7001" already exists' });
        const noAddress = await manager.post(`${HOMES}/submit`, { HomeID: '7002' });
        expect(noAddress.status).toBe(400);
        expect(noAddress.body).toEqual({
          error: 'Missing required field "Address" for operation "submit" in mutation type "home"',
        });
      });

      it('archived, a home leaves the active list and a device copy, keeping its records', async () => {
        await manager.post(`${HOMES}/submit`, { id: 'home-old', HomeID: '7100', Address: '9 Elm' });
        const note = await manager.post<Rec>('/field_communication/notes/submit', {
          HomeRID: 'home-old',
          Text: 'Kept',
        });
        expect(note.status).toBe(201);
        const synced = (await listed(`${HOMES}/listActive`)).find((h) => h.id === 'home-old');
        expect(synced).toBeDefined();

        const archived = await manager.patch<Rec>(`${HOMES}/update?id=home-old`, { Active: false });
        expect(archived.status).toBe(200);
        expect((await listed(`${HOMES}/listActive`)).map((h) => h.id)).not.toContain('home-old');
        const changes = await listed(
          `${HOMES}/listActiveUpdatedAfter?lastUpdate=${synced?.updatedAt}`,
        );
        expect(changes.find((h) => h.id === 'home-old')).toMatchObject({
          deletedAt: archived.body.updatedAt,
          Active: false,
        });
        expect((await listed(`${HOMES}/listArchived`)).map((h) => h.id)).toEqual(['home-old']);
        const notes = await listed('/field_communication/notes/listByHome?homeId=home-old');
        expect(notes.map((n) => n.id)).toEqual([note.body.id]);
        expect((await history('homes', 'home-old')).map((h) => h.operation)).toEqual([
          'create',
          'update',
        ]);

        await manager.patch(`${HOMES}/update?id=home-old`, { Active: true });
        expect((await listed(`${HOMES}/listActive`)).map((h) => h.id)).toContain('home-old');
        expect(await listed(`${HOMES}/listArchived`)).toEqual([]);
      });
    });

    describe('scopes', () => {
      it.each([
        [
          'POST',
          `${EMPLOYEES}/submit`,
          { 'First Name': 'A', 'Last Name': 'B', Email: 'ab@example.com', Role: 'Sales' },
        ],
        ['PATCH', `${EMPLOYEES}/update?id=any`, { Phone: '5550100100' }],
        ['POST', `${VENDORS}/submit`, { Name: 'N', Trade: 'T' }],
        ['PATCH', `${VENDORS}/update?id=any`, { Active: false }],
        ['POST', `${HOMES}/submit`, { HomeID: '8000', Address: 'A' }],
        ['PATCH', `${HOMES}/update?id=any`, { Active: false }],
      ])('%s %s needs the write flag: 403 with the read flag only', async (method, path, body) => {
        const answer = await readOnly.request(method, path, { body });
        expect(answer.status).toBe(403);
        expect(answer.body).toEqual({ error: 'You do not have permission to do this' });
      });

      it('the archived homes are listed to those who manage homes only', async () => {
        const overview = server.client(
          (await server.createUser({ scopes: [singleScope('homes_overview')] })).token,
        );
        expect((await overview.get(`${HOMES}/listArchived`)).status).toBe(403);
        expect((await readOnly.get(`${HOMES}/listArchived`)).status).toBe(200);
      });
    });
  },
);
