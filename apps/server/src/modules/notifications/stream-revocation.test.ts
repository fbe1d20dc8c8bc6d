// A notification stream ends when its holder's right to it does (routes.ts, watchHolder):
// sign-out, a password change and a scope change end the user's open streams at once, and
// a ticket of a session that was signed out opens nothing. Over real HTTP.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects } from '../../test/databases.js';
import { cookieHeader, cookieValue } from '../../test/cookies.js';
import type { SseReader } from '../../test/sse.js';
import { openSse } from '../../test/sse.js';
import type { TestServer } from '../../test/test-server.js';
import { TEST_PASSWORD, getTestServer, groupScope, singleScope } from '../../test/test-server.js';

const REFRESH = 'field_refresh';
/** Far below the streams' hour: what "at once" means here. */
const ENDS_WITHIN_MS = 5000;

describe.each(await availableDialects())('stream revocation on %s', (dialect) => {
  let server: TestServer;
  let adminToken: string;
  beforeAll(async () => {
    server = await getTestServer(dialect);
    adminToken = (await server.createUser({ scopes: [singleScope('admin')] })).token;
  });
  afterAll(() => server.close());

  /** A user signed in over HTTP as a browser is: access token and refresh cookie. */
  async function signedIn() {
    const made = await server.createUser({ scopes: [groupScope('builder')] });
    const res = await server
      .client()
      .post<{ accessToken: string }>('/auth/login', { email: made.email, password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    return {
      ...made,
      token: res.body.accessToken,
      refresh: cookieValue(res.headers, REFRESH) ?? '',
    };
  }

  async function ticketOf(token: string): Promise<string> {
    const res = await server.client(token).post<{ ticket: string }>('/notifications/stream-ticket');
    expect(res.status).toBe(200);
    return res.body.ticket;
  }

  async function openStream(ticket: string): Promise<SseReader> {
    const stream = await openSse(`${server.url}/api/notifications/stream?ticket=${ticket}`);
    expect(stream.status).toBe(200);
    await stream.next((e) => e.event === 'snapshot');
    return stream;
  }

  async function expectEnded(stream: SseReader): Promise<void> {
    const timeout = new Promise<'open'>((resolve) =>
      setTimeout(() => resolve('open'), ENDS_WITHIN_MS),
    );
    expect(await Promise.race([stream.ended.then(() => 'ended' as const), timeout])).toBe('ended');
    expect(stream.endedByServer()).toBe(true);
  }

  const streamStatus = async (ticket: string) =>
    (await fetch(`${server.url}/api/notifications/stream?ticket=${ticket}`)).status;

  it('sign-out ends the open stream, and its ticket opens no other', async () => {
    const me = await signedIn();
    const ticket = await ticketOf(me.token);
    const stream = await openStream(ticket);
    try {
      const out = await server
        .client()
        .post('/auth/logout', undefined, cookieHeader({ [REFRESH]: me.refresh }));
      expect(out.status).toBe(200);
      await expectEnded(stream);
      expect(await streamStatus(ticket)).toBe(401);
    } finally {
      await stream.close();
    }
  });

  it('a ticket taken before sign-out and never used opens nothing after it', async () => {
    const me = await signedIn();
    const ticket = await ticketOf(me.token);
    await server.client().post('/auth/logout', undefined, cookieHeader({ [REFRESH]: me.refresh }));
    expect(await streamStatus(ticket)).toBe(401);
  });

  it('a password change ends the open stream', async () => {
    const me = await signedIn();
    const stream = await openStream(await ticketOf(me.token));
    try {
      const changed = await server.client(me.token).post('/auth/change-password', {
        currentPassword: TEST_PASSWORD,
        newPassword: 'a brand new password',
      });
      expect(changed.status).toBe(200);
      await expectEnded(stream);
    } finally {
      await stream.close();
    }
  });

  it('a scope change by an admin ends the open stream', async () => {
    const me = await signedIn();
    const stream = await openStream(await ticketOf(me.token));
    try {
      const removed = await server
        .client(adminToken)
        .delete(`/admin/users/${me.id}/scopes/builder`);
      expect(removed.status).toBe(200);
      await expectEnded(stream);
    } finally {
      await stream.close();
    }
  });

  it("another user's sign-out leaves a stream open", async () => {
    const me = await signedIn();
    const other = await signedIn();
    const stream = await openStream(await ticketOf(me.token));
    try {
      await server
        .client()
        .post('/auth/logout', undefined, cookieHeader({ [REFRESH]: other.refresh }));
      const timeout = new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 500));
      expect(await Promise.race([stream.ended.then(() => 'ended' as const), timeout])).toBe('open');
    } finally {
      await stream.close();
    }
  });
});
