// Rules of a record's fields that requests once got round, over real HTTP on each
// database: a conflict answer shows a write-only user no field of the record, a home's
// HomeID never changes, and file references in records obey the files API's path rule.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConflictAnswer } from '@field/domain';
import { availableDialects } from '../../test/databases.js';
import { buildHome } from '../../test/factories.js';
import type { ApiClient, TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope, singleScope } from '../../test/test-server.js';

type Rec = Record<string, unknown> & { id: string; updatedAt: string };

const NOTES = '/field_communication/notes';

describe.each(await availableDialects())('record rules on %s', (dialect) => {
  let server: TestServer;
  let manager: ApiClient;
  let writeOnly: ApiClient;

  beforeAll(async () => {
    server = await getTestServer(dialect);
    await server.insert('homes', [buildHome('h1', { HomeID: '1001' })]);
    manager = server.client((await server.createUser({ scopes: [groupScope('manager')] })).token);
    writeOnly = server.client(
      (await server.createUser({ scopes: [singleScope('communication_notes', false, true)] }))
        .token,
    );
  });
  afterAll(() => server.close());

  it('answers a write-only user a conflict without the fields they may not read', async () => {
    const note = await manager.post<Rec>(`${NOTES}/submit`, {
      HomeRID: 'h1',
      Text: 'first',
      Date: '2026-11-02',
    });
    expect(note.status).toBe(201);
    const secret = 'Gate code 4411, buyer travels until the 20th';
    expect(
      (await manager.patch(`${NOTES}/update?id=${note.body.id}`, { Text: secret })).status,
    ).toBe(200);
    const base = { updatedAt: note.body.updatedAt, fields: { Text: 'first' } };
    const stale = await writeOnly.patch<ConflictAnswer>(`${NOTES}/update?id=${note.body.id}`, {
      Text: 'mine',
      base,
    });
    expect(stale.status).toBe(409);
    expect(JSON.stringify(stale.body)).not.toContain('Gate code');
    const current = stale.body.conflict.current;
    expect(Object.keys(current).sort()).toEqual(['createdAt', 'deletedAt', 'id', 'updatedAt']);
    expect(current).toMatchObject({ id: note.body.id, createdAt: note.body['createdAt'] });
    expect(stale.body.conflict.fields).toEqual([
      expect.objectContaining({ field: 'Text', base: 'first', mine: 'mine' }),
    ]);
    const deleted = await writeOnly.request<ConflictAnswer>(
      'DELETE',
      `${NOTES}/delete?id=${note.body.id}`,
      { body: { base } },
    );
    expect(deleted.status).toBe(409);
    expect(JSON.stringify(deleted.body)).not.toContain('Gate code');
    // A reader of notes still sees theirs.
    const reader = await manager.patch<ConflictAnswer>(`${NOTES}/update?id=${note.body.id}`, {
      Text: 'mine',
      base,
    });
    expect(reader.body.conflict.fields[0]).toMatchObject({ theirs: secret });
  });

  it("keeps a home's HomeID", async () => {
    const moved = await manager.patch<{ error: string }>('/field_homes/update?id=h1', {
      HomeID: '2002',
    });
    expect(moved).toMatchObject({ status: 400 });
    expect(moved.body.error).toMatch(/"HomeID"/);
    const same = await manager.patch<Rec>('/field_homes/update?id=h1', {
      HomeID: '1001',
      Lot: '7',
    });
    expect(same).toMatchObject({ status: 200, body: { HomeID: '1001', Lot: '7' } });
  });

  it.each([
    ['a climb out of the collection', { collection: '..', key: 'admin/users' }],
    ['a dot segment in the key', { collection: 'walks', key: 'w1/../../users/x' }],
    ['a slash in the collection', { collection: 'walks/w1', key: 'p.jpg' }],
    ['an empty key segment', { collection: 'walks', key: 'w1//p.jpg' }],
    ['a character outside the rule', { collection: 'walks', key: 'w1/p q.jpg' }],
  ])('refuses a file reference with %s', async (_, ref) => {
    const walk = await manager.post('/field_walks/managerWalk/submit', {
      HomeRID: 'h1',
      uploadedFiles: [ref],
    });
    expect(walk.status).toBe(400);
    const log = await manager.post('/field_collaboration/dailyLogs/submit', {
      HomeRID: 'h1',
      Date: '2026-11-02',
      Photos: [ref],
    });
    expect(log.status).toBe(400);
    const fine = await manager.post('/field_collaboration/dailyLogs/submit', {
      HomeRID: 'h1',
      Date: '2026-11-03',
      Photos: [{ collection: 'dailyLogs', key: 'log-1/photo.jpg' }],
    });
    expect(fine.status).toBe(201);
  });
});
