// Changes to one record side by side (record-writes.ts, existingRecord): each change stores
// the whole record, so on PostgreSQL the second to commit undid the first (both 200). Each
// now waits for the other and keeps its fields.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_TYPES } from '@field/domain';
import { availableDialects } from '../../test/databases.js';
import type { ApiClient, TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope } from '../../test/test-server.js';

type Rec = Record<string, unknown> & { id: string; updatedAt: string };

describe.each(await availableDialects())('concurrent changes to one home on %s', (dialect) => {
  let server: TestServer;
  let manager: ApiClient;
  beforeAll(async () => {
    server = await getTestServer(dialect);
    manager = server.client((await server.createUser({ scopes: [groupScope('manager')] })).token);
  });
  afterAll(() => server.close());

  it('keeps every staff list changed at once (one per list)', async () => {
    for (let round = 0; round < 5; round += 1) {
      const home = await manager.post<Rec>('/field_homes/submit', {
        HomeID: `LU-${round}`,
        Address: `${round} Race St`,
      });
      expect(home.status).toBe(201);
      const answers = await Promise.all(
        STAFF_TYPES.map((staffType, i) =>
          manager.patch(`/field_homes/updateStaff?id=${home.body.id}`, {
            staffIds: [`emp-${i}`],
            staffType,
          }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(STAFF_TYPES.map(() => 200));
      const list = (await manager.get<Rec[]>('/field_homes/listActive')).body;
      const stored = list.find((h) => h.id === home.body.id)!;
      expect(Object.fromEntries(STAFF_TYPES.map((t) => [t, stored[t]])), `round ${round}`).toEqual(
        Object.fromEntries(STAFF_TYPES.map((t, i) => [t, [`emp-${i}`]])),
      );
    }
  });

  it('keeps every field changed at once by plain updates', async () => {
    const home = await manager.post<Rec>('/field_homes/submit', {
      HomeID: 'LU-F',
      Address: '1 A St',
    });
    const answers = await Promise.all([
      manager.patch(`/field_homes/update?id=${home.body.id}`, { Community: 'North' }),
      manager.patch(`/field_homes/update?id=${home.body.id}`, { Lot: '12' }),
      manager.patch(`/field_homes/update?id=${home.body.id}`, { Plan: 'Aspen' }),
      manager.patch(`/field_homes/update?id=${home.body.id}`, { Status: 'Framing' }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const list = (await manager.get<Rec[]>('/field_homes/listActive')).body;
    expect(list.find((h) => h.id === home.body.id)).toMatchObject({
      Community: 'North',
      Lot: '12',
      Plan: 'Aspen',
      Status: 'Framing',
    });
  });
});
