// Provider and company single sign-on: the list of configured providers, the start of
// an authorization-code + PKCE flow, its callback, linking and unlinking. In a popup the
// callback page posts the outcome to the opener and closes; otherwise it redirects.
// The provider returns to a fixed address (PUBLIC_URL, else this server's own HOST and
// port), never one read from the request's Host header.

import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { DEFAULT_LANDING_ROUTE, INITIAL_SCOPE, MESSAGES, registrationRefusal } from '@field/domain';
import type { Database } from '../../db/schema.js';
import { currentUser } from '../../http/auth.js';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.js';
import { parseWith } from '../../http/validate.js';
import type { UserRow } from '../users/repository.js';
import { NO_PASSWORD } from '../users/repository.js';
import { AuthStates } from './auth-states.js';
import type { ProviderProfile, ProviderRegistry } from './providers.js';
import { SSO_PROVIDER, isSocialProvider } from './providers.js';
import type { AuthDeps } from './routes.js';
import { completeSignIn } from './routes.js';

export interface ProviderRouteDeps extends AuthDeps {
  providers: ProviderRegistry;
  db: Kysely<Database>;
}

/**
 * Binds a flow to the browser that started it (login CSRF). Lax, so the redirect back
 * carries it; None (and Secure) for a provider that posts its answer cross-site (Apple).
 */
const STATE_COOKIE = 'field_oauth_state';
const STATE_COOKIE_PATH = '/api/auth/oidc';
const MESSAGE_TYPE = 'field-auth';
/** The popup's fallback channel when the provider's pages cut it off from its opener. */
const BROADCAST_CHANNEL = 'field-auth';
/** The one route that takes a form body (a provider's form_post answer). */
export const CALLBACK_ROUTE = '/auth/oidc/:provider/callback';

const modeSchema = z.enum(['redirect', 'popup']).default('redirect');
const startQuery = z.object({
  mode: modeSchema,
  returnTo: z.string().max(2000).optional(),
});
const linkBody = z.object({ mode: modeSchema, returnTo: z.string().max(2000).optional() });
const callbackParams = z.object({
  state: z.string().max(200).optional(),
  code: z.string().max(4000).optional(),
  error: z.string().max(200).optional(),
});
const rawParams = z.record(z.string().max(100), z.string().max(8000));
const providerParam = z.object({ provider: z.string().min(1).max(40) });

/**
 * Only a path of this app: no scheme, no host, no `//`, no backslash, no whitespace or
 * control character (browsers drop tabs and newlines, so `/\t/evil.test` is `//evil.test`).
 */
export function safeReturnTo(value: string | null | undefined): string {
  if (
    value == null ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    [...value].some((c) => c === '\\' || /\s/.test(c) || c.charCodeAt(0) < 0x20 || c === '\u007f')
  ) {
    return DEFAULT_LANDING_ROUTE;
  }
  return value;
}

/**
 * The address the provider sends the browser back to: PUBLIC_URL, or without it the
 * configured HOST (a wildcard is localhost) and the port this server listens on. Never
 * the Host header, which the client chooses.
 */
