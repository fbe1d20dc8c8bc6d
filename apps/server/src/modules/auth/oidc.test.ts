// Provider sign-in against a real OpenID provider on loopback (oidc-provider), through
// the whole authorization-code + PKCE flow: as the company single sign-on in a popup,
// and as a social provider (google, pointed at the local issuer) in a full-page flow.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects } from '../../test/databases.js';
import type { TestOidcProvider } from '../../test/oidc.js';
import { startOAuth2Server } from '../../test/oauth2.js';
import { TestBrowser, startOidcProvider } from '../../test/oidc.js';
import type { TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope } from '../../test/test-server.js';

interface SessionBody {
  accessToken: string;
  user: { id: string; email: string; firstName: string; lastName: string; scopes: unknown[] };
}

/** The message the popup page posts to its opener. */
function postedMessage(html: string): unknown {
  const match = /var m=(\{.*?\});/.exec(html);
  if (match?.[1] === undefined) throw new Error('no message in the popup page');
  return JSON.parse(match[1]);
}

describe.each(await availableDialects())('provider sign-in on %s', (dialect) => {
  let idp: TestOidcProvider;
  let server: TestServer;
  beforeAll(async () => {
    idp = await startOidcProvider();
    server = await getTestServer(dialect, {
      env: {
        SSO_ISSUER: idp.issuer,
        SSO_CLIENT_ID: 'field-sso',
        SSO_CLIENT_SECRET: 'sso-secret-that-is-long-enough',
        SSO_NAME: 'Acme SSO',
        GOOGLE_CLIENT_ID: 'field-google',
        GOOGLE_CLIENT_SECRET: 'google-secret-that-is-long-enough',
        GOOGLE_ISSUER: idp.issuer,
      },
    });
    idp.start([
      {
        clientId: 'field-sso',
        clientSecret: 'sso-secret-that-is-long-enough',
        redirectUri: `${server.url}/api/auth/oidc/sso/callback`,
      },
      {
        clientId: 'field-google',
        clientSecret: 'google-secret-that-is-long-enough',
        redirectUri: `${server.url}/api/auth/oidc/google/callback`,
      },
    ]);
  });
  afterAll(async () => {
    await server.close();
    await idp.close();
  });

  const refreshIn = async (browser: TestBrowser) => {
    const res = await browser.request(`${server.url}/api/auth/refresh`, { method: 'POST' });
    return { status: res.status, body: JSON.parse(res.text) as SessionBody };
  };

  it('lists only the configured providers', async () => {
    expect(await server.client().get('/auth/providers')).toMatchObject({
      status: 200,
      body: {
        providers: [
          { id: 'google', name: 'Google', type: 'social', formPost: false },
          { id: 'sso', name: 'Acme SSO', type: 'sso', formPost: false },
        ],
      },
    });
  });

  it.each(['myspace', 'facebook', 'github'])(
    'answers %s (unknown or not configured) with "Unsupported provider"',
    async (name) => {
      expect(await server.client().get(`/auth/oidc/${name}/start`)).toMatchObject({
        status: 400,
        body: { error: 'Unsupported provider' },
      });
    },
  );

  it('signs in with the company SSO in a popup that posts to its opener', async () => {
    const browser = new TestBrowser();
    const start = await browser.request(`${server.url}/api/auth/oidc/sso/start?mode=popup`);
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location') ?? '');
    expect(authorize.origin).toBe(idp.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      `${server.url}/api/auth/oidc/sso/callback`,
    );

    const page = await browser.signIn(start.headers.get('location') ?? '', {
      login: 'sam',
      providerOrigin: idp.issuer,
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'nonce-[^']+'/);
    expect(postedMessage(page.text)).toEqual({ type: 'field-auth', ok: true });
    expect(page.text).toContain('window.opener.postMessage(m,window.location.origin)');
    expect(page.text).toContain('window.close()');

    // The opener trades the refresh cookie for an access token.
    const session = await refreshIn(browser);
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({
      email: 'sam@corp.test',
      firstName: 'Sam',
      lastName: 'sam',
      scopes: [{ value: 'pending-user', approved: false }],
    });
    const methods = await server.client(session.body.accessToken).get('/users/me/sign-in-methods');
    expect(methods.body).toMatchObject({
      password: false,
      providers: [{ provider: 'sso', email: 'sam@corp.test' }],
    });

    // Signing in again finds the same account.
    const again = new TestBrowser();
    const second = await again.signIn(`${server.url}/api/auth/oidc/sso/start?mode=popup`, {
      login: 'sam',
      providerOrigin: idp.issuer,
    });
    expect(postedMessage(second.text)).toEqual({ type: 'field-auth', ok: true });
    expect((await refreshIn(again)).body.user.id).toBe(session.body.user.id);

    // Its only way in cannot be unlinked.
    expect(
      await server.client(session.body.accessToken).delete('/auth/providers/sso'),
    ).toMatchObject({
      status: 409,
      body: { error: 'Set a password before removing your last way to sign in' },
    });
  });

  it('signs in with a social provider in a full page, matching a verified address', async () => {
    const existing = await server.createUser({
      email: 'match@corp.test',
      scopes: [groupScope('builder')],
    });
    const browser = new TestBrowser();
    const end = await browser.signIn(
      `${server.url}/api/auth/oidc/google/start?returnTo=${encodeURIComponent('/homes/calendar')}`,
      { login: 'match', providerOrigin: idp.issuer },
    );
    // The last redirect leads into the app, at the place the flow started from.
    expect(new URL(end.url).pathname).toBe('/homes/calendar');
    const session = await refreshIn(browser);
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({
      id: existing.id,
      scopes: [{ value: 'builder', approved: true }],
    });

    const client = server.client(session.body.accessToken);
    expect((await client.get('/users/me/sign-in-methods')).body).toMatchObject({
      password: true,
      providers: [{ provider: 'google', email: 'match@corp.test' }],
    });
    expect(await client.delete('/auth/providers/google')).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect((await client.get('/users/me/sign-in-methods')).body).toMatchObject({
      providers: [],
    });
    expect(await client.delete('/auth/providers/google')).toMatchObject({
      status: 404,
      body: { error: 'This provider is not linked to your account' },
    });
  });

  it('links a provider to the signed-in account', async () => {
    const user = await server.createUser({ scopes: [groupScope('builder')] });
    const browser = new TestBrowser();
    const link = await browser.request(`${server.url}/api/auth/oidc/sso/link`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
      json: { mode: 'popup' },
    });
    expect(link.status).toBe(200);
    const { url } = JSON.parse(link.text) as { url: string };
    const page = await browser.signIn(url, { login: 'linker', providerOrigin: idp.issuer });
    expect(postedMessage(page.text)).toEqual({ type: 'field-auth', ok: true, linked: 'sso' });
    expect((await server.client(user.token).get('/users/me/sign-in-methods')).body).toMatchObject({
      providers: [{ provider: 'sso', email: 'linker@corp.test' }],
    });
  });

  it('reports a cancelled popup without signing in', async () => {
    const browser = new TestBrowser();
    const page = await browser.signIn(`${server.url}/api/auth/oidc/sso/start?mode=popup`, {
      login: 'nobody',
      providerOrigin: idp.issuer,
      cancel: true,
    });
    expect(postedMessage(page.text)).toEqual({
      type: 'field-auth',
      ok: false,
      error: 'Authentication failed. Please try again.',
      cancelled: true,
    });
    expect((await refreshIn(browser)).status).toBe(401);
  });

  it('refuses a callback from another browser than the one that started (login CSRF)', async () => {
    const attacker = new TestBrowser();
    const start = await attacker.request(`${server.url}/api/auth/oidc/sso/start`);
    let next = start.headers.get('location') ?? '';
    // Walk the provider part, but stop at the redirect back to the app.
    for (let i = 0; i < 20 && !next.startsWith(server.url); i += 1) {
      const res = await attacker.signIn(next, { login: 'mallory', providerOrigin: idp.issuer });
      next = res.url;
      if (res.url.startsWith(server.url)) break;
    }
    // `signIn` already used the callback; a fresh start gives an unused one to replay.
    const fresh = await attacker.request(`${server.url}/api/auth/oidc/sso/start`);
    const back = await attacker.request(fresh.headers.get('location') ?? '');
    const callback = back.headers.get('location') ?? '';
    expect(callback.startsWith(`${server.url}/api/auth/oidc/sso/callback?`)).toBe(true);

    const victim = new TestBrowser();
    const res = await victim.request(callback);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(
      `/login?authError=${encodeURIComponent('Authentication failed. Please try again.')}`,
    );
    expect((await refreshIn(victim)).status).toBe(401);
  });

  it('refuses a callback with an unknown state', async () => {
    const browser = new TestBrowser();
    browser.cookies(server.url).set('field_oauth_state', 'made-up');
    const res = await browser.request(
      `${server.url}/api/auth/oidc/sso/callback?code=abc&state=made-up`,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toContain('/login?authError=');
  });
});

describe('a provider that cannot be reached', () => {
  it('reports the failure to the popup instead of a bare error', async () => {
    const server = await getTestServer('sqlite', {
      env: {
        // Nothing listens on the discard port.
        SSO_ISSUER: 'http://127.0.0.1:9',
        SSO_CLIENT_ID: 'field-sso',
        SSO_CLIENT_SECRET: 'sso-secret-that-is-long-enough',
      },
    });
    try {
      const browser = new TestBrowser();
      const popup = await browser.request(`${server.url}/api/auth/oidc/sso/start?mode=popup`);
      expect(popup.status).toBe(200);
      expect(postedMessage(popup.text)).toEqual({
        type: 'field-auth',
        ok: false,
        error: 'Authentication failed. Please try again.',
      });
      const page = await browser.request(`${server.url}/api/auth/oidc/sso/start`);
      expect(page.status).toBe(302);
      expect(page.headers.get('location')).toContain('/login?authError=');
    } finally {
      await server.close();
    }
  });
});

describe('a plain OAuth 2 provider (GitHub) on loopback', () => {
  it('signs in through authorization code + PKCE and the user endpoint, never matching by address', async () => {
    const github = await startOAuth2Server({
      id: 4242,
      email: 'octo@example.test',
      name: 'Octo Cat',
    });
    const server = await getTestServer('sqlite', {
      env: { GITHUB_CLIENT_ID: 'field-github', GITHUB_CLIENT_SECRET: 'github-secret' },
      server: { providerEndpoints: { github: github.endpoints } },
    });
    try {
      // An account with the same address exists; GitHub's address is not known to be
      // verified, so the sign-in makes a new pending account instead of taking it over.
      const existing = await server.createUser({
        email: 'octo@example.test',
        scopes: [groupScope('manager')],
      });
      const browser = new TestBrowser();
      const start = await browser.request(`${server.url}/api/auth/oidc/github/start?mode=popup`);
      const authorize = new URL(start.headers.get('location') ?? '');
      expect(authorize.origin + authorize.pathname).toBe(github.endpoints.authorization);
      expect(authorize.searchParams.get('scope')).toBe('read:user user:email');
      expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');

      const page = await browser.signIn(authorize.href, {
        login: 'octo',
        providerOrigin: new URL(github.endpoints.authorization).origin,
      });
      expect(postedMessage(page.text)).toEqual({ type: 'field-auth', ok: true });
      expect(github.tokenRequests).toEqual([{ pkceOk: true }]);

      const res = await browser.request(`${server.url}/api/auth/refresh`, { method: 'POST' });
      const session = JSON.parse(res.text) as SessionBody;
      expect(session.user).toMatchObject({
        firstName: 'Octo',
        lastName: 'Cat',
        scopes: [{ value: 'pending-user', approved: false }],
      });
      expect(session.user.id).not.toBe(existing.id);
      expect(session.user.email).toMatch(/^github-[0-9a-f]+@users\.invalid$/);
    } finally {
      await server.close();
      await github.close();
    }
  });
});
