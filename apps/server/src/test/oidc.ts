// A real OpenID provider on loopback (oidc-provider with its development interactions)
// and a small cookie-keeping browser that walks the authorization-code + PKCE flow.

import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

interface TestClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface TestOidcProvider {
  issuer: string;
  /** Registers the clients (their redirect URIs are known only once the app listens). */
  start(clients: TestClient[]): void;
  close(): Promise<void>;
}

/**
 * Every account exists; its address is `{login}@corp.test`, verified, except for logins
 * starting with `unverified`.
 */
export async function startOidcProvider(): Promise<TestOidcProvider> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server = createServer((req, res) => {
    if (handler === undefined) {
      res.statusCode = 503;
      res.end();
      return;
    }
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`; // Safe: TCP.
  return {
    issuer,
    start(clients) {
      const provider = new Provider(issuer, {
        clients: clients.map((c) => ({
          client_id: c.clientId,
          client_secret: c.clientSecret,
          redirect_uris: [c.redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        })),
        pkce: { required: () => true },
        claims: {
          openid: ['sub'],
          email: ['email', 'email_verified'],
          profile: ['given_name', 'family_name', 'name'],
        },
        conformIdTokenClaims: false,
        cookies: { keys: ['a-test-cookie-signing-key'] },
        findAccount: (_ctx: unknown, sub: string) => ({
          accountId: sub,
          claims: () => ({
            sub,
            email: `${sub}@corp.test`,
            email_verified: !sub.startsWith('unverified'),
            given_name: 'Sam',
            family_name: sub,
            name: `Sam ${sub}`,
          }),
        }),
      });
      handler = provider.callback();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface BrowserResponse {
  status: number;
  url: string;
  headers: Headers;
  text: string;
}

/** Keeps cookies per host:port and follows redirects by hand, as a browser would. */
export class TestBrowser {
  private readonly jar = new Map<string, Map<string, string>>();

  cookies(url: string): Map<string, string> {
    const host = new URL(url).host;
    let cookies = this.jar.get(host);
    if (cookies === undefined) {
      cookies = new Map();
      this.jar.set(host, cookies);
    }
    return cookies;
  }

  private remember(url: string, headers: Headers): void {
    const cookies = this.cookies(url);
    for (const line of headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = /max-age=0|expires=thu, 01 jan 1970/i.test(line);
      if (value === '' || expired) cookies.delete(name);
      else cookies.set(name, value);
    }
  }

  /** One request, no redirects followed. */
  async request(
    url: string,
    init: {
      method?: string;
      form?: Record<string, string>;
      json?: unknown;
      headers?: Record<string, string>;
    } = {},
  ): Promise<BrowserResponse> {
    const cookie = [...this.cookies(url)].map(([k, v]) => `${k}=${v}`).join('; ');
    const headers: Record<string, string> = { ...init.headers };
    if (cookie !== '') headers['cookie'] = cookie;
    let body: string | undefined;
    if (init.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const response = await fetch(url, {
      method: init.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      redirect: 'manual',
      ...(body === undefined ? {} : { body }),
    });
    this.remember(url, response.headers);
    return { status: response.status, url, headers: response.headers, text: await response.text() };
  }

  /**
   * Follows redirects from `url`; on the provider's pages, signs in as `login` and
   * approves (or, with `cancel`, aborts), and submits a form_post answer as the browser's
   * script would (cross-site, with the provider's Origin). Stops at the first answer
   * outside the provider that is not a redirect.
   */
  async signIn(
    url: string,
    options: {
      login: string;
      providerOrigin: string;
      cancel?: boolean;
      /** Stop at a form_post page instead of submitting it (its answer, unsent). */
      holdFormPost?: boolean;
    },
  ): Promise<BrowserResponse> {
    let next: { url: string; form?: Record<string, string> } = { url };
    for (let step = 0; step < 20; step += 1) {
      const response = await this.request(next.url, next.form ? { form: next.form } : {});
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location !== null) {
        next = { url: new URL(location, next.url).href };
        continue;
      }
      if (new URL(next.url).origin !== options.providerOrigin) return response;
      if (options.cancel === true) {
        const abort = /href="([^"]*\/abort)"/.exec(response.text)?.[1];
        if (abort === undefined) throw new Error('no abort link on the provider page');
        next = { url: new URL(abort, next.url).href };
        continue;
      }
      const action = /<form[^>]*action="([^"]+)"/.exec(response.text)?.[1];
      if (action !== undefined && new URL(action, next.url).origin !== options.providerOrigin) {
        if (options.holdFormPost === true) return response;
        const form: Record<string, string> = {};
        for (const m of response.text.matchAll(/name="([^"]+)" value="([^"]*)"/g)) {
          if (m[1] !== undefined && m[2] !== undefined) form[m[1]] = m[2];
        }
        return this.request(new URL(action, next.url).href, {
          form,
          headers: { origin: options.providerOrigin },
        });
      }
      const prompt = /name="prompt" value="([^"]+)"/.exec(response.text)?.[1];
      if (action === undefined || prompt === undefined) {
        throw new Error(
          `unexpected provider page (${response.status}): ${response.text.slice(0, 300)}`,
        );
      }
      next = {
        url: new URL(action, next.url).href,
        form: prompt === 'login' ? { prompt, login: options.login, password: 'any' } : { prompt },
      };
    }
    throw new Error('too many steps');
  }
}