function appOrigin(
  request: FastifyRequest,
  deps: Pick<AuthDeps, 'publicUrl' | 'publicUrlExplicit' | 'host'>,
): string {
  if (deps.publicUrlExplicit) return deps.publicUrl;
  const host = ['0.0.0.0', '::', ''].includes(deps.host) ? 'localhost' : deps.host;
  const port = request.socket.localPort ?? new URL(deps.publicUrl).port;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

class ProviderFlowError extends Error {
  constructor(
    readonly userMessage: string,
    readonly cancelled = false,
  ) {
    super(userMessage);
  }
}

export function providerRoutes(app: FastifyInstance, deps: ProviderRouteDeps): void {
  const { providers, users } = deps;
  const states = new AuthStates(deps.db);
  const redirectUri = (request: FastifyRequest, provider: string): string =>
    `${appOrigin(request, deps)}/api/auth/oidc/${provider}/callback`;

  const configured = (request: FastifyRequest): string => {
    const { provider } = parseWith(providerParam, request.params);
    if (!(isSocialProvider(provider) || provider === SSO_PROVIDER) || !providers.has(provider)) {
      throw badRequest(MESSAGES.unsupportedProvider);
    }
    return provider;
  };

  const begin = async (
    request: FastifyRequest,
    reply: FastifyReply,
    provider: string,
    options: {
      mode: 'redirect' | 'popup';
      returnTo: string | undefined;
      linkUserId: string | null;
    },
  ): Promise<URL> => {
    const auth = await providers.authorizationRequest(provider, redirectUri(request, provider));
    await states.save(
      {
        state: auth.state,
        provider,
        code_verifier: auth.codeVerifier,
        nonce: auth.nonce,
        mode: options.mode,
        return_to: safeReturnTo(options.returnTo),
        link_user_id: options.linkUserId,
      },
      new Date().toISOString(),
    );
    const posts = providers.formPost(provider);
    void reply.setCookie(STATE_COOKIE, auth.state, {
      httpOnly: true,
      sameSite: posts ? 'none' : 'lax',
      // SameSite=None is only kept with Secure (browsers count http://localhost as secure).
      secure: posts || request.protocol === 'https',
      path: STATE_COOKIE_PATH,
      maxAge: 600,
    });
    return auth.url;
  };

  app.get('/auth/providers', { config: { public: true } }, () =>
    Promise.resolve({ providers: providers.list() }),
  );

  app.get(
    '/auth/oidc/:provider/start',
    { config: { public: true, rateLimit: deps.rateLimit } },
    async (request, reply) => {
      const provider = configured(request);
      const query = parseWith(startQuery, request.query);
      let url: URL;
      try {
        url = await begin(request, reply, provider, {
          mode: query.mode,
          returnTo: query.returnTo,
          linkUserId: null,
        });
      } catch (err) {
        // The provider cannot be reached (discovery failed): the popup still reports back.
        request.log.error({ err, provider }, 'provider sign-in could not start');
        return finish(reply, query.mode, '/login', { ok: false, error: MESSAGES.ssoFailed });
      }
      return reply.redirect(url.href);
    },
  );

  app.post('/auth/oidc/:provider/link', async (request, reply) => {
    const user = currentUser(request);
    const provider = configured(request);
    const body = parseWith(linkBody, request.body ?? {});
    const url = await begin(request, reply, provider, {
      mode: body.mode,
      returnTo: body.returnTo,
      linkUserId: user.id,
    });
    return { url: url.href };
  });

  const callback = async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    const provider = configured(request);
    const source = request.method === 'POST' ? request.body : request.query;
    const params = parseWith(callbackParams, source ?? {});
    const now = new Date().toISOString();
    const row = params.state === undefined ? undefined : await states.take(params.state, now);
    const mode = row?.mode === 'popup' ? 'popup' : 'redirect';
    const returnTo = safeReturnTo(row?.return_to);
    try {
      if (row === undefined || row.provider !== provider) {
        throw new ProviderFlowError(MESSAGES.ssoFailed);
      }
      // The answer must come back to the browser that started the flow (login CSRF):
      // by a redirect (GET), or by a form POST for a provider that posts, whose state
      // cookie is SameSite=None for that.
      if (request.method === 'POST' && !providers.formPost(provider)) {
        throw new ProviderFlowError(MESSAGES.ssoFailed);
      }
      if (request.cookies[STATE_COOKIE] !== row.state) {
        throw new ProviderFlowError(MESSAGES.ssoFailed);
      }
      if (params.error !== undefined) {
        throw new ProviderFlowError(MESSAGES.ssoFailed, params.error === 'access_denied');
      }
      const callbackUrl = new URL(redirectUri(request, provider));
      // Every parameter of the answer goes on (iss of RFC 9207 among them).
      for (const [key, value] of Object.entries(parseWith(rawParams, source ?? {}))) {
        callbackUrl.searchParams.set(key, value);
      }
      let profile: ProviderProfile;
      try {
        profile = await providers.complete(provider, callbackUrl, {
          state: row.state,
          codeVerifier: row.code_verifier,
          nonce: row.nonce,
        });
      } catch (err) {
        request.log.warn({ err, provider }, 'provider sign-in failed');
        throw new ProviderFlowError(MESSAGES.ssoFailed);
      }

      void reply.clearCookie(STATE_COOKIE, { path: STATE_COOKIE_PATH });
      if (row.link_user_id !== null) {
        const owner = await users.findByIdentity(provider, profile.subject);
        if (owner !== undefined && owner.id !== row.link_user_id) {
          throw new ProviderFlowError(MESSAGES.ssoFailed);
        }
        await users.linkIdentity(
          row.link_user_id,
          { provider, subject: profile.subject, email: profile.email },
          now,
        );
        return finish(reply, mode, returnTo, { ok: true, linked: provider });
      }
      const user = await accountFor(provider, profile, now);
      await completeSignIn(deps, request, reply, user);
      return finish(reply, mode, returnTo, { ok: true });
    } catch (err) {
      const message =
        err instanceof ProviderFlowError || err instanceof AppError
          ? err.message
          : MESSAGES.ssoFailed;
      const cancelled = err instanceof ProviderFlowError && err.cancelled;
      if (!(err instanceof ProviderFlowError || err instanceof AppError)) {
        request.log.error({ err, provider }, 'provider sign-in failed');
      } else {
        request.log.info({ provider, cancelled }, `provider sign-in ended: ${message}`);
      }
      return finish(reply, mode, '/login', { ok: false, error: message, cancelled });
    }
  };

  app.get(CALLBACK_ROUTE, { config: { public: true } }, callback);
  // A provider's form_post answer (Apple) is the only urlencoded body the API reads: the
  // parser lives in this scope alone, so no other route (sign-in above all) takes a form
  // a foreign page could submit.
  void app.register((scope, _opts, done) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, parsed) => {
        parsed(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    scope.post(CALLBACK_ROUTE, { config: { public: true } }, callback);
    done();
  });

  app.delete('/auth/providers/:provider', async (request) => {
    const user = currentUser(request);
    const { provider } = parseWith(providerParam, request.params);
    const identities = await users.identitiesOf(user.id);
    if (!identities.some((i) => i.provider === provider)) {
      throw notFound(MESSAGES.providerNotLinked);
    }
    const others = identities.filter((i) => i.provider !== provider).length;
    if (others === 0 && user.row.password_hash === NO_PASSWORD) {
      throw conflict(MESSAGES.lastSignInMethod);
    }
    await users.unlinkIdentity(user.id, provider);
    return { ok: true };
  });

  /**
   * The account of a provider identity: linked, matched by verified address, or new. An
   * address the provider has not verified is never matched nor given to a new account
   * (it gets a placeholder): else whoever typed someone's address at a provider would own
   * the account a reset link for that address opens later.
   */
  async function accountFor(
    provider: string,
    profile: ProviderProfile,
    now: string,
  ): Promise<UserRow> {
    const linked = await users.findByIdentity(provider, profile.subject);
    if (linked !== undefined) return linked;
    const identity = { provider, subject: profile.subject, email: profile.email };
    if (profile.email !== null && profile.emailVerified) {
      const existing = await users.findByEmail(profile.email);
      if (existing !== undefined) {
        await users.linkIdentity(existing.id, identity, now);
        return existing;
      }
    }
    // A new account is a registration: the same setting decides (an unverified address
    // counts as none, so only open registration takes it).
    const refusal = registrationRefusal(
      deps.registration,
      profile.emailVerified ? (profile.email ?? '') : '',
    );
    if (refusal !== null) {
      throw new ProviderFlowError(
        refusal === 'closed' ? MESSAGES.registrationClosed : MESSAGES.registrationDomain,
      );
    }
    const id = randomUUID();
    const placeholder = `${provider}-${randomBytes(6).toString('hex')}@users.invalid`;
    const email =
      profile.email !== null &&
      profile.emailVerified &&
      (await users.findByEmail(profile.email)) === undefined
        ? profile.email
        : placeholder;
    await users.create(
      {
        id,
        email,
        passwordHash: NO_PASSWORD,
        firstName: profile.firstName ?? '',
        lastName: profile.lastName ?? '',
        role: '',
        airtableId: null,
        scopes: [{ ...INITIAL_SCOPE }],
      },
      now,
    );
    await users.linkIdentity(id, identity, now);
    const created = await users.findById(id);
    if (created === undefined) throw new Error('created user vanished');
    return created;
  }
}

