// Sign-in providers over OpenID Connect / OAuth 2 (openid-client): the seven social
// providers of docs/api.md, each on only when its client id and secret are configured, and
// the company single sign-on as one more OIDC provider. Discovery runs on first use and
// is cached; a failed discovery is retried on the next sign-in.

import * as oidc from 'openid-client';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config, ProviderCredentials, SocialProvider } from '../../config.js';
import { SOCIAL_PROVIDERS } from '../../config.js';

export const SSO_PROVIDER = 'sso';

/** What a provider tells us about the person who signed in. */
export interface ProviderProfile {
  subject: string;
  email: string | null;
  /** Only a provider-verified address may be matched to an existing account. */
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
}

export interface OAuth2EndpointUrls {
  authorization: string;
  token: string;
  userinfo: string;
}

interface OAuth2Endpoints extends OAuth2EndpointUrls {
  profile: (json: unknown) => ProviderProfile;
}

interface ProviderDefinition {
  name: string;
  /** Well-known OIDC issuer, or plain OAuth 2 endpoints for providers without OIDC. */
  issuer?: string;
  oauth2?: OAuth2Endpoints;
  scope: string;
  /** Apple answers with a form POST to the callback. */
  formPost?: boolean;
}

const githubUser = z.object({
  id: z.union([z.number(), z.string()]),
  email: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
});
const facebookUser = z.object({
  id: z.string(),
  email: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
});
const twitterUser = z.object({ data: z.object({ id: z.string(), name: z.string().optional() }) });

function splitName(name: string | null | undefined): [string | null, string | null] {
  if (name == null || name.trim() === '') return [null, null];
  const parts = name.trim().split(/\s+/);
  return [parts[0] ?? null, parts.length > 1 ? parts.slice(1).join(' ') : null];
}

const DEFINITIONS: Record<SocialProvider, ProviderDefinition> = {
  google: { name: 'Google', issuer: 'https://accounts.google.com', scope: 'openid email profile' },
  microsoft: {
    name: 'Microsoft',
    // The common endpoint's documents name a per-tenant issuer: set MICROSOFT_ISSUER to
    // https://login.microsoftonline.com/{tenant}/v2.0 for a work tenant.
    issuer: 'https://login.microsoftonline.com/common/v2.0',
    scope: 'openid email profile',
  },
  yahoo: { name: 'Yahoo', issuer: 'https://api.login.yahoo.com', scope: 'openid email profile' },
  apple: {
    name: 'Apple',
    issuer: 'https://appleid.apple.com',
    scope: 'openid email name',
    formPost: true,
  },
  github: {
    name: 'GitHub',
    scope: 'read:user user:email',
    oauth2: {
      authorization: 'https://github.com/login/oauth/authorize',
      token: 'https://github.com/login/oauth/access_token',
      userinfo: 'https://api.github.com/user',
      profile: (json) => {
        const u = githubUser.parse(json);
        const [firstName, lastName] = splitName(u.name);
        // GitHub's public address is not known to be verified: never used to match.
        return {
          subject: String(u.id),
          email: u.email ?? null,
          emailVerified: false,
          firstName,
          lastName,
        };
      },
    },
  },
  facebook: {
    name: 'Facebook',
    scope: 'email public_profile',
    oauth2: {
      authorization: 'https://www.facebook.com/v19.0/dialog/oauth',
      token: 'https://graph.facebook.com/v19.0/oauth/access_token',
      userinfo: 'https://graph.facebook.com/me?fields=id,email,first_name,last_name',
      profile: (json) => {
        const u = facebookUser.parse(json);
        return {
          subject: u.id,
          email: u.email ?? null,
          emailVerified: false,
          firstName: u.first_name ?? null,
          lastName: u.last_name ?? null,
        };
      },
    },
  },
  twitter: {
    name: 'X (Twitter)',
    scope: 'users.read tweet.read',
    oauth2: {
      authorization: 'https://twitter.com/i/oauth2/authorize',
      token: 'https://api.twitter.com/2/oauth2/token',
      userinfo: 'https://api.twitter.com/2/users/me',
      profile: (json) => {
        const u = twitterUser.parse(json);
        const [firstName, lastName] = splitName(u.data.name);
        return { subject: u.data.id, email: null, emailVerified: false, firstName, lastName };
      },
    },
  },
};

export function isSocialProvider(name: string): name is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly string[]).includes(name);
}

const idClaims = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.literal('true'), z.literal('false')]).optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
});

function profileFromClaims(claims: unknown): ProviderProfile {
  const c = idClaims.parse(claims);
  const [first, last] = splitName(c.name);
  return {
    subject: c.sub,
    email: c.email ?? null,
    emailVerified: c.email_verified === true || c.email_verified === 'true',
    firstName: c.given_name ?? first,
    lastName: c.family_name ?? last,
  };
}

export interface ConfiguredProvider {
  id: string;
  name: string;
  type: 'social' | 'sso';
  formPost: boolean;
}

interface ResolvedProvider extends ConfiguredProvider {
  credentials: ProviderCredentials;
  scope: string;
  issuer: string | undefined;
  oauth2: OAuth2Endpoints | undefined;
}

export interface AuthorizationRequest {
  url: URL;
  state: string;
  codeVerifier: string;
  nonce: string;
}

