// Provider sign-in against a real OpenID provider on loopback (oidc-provider), through
// the whole authorization-code + PKCE flow: as the company single sign-on in a popup,
// and as a social provider (google, pointed at the local issuer) in a full-page flow.

import { readdir, readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCookies } from '../../test/cookies.js';
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
  /** A server whose registration takes example.com addresses only (corp.test is not). */
  let limited: TestServer;
  beforeAll(async () => {
    idp = await startOidcProvider();
    limited = await getTestServer(dialect, {
      env: {
        SSO_ISSUER: idp.issuer,
        SSO_CLIENT_ID: 'field-sso-limited',
        SSO_CLIENT_SECRET: 'sso-secret-that-is-long-enough',
        REGISTRATION: 'domains',
        REGISTRATION_DOMAINS: 'example.com',
      },
    });
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
      {
        clientId: 'field-sso-limited',
        clientSecret: 'sso-secret-that-is-long-enough',
        redirectUri: `${limited.url}/api/auth/oidc/sso/callback`,
      },
    ]);
  });
  afterAll(async () => {
    await limited.close();
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

  it('makes no account for a provider sign-in the registration setting refuses', async () => {
    const browser = new TestBrowser();
    const page = await browser.signIn(`${limited.url}/api/auth/oidc/sso/start?mode=popup`, {
      login: 'outsider',
      providerOrigin: idp.issuer,
    });
    expect(postedMessage(page.text)).toMatchObject({
      type: 'field-auth',
      ok: false,
      error:
        'This app takes registrations only from the e-mail domains its administrator allows. Ask your administrator for an invitation.',
    });
    expect(await limited.db.selectFrom('users').select('id').execute()).toEqual([]);
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

/** The fields of a provider's form_post page. */
function formPostFields(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (action === undefined) throw new Error('no form_post form');
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/name="([^"]+)" value="([^"]*)"/g)) {
    if (m[1] !== undefined && m[2] !== undefined) fields[m[1]] = m[2];
  }
  return { action, fields };
}

/** The newest reset link of the dev outbox (quoted-printable .eml files). */
async function outboxResetToken(dataDir: string, email: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const files = (await readdir(outbox).catch(() => [])).sort().reverse();
    for (const file of files) {
      const raw = (await readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, '');
      if (!raw.includes(email)) continue;
      const token = /reset-password\?token=3D([\w-]+)/.exec(raw)?.[1];
      if (token !== undefined) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no reset mail for ${email}`);
}

/** A GET with a Host header of the caller's choosing (fetch will not send one). */
function getWithHost(url: string, host: string): Promise<{ status: number; location: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { host } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location ?? '' });
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each(await availableDialects())('provider sign-in hardening on %s', (dialect) => {
  let idp: TestOidcProvider;
  let server: TestServer;
  const clients = (url: string) =>
    ['sso', 'google', 'apple'].map((id) => ({
      clientId: `field-${id}`,
      clientSecret: `${id}-secret-that-is-long-enough`,
      redirectUri: `${url}/api/auth/oidc/${id}/callback`,
    }));
  beforeAll(async () => {
    idp = await startOidcProvider();
    server = await getTestServer(dialect, {
      env: {
        SSO_ISSUER: idp.issuer,
        SSO_CLIENT_ID: 'field-sso',
        SSO_CLIENT_SECRET: 'sso-secret-that-is-long-enough',
        GOOGLE_CLIENT_ID: 'field-google',
        GOOGLE_CLIENT_SECRET: 'google-secret-that-is-long-enough',
        GOOGLE_ISSUER: idp.issuer,
        APPLE_CLIENT_ID: 'field-apple',
        APPLE_CLIENT_SECRET: 'apple-secret-that-is-long-enough',
        APPLE_ISSUER: idp.issuer,
      },
    });
    idp.start(clients(server.url));
  });
  afterAll(async () => {
    await server.close();
    await idp.close();
  });

  const refreshIn = async (browser: TestBrowser) => {
    const res = await browser.request(`${server.url}/api/auth/refresh`, { method: 'POST' });
    return { status: res.status, body: JSON.parse(res.text) as SessionBody };
  };

  it('signs in with a provider that posts its answer (Apple), bound by a SameSite=None state cookie', async () => {
    const browser = new TestBrowser();
    const start = await browser.request(`${server.url}/api/auth/oidc/apple/start?mode=popup`);
    expect(start.status).toBe(302);
    expect(new URL(start.headers.get('location') ?? '').searchParams.get('response_mode')).toBe(
      'form_post',
    );
    const state = setCookies(start.headers).find((c) => c.name === 'field_oauth_state');
    expect(state?.attributes).toMatchObject({ samesite: 'None', secure: true });

    const page = await browser.signIn(start.headers.get('location') ?? '', {
      login: 'poster',
      providerOrigin: idp.issuer,
    });
    expect(page.status).toBe(200);
    expect(postedMessage(page.text)).toEqual({ type: 'field-auth', ok: true });
    const session = await refreshIn(browser);
    expect(session.status).toBe(200);
    expect(session.body.user.email).toBe('poster@corp.test');
  });

  it("refuses a provider's posted answer in a browser that did not start the flow", async () => {
    const attacker = new TestBrowser();
    const held = await attacker.signIn(`${server.url}/api/auth/oidc/apple/start`, {
      login: 'mallory',
      providerOrigin: idp.issuer,
      holdFormPost: true,
    });
    const { action, fields } = formPostFields(held.text);
    expect(action).toBe(`${server.url}/api/auth/oidc/apple/callback`);

    // The attacker's page makes the victim's browser post it: no state cookie goes along.
    const victim = new TestBrowser();
    const res = await victim.request(action, { form: fields, headers: { origin: idp.issuer } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(
      `/login?authError=${encodeURIComponent('Authentication failed. Please try again.')}`,
    );
    expect((await refreshIn(victim)).status).toBe(401);
  });

  it('takes a POST callback only from a provider that posts', async () => {
    // Walk the flow up to the provider's redirect back, and send that answer as a form.
    const browser = new TestBrowser();
    // The provider's pages know this browser once it has signed in there.
    await browser.signIn(`${server.url}/api/auth/oidc/sso/start`, {
      login: 'poster-sso',
      providerOrigin: idp.issuer,
    });
    const fresh = await browser.request(`${server.url}/api/auth/oidc/sso/start`);
    let next = fresh.headers.get('location') ?? '';
    for (let i = 0; i < 10 && !next.startsWith(server.url); i += 1) {
      const res = await browser.request(next);
      next = new URL(res.headers.get('location') ?? '', next).href;
    }
    const callback = new URL(next);
    expect(callback.pathname).toBe('/api/auth/oidc/sso/callback');
    // The browser that started it, with its state cookie: only the method is wrong.
    const other = new TestBrowser();
    other.cookies(server.url).set('field_oauth_state', callback.searchParams.get('state') ?? '');
    const posted = await other.request(`${server.url}/api/auth/oidc/sso/callback`, {
      form: Object.fromEntries(callback.searchParams),
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get('location')).toContain('/login?authError=');
    expect((await refreshIn(other)).status).toBe(401);
  });

  it('gives an account no address the provider has not verified', async () => {
    const browser = new TestBrowser();
    const page = await browser.signIn(`${server.url}/api/auth/oidc/sso/start?mode=popup`, {
      login: 'unverified-victim',
      providerOrigin: idp.issuer,
    });
    expect(postedMessage(page.text)).toEqual({ type: 'field-auth', ok: true });
    const session = await refreshIn(browser);
    expect(session.status).toBe(200);
    expect(session.body.user.email).toMatch(/^sso-[0-9a-f]+@users\.invalid$/);
    // So "forgot password" for the address reaches no account of theirs.
    expect(
      await server.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'unverified-victim@corp.test')
        .execute(),
    ).toEqual([]);
  });

  it('unlinks the provider identities on a password reset; a verified one links again', async () => {
    const user = await server.createUser({
      email: 'relink@corp.test',
      scopes: [groupScope('builder')],
    });
    const first = new TestBrowser();
    await first.signIn(`${server.url}/api/auth/oidc/google/start?mode=popup`, {
      login: 'relink',
      providerOrigin: idp.issuer,
    });
    expect((await refreshIn(first)).body.user.id).toBe(user.id);

    await server.client().post('/auth/forgot-password', { email: user.email });
    const token = await outboxResetToken(server.dataDir, user.email);
    const reset = await server
      .client()
      .post('/auth/reset-password', { token, password: 'a fresh password' });
    expect(reset.status).toBe(200);
    const login = await server
      .client()
      .post<SessionBody>('/auth/login', { email: user.email, password: 'a fresh password' });
    const methods = await server.client(login.body.accessToken).get('/users/me/sign-in-methods');
    expect(methods.body).toMatchObject({ password: true, providers: [] });

    // The provider's verified address matches the account again at the next sign-in.
    const again = new TestBrowser();
    await again.signIn(`${server.url}/api/auth/oidc/google/start?mode=popup`, {
      login: 'relink',
      providerOrigin: idp.issuer,
    });
    expect((await refreshIn(again)).body.user.id).toBe(user.id);
  });

  it('sends the provider back to a fixed address, whatever the Host header says', async () => {
    const res = await getWithHost(`${server.url}/api/auth/oidc/sso/start`, 'evil.example');
    expect(res.status).toBe(302);
    expect(new URL(res.location).searchParams.get('redirect_uri')).toBe(
      `${server.url}/api/auth/oidc/sso/callback`,
    );
  });

  it('lets the sign-in popup keep its opener: the app allows popups, the last page isolates nothing', async () => {
    const health = await fetch(`${server.url}/api/health`);
    expect(health.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    const index = await fetch(`${server.url}/login`);
    expect(index.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');

    const browser = new TestBrowser();
    const page = await browser.signIn(`${server.url}/api/auth/oidc/sso/start?mode=popup`, {
      login: 'opener',
      providerOrigin: idp.issuer,
    });
    expect(page.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    // To the opener on this origin only; without an opener, a same-origin channel.
    expect(page.text).toContain('window.opener.postMessage(m,window.location.origin)');
    expect(page.text).toContain("new BroadcastChannel('field-auth')");
  });
});
