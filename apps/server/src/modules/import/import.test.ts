// Import over real HTTP, on each database: the admin maps a file's columns, previews each
// row's class and applies it; the same file again changes nothing, a changed cell changes
// one record with one history entry, and a failure part way leaves nothing applied.

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects } from '../../test/databases.js';
import type { TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope, singleScope } from '../../test/test-server.js';

const HOMES = `Home ID,Street Address,Community,Plan,Start Date
1001,1 Elm Street,Aspen Ridge,A,2026-01-05
1002,2 Elm Street,Aspen Ridge,B,2026-02-05
1003,3 Elm Street,Cedar Park,A,
`;
const EMPLOYEES = `E-mail;First Name;Last Name;Role;Phone
ada@example.test;Ada;Builder;Builder;555-0100
cy@example.test;Cy;Service;customer service;555-0101
`;
const VENDORS = `Vendor,Trade,Contact,Email
Acme,Drywall,Pat,pat@acme.test
Acme,Paint,Sam,sam@acme.test
`;

interface Counts {
  new: number;
  changed: number;
  unchanged: number;
  invalid: number;
}
interface PreviewRow {
  line: number;
  status: string;
  reasons: string[];
  fields: string[];
}

describe.each(await availableDialects())('import on %s', (dialect) => {
  let server: TestServer;
  let admin: string;
  let manager: string;
  beforeAll(async () => {
    server = await getTestServer(dialect);
    admin = (await server.createUser({ scopes: [singleScope('admin')] })).token;
    manager = (await server.createUser({ scopes: [groupScope('manager')] })).token;
  });
  afterAll(() => server.close());

  const columns = (entity: string, text: string, token = admin) =>
    server
      .client(token)
      .post<{ columns: string[]; rows: number; mapping: Record<string, string | null> }>(
        `/admin/import/${entity}/columns`,
        { text },
      );

  const mappingOf = async (entity: string, text: string) => {
    const res = await columns(entity, text);
    expect(res.status).toBe(200);
    return res.body.mapping;
  };

  const preview = async (entity: string, text: string, extra: Record<string, unknown> = {}) => {
    const mapping = await mappingOf(entity, text);
    return server
      .client(admin)
      .post<{ counts: Counts; total: number; rows: PreviewRow[] }>(
        `/admin/import/${entity}/preview`,
        { text, mapping, ...extra },
      );
  };

  /** Applies a file with its suggested mapping; the stream's events, last one the outcome. */
  const apply = async (entity: string, text: string) => {
    const mapping = await mappingOf(entity, text);
    const response = await fetch(`${server.url}/api/admin/import/${entity}/apply`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text, mapping }),
    });
    expect(response.status).toBe(200);
    const events = (await response.text())
      .split('\n\n')
      .filter((block) => block.startsWith('event: '))
      .map((block) => {
        const [name, data] = block.split('\n');
        return { event: name?.slice(7), data: JSON.parse(data?.slice(6) ?? 'null') as unknown };
      });
    return { events, last: events.at(-1) };
  };

  const stored = async () => {
    const records = await server.db
      .selectFrom('records')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('kind', 'in', ['homes', 'employees', 'vendors'])
      .executeTakeFirstOrThrow();
    const history = await server.db
      .selectFrom('record_history')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    return { records: Number(records.n), history: Number(history.n) };
  };

  const homeIds = async () =>
    (await server.records.listActive('homes')).map((row) => ({
      id: row.id,
      ...(JSON.parse(row.data) as { HomeID: string; HomeRID: string }),
    }));

  it('offers a mapping from the headings, and previews each row as new', async () => {
    expect((await columns('homes', HOMES)).body).toMatchObject({
      columns: ['Home ID', 'Street Address', 'Community', 'Plan', 'Start Date'],
      rows: 3,
      mapping: { HomeID: 'Home ID', Address: 'Street Address', 'Construction Start': 'Start Date' },
    });
    const res = await preview('homes', HOMES);
    expect(res.status).toBe(200);
    expect(res.body.counts).toEqual({ new: 3, changed: 0, unchanged: 0, invalid: 0 });
  });

  it('imports three files, and the same files again change nothing', async () => {
    const before = await stored();
    const results = [];
    for (const [entity, text] of [
      ['homes', HOMES],
      ['employees', EMPLOYEES],
      ['vendors', VENDORS],
    ] as const) {
      results.push((await apply(entity, text)).last);
    }
    expect(results).toEqual([
      { event: 'done', data: { new: 3, changed: 0, unchanged: 0, invalid: 0 } },
      { event: 'done', data: { new: 2, changed: 0, unchanged: 0, invalid: 0 } },
      { event: 'done', data: { new: 2, changed: 0, unchanged: 0, invalid: 0 } },
    ]);
    const after = await stored();
    expect(after).toEqual({ records: before.records + 7, history: before.history + 7 });

    const imported = (await homeIds()).find((home) => home.HomeID === '1001');
    expect(imported?.HomeRID).toBe(imported?.id);

    const again = await apply(
      'employees',
      EMPLOYEES.replace('ada@example.test', 'ADA@example.test'),
    );
    expect(again.last?.data).toMatchObject({ new: 0, changed: 1 });
    for (const [entity, text] of [
      ['homes', HOMES],
      ['employees', EMPLOYEES],
      ['vendors', VENDORS],
    ] as const) {
      await apply(entity, text);
    }
    const twice = await stored();
    expect((await apply('homes', HOMES)).last?.data).toEqual({
      new: 0,
      changed: 0,
      unchanged: 3,
      invalid: 0,
    });
    expect(await stored()).toEqual(twice);
  });

  it('updates only the record whose cell changed, with one history entry', async () => {
    await apply('homes', HOMES);
    const before = await stored();
    const changed = HOMES.replace('2 Elm Street,Aspen Ridge,B', '2 Elm Street,Aspen Ridge,C');
    expect((await apply('homes', changed)).last?.data).toEqual({
      new: 0,
      changed: 1,
      unchanged: 2,
      invalid: 0,
    });
    expect(await stored()).toEqual({ records: before.records, history: before.history + 1 });
    const entry = await server.db
      .selectFrom('record_history')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ kind: 'homes', operation: 'update', fields: '["Plan"]' });
  });

  it('reports an invalid row with its reason and applies the others', async () => {
    const text = `${HOMES}1004,,Cedar Park,A,2026-13-01\n1005,5 Elm Street,Cedar Park,A,\n`;
    const res = await preview('homes', text, { status: 'invalid' });
    expect(res.body.counts).toMatchObject({ new: 1, invalid: 1 });
    expect(res.body.rows).toEqual([
      expect.objectContaining({
        line: 5,
        status: 'invalid',
        reasons: ['Address is empty', 'Construction Start "2026-13-01": not a date'],
      }),
    ]);
    expect((await apply('homes', text)).last?.data).toMatchObject({ new: 1, invalid: 1 });
    const homes = (await homeIds()).map((h) => h.HomeID);
    expect(homes).toContain('1005');
    expect(homes).not.toContain('1004');
  });

  it('leaves nothing applied when a write fails part way', async () => {
    if (dialect === 'sqlite') {
      await sql`create trigger import_fault before insert on records
        when new.data like '%Fault Lane%' begin select raise(abort, 'injected fault'); end`.execute(
        server.db,
      );
    } else {
      await sql`create function import_fault() returns trigger as $$ begin
        if new.data like '%Fault Lane%' then raise exception 'injected fault'; end if;
        return new; end $$ language plpgsql`.execute(server.db);
      await sql`create trigger import_fault before insert on records
        for each row execute function import_fault()`.execute(server.db);
    }
    const before = await stored();
    const text = `Home ID,Street Address\n2001,1 Oak\n2002,2 Oak\n2003,3 Fault Lane\n2004,4 Oak\n`;
    const result = await apply('homes', text);
    await sql`drop trigger import_fault${sql.raw(dialect === 'sqlite' ? '' : ' on records')}`.execute(
      server.db,
    );
    expect(result.last).toEqual({
      event: 'failed',
      data: { error: expect.stringContaining('Nothing was imported') as unknown },
    });
    expect(result.events.some((e) => e.event === 'progress')).toBe(true);
    expect(await stored()).toEqual(before);
  });

  it('remembers the mapping chosen last for the next file of the entity', async () => {
    const mapping = { ...(await mappingOf('vendors', VENDORS)), Contact: null, Email: 'Contact' };
    await server.client(admin).post('/admin/import/vendors/preview', { text: VENDORS, mapping });
    expect((await columns('vendors', VENDORS)).body.mapping).toEqual(mapping);
  });

  it.each(['columns', 'preview', 'apply'])('%s needs the admin scope', async (step) => {
    const body = { text: HOMES, mapping: { HomeID: 'Home ID', Address: 'Street Address' } };
    expect((await server.client(manager).post(`/admin/import/homes/${step}`, body)).status).toBe(
      403,
    );
    expect((await server.client().post(`/admin/import/homes/${step}`, body)).status).toBe(401);
  });

  it.each([
    ['a binary file', 'PK\u0003\u0004\u0014\u0006xl/workbook.xml', 'not a CSV text file'],
    ['an empty file', '  \n', 'The file is empty'],
    ['a heading alone', 'Home ID,Street Address\n', 'heading but no rows'],
    ['an unclosed quote', 'Home ID,Street Address\n1,"open\n', 'not a readable CSV'],
    ['a repeated heading', 'Home ID,Home ID\n1,2\n', 'appears twice'],
  ])('refuses %s with a 400 that says why', async (_name, text, message) => {
    const res = await columns('homes', text);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.stringContaining(message) as unknown });
  });

  it('refuses an unknown entity, a missing column and a file too large', async () => {
    expect((await columns('buyers', HOMES)).status).toBe(400);
    const missing = await server
      .client(admin)
      .post('/admin/import/homes/preview', { text: HOMES, mapping: { HomeID: 'Home ID' } });
    expect(missing).toMatchObject({ status: 400, body: { error: 'Choose a column for Address' } });
    const huge = await columns('homes', `Home ID\n${'1\n'.repeat(9_000_000)}`);
    expect(huge).toMatchObject({ status: 413, body: { error: 'The request is too large' } });
  });
});