export class ProviderRegistry {
  private readonly providers = new Map<string, ResolvedProvider>();
  private readonly configurations = new Map<string, Promise<oidc.Configuration>>();

  /**
   * @param endpoints replaces the fixed endpoints of the plain OAuth 2 providers (GitHub,
   *   Facebook, Twitter), for tests against a local server.
   */
  constructor(
    config: Pick<Config, 'providers' | 'sso'>,
    private readonly log: FastifyBaseLogger,
    endpoints: Partial<Record<SocialProvider, OAuth2EndpointUrls>> = {},
  ) {
    for (const id of SOCIAL_PROVIDERS) {
      const credentials = config.providers[id];
      if (credentials === undefined) continue;
      const definition = DEFINITIONS[id];
      // An issuer override turns any provider into plain OIDC discovery (tenants, tests).
      const issuer = credentials.issuer ?? definition.issuer;
      this.providers.set(id, {
        id,
        name: definition.name,
        type: 'social',
        // Apple posts its answer even at an overridden issuer (tests run it on loopback).
        formPost: definition.formPost === true,
        credentials,
        scope: credentials.issuer === undefined ? definition.scope : 'openid email profile',
        issuer,
        oauth2:
          credentials.issuer === undefined && definition.oauth2 !== undefined
            ? { ...definition.oauth2, ...endpoints[id] }
            : undefined,
      });
    }
    if (config.sso !== undefined) {
      this.providers.set(SSO_PROVIDER, {
        id: SSO_PROVIDER,
        name: config.sso.name,
        type: 'sso',
        formPost: false,
        credentials: config.sso,
        scope: config.sso.scopes,
        issuer: config.sso.issuer,
        oauth2: undefined,
      });
    }
  }

  /** The providers the web app may show buttons for. */
  list(): ConfiguredProvider[] {
    return [...this.providers.values()].map(({ id, name, type, formPost }) => ({
      id,
      name,
      type,
      formPost,
    }));
  }

  has(id: string): boolean {
    return this.providers.has(id);
  }

  /** Whether the provider answers with a form POST (response_mode=form_post). */
  formPost(id: string): boolean {
    return this.providers.get(id)?.formPost === true;
  }

  private provider(id: string): ResolvedProvider {
    const provider = this.providers.get(id);
    if (provider === undefined) throw new Error(`provider ${id} is not configured`);
    return provider;
  }

  private configuration(provider: ResolvedProvider): Promise<oidc.Configuration> {
    const cached = this.configurations.get(provider.id);
    if (cached !== undefined) return cached;
    const { clientId, clientSecret } = provider.credentials;
    let made: Promise<oidc.Configuration>;
    if (provider.oauth2 !== undefined) {
      const endpoints = provider.oauth2;
      const configuration = new oidc.Configuration(
        {
          issuer: new URL(endpoints.authorization).origin,
          authorization_endpoint: endpoints.authorization,
          token_endpoint: endpoints.token,
        },
        clientId,
        clientSecret,
      );
      if (new URL(endpoints.token).protocol === 'http:') {
        oidc.allowInsecureRequests(configuration);
      }
      made = Promise.resolve(configuration);
    } else {
      const issuer = new URL(provider.issuer ?? '');
      // Plain http only for a provider on this machine or a private test network.
      const insecure = issuer.protocol === 'http:';
      made = oidc.discovery(
        issuer,
        clientId,
        clientSecret,
        undefined,
        insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
      );
    }
    made.catch((err: unknown) => {
      this.log.error({ err, provider: provider.id }, 'provider discovery failed');
      this.configurations.delete(provider.id);
    });
    this.configurations.set(provider.id, made);
    return made;
  }

  async authorizationRequest(id: string, redirectUri: string): Promise<AuthorizationRequest> {
    const provider = this.provider(id);
    const config = await this.configuration(provider);
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const parameters: Record<string, string> = {
      redirect_uri: redirectUri,
      scope: provider.scope,
      response_type: 'code',
      state,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    };
    if (provider.oauth2 === undefined) parameters['nonce'] = nonce;
    if (provider.formPost) parameters['response_mode'] = 'form_post';
    return { url: oidc.buildAuthorizationUrl(config, parameters), state, codeVerifier, nonce };
  }

  /** Completes the authorization-code + PKCE flow and reads who signed in. */
  async complete(
    id: string,
    callbackUrl: URL,
    checks: { state: string; codeVerifier: string; nonce: string },
  ): Promise<ProviderProfile> {
    const provider = this.provider(id);
    const config = await this.configuration(provider);
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      expectedState: checks.state,
      pkceCodeVerifier: checks.codeVerifier,
      ...(provider.oauth2 === undefined
        ? { expectedNonce: checks.nonce, idTokenExpected: true }
        : {}),
    });
    if (provider.oauth2 !== undefined) {
      const response = await oidc.fetchProtectedResource(
        config,
        tokens.access_token,
        new URL(provider.oauth2.userinfo),
        'GET',
      );
      return provider.oauth2.profile(await response.json());
    }
    const claims = tokens.claims();
    let profile = profileFromClaims(claims);
    if (profile.email === null && config.serverMetadata().userinfo_endpoint !== undefined) {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, profile.subject);
      profile = { ...profileFromClaims(info), subject: profile.subject };
    }
    return profile;
  }
}
