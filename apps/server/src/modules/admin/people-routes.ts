// People (docs/decisions.md, People and invitations; admin scope only): link a user to an
// employee, set their role and each scope's flags at once, see which homes that gives
// them (the domain's access-by-home rule, home-access.ts), and mail an invitation again.

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { HomeAccessMode, Scope } from '@field/domain';
import {
  MESSAGES,
  homeAccessFacts,
  mayWorkOnHome,
  mergeScopes,
  resolveAccess,
} from '@field/domain';
import { requireAdmin } from '../../http/auth.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { parseWith } from '../../http/validate.js';
import { sendPasswordMail } from '../auth/account-mails.js';
import type { RecordRepository } from '../records/repository.js';
import { toApiRecord } from '../records/repository.js';
import { NO_PASSWORD } from '../users/repository.js';
import type { AdminDeps } from './admin-users.js';
import { adminUserAnswer, checkScope, scopeInput } from './admin-users.js';

/** How many addresses the homes summary names. */
const ADDRESSES_SHOWN = 5;

const employeeIdInput = z.string().trim().min(1).max(64).nullable();
const personSchema = z.object({
  airtableId: employeeIdInput.optional(),
  role: z.string().trim().max(100).optional(),
  scopes: z.array(scopeInput).max(200).optional(),
});
const homesSchema = z.object({
  airtableId: employeeIdInput.default(null),
  scopes: z.array(scopeInput).max(200).default([]),
});
const idParam = z.object({ id: z.string().min(1).max(64) });

/** Refuses an employee id no live employee record has (null: no link, always fine). */
export async function checkEmployee(
  deps: Pick<AdminDeps, 'db' | 'records'>,
  employeeId: string | null,
): Promise<void> {
  if (employeeId === null) return;
  const found = await deps.records.findLiveOfKinds(deps.db, ['employees'], employeeId);
  if (found === undefined) throw badRequest(MESSAGES.unknownEmployee);
}

/** The homes a user with this employee and these scopes works on: how many, and the first. */
async function homesFor(
  records: RecordRepository,
  mode: HomeAccessMode,
  employeeId: string | null,
  scopes: Scope[],
) {
  const viewer = { access: resolveAccess(scopes), employeeId, mode };
  const homes = (await records.listActive('homes')).map(toApiRecord);
  const worked = homes.filter((home) => mayWorkOnHome(viewer, homeAccessFacts(home)));
  const addresses = worked
    .map((home) => (typeof home.Address === 'string' ? home.Address : home.id))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return {
    count: worked.length,
    total: homes.length,
    addresses: addresses.slice(0, ADDRESSES_SHOWN),
  };
}

export function peopleRoutes(app: FastifyInstance, deps: AdminDeps): void {
  const { users, records } = deps;

  const target = async (params: unknown) => {
    const { id } = parseWith(idParam, params);
    const row = await users.findById(id);
    if (row === undefined) throw notFound();
    return row;
  };

  // Changes what is given: the employee link, the role, the scopes (each with its flags).
  // The user's next request sees it (the auth cache hears of every change of a user).
  app.patch('/admin/users/:id', async (request) => {
    requireAdmin(request);
    const row = await target(request.params);
    const body = parseWith(personSchema, request.body ?? {});
    const airtableId = body.airtableId === undefined ? row.airtable_id : body.airtableId;
    if (body.airtableId !== undefined) await checkEmployee(deps, airtableId);
    const scopes = body.scopes === undefined ? undefined : mergeScopes(body.scopes.map(checkScope));
    const changed = await users.updatePerson(
      row.id,
      { role: body.role ?? row.role, airtableId, scopes },
      new Date().toISOString(),
    );
    if (!changed) throw conflict(MESSAGES.lastAdmin);
    const updated = await users.findById(row.id);
    if (updated === undefined) throw notFound();
    return adminUserAnswer(users, updated);
  });

  // Which homes an employee link and scopes would give: the form asks before it saves.
  app.post('/admin/homes-for', async (request) => {
    requireAdmin(request);
    const body = parseWith(homesSchema, request.body ?? {});
    return homesFor(
      records,
      deps.homeAccess,
      body.airtableId,
      mergeScopes(body.scopes.map(checkScope)),
    );
  });

  // Mails the invitation again (a new link; the older one stops working).
  app.post('/admin/users/:id/invite', async (request) => {
    requireAdmin(request);
    const row = await target(request.params);
    if (row.password_hash !== NO_PASSWORD) throw conflict(MESSAGES.alreadyHasPassword);
    await sendPasswordMail(deps, request, row, 'welcome');
    return { ok: true };
  });
}
