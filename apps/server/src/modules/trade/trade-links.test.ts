// The trade's own link over HTTP (docs/decisions.md, The trade's own link): staff who write
// vendors mail a vendor a link; the link opens that vendor's open items and nothing else,
// lets the trade only mark an item ready for review (with a note and a photo, named as the
// trade in the history, the home's staff notified), and stops at its expiry or revocation.
// The database keeps only the token's hash; every other route refuses the token; the
// trade's calls are rate-limited per address; another company's server knows nothing of it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TradeLinkSummary, TradeView } from '@field/domain';
import { TRADE_TOKEN_HEADER } from '@field/domain';
import type { Mailer } from '../auth/mailer.js';
import { availableDialects } from '../../test/databases.js';
import { buildHome, buildPerson, buildWalkItem } from '../../test/factories.js';
import { WALKS, insertFixture } from '../../test/fixture.js';
import { routesOf } from '../../test/routes.js';
import type { ApiClient, TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope, singleScope } from '../../test/test-server.js';

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** A mailer that keeps what it is given: the link is read from the mail, as a trade would. */
function keepingMailer(mails: Mail[]): Mailer {
  return {
    send: (mail) => {
      mails.push(mail);
      return Promise.resolve();
    },
    track: (work) => work,
    close: () => Promise.resolve(),
  };
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
).toString('base64');

function item(id: string, home: string, vendor: string, fields: Record<string, unknown> = {}) {
  const made = buildWalkItem(
    id,
    home === 'h1' ? WALKS.closingFinal : `${home}-final`,
    home,
    'final-punch',
  );
  return { ...made, data: { ...made.data, Vendor: vendor, 'Due Date': '2026-12-24', ...fields } };
}

async function insertTradeWorld(server: TestServer): Promise<void> {
  await insertFixture(server);
  await server.insert('employees', [
    buildPerson('emp-super', {
      'First Name': 'Sam',
      'Last Name': 'Super',
      Phone: '555-0199',
      Email: 'sam@builder.test',
      Role: 'Builder',
      Active: true,
    }),
    buildPerson('emp-other', { 'First Name': 'Olga', 'Last Name': 'Other', Role: 'Builder' }),
  ]);
  await server.insert('homes', [
    buildHome('h9', { 'Construction Staff': ['emp-super'], 'Sales Staff': ['emp-other'] }),
  ]);
  await server.insert('vendors', [
    buildPerson('vendor-2', { Name: 'Bravo Paint', Trade: 'Paint', Email: 'bravo@trade.test' }),
    buildPerson('vendor-3', { Name: 'No Mail Co', Trade: 'Tile' }),
  ]);
  await server.insert('walkItems', [
    item('a-open-1', 'h1', 'vendor-1'),
    item('a-open-2', 'h9', 'vendor-1', {
      Photos: [{ collection: 'walkItems', key: 'a-open-2/before.png', name: 'before.png' }],
    }),
    item('a-done', 'h9', 'vendor-1', { Status: 'Complete', 'Completed At': '2026-11-01' }),
    item('b-open', 'h9', 'vendor-2'),
  ]);
}

