// The notifications centre end to end: made by the server on writes to a home its staff
// work on, and by admins; listed by tab and page, counted, marked read, deleted; and the
// live stream (Server-Sent Events) that learns of changes through the database.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  notificationCountsSchema,
  notificationPageSchema,
  notificationStreamEventSchemas,
  streamTicketSchema,
} from '@field/domain';
import { availableDialects } from '../../test/databases.js';
import { openSse } from '../../test/sse.js';
import { buildHome, buildOnHome } from '../../test/factories.js';
import type { ApiClient, TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope, singleScope } from '../../test/test-server.js';

interface Note {
  id: string;
  title: string;
  read: boolean;
  priority: string;
  timestamp: string;
  metadata: Record<string, unknown>;
  category: string;
  app: string;
  createdAt: string;
  updatedAt: string;
}

interface Page {
  notifications: Note[];
  app: string;
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

interface Counts {
  apps: Record<string, { total: number; unread: number }>;
  categories: Record<string, { total: number; unread: number }>;
}

describe.each(await availableDialects())('notifications on %s', (dialect) => {
  let server: TestServer;
  let admin: ApiClient;
  let author: { id: string; client: ApiClient };
  let builder: { id: string; client: ApiClient };
  let cs: { id: string; client: ApiClient };
  let outsider: { id: string; client: ApiClient };

  const user = async (airtableId: string, scope: string) => {
    const made = await server.createUser({ scopes: [groupScope(scope)], airtableId });
    return { id: made.id, client: server.client(made.token) };
  };

  const announce = (client: ApiClient, body: Record<string, unknown>) =>
    client.post<{ created: number; notification?: Note }>('/notifications', body);

  beforeAll(async () => {
    server = await getTestServer(dialect, { env: { NOTIFICATIONS_POLL_MS: '100' } });
    await server.insert('homes', [
      buildHome('hn', {
        Address: '12 Notify Lane',
        HomeID: '512',
        'Construction Staff': ['emp-author', 'emp-builder'],
        'Sales Staff': ['emp-pending'],
        'Offline Homes': ['emp-cs'],
      }),
      buildHome('hq'),
    ]);
    // The closing walks the items below hang on (an item always hangs on a walk).
    const closing = (id: string, home: string, type: string) =>
      buildOnHome(id, home, { type, selectedHome: home, user: 'emp-author', date: '2026-10-01' });
    await server.insert('closing', [
      closing('hn-final', 'hn', 'final-punch'),
      closing('hq-nhp', 'hq', 'nhp'),
    ]);
    admin = server.client(
      (await server.createUser({ scopes: [singleScope('admin')], airtableId: null })).token,
    );
    author = await user('emp-author', 'manager');
    builder = await user('emp-builder', 'builder');
    cs = await user('emp-cs', 'customerService');
    outsider = await user('emp-outsider', 'manager');
    await server.createUser({
      scopes: [{ value: 'pending-user', approved: false, group: true, read: true, write: true }],
      airtableId: 'emp-pending',
    });
  });
  afterAll(() => server.close());

  const list = async (client: ApiClient, query = '') => {
    const response = await client.get<Page>(`/notifications${query}`);
    expect(response.status).toBe(200);
    // The web app reads the answer with the domain's schema.
    expect(notificationPageSchema.safeParse(response.body).error).toBeUndefined();
    return response.body;
  };

  it("tells a home's staff of a new punch item, not its author or others", async () => {
    const submitted = await author.client.post('/field_walks/item/submit', {
      Walk: 'final-punch',
      Category: 'Paint',
      Location: 'Hall',
      Name: 'Touch up paint',
      HomeRID: 'hn',
    });
    expect(submitted.status).toBe(201);
    // Made after the write's commit, through the outbox.
    await server.settled();

    const [forBuilder] = (await list(builder.client)).notifications;
    expect(forBuilder).toMatchObject({
      title: 'Test User added a final punch item: Touch up paint (Hall)',
      read: false,
      priority: 'normal',
      category: 'punch_item',
      app: 'field',
      metadata: {
        homeAddress: '12 Notify Lane',
        homeRID: 'hn',
        homeID: '512',
        walk: 'final-punch',
      },
    });
    expect(forBuilder?.createdAt).toBe(forBuilder?.updatedAt);
    expect((await list(cs.client)).notifications.map((n) => n.category)).toEqual(['punch_item']);
    expect((await list(author.client)).total).toBe(0);
    expect((await list(outsider.client)).total).toBe(0);
    // The pending user is on the staff but may read nothing: no notification.
    const rows = await server.db.selectFrom('notifications').select('user_id').execute();
    expect(rows.map((r) => r.user_id).sort()).toEqual([builder.id, cs.id].sort());
  });

  it('tells the staff of a logged phone call, once per Idempotency-Key', async () => {
    const call = {
      Home: 'hn',
      Staff: 'emp-cs',
      Date: '2026-11-02T15:30:00.000Z',
      Notes: 'Buyer called about the fence',
      Voicemail: true,
    };
    const headers = { 'idempotency-key': `call-${randomUUID()}` };
    expect(
      (await cs.client.post('/field_communication/phoneCalls/submit', call, headers)).status,
    ).toBe(201);
    const replay = await cs.client.post('/field_communication/phoneCalls/submit', call, headers);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    await server.settled();

    for (const staff of [author, builder]) {
      const calls = (await list(staff.client)).notifications.filter(
        (n) => n.category === 'phone_call',
      );
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatchObject({
        title: 'Test User logged a phone call (voicemail)',
        metadata: { homeAddress: '12 Notify Lane', homeRID: 'hn' },
      });
    }
    expect((await list(cs.client)).notifications.some((n) => n.category === 'phone_call')).toBe(
      false,
    );
  });

  it('makes none when the write fails, nor for a home without staff', async () => {
    const before = (await list(builder.client)).total;
    const bad = await author.client.post('/field_walks/item/submit', {
      Walk: 'final-punch',
      Category: 'Paint',
      Location: 'Hall',
      HomeRID: 'hn',
    });
    expect(bad.status).toBe(400);
    const elsewhere = await author.client.post('/field_walks/item/submit', {
      Walk: 'nhp',
      Category: 'Paint',
      Location: 'Hall',
      Name: 'Scuff',
      HomeRID: 'hq',
    });
    expect(elsewhere.status).toBe(201);
    await server.settled();
    expect((await list(builder.client)).total).toBe(before);
  });

  it('lets only admins make notifications, for one user or everyone', async () => {
    expect((await announce(builder.client, { title: 'Hi', allUsers: true })).status).toBe(403);
    const missing = await announce(admin, { title: 'Hi' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: 'Send either "userId" or "allUsers": true' });
    expect((await announce(admin, { title: '', allUsers: true })).body).toEqual({
      error: 'Invalid value for "title": expected a title',
    });
    expect((await announce(admin, { title: 'Hi', userId: 'nobody' })).status).toBe(404);

    const everyone = await announce(admin, {
      title: 'Release 2.0.7 is out',
      allUsers: true,
      app: 'website',
    });
    expect(everyone.status).toBe(201);
    expect(everyone.body.created).toBe(6);
    const one = await announce(admin, {
      title: 'Your home portal is ready',
      userId: outsider.id,
      app: 'home_info_portal',
      priority: 'high',
      category: 'portal',
      timestamp: '2026-11-01T09:00:00Z',
      metadata: { homeAddress: '1 Main St', link: '/homes/overview' },
    });
    expect(one.status).toBe(201);
    expect(one.body.notification).toMatchObject({
      app: 'notification_info_portal',
      priority: 'high',
      category: 'portal',
      timestamp: '2026-11-01T09:00:00.000Z',
      metadata: { homeAddress: '1 Main St', link: '/homes/overview' },
    });
    const mine = await list(outsider.client);
    expect(mine.notifications.map((n) => n.title)).toEqual([
      'Your home portal is ready',
      'Release 2.0.7 is out',
    ]);
  });

  it('pages 10 at a time, newest first, filtered by tab (home_info_portal too)', async () => {
    const target = await user('emp-pager', 'builder');
    const apps = ['field', 'website', 'design_studio', 'notification_info_portal', 'all'];
    for (let i = 0; i < 23; i += 1) {
      const made = await announce(admin, {
        title: `Note ${i}`,
        userId: target.id,
        app: apps[i % apps.length],
        category: i % 2 === 0 ? 'even' : 'odd',
      });
      expect(made.status).toBe(201);
    }
    const first = await list(target.client);
    expect(first).toMatchObject({ app: 'all', page: 1, pageSize: 10, total: 23, totalPages: 3 });
    expect(first.notifications.map((n) => n.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Note ${22 - i}`),
    );
    const last = await list(target.client, '?page=3');
    expect(last.notifications.map((n) => n.title)).toEqual(['Note 2', 'Note 1', 'Note 0']);
    expect((await list(target.client, '?page=4')).notifications).toEqual([]);

    // A tab shows its own app and the notifications meant for all apps.
    const field = await list(target.client, '?app=field');
    expect(field.total).toBe(9);
    expect(new Set(field.notifications.map((n) => n.app))).toEqual(new Set(['field', 'all']));
    const portal = await list(target.client, '?app=home_info_portal');
    expect(portal.app).toBe('notification_info_portal');
    expect(portal.total).toBe(8);

    // The messages menu asks for one category.
    const odd = await list(target.client, '?category=odd&pageSize=5');
    expect(odd.total).toBe(11);
    expect(odd.notifications.map((n) => n.title)).toEqual([
      'Note 21',
      'Note 19',
      'Note 17',
      'Note 15',
      'Note 13',
    ]);
    expect((await list(target.client, '?category=message')).total).toBe(0);
    expect((await target.client.get('/notifications?category=Not%20One')).status).toBe(400);

    const bad = await target.client.get('/notifications?app=mobile');
    expect(bad.status).toBe(400);
    expect((await target.client.get('/notifications?page=0')).status).toBe(400);

    const counts = await target.client.get<Counts>('/notifications/counts');
    expect(notificationCountsSchema.safeParse(counts.body).error).toBeUndefined();
    expect(counts.body.apps).toEqual({
      all: { total: 23, unread: 23 },
      website: { total: 9, unread: 9 },
      field: { total: 9, unread: 9 },
      design_studio: { total: 9, unread: 9 },
      notification_info_portal: { total: 8, unread: 8 },
    });
    expect(counts.body.categories).toEqual({
      even: { total: 12, unread: 12 },
      odd: { total: 11, unread: 11 },
    });
  });

  it('marks one read, all of a tab read, and deletes; never another user’s', async () => {
    const target = await user('emp-reader', 'builder');
    for (const app of ['field', 'website', 'website']) {
      await announce(admin, { title: `For ${app}`, userId: target.id, app });
    }
    const [newest, middle] = (await list(target.client)).notifications;
    if (newest === undefined || middle === undefined) throw new Error('no notifications');

    expect((await target.client.patch(`/notifications/${newest.id}`, { read: false })).status).toBe(
      400,
    );
    expect(
      (await outsider.client.patch(`/notifications/${newest.id}`, { read: true })).status,
    ).toBe(404);
    const read = await target.client.patch<Note>(`/notifications/${newest.id}`, { read: true });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: newest.id, read: true });
    expect(read.body.updatedAt >= newest.updatedAt).toBe(true);
    const counts = await target.client.get<Counts>('/notifications/counts');
    expect(counts.body.apps.all).toEqual({ total: 3, unread: 2 });
    expect((await list(target.client, '?unread=true')).total).toBe(2);

    const website = await target.client.post<{ updated: number }>('/notifications/mark-all-read', {
      app: 'website',
    });
    expect(website.body).toEqual({ updated: 1 });
    const rest = await target.client.post<{ updated: number }>('/notifications/mark-all-read');
    expect(rest.body).toEqual({ updated: 1 });
    expect((await target.client.get<Counts>('/notifications/counts')).body.apps.all).toEqual({
      total: 3,
      unread: 0,
    });

    expect((await outsider.client.delete(`/notifications/${middle.id}`)).status).toBe(404);
    const deleted = await target.client.delete(`/notifications/${middle.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: middle.id, deleted: true });
    expect((await target.client.delete(`/notifications/${middle.id}`)).status).toBe(404);
    expect((await list(target.client)).notifications.map((n) => n.id)).not.toContain(middle.id);
    expect((await target.client.patch(`/notifications/${middle.id}`, { read: true })).status).toBe(
      404,
    );
  });

  it('needs a signed-in user', async () => {
    const anonymous = server.client();
    expect((await anonymous.get('/notifications')).status).toBe(401);
    expect((await anonymous.post('/notifications/stream-ticket')).status).toBe(401);
  });

  describe('live stream', () => {
    it('lets the server shut down with streams open', async () => {
      // A server of its own, closed while a stream is open.
      const other = await getTestServer(dialect);
      try {
        const otherUser = await other.createUser({ scopes: [] });
        const otherTicket = await other
          .client(otherUser.token)
          .post<{ ticket: string }>('/notifications/stream-ticket');
        const stream = await openSse(
          `${other.url}/api/notifications/stream?ticket=${otherTicket.body.ticket}`,
        );
        await stream.next((e) => e.event === 'snapshot');
        const started = Date.now();
        await other.app.close();
        expect(Date.now() - started).toBeLessThan(5000);
        await stream.close();
      } finally {
        await other.close();
      }
    });

    it('sends every change of a poll, however many', async () => {
      const target = await user('emp-many', 'builder');
      const ticket = await target.client.post<{ ticket: string }>('/notifications/stream-ticket');
      const stream = await openSse(
        `${server.url}/api/notifications/stream?ticket=${ticket.body.ticket}`,
      );
      try {
        await stream.next((e) => e.event === 'snapshot');
        // 1200 rows of one instant: more than one page of the hub's query.
        const now = new Date().toISOString();
        const rows = Array.from({ length: 1200 }, (_, i) => ({
          id: `bulk-${String(i).padStart(4, '0')}`,
          user_id: target.id,
          title: `Bulk ${i}`,
          read: 0,
          priority: 'low',
          occurred_at: now,
          category: 'bulk',
          app: 'all',
          metadata: '{}',
          created_at: now,
          updated_at: now,
          deleted_at: null,
        }));
        for (let i = 0; i < rows.length; i += 200) {
          await server.db
            .insertInto('notifications')
            .values(rows.slice(i, i + 200))
            .execute();
        }
        const seen = new Set<string>();
        while (seen.size < rows.length) {
          const event = await stream.next((e) => e.event === 'notification');
          seen.add((event.data as Note).id);
        }
        const counts = await stream.next((e) => e.event === 'counts');
        expect((counts.data as Counts).categories['bulk']).toEqual({ total: 1200, unread: 1200 });
      } finally {
        await stream.close();
      }
    });

    it('holds at most five live streams per user: a sixth ends the oldest', async () => {
      const target = await user('emp-tabs', 'builder');
      const open = async () => {
        const ticket = await target.client.post<{ ticket: string }>('/notifications/stream-ticket');
        const stream = await openSse(
          `${server.url}/api/notifications/stream?ticket=${ticket.body.ticket}`,
        );
        await stream.next((e) => e.event === 'snapshot');
        return stream;
      };
      const streams = [];
      try {
        for (let i = 0; i < 5; i += 1) streams.push(await open());
        const [oldest] = streams;
        let oldestEnded = false;
        void oldest?.ended.then(() => {
          oldestEnded = true;
        });
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(oldestEnded).toBe(false);

        streams.push(await open());
        await Promise.race([
          oldest?.ended,
          new Promise((_, reject) => setTimeout(() => reject(new Error('still open')), 5000)),
        ]);
        expect(oldestEnded).toBe(true);

        // The other five still hear of changes.
        const now = new Date().toISOString();
        await server.db
          .insertInto('notifications')
          .values({
            id: `tabs-${randomUUID()}`,
            user_id: target.id,
            title: 'To every open tab',
            read: 0,
            priority: 'low',
            occurred_at: now,
            category: 'tabs',
            app: 'all',
            metadata: '{}',
            created_at: now,
            updated_at: now,
            deleted_at: null,
          })
          .execute();
        for (const stream of streams.slice(1)) {
          const event = await stream.next((e) => e.event === 'notification');
          expect((event.data as Note).title).toBe('To every open tab');
        }
      } finally {
        for (const stream of streams) await stream.close();
      }
    });

    it('refuses a ticket issued before the user ended their sessions', async () => {
      const made = await server.createUser({ scopes: [groupScope('builder')] });
      const ticket = await server
        .client(made.token)
        .post<{ ticket: string }>('/notifications/stream-ticket');
      await server.db
        .updateTable('users')
        .set({ tokens_valid_after: Math.floor(Date.now() / 1000) + 5 })
        .where('id', '=', made.id)
        .execute();
      const response = await fetch(
        `${server.url}/api/notifications/stream?ticket=${ticket.body.ticket}`,
      );
      expect(response.status).toBe(401);
    });

    it('refuses a missing, forged or wrong-kind ticket', async () => {
      const made = await server.createUser({ scopes: [groupScope('builder')] });
      for (const query of ['', '?ticket=', '?ticket=abc', `?ticket=${made.token}`]) {
        const response = await fetch(`${server.url}/api/notifications/stream${query}`);
        expect(response.status, query).toBe(401);
        expect(await response.json()).toEqual({
          error: 'The stream ticket is missing, invalid or expired',
        });
      }
    });

    it('sends a snapshot newest first, then new, changed and deleted notifications', async () => {
      const target = await user('emp-streamer', 'builder');
      await announce(admin, { title: 'Older', userId: target.id });
      await announce(admin, { title: 'Newer', userId: target.id, app: 'field' });

      const ticket = await target.client.post<{ ticket: string; expiresAt: string }>(
        '/notifications/stream-ticket',
      );
      expect(ticket.status).toBe(200);
      expect(streamTicketSchema.safeParse(ticket.body).error).toBeUndefined();
      expect(Date.parse(ticket.body.expiresAt)).toBeGreaterThan(Date.now());
      const stream = await openSse(
        `${server.url}/api/notifications/stream?ticket=${encodeURIComponent(ticket.body.ticket)}`,
      );
      try {
        expect(stream.status).toBe(200);
        expect(stream.headers.get('content-type')).toContain('text/event-stream');
        const snapshot = await stream.next((e) => e.event === 'snapshot');
        expect(
          notificationStreamEventSchemas.snapshot.safeParse(snapshot.data).error,
        ).toBeUndefined();
        const first = snapshot.data as { notifications: Note[]; counts: Counts };
        expect(first.notifications.map((n) => n.title)).toEqual(['Newer', 'Older']);
        expect(first.counts.apps.all).toEqual({ total: 2, unread: 2 });

        // Made through the API (this process)...
        const made = await announce(admin, { title: 'Live one', userId: target.id });
        const live = await stream.next(
          (e) => e.event === 'notification' && (e.data as Note).title === 'Live one',
        );
        expect(live.data).toMatchObject({ id: made.body.notification?.id, read: false });
        const counts = await stream.next((e) => e.event === 'counts');
        expect((counts.data as Counts).apps.all).toEqual({ total: 3, unread: 3 });

        // ...and straight into the table, as another server process would.
        const now = new Date().toISOString();
        await server.db
          .insertInto('notifications')
          .values({
            id: 'from-elsewhere',
            user_id: target.id,
            title: 'From another process',
            read: 0,
            priority: 'normal',
            occurred_at: now,
            category: 'announcement',
            app: 'all',
            metadata: '{}',
            created_at: now,
            updated_at: now,
            deleted_at: null,
          })
          .execute();
        await stream.next(
          (e) => e.event === 'notification' && (e.data as Note).id === 'from-elsewhere',
        );

        await target.client.patch('/notifications/from-elsewhere', { read: true });
        const changed = await stream.next(
          (e) => e.event === 'notification' && (e.data as Note).id === 'from-elsewhere',
        );
        expect((changed.data as Note).read).toBe(true);

        await target.client.delete('/notifications/from-elsewhere');
        const gone = await stream.next((e) => e.event === 'deleted');
        expect(notificationStreamEventSchemas.deleted.safeParse(gone.data).error).toBeUndefined();
        expect(gone.data).toMatchObject({ id: 'from-elsewhere' });
        const after = await stream.next((e) => e.event === 'counts');
        expect((after.data as Counts).apps.all).toEqual({ total: 3, unread: 3 });

        // A transaction that commits late carries an updated_at older than the last
        // poll; the re-read window still finds it.
        const late = new Date(Date.now() - 3000).toISOString();
        await server.db
          .insertInto('notifications')
          .values({
            id: 'late-commit',
            user_id: target.id,
            title: 'Committed late',
            read: 0,
            priority: 'low',
            occurred_at: late,
            category: 'announcement',
            app: 'website',
            metadata: '{}',
            created_at: late,
            updated_at: late,
            deleted_at: null,
          })
          .execute();
        await stream.next(
          (e) => e.event === 'notification' && (e.data as Note).id === 'late-commit',
        );

        // Nobody else's notifications come down this stream.
        await announce(admin, { title: 'Not for the streamer', userId: outsider.id });
        await announce(admin, { title: 'Marker', userId: target.id });
        const next = await stream.next((e) => e.event === 'notification');
        expect((next.data as Note).title).toBe('Marker');
      } finally {
        await stream.close();
      }
    });
  });
});
