// A batch lookup asked for again is answered from the kept answer while nothing of its
// kind was written (no query), shows every write made through the app at once, and one
// made past the app (straight into the database, an operator's SQL) within a second.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects } from '../../test/databases.js';
import { buildHome, buildOnHome } from '../../test/factories.js';
import type { ApiClient, TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope } from '../../test/test-server.js';

interface Call {
  id: string;
  Notes: string;
}

const LIST = '/field_communication/phoneCalls/listByHomes';

describe.each(await availableDialects())('list answers kept on %s', (dialect) => {
  let server: TestServer;
  let manager: ApiClient;

  beforeAll(async () => {
    server = await getTestServer(dialect);
    await server.insert('homes', [buildHome('ha'), buildHome('hb'), buildHome('hz')]);
    const call = (id: string, home: string) =>
      buildOnHome(id, home, {
        Home: home,
        Staff: 'emp-1',
        Date: '2026-10-01',
        Notes: `call ${id}`,
        Voicemail: false,
      });
    await server.insert('phoneCalls', [call('c1', 'ha'), call('c2', 'hb'), call('c3', 'hz')]);
    manager = server.client((await server.createUser({ scopes: [groupScope('manager')] })).token);
  });
  afterAll(async () => {
    await server.close();
  });

  const list = async (homeIds: string[]) => {
    const res = await manager.post<Call[]>(LIST, { homeIds });
    expect(res.status).toBe(200);
    return res.body;
  };

  it('answers the same list again without a query, whatever the order of the ids', async () => {
    const first = await list(['ha', 'hb']);
    expect(first.map((c) => c.id)).toEqual(['c1', 'c2']);
    server.queries.count = 0;
    expect(await list(['hb', 'ha', 'hb'])).toEqual(first);
    expect(server.queries.count).toBe(0);
  });

  it('shows an added, changed and deleted record at once', async () => {
    expect((await list(['ha', 'hb'])).map((c) => c.id)).toEqual(['c1', 'c2']);
    const added = await manager.post('/field_communication/phoneCalls/submit', {
      id: 'c4',
      Home: 'hb',
      Staff: 'emp-1',
      Date: '2026-10-02',
      Notes: 'new',
      Voicemail: false,
    });
    expect(added.status).toBe(201);
    expect((await list(['ha', 'hb'])).map((c) => c.id)).toEqual(['c1', 'c2', 'c4']);

    const changed = await manager.patch('/field_communication/phoneCalls/update?id=c1', {
      Notes: 'changed',
      Voicemail: false,
    });
    expect(changed.body).toMatchObject({ Notes: 'changed' });
    expect((await list(['ha', 'hb'])).find((c) => c.id === 'c1')?.Notes).toBe('changed');

    const deleted = await manager.delete('/field_communication/phoneCalls/delete?id=c4');
    expect(deleted.status).toBe(200);
    expect((await list(['ha', 'hb'])).map((c) => c.id)).toEqual(['c1', 'c2']);
  });

  it('shows a record written past the app within a second', async () => {
    expect((await list(['hz'])).map((c) => c.id)).toEqual(['c3']);
    await server.insert('phoneCalls', [
      buildOnHome('c5', 'hz', {
        Home: 'hz',
        Staff: 'emp-1',
        Date: '2026-10-03',
        Notes: 'from elsewhere',
        Voicemail: true,
      }),
    ]);
    await expect
      .poll(async () => (await list(['hz'])).map((c) => c.id), { timeout: 2000, interval: 100 })
      .toEqual(['c3', 'c5']);
    const row = await server.records.find(server.db, 'phoneCalls', 'c3');
    if (row === undefined) throw new Error('c3 is missing');
    await server.records.softDelete(server.db, row, new Date().toISOString());
    await expect
      .poll(async () => (await list(['hz'])).map((c) => c.id), { timeout: 2000, interval: 100 })
      .toEqual(['c5']);
  });
});
