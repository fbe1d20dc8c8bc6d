// Accounts: register, sign in and out, refresh the session, forgot / reset / change the
// password, and the signed-in user's document. Sign-in endpoints are rate-limited per
// address (the route's rateLimit) and per account and address (AccountLockout).

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { INITIAL_SCOPE, MESSAGES, registrationRefusal } from '@field/domain';
import type { RegistrationPolicy, UserDocument } from '@field/domain';
import { currentUser } from '../../http/auth.js';
import { AppError, badRequest, conflict, unauthorized } from '../../http/errors.js';
import { parseWith } from '../../http/validate.js';
import type { UserRepository, UserRow } from '../users/repository.js';
import { NO_PASSWORD, toUserDocument } from '../users/repository.js';
import { migrateLegacyData } from './legacy-migration.js';
import type { AccountLockout } from './lockout.js';
import type { Mailer } from './mailer.js';
import { sendPasswordMail } from './account-mails.js';
import type { PasswordResets } from './password-resets.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { IssuedSession, SessionService } from './sessions.js';

const MIN_PASSWORD_LENGTH = 8;

export interface AuthDeps {
  users: UserRepository;
  sessions: SessionService;
  lockout: AccountLockout;
  resets: PasswordResets;
  mailer: Mailer;
  publicUrl: string;
  /** True when PUBLIC_URL was set; otherwise providers return to HOST and this server's port. */
  publicUrlExplicit: boolean;
  /** The configured HOST the server listens on. */
  host: string;
  /** Per-address limit of the sign-in endpoints (@fastify/rate-limit route options). */
  rateLimit: { max: number; timeWindow: number };
  /** Who may register themselves. */
  registration: RegistrationPolicy;
}

export interface SessionAnswer extends IssuedSession {
  user: UserDocument;
}

const emailSchema = z.string().trim().min(1).max(320);
const passwordSchema = z.string().min(1).max(1024);

const loginSchema = z.object({ email: emailSchema, password: passwordSchema });
const registerSchema = z.object({
  email: z.string().trim().max(320).pipe(z.email()),
  password: passwordSchema,
  firstName: z.string().trim().min(1).max(200),
  lastName: z.string().trim().min(1).max(200),
});
const forgotSchema = z.object({ email: emailSchema });
const resetSchema = z.object({ token: z.string().min(1).max(200), password: passwordSchema });
const changeSchema = z.object({ currentPassword: passwordSchema, newPassword: passwordSchema });

export function checkNewPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw badRequest(MESSAGES.passwordTooShort);
}

/**
 * Everything a sign-in of any kind does once the user is known: the first-sign-in
 * migration of legacy data (docs/api.md; on failure no session and the cookie cleared),
 * then a new session family.
 */
export async function completeSignIn(
  deps: Pick<AuthDeps, 'users' | 'sessions'>,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
): Promise<SessionAnswer> {
  const now = new Date().toISOString();
  try {
    await migrateLegacyData(deps.users, user, now, request.log);
  } catch (err) {
    deps.sessions.clearCookie(request, reply);
    throw err;
  }
  const row = (await deps.users.findById(user.id)) ?? user;
  const session = await deps.sessions.start(request, reply, user.id, now);
  return { ...session, user: toUserDocument(row, await deps.users.scopesOf(user.id)) };
}

/**
 * A new password, by change or reset: every session ends (their access tokens with them)
 * and every reset link still open is void.
 */
export async function passwordChanged(
  deps: Pick<AuthDeps, 'users' | 'sessions' | 'resets'>,
  userId: string,
  passwordHash: string,
  now: string,
): Promise<void> {
  await deps.users.setPassword(userId, passwordHash, now);
  await deps.sessions.revokeAllOf(userId, now);
  await deps.resets.voidAllOf(userId);
}

function lockedOut(reply: FastifyReply, seconds: number): AppError {
  void reply.header('retry-after', String(seconds));
  return new AppError(429, MESSAGES.accountLocked);
}

