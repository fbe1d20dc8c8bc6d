// The one auth hook for the /api tree: a valid bearer token or 401, then the caller's
// scopes, expanded with the domain's rules, for the access checks of every route.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Access, AccessKind, Requirement, Scope } from '@field/domain';
import { hasAccess, resolveAccess } from '@field/domain';
import type { UserRepository, UserRow } from '../modules/users/repository.js';
import type { TokenService } from '../modules/auth/tokens.js';
import { forbidden, unauthorized } from './errors.js';

export interface AuthUser {
  id: string;
  row: UserRow;
  scopes: Scope[];
  access: Access;
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

async function authenticate(
  request: FastifyRequest,
  tokens: TokenService,
  users: UserRepository,
): Promise<AuthUser | null> {
  const header = request.headers.authorization;
  const match = header === undefined ? null : /^Bearer ([^\s]+)$/i.exec(header);
  const token = match?.[1] === undefined ? undefined : await tokens.verifyDetailed(match[1]);
  if (token === undefined) return null;
  const row = await users.findById(token.userId);
  if (row === undefined) return null;
  // A password change or reset ends every session issued before it.
  if (row.tokens_valid_after !== null && token.issuedAt < Number(row.tokens_valid_after)) {
    return null;
  }
  const scopes = await users.scopesOf(row.id);
  return { id: row.id, row, scopes, access: resolveAccess(scopes) };
}

export function registerAuthHook(
  app: FastifyInstance,
  tokens: TokenService,
  users: UserRepository,
): void {
  app.decorateRequest('authUser', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config.public === true) return;
    const user = await authenticate(request, tokens, users);
    if (user === null && config.optionalAuth !== true) throw unauthorized();
    request.authUser = user;
  });
}

export function currentUser(request: FastifyRequest): AuthUser {
  if (request.authUser === null) throw unauthorized();
  return request.authUser;
}

/** The caller, if the requirement is met; 403 otherwise (section 5's access rule). */
export function requireAccess(
  request: FastifyRequest,
  requirement: Requirement,
  kind: AccessKind,
): AuthUser {
  const user = currentUser(request);
  if (!hasAccess(user.access, requirement, kind)) throw forbidden();
  return user;
}

/** The caller, if they hold the admin scope (administration of users); 403 otherwise. */
export function requireAdmin(request: FastifyRequest): AuthUser {
  const user = currentUser(request);
  if (!user.access.admin) throw forbidden();
  return user;
}
