// A plain OAuth 2 server on loopback in the manner of GitHub: an authorize endpoint that
// approves at once, a token endpoint that checks the code and its PKCE verifier, and a
// user endpoint behind the access token.

import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OAuth2EndpointUrls } from '../modules/auth/providers.js';

export interface TestOAuth2Server {
  endpoints: OAuth2EndpointUrls;
  /** Token requests answered, with whether their PKCE verifier matched. */
  tokenRequests: { pkceOk: boolean }[];
  close(): Promise<void>;
}

export async function startOAuth2Server(user: Record<string, unknown>): Promise<TestOAuth2Server> {
  const codes = new Map<string, string>(); // code -> code_challenge
  const tokens = new Set<string>();
  const tokenRequests: { pkceOk: boolean }[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET' && url.pathname === '/authorize') {
      const code = randomBytes(8).toString('hex');
      codes.set(code, url.searchParams.get('code_challenge') ?? '');
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.href }).end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const challenge = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const pkceOk =
          challenge !== undefined &&
          createHash('sha256').update(verifier).digest('base64url') === challenge;
        tokenRequests.push({ pkceOk });
        if (!pkceOk) {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: 'invalid_grant' }));
          return;
        }
        const token = randomBytes(8).toString('hex');
        tokens.add(token);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ access_token: token, token_type: 'bearer', scope: 'read:user' }));
      });
      return;
    }
    if (req.method === 'GET' && url.pathname === '/user') {
      const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
      if (token === undefined || !tokens.has(token)) {
        res.writeHead(401).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(user));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`; // Safe: TCP.
  return {
    endpoints: {
      authorization: `${base}/authorize`,
      token: `${base}/token`,
      userinfo: `${base}/user`,
    },
    tokenRequests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
