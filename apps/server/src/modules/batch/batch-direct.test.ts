// Batched writes call their routes' handlers directly, in one transaction: every write the
// allow-list lets through has its handler; a write answers in a batch what it answers
// alone; a later write sees an earlier one of the same batch; and the staff notifications
// a batched write leaves are made once per Idempotency-Key, after the commit.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_WRITE_ROUTES } from '@field/domain';
import { availableDialects } from '../../test/databases.js';
import { buildHome } from '../../test/factories.js';
import type { ApiClient, TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope } from '../../test/test-server.js';

interface Answer {
  key: string;
  status: number;
  body: unknown;
}

const CALLS = '/api/field_communication/phoneCalls';

describe.each(await availableDialects())('batched writes called directly on %s', (dialect) => {
  let server: TestServer;
  let manager: ApiClient;
  let staff: ApiClient;

  beforeAll(async () => {
    server = await getTestServer(dialect);
    await server.insert('homes', [buildHome('hd', { 'Construction Staff': ['emp-staff'] })]);
    manager = server.client((await server.createUser({ scopes: [groupScope('manager')] })).token);
    staff = server.client(
      (await server.createUser({ scopes: [groupScope('builder')], airtableId: 'emp-staff' })).token,
    );
  });
  afterAll(() => server.close());

  const batch = (writes: unknown[]) => manager.post<{ results: Answer[] }>('/batch', { writes });
  const call = (notes: string) => ({
    Home: 'hd',
    Staff: 'emp-staff',
    Date: '2026-11-05',
    Notes: notes,
    Voicemail: false,
  });

  it('has a handler for every write the allow-list lets through: none answers 500', async () => {
    const writes = BATCH_WRITE_ROUTES.map((route, i) => ({
      key: `every-${i}-${randomUUID()}`,
      method: route.method,
      path: route.path.replace(':id', 'no-such-id').replace('*', 'nowhere/no-such-file'),
      ...(route.method === 'DELETE' ? {} : { body: {} }),
    }));
    for (let i = 0; i < writes.length; i += 20) {
      const answer = await batch(writes.slice(i, i + 20));
      expect(answer.status).toBe(200);
      for (const result of answer.body.results) {
        expect(result.status, `${JSON.stringify(result)}`).toBeGreaterThanOrEqual(400);
        expect(result.status, `${JSON.stringify(result)}`).toBeLessThan(500);
      }
    }
  });

  it('answers a write in a batch exactly as alone', async () => {
    const bad = { ...call('no date'), Date: 'yesterday' };
    const alone = await manager.post(`${CALLS.replace('/api', '')}/submit`, bad);
    const batched = await batch([
      { key: randomUUID(), method: 'POST', path: `${CALLS}/submit`, body: bad },
    ]);
    expect(batched.body.results[0]).toMatchObject({ status: alone.status, body: alone.body });
  });

  it('lets a later write see an earlier one of the same batch', async () => {
    const id = randomUUID();
    const answer = await batch([
      {
        key: randomUUID(),
        method: 'POST',
        path: `${CALLS}/submit`,
        body: { id, ...call('first') },
      },
      {
        key: randomUUID(),
        method: 'PATCH',
        path: `${CALLS}/update?id=${id}`,
        body: { Notes: 'then changed', Voicemail: true },
      },
    ]);
    expect(answer.body.results.map((r) => r.status)).toEqual([201, 200]);
    const stored = await manager.get<{ Notes: string }[]>(
      `/field_communication/phoneCalls/listByHome?homeId=hd`,
    );
    expect(stored.body.find((c) => c.Notes === 'then changed')).toBeDefined();
  });

  it('tells the staff once per Idempotency-Key, also when the batch is sent again', async () => {
    const marker = `told once ${randomUUID()}`;
    const writes = [
      { key: randomUUID(), method: 'POST', path: `${CALLS}/submit`, body: call(marker) },
      { key: randomUUID(), method: 'POST', path: `${CALLS}/submit`, body: call(`${marker} b`) },
    ];
    const counted = async () => {
      await server.settled();
      const page = await staff.get<{ total: number }>('/notifications?pageSize=100');
      return page.body.total;
    };
    const before = await counted();
    expect((await batch(writes)).body.results.map((r) => r.status)).toEqual([201, 201]);
    expect(await counted()).toBe(before + 2);
    const again = await batch(writes);
    expect(again.body.results.map((r) => r.status)).toEqual([201, 201]);
    expect(await counted()).toBe(before + 2);
  });
});