describe.each(await availableDialects())('the trade’s own link on %s', (dialect) => {
  let server: TestServer;
  let other: TestServer;
  const mails: Mail[] = [];
  let staff: ApiClient;
  let superintendent: ApiClient;
  let reader: ApiClient;
  let anonymous: ApiClient;

  beforeAll(async () => {
    server = await getTestServer(dialect, { server: { mailer: keepingMailer(mails) } });
    await insertTradeWorld(server);
    staff = server.client((await server.createUser({ scopes: [groupScope('manager')] })).token);
    superintendent = server.client(
      (await server.createUser({ scopes: [groupScope('builder')], airtableId: 'emp-super' })).token,
    );
    reader = server.client(
      (await server.createUser({ scopes: [singleScope('collaboration_vendors', true, false)] }))
        .token,
    );
    anonymous = server.client();
    // Another company: its own server and database, the same ids, a tight trade limit and
    // links that last a week.
    other = await getTestServer(dialect, {
      env: { RATE_LIMIT_TRADE_MAX: '3', TRADE_LINK_TTL_DAYS: '7' },
    });
    await insertTradeWorld(other);
  });
  afterAll(async () => {
    await server.close();
    await other.close();
  });

  /** Sends vendor its link and reads the token off the mailed link. */
  async function sendLink(vendorId: string, email?: string) {
    const count = mails.length;
    const sent = await staff.post<TradeLinkSummary>('/field_vendors/trade-links', {
      vendorId,
      ...(email === undefined ? {} : { email }),
    });
    expect(sent.status).toBe(201);
    await expect.poll(() => mails.length).toBe(count + 1);
    const mail = mails[count];
    const token = /\/trade\.html#([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();
    return { link: sent.body, mail, token: token ?? '' };
  }

  const asTrade = (client: ApiClient, token: string) => ({
    items: () =>
      client.request<TradeView>('GET', '/trade/items', {
        headers: { [TRADE_TOKEN_HEADER]: token },
      }),
    ready: (id: string, body: unknown) =>
      client.request<{ error?: string }>('POST', `/trade/items/${id}/ready`, {
        body,
        headers: { [TRADE_TOKEN_HEADER]: token },
      }),
    photo: (id: string, key: string) =>
      client.request('GET', `/trade/photo?item=${id}&key=${encodeURIComponent(key)}`, {
        headers: { [TRADE_TOKEN_HEADER]: token },
      }),
  });

  it('mails the vendor a link to exactly its open items, with the superintendent and no one else', async () => {
    const { mail, token, link } = await sendLink('vendor-1', 'acme@trade.test');
    expect(mail?.to).toBe('acme@trade.test');
    expect(link).toMatchObject({
      vendorId: 'vendor-1',
      sentTo: 'acme@trade.test',
      revokedAt: null,
    });
    const days = (Date.parse(link.expiresAt) - Date.parse(link.createdAt)) / 86_400_000;
    expect(days).toBe(30);
    const view = await asTrade(anonymous, token).items();
    expect(view.status).toBe(200);
    expect(view.body.vendor).toEqual({ name: 'Acme Drywall', trade: 'Drywall' });
    expect(view.body.items.map((i) => i.id).sort()).toEqual(['a-open-1', 'a-open-2']);
    const h9 = view.body.items.find((i) => i.id === 'a-open-2');
    expect(h9).toMatchObject({
      address: 'h9 Test Street',
      walk: 'final-punch',
      location: 'Kitchen',
      description: 'Item a-open-2',
      dueDate: '2026-12-24',
      status: 'Outstanding',
      contact: { name: 'Sam Super', phone: '555-0199', email: 'sam@builder.test' },
    });
    const body = JSON.stringify(view.body);
    for (const hidden of [
      'Pat Buyer',
      'pat@example.test',
      'Olga',
      'Ada Builder',
      'Bravo',
      'b-open',
      'a-done',
    ]) {
      expect(body).not.toContain(hidden);
    }
    // The vendor's own address is the default; a vendor with none needs one given.
    const own = await sendLink('vendor-2');
    expect(own.mail?.to).toBe('bravo@trade.test');
    const none = await staff.post('/field_vendors/trade-links', { vendorId: 'vendor-3' });
    expect(none.status).toBe(400);
  });

  it('mails a link once however often its send is replayed under one Idempotency-Key', async () => {
    // The web app queues a send offline and may send it again (a lost answer, a reload).
    const count = mails.length;
    const send = () =>
      staff.request<TradeLinkSummary>('POST', '/field_vendors/trade-links', {
        body: { vendorId: 'vendor-2', email: 'replay@trade.test' },
        headers: { 'idempotency-key': `trade-link-replay-${dialect}` },
      });
    const first = await send();
    const again = await send();
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(mails.slice(count).map((mail) => mail.to)).toEqual(['replay@trade.test']);
    const listed = await staff.get<TradeLinkSummary[]>(
      '/field_vendors/trade-links?vendorId=vendor-2',
    );
    expect(listed.body.filter((link) => link.sentTo === 'replay@trade.test')).toHaveLength(1);
  });

  it('tells staff who write vendors how long a link works on this server', async () => {
    const here = await staff.get<{ ttlDays: number }>('/field_vendors/trade-links/settings');
    expect(here.status).toBe(200);
    expect(here.body).toEqual({ ttlDays: 30 });
    expect((await reader.get('/field_vendors/trade-links/settings')).status).toBe(403);
    expect((await anonymous.get('/field_vendors/trade-links/settings')).status).toBe(401);
    const manager = await other.createUser({ scopes: [groupScope('manager')] });
    const there = await other
      .client(manager.token)
      .get<{ ttlDays: number }>('/field_vendors/trade-links/settings');
    expect(there.body).toEqual({ ttlDays: 7 });
  });

  it('lets only staff who write vendors send, list and revoke links', async () => {
    for (const client of [reader, anonymous]) {
      const sent = await client.post('/field_vendors/trade-links', {
        vendorId: 'vendor-1',
        email: 'x@trade.test',
      });
      expect(sent.status).toBe(client === anonymous ? 401 : 403);
      const listed = await client.get('/field_vendors/trade-links?vendorId=vendor-1');
      expect(listed.status).toBe(client === anonymous ? 401 : 403);
    }
    const unknown = await staff.post('/field_vendors/trade-links', {
      vendorId: 'nobody',
      email: 'x@trade.test',
    });
    expect(unknown.status).toBe(400);
    const badMail = await staff.post('/field_vendors/trade-links', {
      vendorId: 'vendor-1',
      email: 'not mail',
    });
    expect(badMail.status).toBe(400);
  });

  it('keeps only the token’s hash in the database', async () => {
    const { token, link } = await sendLink('vendor-1', 'acme@trade.test');
    const row = await server.db
      .selectFrom('trade_links')
      .selectAll()
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const listed = await staff.get<TradeLinkSummary[]>(
      '/field_vendors/trade-links?vendorId=vendor-1',
    );
    expect(JSON.stringify(listed.body)).not.toContain(token);
    expect(listed.body.some((l) => l.id === link.id)).toBe(true);
  });

  it('lets the trade mark only its own outstanding items ready, with a note and a photo; staff send back and complete', async () => {
    const { token } = await sendLink('vendor-1', 'acme@trade.test');
    const trade = asTrade(anonymous, token);
    const photo = { data: PNG, contentType: 'image/png' };
    expect((await trade.ready('b-open', { note: 'Done', photo })).status).toBe(404);
    expect((await trade.ready('a-done', { note: 'Done', photo })).status).toBe(404);
    expect((await trade.ready('a-open-2', { note: '  ', photo })).status).toBe(400);
    expect((await trade.ready('a-open-2', { note: 'Done' })).status).toBe(400);
    const ready = await trade.ready('a-open-2', { note: 'Patched and sanded', photo });
    expect(ready.status).toBe(200);
    // Ready for review: the trade cannot mark it again, nor complete it.
    expect((await trade.ready('a-open-2', { note: 'Again', photo })).status).toBe(400);
    const seen = await trade.items();
    const mine = seen.body.items.find((i) => i.id === 'a-open-2');
    expect(mine).toMatchObject({ status: 'Ready for review', reviewNote: 'Patched and sanded' });
    const reviewPhoto = mine?.photos.find((p) => p.key !== 'walkItems/a-open-2/before.png');
    expect(reviewPhoto).toBeDefined();
    const bytes = await trade.photo('a-open-2', reviewPhoto?.key ?? '');
    expect(bytes.status).toBe(200);
    expect((await trade.photo('b-open', reviewPhoto?.key ?? '')).status).toBe(404);
    expect((await trade.photo('a-open-2', 'walkItems/b-open/x.png')).status).toBe(404);

    // The superintendent of the home hears of it.
    await server.settled();
    const notes = await superintendent.get<{ notifications: { title: string }[] }>(
      '/notifications',
    );
    expect(notes.body.notifications.map((n) => n.title)).toContain(
      'Acme Drywall marked a final punch item ready for review: Item a-open-2 (Kitchen)',
    );
    // Staff send it back with a reason; the trade sees it and marks it again; staff complete.
    const back = await staff.patch(`/field_walks/item/update?id=a-open-2`, {
      Name: 'Item a-open-2',
      Status: 'Outstanding',
      'Return Reason': 'Still a crack by the door',
    });
    expect(back.status).toBe(200);
    const returned = (await trade.items()).body.items.find((i) => i.id === 'a-open-2');
    expect(returned).toMatchObject({
      status: 'Outstanding',
      returnReason: 'Still a crack by the door',
    });
    expect((await trade.ready('a-open-2', { note: 'Filled the crack', photo })).status).toBe(200);
    const done = await staff.patch(`/field_walks/item/update?id=a-open-2`, {
      Name: 'Item a-open-2',
      Status: 'Complete',
    });
    expect(done.status).toBe(200);
    expect((await trade.items()).body.items.map((i) => i.id)).not.toContain('a-open-2');

    const history = await staff.get<
      {
        operation: string;
        fields: string[];
        after: Record<string, unknown> | null;
        user: { id: string; name: string };
      }[]
    >('/history?kind=walkItems&id=a-open-2');
    const steps = history.body
      .filter((entry) => entry.fields.includes('Status'))
      .map((entry) => `${String(entry.after?.['Status'])} by ${entry.user.name}`);
    expect(steps).toEqual([
      'Ready for review by Acme Drywall (trade)',
      expect.stringMatching(/^Outstanding by /),
      'Ready for review by Acme Drywall (trade)',
      expect.stringMatching(/^Complete by /),
    ]);
  });

  it('answers an expired and a revoked link with why, and an unknown one as not valid', async () => {
    const expiring = await sendLink('vendor-1', 'acme@trade.test');
    await server.db
      .updateTable('trade_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expiring.link.id)
      .execute();
    const expired = await asTrade(anonymous, expiring.token).items();
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({ reason: 'expired' });

    const revoking = await sendLink('vendor-1', 'acme@trade.test');
    expect((await asTrade(anonymous, revoking.token).items()).status).toBe(200);
    const revoked = await staff.post<TradeLinkSummary>(
      `/field_vendors/trade-links/${revoking.link.id}/revoke`,
    );
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).not.toBeNull();
    const gone = await asTrade(anonymous, revoking.token).items();
    expect(gone.status).toBe(410);
    expect(gone.body).toMatchObject({ reason: 'revoked' });
    const tryReady = await asTrade(anonymous, revoking.token).ready('a-open-1', {
      note: 'x',
      photo: { data: PNG, contentType: 'image/png' },
    });
    expect(tryReady.status).toBe(410);
    expect((await asTrade(anonymous, 'made-up-token').items()).status).toBe(401);
    expect((await asTrade(anonymous, '').items()).status).toBe(401);
    expect((await staff.post('/field_vendors/trade-links/nope/revoke')).status).toBe(404);
  });

  it('is refused by every other API route, as a bearer and in its own header', async () => {
    const { token } = await sendLink('vendor-1', 'acme@trade.test');
    const open = /^\/api\/(auth|health|links|telemetry|trade\/|notifications\/stream)/;
    const routes = routesOf(server.app.printRoutes({ commonPrefix: false })).filter(
      (route) =>
        route.path.startsWith('/api/') &&
        !open.test(route.path) &&
        route.method !== 'HEAD' &&
        route.method !== 'OPTIONS',
    );
    expect(routes.length).toBeGreaterThan(50);
    const answers: string[] = [];
    for (const route of routes) {
      const path = route.path
        .slice('/api'.length)
        .replace(/:\w+/g, 'x')
        .replace('*', 'walkItems/x');
      const tries: Record<string, string>[] = [
        { authorization: `Bearer ${token}` },
        { [TRADE_TOKEN_HEADER]: token },
      ];
      for (const headers of tries) {
        const answer = await anonymous.request(route.method, path, {
          headers,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} }),
        });
        if (answer.status !== 401)
          answers.push(`${route.method} ${path}: ${String(answer.status)}`);
      }
    }
    expect(answers).toEqual([]);
  });

  it('is unknown to another company’s server, and limited per address', async () => {
    const { token } = await sendLink('vendor-1', 'acme@trade.test');
    const elsewhere = other.client();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await asTrade(elsewhere, token).items()).status);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });
});
