// The account links beyond the password reset (docs/api.md, "Invitations and registration"):
// the registration policy the sign-in screen reads, an invitation's landing (who it is for,
// then the first password and a session), the verification of a registered address, and
// who a user's administrators are.

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MESSAGES } from '@field/domain';
import { currentUser } from '../../http/auth.js';
import { badRequest, unauthorized } from '../../http/errors.js';
import { parseWith } from '../../http/validate.js';
import { sendPasswordMail } from './account-mails.js';
import { hashPassword } from './passwords.js';
import type { AuthDeps } from './routes.js';
import { checkNewPassword, completeSignIn, passwordChanged } from './routes.js';

const tokenSchema = z.string().min(1).max(200);
const tokenQuery = z.object({ token: tokenSchema });
const acceptSchema = z.object({ token: tokenSchema, password: z.string().min(1).max(1024) });
const verifySchema = z.object({ token: tokenSchema });

export function invitationRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const { users, resets } = deps;
  const limited = { public: true, rateLimit: deps.rateLimit };

  app.get('/auth/registration', { config: { public: true } }, () =>
    Promise.resolve({
      mode: deps.registration.mode,
      domains: deps.registration.mode === 'domains' ? deps.registration.domains : [],
    }),
  );

  // Whom an invitation is for, so its landing can greet them; the link stays unused.
  app.get('/auth/invitation', { config: limited }, async (request) => {
    const { token } = parseWith(tokenQuery, request.query);
    const userId = await resets.peek(token, new Date().toISOString(), 'invite');
    const user = userId === undefined ? undefined : await users.findById(userId);
    if (user === undefined) throw badRequest(MESSAGES.invitationInvalid);
    return { email: user.email, firstName: user.first_name, lastName: user.last_name };
  });

  // The invited person's first password: the link is used up, the address counts as
  // verified (the mail reached it), and this device is signed in.
  app.post('/auth/accept-invitation', { config: limited }, async (request, reply) => {
    const body = parseWith(acceptSchema, request.body);
    checkNewPassword(body.password);
    const now = new Date().toISOString();
    const userId = await resets.consume(body.token, now, 'invite');
    if (userId === undefined) throw badRequest(MESSAGES.invitationInvalid);
    await passwordChanged(deps, userId, await hashPassword(body.password), now);
    await users.markEmailVerified(userId, now);
    const user = await users.findById(userId);
    if (user === undefined) throw badRequest(MESSAGES.invitationInvalid);
    return completeSignIn(deps, request, reply, user);
  });

  app.post('/auth/verify-email', { config: limited }, async (request) => {
    const { token } = parseWith(verifySchema, request.body);
    const now = new Date().toISOString();
    const userId = await resets.consume(token, now, 'verify');
    if (userId === undefined) throw badRequest(MESSAGES.verifyLinkInvalid);
    await users.markEmailVerified(userId, now);
    return { ok: true };
  });

  // A new verification link for the signed-in user whose address is not verified yet.
  app.post(
    '/auth/resend-verification',
    { config: { optionalAuth: true, rateLimit: deps.rateLimit } },
    (request) => {
      if (request.authUser === null) throw unauthorized(MESSAGES.userMustBeLoggedIn);
      const { row } = request.authUser;
      if (row.email_verified_at === null) void sendPasswordMail(deps, request, row, 'verify');
      return Promise.resolve({ verified: row.email_verified_at !== null });
    },
  );

  // Whom to ask when something is missing (no employee linked, no homes): the admins.
  app.get('/users/me/admins', async (request) => {
    currentUser(request);
    return { admins: await users.admins() };
  });
}