export function authRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const { users, sessions, lockout } = deps;
  const limited = { public: true, rateLimit: deps.rateLimit };

  app.post('/auth/login', { config: limited }, async (request, reply) => {
    const { email, password } = parseWith(loginSchema, request.body);
    const now = new Date().toISOString();
    const attempt = { email, address: request.ip };
    const wait = await lockout.lockedFor(attempt, now);
    if (wait > 0) throw lockedOut(reply, wait);
    const user = await users.findByEmail(email);
    if (!(await verifyPassword(user?.password_hash, password)) || user === undefined) {
      await lockout.recordFailure(attempt, now);
      throw unauthorized(MESSAGES.invalidCredentials);
    }
    await lockout.clear(attempt);
    return completeSignIn(deps, request, reply, user);
  });

  app.post('/auth/register', { config: limited }, async (request, reply) => {
    const body = parseWith(registerSchema, request.body);
    const refusal = registrationRefusal(deps.registration, body.email);
    if (refusal !== null) {
      throw new AppError(
        403,
        refusal === 'closed' ? MESSAGES.registrationClosed : MESSAGES.registrationDomain,
      );
    }
    checkNewPassword(body.password);
    if ((await users.findByEmail(body.email)) !== undefined) throw conflict(MESSAGES.emailTaken);
    const id = randomUUID();
    try {
      await users.create(
        {
          id,
          email: body.email,
          passwordHash: await hashPassword(body.password),
          firstName: body.firstName,
          lastName: body.lastName,
          role: '',
          airtableId: null,
          scopes: [{ ...INITIAL_SCOPE }],
          emailVerified: false,
        },
        new Date().toISOString(),
      );
    } catch (err) {
      // Two registrations of one address at once: the unique index decides.
      if ((await users.findByEmail(body.email)) !== undefined) throw conflict(MESSAGES.emailTaken);
      throw err;
    }
    const user = await users.findById(id);
    if (user === undefined) throw new Error('registered user vanished');
    void sendPasswordMail(deps, request, user, 'verify');
    const answer = await completeSignIn(deps, request, reply, user);
    return reply.code(201).send(answer);
  });

  // Not limited per address: a refresh token cannot be guessed, and every device of an
  // office behind one address refreshes several times an hour.
  app.post('/auth/refresh', { config: { public: true } }, async (request, reply) => {
    const token = sessions.cookieOf(request);
    const now = new Date().toISOString();
    const result = token === undefined ? undefined : await sessions.rotate(token, now);
    if (result === undefined || !result.ok) {
      if (result?.ok === false && result.reason === 'reused') {
        request.log.warn('refresh token reused: the session family is revoked');
      }
      sessions.clearCookie(request, reply);
      throw unauthorized(MESSAGES.sessionEnded);
    }
    const user = await users.findById(result.userId);
    if (user === undefined) {
      sessions.clearCookie(request, reply);
      throw unauthorized(MESSAGES.sessionEnded);
    }
    sessions.setCookie(request, reply, result.refreshToken);
    const session = await sessions.issueAccessToken(user.id, result.familyId);
    return { ...session, user: toUserDocument(user, await users.scopesOf(user.id)) };
  });

  app.post('/auth/logout', { config: { public: true } }, async (request, reply) => {
    const token = sessions.cookieOf(request);
    if (token !== undefined) await sessions.revokeByToken(token, new Date().toISOString());
    sessions.clearCookie(request, reply);
    return { ok: true };
  });

  app.post('/auth/forgot-password', { config: limited }, async (request) => {
    const { email } = parseWith(forgotSchema, request.body);
    const user = await users.findByEmail(email);
    // Not awaited: the answer takes as long whether or not the address exists.
    if (user !== undefined) void sendPasswordMail(deps, request, user, 'reset');
    return { message: MESSAGES.resetMailSent };
  });

  app.post('/auth/reset-password', { config: limited }, async (request) => {
    const body = parseWith(resetSchema, request.body);
    checkNewPassword(body.password);
    const now = new Date().toISOString();
    const userId = await deps.resets.consume(body.token, now);
    if (userId === undefined) throw badRequest(MESSAGES.resetLinkInvalid);
    await passwordChanged(deps, userId, await hashPassword(body.password), now);
    // The reset proves the mailbox, not the provider identities linked to the account: one
    // linked by someone else (an account made from an address they did not own, before
    // addresses had to be verified) must not keep a way in. Verified ones link again by
    // address at the next provider sign-in.
    await users.unlinkAllIdentities(userId);
    const user = await users.findById(userId);
    if (user !== undefined) await lockout.clearAccount(user.email);
    return { ok: true };
  });

  app.post(
    '/auth/change-password',
    { config: { optionalAuth: true, rateLimit: deps.rateLimit } },
    async (request, reply) => {
      if (request.authUser === null) throw unauthorized(MESSAGES.userMustBeLoggedIn);
      const user = request.authUser;
      const body = parseWith(changeSchema, request.body);
      const now = new Date().toISOString();
      const attempt = { email: user.row.email, address: request.ip };
      const wait = await lockout.lockedFor(attempt, now);
      if (wait > 0) throw lockedOut(reply, wait);
      if (!(await verifyPassword(user.row.password_hash, body.currentPassword))) {
        await lockout.recordFailure(attempt, now);
        throw badRequest(MESSAGES.reauthenticationFailed);
      }
      checkNewPassword(body.newPassword);
      await passwordChanged(deps, user.id, await hashPassword(body.newPassword), now);
      // This device stays signed in; every other session has ended.
      return sessions.start(request, reply, user.id, now);
    },
  );

  app.get('/users/me', (request) => {
    const user = currentUser(request);
    return Promise.resolve(toUserDocument(user.row, user.scopes));
  });

  app.get('/users/me/sign-in-methods', async (request) => {
    const user = currentUser(request);
    const identities = await users.identitiesOf(user.id);
    return {
      password: user.row.password_hash !== NO_PASSWORD,
      providers: identities.map((i) => ({
        provider: i.provider,
        email: i.email,
        linkedAt: i.createdAt,
      })),
    };
  });
}
