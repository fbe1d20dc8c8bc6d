// Administration of users (admin scope only): list users, add a user, approve a pending
// registration, and assign scope groups and single scopes.

import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Scope } from '@field/domain';
import { MESSAGES, PENDING_USER_SCOPE, SCOPE_GROUPS, mergeScopes } from '@field/domain';
import { requireAdmin } from '../../http/auth.js';
import { AppError, conflict, notFound } from '../../http/errors.js';
import { parseWith } from '../../http/validate.js';
import { sendPasswordMail } from '../auth/account-mails.js';
import type { UserRow } from '../users/repository.js';
import { NO_PASSWORD } from '../users/repository.js';
import type { AdminDeps } from './admin-users.js';
import { adminUserAnswer, checkScope, scopeInput, toAdminUser } from './admin-users.js';
import { checkEmployee, peopleRoutes } from './people-routes.js';

const groupSchema = z.enum(SCOPE_GROUPS);
const approveSchema = z.object({ group: groupSchema.optional() });
const scopesSchema = z.object({ scopes: z.array(scopeInput).max(200) });
const newUserSchema = z.object({
  email: z.string().trim().max(320).pipe(z.email()),
  firstName: z.string().trim().min(1).max(200),
  lastName: z.string().trim().min(1).max(200),
  role: z.string().trim().max(100).default(''),
  airtableId: z.string().trim().min(1).max(64).nullable().default(null),
  group: groupSchema.optional(),
  scopes: z.array(scopeInput).max(200).default([]),
});
const idParam = z.object({ id: z.string().min(1).max(64) });
const scopeParam = z.object({ id: z.string().min(1).max(64), value: z.string().min(1).max(100) });
const scopeQuery = z.object({ group: z.enum(['true', 'false']).optional() });

const addUserFailed = (status = 400): AppError => new AppError(status, MESSAGES.addUserFailed);

const groupScope = (value: string): Scope => ({
  value,
  approved: true,
  group: true,
  read: true,
  write: true,
});

/** A scope change refused because it would leave no administrator: 409 with why. */
async function keepAnAdmin(change: Promise<boolean>): Promise<void> {
  if (!(await change)) throw conflict(MESSAGES.lastAdmin);
}

export function adminRoutes(app: FastifyInstance, deps: AdminDeps): void {
  const { users } = deps;
  peopleRoutes(app, deps);

  const answer = async (userId: string) => {
    const row = await users.findById(userId);
    if (row === undefined) throw notFound();
    return adminUserAnswer(users, row);
  };

  const target = async (request: FastifyRequest, missing: () => AppError): Promise<UserRow> => {
    requireAdmin(request);
    const { id } = parseWith(idParam, request.params);
    const row = await users.findById(id);
    if (row === undefined) throw missing();
    return row;
  };

  app.get('/admin/users', async (request) => {
    requireAdmin(request);
    const list = await users.listWithScopes();
    const providers = await users.providersByUser();
    return list.map(({ row, scopes }) => toAdminUser(row, scopes, providers.get(row.id)));
  });

  app.get('/admin/users/:id', async (request) => {
    const row = await target(request, () => notFound());
    return answer(row.id);
  });

  // Invites a user: adds them approved, with the employee and scopes chosen, and mails them
  // a link to choose their password (docs/decisions.md, People and invitations).
  app.post('/admin/users', async (request, reply: FastifyReply) => {
    requireAdmin(request);
    const parsed = newUserSchema.safeParse(request.body);
    if (!parsed.success) throw addUserFailed();
    const body = parsed.data;
    const scopes = mergeScopes(
      body.group === undefined ? [] : [groupScope(body.group)],
      body.scopes.map(checkScope),
    );
    if ((await users.findByEmail(body.email)) !== undefined) throw addUserFailed(409);
    await checkEmployee(deps, body.airtableId);
    const id = randomUUID();
    try {
      await users.create(
        {
          id,
          email: body.email,
          passwordHash: NO_PASSWORD,
          firstName: body.firstName,
          lastName: body.lastName,
          role: body.role,
          airtableId: body.airtableId,
          scopes,
        },
        new Date().toISOString(),
      );
    } catch (err) {
      request.log.warn({ err }, 'adding a user failed');
      throw addUserFailed(409);
    }
    const row = await users.findById(id);
    if (row !== undefined) void sendPasswordMail(deps, request, row, 'welcome');
    return reply.code(201).send(await answer(id));
  });

  // Approves a registration: pending-user goes, the given group (if any) comes.
  app.post('/admin/users/:id/approve', async (request) => {
    const row = await target(request, () => notFound());
    // A registered address is verified before its account is approved.
    if (row.email_verified_at === null) throw conflict(MESSAGES.emailNotVerified);
    const body = parseWith(approveSchema, request.body ?? {});
    const approved = (current: Scope[]) =>
      mergeScopes(
        current
          .filter((s) => s.value !== PENDING_USER_SCOPE)
          .map((s) => ({ ...s, approved: true })),
        body.group === undefined ? [] : [groupScope(body.group)],
      );
    await keepAnAdmin(users.replaceScopes(row.id, approved, new Date().toISOString()));
    return answer(row.id);
  });

  // Replaces every scope of a user.
  app.put('/admin/users/:id/scopes', async (request) => {
    const row = await target(request, () => notFound());
    const body = parseWith(scopesSchema, request.body);
    await keepAnAdmin(
      users.replaceScopes(
        row.id,
        mergeScopes(body.scopes.map(checkScope)),
        new Date().toISOString(),
      ),
    );
    return answer(row.id);
  });

  // Adds one group or single scope (merged with what the user holds).
  app.post('/admin/users/:id/scopes', async (request) => {
    const row = await target(request, () => addUserFailed(404));
    const parsed = scopeInput.safeParse(request.body);
    if (!parsed.success) throw addUserFailed();
    const scope = checkScope(parsed.data);
    // Adding a scope replaces the same scope's flags rather than OR-ing them.
    const added = (current: Scope[]) => [
      ...current.filter((s) => !(s.value === scope.value && s.group === scope.group)),
      scope,
    ];
    await keepAnAdmin(users.replaceScopes(row.id, added, new Date().toISOString()));
    return answer(row.id);
  });

  app.delete('/admin/users/:id/scopes/:value', async (request) => {
    requireAdmin(request);
    const { id, value } = parseWith(scopeParam, request.params);
    const { group } = parseWith(scopeQuery, request.query);
    const row = await users.findById(id);
    if (row === undefined) throw notFound();
    const isGroup = group === undefined ? undefined : group === 'true';
    // Decided from the scopes read in the change's transaction: 404 when none is removed.
    const kept = (current: Scope[]) => {
      const next = current.filter(
        (s) => !(s.value === value && (isGroup === undefined || s.group === isGroup)),
      );
      if (next.length === current.length) throw notFound();
      return next;
    };
    await keepAnAdmin(users.replaceScopes(id, kept, new Date().toISOString()));
    return answer(id);
  });
}
