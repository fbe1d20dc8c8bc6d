// Nothing overwritten silently: an update or delete carries its base (the record's
// updatedAt the user saw, and the changed fields' values before the edit). A stale base
// where someone else changed the same field answers 409 with the current record and who
// changed it when; different fields merge; a write without a base behaves as before; the
// batch calls the same rules. Every write appends to the record's history in its own
// transaction, and GET /api/history reads it for those allowed to read the record.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConflictAnswer, HistoryEntry } from '@field/domain';
import { resolveAccess } from '@field/domain';
import { availableDialects } from '../../test/databases.js';
import { buildHome } from '../../test/factories.js';
import type { ApiClient, TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope, singleScope } from '../../test/test-server.js';
import type { WriteContext } from '../../http/write-context.js';
import { createRouteDeps } from './deps.js';
import { existingRecord, patchRecord } from './record-writes.js';

type Rec = Record<string, unknown> & { id: string; updatedAt: string; deletedAt: string | null };

const CALLS = '/field_communication/phoneCalls';

describe.each(await availableDialects())('conflicts and history on %s', (dialect) => {
  let server: TestServer;
  let ann: { id: string; client: ApiClient };
  let bob: { id: string; client: ApiClient };
  let cat: { id: string; client: ApiClient };
  let admin: ApiClient;
  let outsider: ApiClient;

  async function user(first: string, scopes: Parameters<TestServer['createUser']>[0]['scopes']) {
    const created = await server.createUser({ scopes });
    await server.db
      .updateTable('users')
      .set({ first_name: first, last_name: 'Field' })
      .where('id', '=', created.id)
      .execute();
    return { id: created.id, client: server.client(created.token) };
  }

  beforeAll(async () => {
    server = await getTestServer(dialect);
    await server.insert('homes', [buildHome('hc')]);
    ann = await user('Ann', [groupScope('customerService')]);
    bob = await user('Bob', [groupScope('customerService')]);
    cat = await user('Cat', [groupScope('manager')]);
    admin = (await user('Ada', [singleScope('admin'), groupScope('manager')])).client;
    outsider = (await user('Out', [])).client;
  });
  afterAll(() => server.close());

  async function newCall(notes = 'first'): Promise<Rec> {
    const created = await ann.client.post<Rec>(`${CALLS}/submit`, {
      Home: 'hc',
      Staff: 'emp-1',
      Date: '2026-11-02T15:30:00.000Z',
      Notes: notes,
      Voicemail: false,
    });
    expect(created.status).toBe(201);
    return created.body;
  }

  const update = (client: ApiClient, id: string, body: unknown) =>
    client.patch<Rec | ConflictAnswer>(`${CALLS}/update?id=${id}`, body);
  const history = (client: ApiClient, id: string, extra = '') =>
    client.get<HistoryEntry[]>(`/history?kind=phoneCalls&id=${id}${extra}`);

  it('refuses a stale base on a field someone else changed: 409, current record, who and when', async () => {
    const seen = await newCall('first');
    const bobs = await update(bob.client, seen.id, {
      Notes: 'bob',
      Voicemail: false,
      base: { updatedAt: seen.updatedAt, fields: { Notes: 'first', Voicemail: false } },
    });
    expect(bobs.status).toBe(200);
    const mine = await update(ann.client, seen.id, {
      Notes: 'ann',
      Voicemail: false,
      base: { updatedAt: seen.updatedAt, fields: { Notes: 'first', Voicemail: false } },
    });
    expect(mine.status).toBe(409);
    const answer = mine.body as ConflictAnswer;
    expect(answer.error).toBe(
      'Someone else changed this record while you were editing it. Choose which values to keep.',
    );
    expect(answer.conflict.current).toMatchObject({ id: seen.id, Notes: 'bob' });
    expect(answer.conflict.fields).toEqual([
      {
        field: 'Notes',
        base: 'first',
        mine: 'ann',
        theirs: 'bob',
        changedBy: { id: bob.id, name: 'Bob Field' },
        changedAt: (bobs.body as Rec).updatedAt,
      },
    ]);
    // Nothing was overwritten.
    const list = await ann.client.get<Rec[]>(`${CALLS}/listByHome?homeId=hc`);
    expect(list.body.find((c) => c.id === seen.id)?.['Notes']).toBe('bob');

    // The resolution is a new write based on the current record: it goes through.
    const resolved = await update(ann.client, seen.id, {
      Notes: 'ann',
      Voicemail: false,
      base: { updatedAt: answer.conflict.current['updatedAt'], fields: { Notes: 'bob' } },
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ Notes: 'ann', Voicemail: false });
  });

  it('merges a stale write of a field nobody else changed, keeping theirs', async () => {
    const seen = await newCall('first');
    await update(bob.client, seen.id, {
      Notes: 'bob',
      Voicemail: false,
      base: { updatedAt: seen.updatedAt, fields: { Notes: 'first', Voicemail: false } },
    });
    // Ann's client sends the notes too (the update needs them), unchanged by her.
    const mine = await update(ann.client, seen.id, {
      Notes: 'first',
      Voicemail: true,
      base: { updatedAt: seen.updatedAt, fields: { Notes: 'first', Voicemail: false } },
    });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ Notes: 'bob', Voicemail: true });
  });

  it('keeps the old behaviour for a write without a base: the last write wins', async () => {
    const seen = await newCall('first');
    await update(bob.client, seen.id, { Notes: 'bob', Voicemail: false });
    const mine = await update(ann.client, seen.id, { Notes: 'ann', Voicemail: false });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ Notes: 'ann', Voicemail: false });
  });

  it('refuses a delete with a stale base after someone else changed the record', async () => {
    const seen = await newCall('first');
    const bobs = await update(bob.client, seen.id, { Notes: 'bob', Voicemail: false });
    const refused = await ann.client.request<ConflictAnswer>(
      'DELETE',
      `${CALLS}/delete?id=${seen.id}`,
      { body: { base: { updatedAt: seen.updatedAt } } },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.conflict).toMatchObject({
      operation: 'delete',
      current: { Notes: 'bob', deletedAt: null },
      changedBy: { id: bob.id, name: 'Bob Field' },
      changedAt: (bobs.body as Rec).updatedAt,
    });
    // With the current base, or after only my own changes, the delete goes through.
    const mineOnly = await newCall('mine');
    const edited = await update(ann.client, mineOnly.id, {
      Notes: 'mine again',
      Voicemail: false,
      base: { updatedAt: mineOnly.updatedAt, fields: { Notes: 'mine', Voicemail: false } },
    });
    expect(edited.status).toBe(200);
    const deleted = await ann.client.request('DELETE', `${CALLS}/delete?id=${mineOnly.id}`, {
      body: { base: { updatedAt: mineOnly.updatedAt } },
    });
    expect(deleted.status).toBe(200);
    expect((await ann.client.delete(`${CALLS}/delete?id=${seen.id}`)).status).toBe(200);
  });

  it('applies the same rules to writes in a batch, and replays a conflict as it answered', async () => {
    const seen = await newCall('first');
    await update(bob.client, seen.id, { Notes: 'bob', Voicemail: false });
    const path = `/api${CALLS}`;
    const writes = [
      {
        key: `c-${seen.id}-1`,
        method: 'PATCH',
        path: `${path}/update?id=${seen.id}`,
        body: {
          Notes: 'ann',
          Voicemail: false,
          base: { updatedAt: seen.updatedAt, fields: { Notes: 'first', Voicemail: false } },
        },
      },
      {
        key: `c-${seen.id}-2`,
        method: 'PATCH',
        path: `${path}/update?id=${seen.id}`,
        body: {
          Notes: 'first',
          Voicemail: true,
          base: { updatedAt: seen.updatedAt, fields: { Notes: 'first', Voicemail: false } },
        },
      },
      {
        key: `c-${seen.id}-3`,
        method: 'DELETE',
        path: `${path}/delete?id=${seen.id}`,
        body: { base: { updatedAt: seen.updatedAt } },
      },
    ];
    type Answer = { key: string; status: number; body: unknown };
    const answer = await ann.client.post<{ results: Answer[] }>('/batch', { writes });
    expect(answer.body.results.map((r) => r.status)).toEqual([409, 200, 409]);
    expect((answer.body.results[0]?.body as ConflictAnswer).conflict.fields[0]).toMatchObject({
      field: 'Notes',
      mine: 'ann',
      theirs: 'bob',
      changedBy: { id: bob.id },
    });
    const again = await ann.client.post<{ results: Answer[] }>('/batch', { writes });
    expect(again.body.results.map((r) => r.status)).toEqual([409, 200, 409]);
    const list = await ann.client.get<Rec[]>(`${CALLS}/listByHome?homeId=hc`);
    expect(list.body.find((c) => c.id === seen.id)).toMatchObject({
      Notes: 'bob',
      Voicemail: true,
    });
  });

  it('keeps every write in the history, oldest first, with who, fields, before and after', async () => {
    const seen = await newCall('first');
    const b = await update(bob.client, seen.id, { Notes: 'bob', Voicemail: false });
    const c = await update(cat.client, seen.id, { Notes: 'bob', Voicemail: true });
    expect([b.status, c.status]).toEqual([200, 200]);
    await ann.client.delete(`${CALLS}/delete?id=${seen.id}`);
    const read = await history(ann.client, seen.id);
    expect(read.status).toBe(200);
    expect(
      read.body.map((e) => [
        e.operation,
        e.user.name,
        e.fields,
        e.before?.['Notes'],
        e.after?.['Notes'],
      ]),
    ).toEqual([
      [
        'create',
        'Ann Field',
        ['Date', 'Home', 'HomeRID', 'Notes', 'Staff', 'Voicemail'],
        undefined,
        'first',
      ],
      ['update', 'Bob Field', ['Notes'], 'first', 'bob'],
      ['update', 'Cat Field', ['Voicemail'], 'bob', 'bob'],
      ['delete', 'Ann Field', [], 'bob', undefined],
    ]);
    expect(read.body[1]?.at).toBe((b.body as Rec).updatedAt);

    // Admins filter by user; others may not.
    const bobsOnly = await history(admin, seen.id, `&userId=${bob.id}`);
    expect(bobsOnly.body.map((e) => e.user.id)).toEqual([bob.id]);
    expect((await history(ann.client, seen.id, `&userId=${bob.id}`)).status).toBe(403);
    // Reading the history needs reading the record.
    expect((await history(outsider, seen.id)).status).toBe(403);
    expect((await ann.client.get('/history?kind=nothing&id=x')).status).toBe(400);
    expect((await ann.client.get('/history?kind=phoneCalls&id=no-such-call')).status).toBe(404);
  });

  it('writes the history in the write transaction: a write that fails leaves none', async () => {
    const seen = await newCall('first');
    const deps = createRouteDeps(server.db, 'company');
    deps.writes.onRecordWrite((ctx, write) => deps.history.append(ctx.trx, write));
    await expect(
      server.db.transaction().execute(async (trx) => {
        const ctx = {
          request: { method: 'PATCH', url: '/', body: {}, query: {}, params: {}, headers: {} },
          user: { id: bob.id, access: resolveAccess([]), row: { airtable_id: null } },
          trx,
          now: new Date().toISOString(),
          afterCommit: () => undefined,
        } as unknown as WriteContext;
        await patchRecord(ctx, deps, await existingRecord(ctx, deps, 'phoneCalls', seen.id), {
          Notes: 'never',
        });
        throw new Error('the write fails after its change');
      }),
    ).rejects.toThrow('the write fails');
    const read = await history(ann.client, seen.id);
    expect(read.body.map((e) => e.operation)).toEqual(['create']);
  });
});
