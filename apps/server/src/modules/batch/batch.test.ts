// `POST /api/batch` over real HTTP: each write goes through its own route, scope check,
// validation and Idempotency-Key exactly as when it comes alone; a failing write leaves
// the others alone; the batch cannot carry sign-in, another batch or a forged identity.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BATCH_WRITES, MESSAGES } from '@field/domain';
import { availableDialects } from '../../test/databases.js';
import { WALKS, insertFixture } from '../../test/fixture.js';
import type { ApiClient, TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope } from '../../test/test-server.js';

interface Answer {
  key: string;
  status: number;
  body: unknown;
  retryAfter?: number;
}
type Rec = Record<string, unknown> & { id: string };

const SUBMIT = '/api/field_communication/phoneCalls/submit';

describe.each(await availableDialects())('POST /api/batch on %s', (dialect) => {
  let server: TestServer;
  let manager: ApiClient;
  let noScopes: ApiClient;
  beforeAll(async () => {
    server = await getTestServer(dialect);
    await insertFixture(server);
    manager = server.client((await server.createUser({ scopes: [groupScope('manager')] })).token);
    noScopes = server.client((await server.createUser({ scopes: [] })).token);
  });
  afterAll(() => server.close());

  const call = (notes: string, home = 'h3') => ({
    Home: home,
    Staff: 'emp-1',
    Date: '2026-11-05T08:00:00.000Z',
    Notes: notes,
    Voicemail: false,
  });
  const callsOnH3 = async () =>
    (await manager.get<Rec[]>('/field_communication/phoneCalls/listByHome?homeId=h3')).body;
  const batch = (client: ApiClient, writes: unknown[]) =>
    client.post<{ results: Answer[] }>('/batch', { writes });

  it('applies each write in order with its own answer; a refused one leaves the others', async () => {
    const answer = await batch(manager, [
      { key: 'b-1', method: 'POST', path: SUBMIT, body: call('batched one') },
      { key: 'b-2', method: 'POST', path: SUBMIT, body: call('refused', 'no-such-home') },
      { key: 'b-3', method: 'POST', path: SUBMIT, body: call('batched two') },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.results.map((r) => [r.key, r.status])).toEqual([
      ['b-1', 201],
      ['b-2', 400],
      ['b-3', 201],
    ]);
    expect(answer.body.results[1]?.body).toEqual({
      error: 'Invalid value for "Home": no such home',
    });
    const created = answer.body.results[0]?.body as Rec;
    const notes = (await callsOnH3()).map((c) => c['Notes']);
    expect(notes).toEqual(expect.arrayContaining(['batched one', 'batched two']));
    expect(notes).not.toContain('refused');

    // Then an update and a delete of the same record, in one batch, in that order.
    const path = `/api/field_communication/phoneCalls`;
    const again = await batch(manager, [
      {
        key: 'b-4',
        method: 'PATCH',
        path: `${path}/update?id=${created.id}`,
        body: { Notes: 'edited', Voicemail: true },
      },
      { key: 'b-5', method: 'DELETE', path: `${path}/delete?id=${created.id}` },
    ]);
    expect(again.body.results.map((r) => r.status)).toEqual([200, 200]);
    expect((await callsOnH3()).some((c) => c.id === created.id)).toBe(false);
  });

  it('replaying a batch replays each write: one record each, the first answers', async () => {
    const writes = [
      { key: 'replay-1', method: 'POST', path: SUBMIT, body: call('replayed a') },
      { key: 'replay-2', method: 'POST', path: SUBMIT, body: call('replayed b') },
    ];
    const first = await batch(manager, writes);
    const second = await batch(manager, writes);
    expect(second.body.results).toEqual(first.body.results);
    const notes = (await callsOnH3()).map((c) => c['Notes']);
    expect(notes.filter((n) => n === 'replayed a')).toHaveLength(1);
    expect(notes.filter((n) => n === 'replayed b')).toHaveLength(1);

    // The same key sent alone afterwards is the same write too.
    const alone = await manager.post(SUBMIT.replace('/api', ''), call('replayed a'), {
      'idempotency-key': 'replay-1',
    });
    expect(alone.body).toEqual(first.body.results[0]?.body);
  });

  it('checks each write against the caller scopes', async () => {
    const answer = await batch(noScopes, [
      { key: 'none-1', method: 'POST', path: SUBMIT, body: call('not allowed') },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.results[0]).toMatchObject({ status: 403 });
    expect((await callsOnH3()).some((c) => c['Notes'] === 'not allowed')).toBe(false);
  });

  it('needs a signed-in caller and a valid batch', async () => {
    const anonymous = server.client();
    expect((await batch(anonymous, [{ key: 'a', method: 'POST', path: SUBMIT }])).status).toBe(401);
    const invalid = [
      [],
      [{ key: 'x', method: 'GET', path: '/api/field_homes/listActive' }],
      [{ key: 'x', method: 'POST', path: '/api/auth/login', body: {} }],
      [{ key: 'x', method: 'POST', path: '/api/batch', body: { writes: [] } }],
      [{ key: 'has space', method: 'POST', path: SUBMIT }],
      Array.from({ length: MAX_BATCH_WRITES + 1 }, (_, i) => ({
        key: `k${i}`,
        method: 'POST',
        path: SUBMIT,
      })),
    ];
    for (const writes of invalid) {
      const answer = await batch(manager, writes);
      expect(answer.status).toBe(400);
      expect(answer.body).toHaveProperty('error');
    }
  });

  describe('one path rule: the allow-list, on the path as written (issue 9)', () => {
    const signIn = { email: 'someone@example.com', password: 'not-the-password' };
    it.each([
      ['POST', '/api/files/../auth/login', signIn],
      ['POST', '/api/%61uth/login', signIn],
      ['POST', '/api/field_walks/item/%2e%2e/%2e%2e/auth/login', signIn],
      ['POST', '/api/field_walks/item/submit/../../../auth/login', signIn],
      ['POST', '/api/x/../batch', { writes: [] }],
      ['POST', '/api/batch', { writes: [] }],
      ['POST', '/api/admin/users', { email: 'x@example.com' }],
      ['POST', '/api/admin/users/u1/approve', {}],
      ['PATCH', '/api/users/profile', { firstName: 'X' }],
      ['POST', '/api/files/homes/h1/evil.jpg', { data: 'aGk=', contentType: 'image/jpeg' }],
      ['POST', '/api/notifications', {}],
      ['POST', '/api/field_communication/phone%43alls/submit', call('encoded word')],
      ['POST', '/api/field_communication//phoneCalls/submit', call('double slash')],
    ])(
      '%s %s: the whole batch is a 400 naming the write, nothing runs',
      async (method, path, body) => {
        const answer = await batch(manager, [
          { key: 'ok-1', method: 'POST', path: SUBMIT, body: call('must not run') },
          { key: 'bad-1', method, path, body },
        ]);
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({
          error: `Invalid value for "writes.1.path": ${MESSAGES.batchWriteNotAllowed}`,
        });
        expect((await callsOnH3()).some((c) => c['Notes'] === 'must not run')).toBe(false);
      },
    );

    it('a batch inside a batch cannot be written at any depth', async () => {
      let writes: unknown[] = [{ key: 'n-0', method: 'POST', path: SUBMIT, body: call('nested') }];
      for (let depth = 1; depth <= 50; depth++) {
        writes = [{ key: `n-${depth}`, method: 'POST', path: '/api/x/../batch', body: { writes } }];
      }
      const answer = await batch(manager, writes);
      expect(answer.status).toBe(400);
      expect((await callsOnH3()).some((c) => c['Notes'] === 'nested')).toBe(false);
    });

    it('admin routes stay 403 to a field user, batched or not', async () => {
      expect((await manager.get('/admin/users')).status).toBe(403);
      expect(
        (
          await batch(manager, [
            { key: 'adm', method: 'DELETE', path: '/api/admin/users/x/scopes/y' },
          ])
        ).status,
      ).toBe(400);
    });

    it('carries each allow-listed kind of write: walk form update by path, file delete', async () => {
      const upload = await manager.post('/files/walkItems/h3-item/batch-photo.jpg', {
        data: Buffer.from('photo').toString('base64'),
        contentType: 'image/jpeg',
      });
      expect(upload.status).toBe(201);
      const answer = await batch(manager, [
        {
          key: 'walk-upd',
          method: 'PATCH',
          path: `/api/field_walks/closing/update/${WALKS.closingFinal}`,
          body: { notes: 'batched walk note' },
        },
        {
          key: 'file-del',
          method: 'DELETE',
          path: '/api/files/walkItems/h3-item/batch%2Dphoto.jpg',
        },
        {
          key: 'home-upd',
          method: 'PATCH',
          path: '/api/field_homes/update?id=h3',
          body: { Lot: '9' },
        },
      ]);
      expect(answer.status).toBe(200);
      expect(answer.body.results.map((r) => [r.key, r.status])).toEqual([
        ['walk-upd', 200],
        ['file-del', 200],
        ['home-upd', 200],
      ]);
      expect((await manager.get('/files/walkItems/h3-item/batch-photo.jpg')).status).toBe(404);
    });

    it('a batch above the body limit is a 413, never a 500', async () => {
      const big = 'x'.repeat(60_000);
      const writes = Array.from({ length: MAX_BATCH_WRITES }, (_, i) => ({
        key: `big-${i}`,
        method: 'POST',
        path: SUBMIT,
        body: call(big),
      }));
      const answer = await batch(manager, writes);
      expect(answer.status).toBe(413);
      expect(answer.body).toEqual({ error: MESSAGES.payloadTooLarge });
    });
  });

  it('a forged batch ticket is refused, never taken for a user', async () => {
    const answer = await server
      .client()
      .post(SUBMIT.replace('/api', ''), call('forged'), { 'x-field-batch-ticket': 'guess' });
    expect(answer.status).toBe(401);
    expect((await callsOnH3()).some((c) => c['Notes'] === 'forged')).toBe(false);
  });
});
