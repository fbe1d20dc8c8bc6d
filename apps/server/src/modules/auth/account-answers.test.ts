// The account answers as the web app reads them: each one the server sends parses with the
// domain schema the web app's client is given (packages/domain/src/accounts.ts).

import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessTokenAnswerSchema,
  adminUserSchema,
  authProvidersAnswerSchema,
  profilePictureAnswerSchema,
  providerLinkAnswerSchema,
  sessionAnswerSchema,
  signInMethodsSchema,
  userDocumentSchema,
} from '@field/domain';
import { availableDialects } from '../../test/databases.js';
import { cookieHeader, cookieValue } from '../../test/cookies.js';
import type { TestServer } from '../../test/test-server.js';
import { TEST_PASSWORD, getTestServer, groupScope, singleScope } from '../../test/test-server.js';
import { UserRepository } from '../users/repository.js';

const REFRESH = 'field_refresh';
/** A 1x1 PNG. */
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe.each(await availableDialects())('account answers on %s', (dialect) => {
  let server: TestServer;
  let me: { id: string; email: string; token: string };
  beforeAll(async () => {
    server = await getTestServer(dialect, {
      // A provider with fixed endpoints: its link flow starts without any network.
      env: { GITHUB_CLIENT_ID: 'field-github', GITHUB_CLIENT_SECRET: 'github-secret' },
    });
    me = await server.createUser({ scopes: [groupScope('builder')], airtableId: 'emp-1' });
    await new UserRepository(server.db).linkIdentity(
      me.id,
      { provider: 'google', subject: 'g-1', email: null },
      new Date().toISOString(),
    );
  });
  afterAll(() => server.close());

  it('answers register, sign-in and refresh with a session answer', async () => {
    const registered = await server.client().post('/auth/register', {
      email: 'new.person@example.test',
      password: 'a long enough password',
      firstName: 'New',
      lastName: 'Person',
    });
    expect(registered.status).toBe(201);
    expect(sessionAnswerSchema.safeParse(registered.body).error).toBeUndefined();

    const login = await server.client().post('/auth/login', {
      email: me.email,
      password: TEST_PASSWORD,
    });
    expect(login.status).toBe(200);
    expect(sessionAnswerSchema.safeParse(login.body).error).toBeUndefined();

    const refreshed = await server
      .client()
      .post(
        '/auth/refresh',
        undefined,
        cookieHeader({ [REFRESH]: cookieValue(login.headers, REFRESH) ?? '' }),
      );
    expect(refreshed.status).toBe(200);
    expect(sessionAnswerSchema.safeParse(refreshed.body).error).toBeUndefined();
  });

  it('answers a password change with a fresh access token', async () => {
    const other = await server.createUser({ scopes: [groupScope('builder')] });
    const changed = await server.client(other.token).post('/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'another long password',
    });
    expect(changed.status).toBe(200);
    expect(accessTokenAnswerSchema.safeParse(changed.body).error).toBeUndefined();
  });

  it('lists the providers, the sign-in methods and a link to start', async () => {
    const providers = await server.client().get('/auth/providers');
    expect(authProvidersAnswerSchema.parse(providers.body).providers.map((p) => p.id)).toEqual([
      'github',
    ]);

    const methods = await server.client(me.token).get('/users/me/sign-in-methods');
    expect(signInMethodsSchema.parse(methods.body)).toMatchObject({
      password: true,
      providers: [{ provider: 'google', email: null }],
    });

    const link = await server
      .client(me.token)
      .post('/auth/oidc/github/link', { mode: 'popup', returnTo: '/account/security' });
    expect(link.status).toBe(200);
    expect(providerLinkAnswerSchema.parse(link.body).url).toMatch(/^https:\/\//);
  });

  it('answers the profile calls with the user document', async () => {
    const names = await server
      .client(me.token)
      .patch('/users/profile', { userId: me.id, updates: { firstName: 'Ann' } });
    expect(userDocumentSchema.safeParse(names.body).error).toBeUndefined();

    const picture = await server
      .client(me.token)
      .post('/users/profilePicture', { userId: me.id, file: PIXEL });
    expect(picture.status).toBe(200);
    expect(profilePictureAnswerSchema.safeParse(picture.body).error).toBeUndefined();
  });

  it('lists users for the administration', async () => {
    const admin = await server.createUser({ scopes: [singleScope('admin')] });
    const listed = await server.client(admin.token).get('/admin/users');
    expect(listed.status).toBe(200);
    const users = z.array(adminUserSchema).parse(listed.body);
    expect(users.find((u) => u.id === me.id)).toMatchObject({
      approved: true,
      hasPassword: true,
      providers: ['google'],
    });
    expect(users.find((u) => u.email === 'new.person@example.test')?.approved).toBe(false);
  });
});
