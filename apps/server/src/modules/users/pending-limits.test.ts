// What one account, a freshly registered pending one too, can make the server store:
// a profile picture of 2 MB at most (PROFILE_PICTURE_MAX_BYTES; the web app shrinks
// pictures far below it), and feedback at a limited rate. Over real HTTP.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PROFILE_PICTURE_MAX_BYTES } from '@field/domain';
import { availableDialects } from '../../test/databases.js';
import type { TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope } from '../../test/test-server.js';

/** A JPEG-looking picture of `bytes` bytes, as a data URL. */
const picture = (bytes: number): string =>
  `data:image/jpeg;base64,${Buffer.alloc(bytes, 7).toString('base64')}`;

describe.each(await availableDialects())('what one account may store on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer(dialect, {
      env: { RATE_LIMIT_FEEDBACK_MAX: '10', RATE_LIMIT_WINDOW_SECONDS: '60' },
    });
  });
  afterAll(() => server.close());

  /** A registration nobody approved yet: it holds only the pending scope. */
  async function pendingAccount(name: string) {
    const res = await server
      .client()
      .post<{ accessToken: string; user: { id: string } }>('/auth/register', {
        email: `${name}@example.test`,
        password: 'long enough password',
        firstName: 'Pat',
        lastName: 'Pending',
      });
    expect(res.status).toBe(201);
    return { id: res.body.user.id, client: server.client(res.body.accessToken) };
  }

  it('a pending account stores a picture up to 2 MB, nothing larger, by either route', async () => {
    const { id, client } = await pendingAccount('pending.picture');
    const tooLarge = picture(PROFILE_PICTURE_MAX_BYTES + 1);
    const viaProfile = await client.post('/users/profilePicture', { userId: id, file: tooLarge });
    expect(viaProfile.status).toBe(413);
    expect(viaProfile.body).toEqual({ error: MESSAGES.profilePictureTooLarge });
    const viaFiles = await client.post(`/files/users/${id}/profilePicture`, {
      data: tooLarge.slice(tooLarge.indexOf(',') + 1),
      contentType: 'image/jpeg',
    });
    expect(viaFiles.status).toBe(413);
    // 22 MB, what the review stored: refused too.
    const huge = await client.post('/users/profilePicture', {
      userId: id,
      file: picture(22 * 1024 * 1024),
    });
    expect(huge.status).toBe(413);
    expect(
      (await client.post('/users/profilePicture', { userId: id, file: picture(1024 * 1024) }))
        .status,
    ).toBe(200);
  });

  it('an approved account has the same 2 MB cap on its picture', async () => {
    const me = await server.createUser({ scopes: [groupScope('builder')] });
    const res = await server.client(me.token).post('/users/profilePicture', {
      userId: me.id,
      file: picture(PROFILE_PICTURE_MAX_BYTES + 1),
    });
    expect(res.status).toBe(413);
  });

  it('feedback is rate-limited per user: the 11th message in a minute waits', async () => {
    const { client } = await pendingAccount('pending.feedback');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push((await client.post('/feedback', { message: `message ${i}` })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
    const stored = await server.db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('message', 'like', 'message %')
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(10);
    // Someone else still sends theirs.
    const other = await server.createUser({ scopes: [groupScope('builder')] });
    expect((await server.client(other.token).post('/feedback', { message: 'hi' })).status).toBe(
      201,
    );
  });
});
