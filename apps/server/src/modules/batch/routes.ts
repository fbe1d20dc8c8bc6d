// `POST /api/batch`: the write queue's batches in one request. Each write goes through
// the same route, scope check, validation and Idempotency-Key transaction as when it comes
// alone (the server replays it internally), in the order given; one failing write never
// stops or undoes the others. The batch answers 200 with one answer per write.
//
// Which writes may travel in a batch is the domain's allow-list (BATCH_WRITE_ROUTES), on
// the path as written: a write not on it, or under a path a router or URL parser would
// read as another (`../`, `%61uth`), makes the whole batch a 400 naming the write, and
// nothing of it runs. A batch never runs inside a batch. Size: MAX_BATCH_WRITES writes
// and the server's body limit.

import type { FastifyInstance } from 'fastify';
import type { BatchedAnswer } from '@field/domain';
import { BATCH_PATH, MESSAGES, writeBatchSchema } from '@field/domain';
import type { BatchTickets } from '../../http/auth.js';
import { BATCH_TICKET_HEADER, currentUser } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { parseWith } from '../../http/validate.js';

function answerBody(payload: string): unknown {
  if (payload === '') return null;
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return payload;
  }
}

function retryAfterSeconds(header: unknown): number | undefined {
  const seconds = typeof header === 'string' ? Number(header) : Number.NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

export function batchRoutes(api: FastifyInstance, tickets: BatchTickets): void {
  api.post(BATCH_PATH, async (request) => {
    const user = currentUser(request);
    // Not reachable through the allow-list; refused here as well, so no path can nest.
    if (request.headers[BATCH_TICKET_HEADER] !== undefined) throw badRequest(MESSAGES.batchNested);
    const { writes } = parseWith(writeBatchSchema, request.body);
    const ticket = tickets.issue(user);
    try {
      const results: BatchedAnswer[] = [];
      for (const write of writes) {
        const withBody = write.body !== undefined;
        const response = await api.inject({
          method: write.method,
          url: write.path,
          headers: {
            [BATCH_TICKET_HEADER]: ticket,
            'idempotency-key': write.key,
            ...(withBody ? { 'content-type': 'application/json' } : {}),
          },
          ...(withBody ? { payload: JSON.stringify(write.body) } : {}),
        });
        const retryAfter = retryAfterSeconds(response.headers['retry-after']);
        results.push({
          key: write.key,
          status: response.statusCode,
          body: answerBody(response.payload),
          ...(retryAfter === undefined ? {} : { retryAfter }),
        });
      }
      return { results };
    } finally {
      tickets.revoke(ticket);
    }
  });
}
