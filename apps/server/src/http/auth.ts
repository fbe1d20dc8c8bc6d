// The one auth hook for the /api tree: a valid bearer token or 401, then the caller's
// scopes, expanded with the domain's rules, for the access checks of every route.

import { randomBytes } from 'node:crypto';
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
  // The token's session must still be live: sign-out, a password change or a reset ends
  // its access tokens at once (one query: the user row joined with the session check).
  const row = await users.findWithLiveSession(token.userId, token.sessionId);
  if (row === undefined) return null;
  if (row.tokens_valid_after !== null && token.issuedAt < Number(row.tokens_valid_after)) {
    return null;
  }
  const scopes = await users.scopesOf(row.id);
  return { id: row.id, row, scopes, access: resolveAccess(scopes) };
}

/** The header that carries a batch ticket on the writes a batch replays inside the server. */
export const BATCH_TICKET_HEADER = 'x-field-batch-ticket';

/**
 * The writes of one `POST /api/batch` run as the user the batch request was authenticated
 * as: the batch holds a random ticket for that user while its writes run, and only they
 * carry it. A ticket is unguessable and gone when the batch ends, so a client sending the
 * header gains nothing.
 */
export class BatchTickets {
  private readonly users = new Map<string, AuthUser>();

  issue(user: AuthUser): string {
    const ticket = randomBytes(32).toString('base64url');
    this.users.set(ticket, user);
    return ticket;
  }

  revoke(ticket: string): void {
    this.users.delete(ticket);
  }

  userOf(request: FastifyRequest): AuthUser | null | undefined {
    const ticket = request.headers[BATCH_TICKET_HEADER];
    if (ticket === undefined) return undefined;
    return typeof ticket === 'string' ? (this.users.get(ticket) ?? null) : null;
  }
}

export function registerAuthHook(
  app: FastifyInstance,
  tokens: TokenService,
  users: UserRepository,
  batchTickets: BatchTickets,
): void {
  app.decorateRequest('authUser', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config.public === true) return;
    const batched = batchTickets.userOf(request);
    if (batched !== undefined) {
      // A write of a batch: the batch's user, or nobody (a stale or forged ticket).
      if (batched === null) throw unauthorized();
      request.authUser = batched;
      return;
    }
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
