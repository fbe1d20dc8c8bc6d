// Idempotency-Key over real HTTP: a replay answers the first response with one effect,
// even when the replays race; a reused key with another body is 422.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects } from '../test/databases.js';
import { insertFixture } from '../test/fixture.js';
import type { ApiClient, TestServer } from '../test/test-server.js';
import { getTestServer, groupScope } from '../test/test-server.js';

type Rec = Record<string, unknown> & { id: string };

describe.each(await availableDialects())('Idempotency-Key on %s', (dialect) => {
  let server: TestServer;
  let api: ApiClient;
  let otherUser: ApiClient;
  beforeAll(async () => {
    server = await getTestServer(dialect);
    await insertFixture(server);
    api = server.client((await server.createUser({ scopes: [groupScope('manager')] })).token);
    otherUser = server.client((await server.createUser({ scopes: [groupScope('manager')] })).token);
  });
  afterAll(() => server.close());

  const call = {
    Home: 'h3',
    Staff: 'emp-1',
    Date: '2026-11-05T08:00:00.000Z',
    Notes: 'Replay me',
    Voicemail: false,
  };
  const callsOnH3 = async () =>
    (await api.get<Rec[]>('/field_communication/phoneCalls/listByHome?homeId=h3')).body;

  it('a replayed key produces one record and the first response', async () => {
    const headers = { 'idempotency-key': 'mutation-0001' };
    const first = await api.post<Rec>('/field_communication/phoneCalls/submit', call, headers);
    const second = await api.post<Rec>('/field_communication/phoneCalls/submit', call, headers);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect((await callsOnH3()).filter((c) => c['Notes'] === 'Replay me')).toHaveLength(1);
  });

  it('racing replays of one key still make one record', async () => {
    const headers = { 'idempotency-key': 'mutation-race' };
    const body = { ...call, Notes: 'Raced' };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        api.post<Rec>('/field_communication/phoneCalls/submit', body, headers),
      ),
    );
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201]));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect((await callsOnH3()).filter((c) => c['Notes'] === 'Raced')).toHaveLength(1);
  });

  it('a key reused with a different body is 422 and changes nothing', async () => {
    const headers = { 'idempotency-key': 'mutation-0002' };
    await api.post(
      '/field_communication/phoneCalls/submit',
      { ...call, Notes: 'Original' },
      headers,
    );
    const reused = await api.post(
      '/field_communication/phoneCalls/submit',
      { ...call, Notes: 'Different' },
      headers,
    );
    expect(reused).toMatchObject({
      status: 422,
      body: { error: 'Idempotency-Key was already used with a different request' },
    });
    expect((await callsOnH3()).filter((c) => c['Notes'] === 'Different')).toHaveLength(0);
  });

  it('keys are per user', async () => {
    const headers = { 'idempotency-key': 'shared-key' };
    const mine = await api.post<Rec>(
      '/field_communication/phoneCalls/submit',
      { ...call, Notes: 'Mine' },
      headers,
    );
    const theirs = await otherUser.post<Rec>(
      '/field_communication/phoneCalls/submit',
      { ...call, Notes: 'Theirs' },
      headers,
    );
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
  });

  it('a replayed update and delete apply once', async () => {
    const created = await api.post<Rec>('/field_communication/notes/submit', {
      HomeRID: 'h1',
      Text: 'v1',
    });
    const patchHeaders = { 'idempotency-key': 'patch-1' };
    const path = `/field_communication/notes/update?id=${created.body.id}`;
    const p1 = await api.patch<Rec>(path, { Text: 'v2' }, patchHeaders);
    const p2 = await api.patch<Rec>(path, { Text: 'v2' }, patchHeaders);
    expect(p2.body).toEqual(p1.body);
    const stored = await server.records.find(server.db, 'notes', created.body.id);
    expect(stored?.version).toBe(2);

    const delHeaders = { 'idempotency-key': 'delete-1' };
    const del = `/field_communication/notes/delete?id=${created.body.id}`;
    expect((await api.delete(del, delHeaders)).status).toBe(200);
    expect((await api.delete(del, delHeaders)).status).toBe(200);
  });

  it('a failed write does not burn its key', async () => {
    const headers = { 'idempotency-key': 'retry-after-fix' };
    const bad = await api.post(
      '/field_communication/notes/submit',
      { HomeRID: 'nowhere', Text: 'x' },
      headers,
    );
    expect(bad.status).toBe(400);
    const good = await api.post(
      '/field_communication/notes/submit',
      { HomeRID: 'nowhere', Text: 'x' },
      headers,
    );
    expect(good.status).toBe(400);
    const fixed = await api.post(
      '/field_communication/notes/submit',
      { HomeRID: 'h1', Text: 'x' },
      { 'idempotency-key': 'retry-after-fix' },
    );
    expect(fixed.status).toBe(201);
  });

  it('refuses a malformed key', async () => {
    const res = await api.post(
      '/field_communication/notes/submit',
      { HomeRID: 'h1', Text: 'x' },
      { 'idempotency-key': 'x'.repeat(201) },
    );
    expect(res.status).toBe(400);
  });
});