interface FlowOutcome {
  ok: boolean;
  error?: string;
  cancelled?: boolean;
  linked?: string;
}

/**
 * Ends the flow. A popup gets a page that posts the outcome to its opener (same origin
 * only) and closes; the session itself is in the refresh cookie, so the opener follows
 * with POST /api/auth/refresh. A full-page flow is redirected.
 */
function finish(
  reply: FastifyReply,
  mode: 'redirect' | 'popup',
  returnTo: string,
  outcome: FlowOutcome,
): FastifyReply {
  if (mode === 'redirect') {
    const target = outcome.ok
      ? returnTo
      : `/login?authError=${encodeURIComponent(outcome.error ?? '')}`;
    return reply.redirect(target);
  }
  const nonce = randomBytes(16).toString('base64');
  const message = JSON.stringify({ type: MESSAGE_TYPE, ...outcome }).replace(/</g, '\\u003c');
  // To the opener, on this origin only; when the provider's pages severed the opener
  // (their own opener policy), over a same-origin BroadcastChannel instead.
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing in</title></head><body><p>${outcome.ok ? 'Signed in. This window closes by itself.' : 'Sign-in did not complete. You can close this window.'}</p><script nonce="${nonce}">(function(){var m=${message};if(window.opener){window.opener.postMessage(m,window.location.origin);}else if(typeof BroadcastChannel==='function'){var c=new BroadcastChannel('${BROADCAST_CHANNEL}');c.postMessage(m);c.close();}window.close();})();</script></body></html>`;
  return (
    reply
      .code(200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // The app page that opened this popup keeps it (same-origin-allow-popups); this page,
      // reached from the provider's origin, must not ask for isolation of its own, or the
      // browser would give it a new browsing context group without an opener.
      .header('cross-origin-opener-policy', 'unsafe-none')
      .header(
        'content-security-policy',
        `default-src 'none'; script-src 'nonce-${nonce}'; frame-ancestors 'none'; base-uri 'none'`,
      )
      .send(html)
  );
}
