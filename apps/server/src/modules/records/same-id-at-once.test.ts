// One new record sent twice at once without one Idempotency-Key (two keys, or a retry
// without): one is stored, the other is told it exists (409), never a 500 from the key's
// violation on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { availableDialects } from '../../test/databases.js';
import { insertFixture } from '../../test/fixture.js';
import type { ApiClient, TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope } from '../../test/test-server.js';

describe.each(await availableDialects())('one record id sent twice at once on %s', (dialect) => {
  let server: TestServer;
  let cs: ApiClient;
  beforeAll(async () => {
    server = await getTestServer(dialect);
    await insertFixture(server);
    cs = server.client(
      (await server.createUser({ scopes: [groupScope('customerService')] })).token,
    );
  });
  afterAll(() => server.close());

  it('answers one 201 and 409s, never a 500', async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          cs.post('/field_communication/phoneCalls/submit', {
            id,
            Home: 'h2',
            Staff: 'emp-2',
            Date: '2026-11-02T15:30:00.000Z',
            Notes: 'Asked for a walk date',
            Voicemail: false,
          }),
        ),
      );
      expect(answers.map((a) => a.status).sort(), `round ${round}`).toEqual([201, 409, 409, 409]);
    }
  });
});
