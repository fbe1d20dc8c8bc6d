// The feedback widget's storage (docs/api.md, Feedback): any signed-in user sends a
// message tagged with recordId, homeID, homeRID and address; admins read them.

import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Feedback } from '@field/domain';
import { feedbackInputSchema } from '@field/domain';
import type { Database, FeedbackTable } from '../../db/schema.js';
import { currentUser } from '../../http/auth.js';
import { forbidden } from '../../http/errors.js';
import { runWrite } from '../../http/idempotency.js';
import { parseWith } from '../../http/validate.js';

const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  before: z.string().optional(),
});

export type ApiFeedback = Feedback;

function toApiFeedback(row: FeedbackTable): ApiFeedback {
  return {
    id: row.id,
    message: row.message,
    recordId: row.record_id,
    homeID: row.home_id,
    homeRID: row.home_rid,
    address: row.address,
    page: row.page,
    userId: row.user_id,
    userEmail: row.user_email,
    userAgent: row.user_agent,
    createdAt: row.created_at,
  };
}

/**
 * Feedback is limited per user (@fastify/rate-limit, counted in the database like the
 * sign-in limits): any account may send it, a pending one too, and each message is stored.
 */
export function feedbackRoutes(
  api: FastifyInstance,
  db: Kysely<Database>,
  limit: { max: number; timeWindow: number },
): void {
  const rateLimit = {
    ...limit,
    // After the auth hook, so the count is the user's wherever they send from.
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `feedback:${request.authUser?.id ?? request.ip}`,
  };
  api.post('/feedback', { config: { rateLimit } }, async (request, reply) => {
    const user = currentUser(request);
    const input = parseWith(feedbackInputSchema, request.body ?? {});
    const agent = request.headers['user-agent'];
    return runWrite(db, request, reply, user.id, async (trx) => {
      const row: FeedbackTable = {
        id: randomUUID(),
        user_id: user.id,
        user_email: user.row.email,
        message: input.message,
        record_id: input.recordId,
        home_id: input.homeID,
        home_rid: input.homeRID,
        address: input.address,
        page: input.page,
        user_agent: typeof agent === 'string' ? agent.slice(0, 500) : null,
        created_at: new Date().toISOString(),
      };
      await trx.insertInto('feedback').values(row).execute();
      return { statusCode: 201, body: toApiFeedback(row) };
    });
  });

  /** Newest first; `before` (a createdAt) pages back. */
  api.get('/feedback', async (request) => {
    if (!currentUser(request).access.admin) throw forbidden();
    const query = parseWith(listQuerySchema, request.query);
    let select = db.selectFrom('feedback').selectAll();
    if (query.before !== undefined) select = select.where('created_at', '<', query.before);
    const rows = await select
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .execute();
    return { feedback: rows.map(toApiFeedback) };
  });
}
