// The profile: names, a profile picture at users/{id}/profilePicture and the photo URL,
// with the messages of docs/product.md (Validation) when a part is missing.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects } from '../../test/databases.js';
import type { TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope, singleScope } from '../../test/test-server.js';

// A 1x1 PNG.
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe.each(await availableDialects())('profile on %s', (dialect) => {
  let server: TestServer;
  let me: { id: string; token: string };
  let other: { id: string; token: string };
  let admin: string;
  beforeAll(async () => {
    server = await getTestServer(dialect);
    me = await server.createUser({ scopes: [groupScope('builder')] });
    other = await server.createUser({ scopes: [groupScope('builder')] });
    admin = (await server.createUser({ scopes: [singleScope('admin')] })).token;
  });
  afterAll(() => server.close());

  it('updates the names', async () => {
    const res = await server.client(me.token).patch('/users/profile', {
      userId: me.id,
      updates: { firstName: ' Robin ', lastName: 'Field' },
    });
    expect(res).toMatchObject({ status: 200, body: { firstName: 'Robin', lastName: 'Field' } });
    expect((await server.client(me.token).get('/users/me')).body).toMatchObject({
      firstName: 'Robin',
      lastName: 'Field',
    });
  });

  it.each([
    [{ updates: { firstName: 'A' } }],
    [{ userId: 'x' }],
    [{ userId: '', updates: { firstName: 'A' } }],
    [{ userId: 'x', updates: {} }],
  ])('answers %j with "User ID and updates are required"', async (body) => {
    expect(await server.client(me.token).patch('/users/profile', body)).toMatchObject({
      status: 400,
      body: { error: 'User ID and updates are required' },
    });
  });

  it("refuses another user's profile unless the caller is an admin", async () => {
    const body = { userId: other.id, updates: { firstName: 'Changed' } };
    expect((await server.client(me.token).patch('/users/profile', body)).status).toBe(403);
    expect((await server.client(admin).patch('/users/profile', body)).status).toBe(200);
  });

  it('uploads a profile picture to users/{id}/profilePicture and sets the photo URL', async () => {
    const res = await server
      .client(me.token)
      .post<{ photoURL: string; user: { photoURL: string } }>('/users/profilePicture', {
        userId: me.id,
        file: `data:image/png;base64,${PNG}`,
      });
    expect(res.status).toBe(200);
    expect(res.body.photoURL).toMatch(
      new RegExp(`^/api/files/users/${me.id}/profilePicture\\?v=[0-9a-f]{12}$`),
    );
    expect(res.body.user.photoURL).toBe(res.body.photoURL);
    const file = await fetch(`${server.url}${res.body.photoURL}`, {
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(PNG, 'base64'))).toBe(true);
  });

  it.each([[{ file: PNG }], [{ userId: 'x' }], [{ userId: 'x', file: '' }]])(
    'answers %j with "User ID and file are required"',
    async (body) => {
      expect(await server.client(me.token).post('/users/profilePicture', body)).toMatchObject({
        status: 400,
        body: { error: 'User ID and file are required' },
      });
    },
  );

  it('refuses a file that is not base64, and a type that is not an image', async () => {
    expect(
      await server.client(me.token).post('/users/profilePicture', { userId: me.id, file: '%%%' }),
    ).toMatchObject({ status: 400, body: { error: 'Invalid or empty Base64 string' } });
    expect(
      (
        await server.client(me.token).post('/users/profilePicture', {
          userId: me.id,
          file: PNG,
          contentType: 'text/html',
        })
      ).status,
    ).toBe(400);
  });

  it('sets and clears the photo URL', async () => {
    const url = 'https://cdn.example.test/me.jpg';
    expect(
      await server.client(me.token).patch('/users/photoURL', { userId: me.id, photoURL: url }),
    ).toMatchObject({ status: 200, body: { photoURL: url } });
    expect(
      await server.client(me.token).patch('/users/photoURL', { userId: me.id, photoURL: null }),
    ).toMatchObject({ status: 200, body: { photoURL: null } });
    expect(
      (
        await server
          .client(me.token)
          .patch('/users/photoURL', { userId: me.id, photoURL: 'javascript:alert(1)' })
      ).status,
    ).toBe(400);
  });

  it.each([
    [{ photoURL: 'https://x.test/a.png' }],
    [{ userId: 'x' }],
    [{ userId: 'x', photoURL: '' }],
  ])('answers %j with "User ID and photoURL are required"', async (body) => {
    expect(await server.client(me.token).patch('/users/photoURL', body)).toMatchObject({
      status: 400,
      body: { error: 'User ID and photoURL are required' },
    });
  });
});
