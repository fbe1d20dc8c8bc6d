// A vendor whose id is as long as a record id may be (64 characters): its trade's writes
// are stored under `trade:` and that id, which PostgreSQL refused in the writer's columns
// (a 500 for the trade's "ready"). Migration 0013 widens them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TradeLinkSummary } from '@field/domain';
import { TRADE_TOKEN_HEADER } from '@field/domain';
import type { Mailer } from '../auth/mailer.js';
import { availableDialects } from '../../test/databases.js';
import { buildWalkItem } from '../../test/factories.js';
import { WALKS, insertFixture } from '../../test/fixture.js';
import type { ApiClient, TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope } from '../../test/test-server.js';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe.each(await availableDialects())('a vendor with a 64-character id on %s', (dialect) => {
  let server: TestServer;
  let staff: ApiClient;
  const mails: { text: string }[] = [];
  beforeAll(async () => {
    const mailer: Mailer = {
      send: (mail) => {
        mails.push(mail);
        return Promise.resolve();
      },
      track: (work) => work,
      close: () => Promise.resolve(),
    };
    server = await getTestServer(dialect, { server: { mailer } });
    await insertFixture(server);
    staff = server.client((await server.createUser({ scopes: [groupScope('manager')] })).token);
  });
  afterAll(() => server.close());

  it('lets its trade mark an item ready for review (no 500)', async () => {
    const vendorId = 'v'.repeat(64);
    const vendor = await staff.post('/field_vendors/submit', {
      id: vendorId,
      Name: 'Long Id Plumbing',
      Trade: 'Plumbing',
      Email: 'long@trade.test',
    });
    expect(vendor.status).toBe(201);
    const made = buildWalkItem('long-item', WALKS.closingFinal, 'h1', 'final-punch');
    await server.insert('walkItems', [{ ...made, data: { ...made.data, Vendor: vendorId } }]);
    const sent = await staff.post<TradeLinkSummary>('/field_vendors/trade-links', { vendorId });
    expect(sent.status).toBe(201);
    await expect.poll(() => mails.length).toBe(1);
    const token = /\/trade\.html#([A-Za-z0-9_-]+)/.exec(mails[0]?.text ?? '')?.[1] ?? '';
    const ready = await server.client().request('POST', '/trade/items/long-item/ready', {
      body: { note: 'Fixed the leak', photo: { data: PNG, contentType: 'image/png' } },
      headers: { [TRADE_TOKEN_HEADER]: token },
    });
    expect({ status: ready.status, body: ready.body }).toEqual({
      status: 200,
      body: { id: 'long-item', status: 'Ready for review' },
    });
  });
});
