// The one auth hook for the /api tree: a valid bearer token or 401, then the caller's
// scopes, expanded with the domain's rules, for the access checks of every route.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Access, AccessKind, Requirement, Scope } from '@field/domain';
import { hasAccess, resolveAccess } from '@field/domain';
import type { UsersTable } from '../db/schema.js';
import type { AuthChange, AuthChanges } from './auth-changes.js';
import { forbidden, unauthorized } from './errors.js';

export interface AuthUser {
  id: string;
  /** The session (refresh-token family) of the token the request came with. */
  sessionId: string;
  row: UsersTable;
  scopes: Scope[];
  access: Access;
}

export interface VerifiedToken {
  userId: string;
  /** The session (refresh-token family) the token was issued for. */
  sessionId: string;
  /** Issued-at, epoch seconds. */
  issuedAt: number;
}

/** What the hook checks bearer tokens with (modules/auth/tokens.ts makes one). */
export interface TokenVerifier {
  /** The user and session of a valid token, or undefined for any invalid or expired one. */
  verifyDetailed(token: string): Promise<VerifiedToken | undefined>;
}

/** Where the hook finds a token's user (modules/users/repository.ts is one). */
export interface AuthUserSource {
  /** Where committed changes of users and sessions are announced (auth-changes.ts). */
  readonly changes: AuthChanges;
  /** The user, if the session is live. */
  findWithLiveSession(id: string, sessionId: string): Promise<UsersTable | undefined>;
  scopesOf(userId: string): Promise<Scope[]>;
}

declare module 'fastify' {
  interface FastifyRequest {
    authUser: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** Routes that answer without a signed-in user (sign-in itself, health). */
    public?: boolean;
    /** Routes that read a signed-in user when there is one and answer either way. */
    optionalAuth?: boolean;
  }
}

/** How long a verified user is trusted without asking the database (a safety net: changes
 * are announced and forget the entry at once). */
const AUTH_CACHE_TTL_MS = 30_000;
const AUTH_CACHE_MAX = 10_000;

/**
 * The users of live sessions, so a request costs no database round trip to authenticate.
 * Every change that could refuse or change a cached user (scopes, password, profile,
 * sign-out, a session ended) is announced by the repository that made it once committed
 * (auth-changes.ts) and forgets the entries it touches; a change announced while an entry
 * was being read keeps that read out of the cache.
 */
class AuthCache {
  private readonly entries = new Map<string, { user: AuthUser; expiresAt: number }>();
  private epoch = 0;
  private readonly unsubscribe: () => void;

  constructor(
    changes: AuthChanges,
    private readonly ttlMs = AUTH_CACHE_TTL_MS,
  ) {
    this.unsubscribe = changes.subscribe((change) => this.forget(change));
  }

  async get(
    userId: string,
    sessionId: string,
    load: () => Promise<AuthUser | null>,
  ): Promise<AuthUser | null> {
    const key = `${userId} ${sessionId}`;
    const hit = this.entries.get(key);
    if (hit !== undefined && hit.expiresAt > Date.now()) return hit.user;
    const epoch = this.epoch;
    const user = await load();
    if (user !== null && epoch === this.epoch) {
      this.entries.delete(key);
      if (this.entries.size >= AUTH_CACHE_MAX) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      this.entries.set(key, { user, expiresAt: Date.now() + this.ttlMs });
    }
    return user;
  }

  forget(change: AuthChange): void {
    this.epoch += 1;
    if (change.type === 'all') {
      this.entries.clear();
      return;
    }
    for (const key of this.entries.keys()) {
      const [userId, sessionId] = key.split(' ');
      if (change.type === 'user' ? userId === change.userId : sessionId === change.sessionId) {
        this.entries.delete(key);
      }
    }
  }

  close(): void {
    this.unsubscribe();
    this.entries.clear();
  }
}

async function authenticate(
  request: FastifyRequest,
  tokens: TokenVerifier,
  users: AuthUserSource,
  cache: AuthCache,
): Promise<AuthUser | null> {
  const header = request.headers.authorization;
  const match = header === undefined ? null : /^Bearer ([^\s]+)$/i.exec(header);
  const token = match?.[1] === undefined ? undefined : await tokens.verifyDetailed(match[1]);
  if (token === undefined) return null;
  // The token's session must still be live: sign-out, a password change or a reset ends
  // its access tokens at once (one query, the user row joined with the session check,
  // and one for the scopes, when the cache does not hold the user).
  const user = await cache.get(token.userId, token.sessionId, async () => {
    const row = await users.findWithLiveSession(token.userId, token.sessionId);
    if (row === undefined) return null;
    const scopes = await users.scopesOf(row.id);
    return { id: row.id, sessionId: token.sessionId, row, scopes, access: resolveAccess(scopes) };
  });
  if (user === null) return null;
  const validAfter = user.row.tokens_valid_after;
  if (validAfter !== null && token.issuedAt < Number(validAfter)) return null;
  return user;
}

export function registerAuthHook(
  app: FastifyInstance,
  tokens: TokenVerifier,
  users: AuthUserSource,
): void {
  app.decorateRequest('authUser', null);
  const cache = new AuthCache(users.changes);
  app.addHook('onClose', (_app, done) => {
    cache.close();
    done();
  });
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config.public === true) return;
    const user = await authenticate(request, tokens, users, cache);
    if (user === null && config.optionalAuth !== true) throw unauthorized();
    request.authUser = user;
  });
}

export function currentUser(request: FastifyRequest): AuthUser {
  if (request.authUser === null) throw unauthorized();
  return request.authUser;
}

/** The caller, if the requirement is met; 403 otherwise (the domain's access rule). */
export function requireAccess(
  request: FastifyRequest,
  requirement: Requirement,
  kind: AccessKind,
): AuthUser {
  const user = currentUser(request);
  if (!hasAccess(user.access, requirement, kind)) throw forbidden();
  return user;
}

/** 403 unless the writer meets the requirement (write scopes). */
export function requireWrite(user: AuthUser, requirement: Requirement): void {
  if (!hasAccess(user.access, requirement, 'write')) throw forbidden();
}

/** The caller, if they hold the admin scope (administration of users); 403 otherwise. */
export function requireAdmin(request: FastifyRequest): AuthUser {
  const user = currentUser(request);
  if (!user.access.admin) throw forbidden();
  return user;
}
