// `POST /api/batch`: the write queue's batches in one request. Each write runs the same
// handler as when it comes alone (its scope check, validation, messages and
// Idempotency-Key), called directly rather than replayed over HTTP, in the order given;
// one failing write never stops or undoes the others. The batch answers 200 with one
// answer per write.
//
// The writes share one transaction, each in a savepoint of its own: a failing write rolls
// back to its savepoint (its Idempotency-Key claim with it), the others commit together,
// once. A write that does what a rollback cannot undo (a file's bytes removed) runs in a
// transaction of its own, after the writes before it have committed. Every answer is sent
// only after its write has committed.
//
// Which writes may travel in a batch is the domain's allow-list (BATCH_WRITE_ROUTES), on
// the path as written: a write not on it, or under a path a router or URL parser would
// read as another (`../`, `%61uth`), makes the whole batch a 400 naming the write, and
// nothing of it runs. A batch never runs inside a batch. Size: MAX_BATCH_WRITES writes
// and the server's body limit.

import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import { sql } from 'kysely';
import type { BatchedAnswer, BatchedWrite } from '@field/domain';
import { BATCH_PATH, MESSAGES, batchWriteRoute, writeBatchSchema } from '@field/domain';
import type { Database } from '../../db/schema.js';
import type { AuthUser } from '../../http/auth.js';
import { currentUser } from '../../http/auth.js';
import { errorAnswer } from '../../http/errors.js';
import type { WriteRequest } from '../../http/idempotency.js';
import { applyWrite } from '../../http/idempotency.js';
import { parseWith } from '../../http/validate.js';
import type { WritePipeline } from '../../http/write-pipeline.js';
import type { ResolvedWrite } from '../../http/write-routes.js';
import type { RouteDeps } from '../records/deps.js';

/** PostgreSQL's deadlock and serialization failures: the write may simply be tried again. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

function retryable(error: unknown): boolean {
  return (
    error instanceof Error &&
    'code' in error &&
    typeof error.code === 'string' &&
    RETRYABLE.has(error.code)
  );
}

interface Planned {
  write: BatchedWrite;
  resolved: ResolvedWrite;
  request: WriteRequest;
}

function plan(deps: RouteDeps, write: BatchedWrite): Planned {
  const route = batchWriteRoute(write.method, write.path);
  const resolved =
    route === undefined
      ? undefined
      : deps.writes.routes.resolve(route.method, route.path, write.path);
  // The schema let only allow-listed writes through, and every allow-listed route
  // registers its handler (batch-routes.test.ts checks): a gap is the server's fault.
  if (resolved === undefined) throw new Error(`no write route for ${write.method} ${write.path}`);
  return {
    write,
    resolved,
    request: {
      method: write.method,
      url: write.path,
      body: write.body,
      query: resolved.query,
      params: resolved.params,
      headers: { 'idempotency-key': write.key },
    },
  };
}

/** Writes in order, cut where a write may not share its transaction with its neighbours. */
function groups(planned: Planned[]): Planned[][] {
  const result: Planned[][] = [];
  let current: Planned[] = [];
  for (const p of planned) {
    if (!p.resolved.write.shares) {
      if (current.length > 0) result.push(current);
      result.push([p]);
      current = [];
    } else {
      current.push(p);
    }
  }
  if (current.length > 0) result.push(current);
  return result;
}

function failure(key: string, error: unknown, log: FastifyBaseLogger): BatchedAnswer {
  const answer = errorAnswer(error);
  if (answer.fault) log.error({ err: error, key }, 'batched write failed');
  return { key, status: answer.statusCode, body: answer.body };
}

/** One write in its savepoint: its answer, and what it leaves for after the commit. */
async function runOne(
  writes: WritePipeline,
  trx: Transaction<Database>,
  p: Planned,
  user: AuthUser,
  log: FastifyBaseLogger,
): Promise<{ answer: BatchedAnswer; committed: (() => void)[] }> {
  for (let attempt = 1; ; attempt += 1) {
    const committed: (() => void)[] = [];
    await sql`savepoint batch_write`.execute(trx);
    try {
      const result = await applyWrite(trx, p.request, user.id, (t) =>
        p.resolved.write.handler(writes.context(p.request, user, t, committed)),
      );
      await sql`release savepoint batch_write`.execute(trx);
      return {
        answer: { key: p.write.key, status: result.statusCode, body: result.body },
        committed,
      };
    } catch (error) {
      await sql`rollback to savepoint batch_write`.execute(trx);
      await sql`release savepoint batch_write`.execute(trx);
      if (retryable(error) && attempt < ATTEMPTS) continue;
      if (retryable(error)) {
        return {
          answer: {
            key: p.write.key,
            status: 503,
            body: { error: MESSAGES.unexpectedError },
            retryAfter: 1,
          },
          committed: [],
        };
      }
      return { answer: failure(p.write.key, error, log), committed: [] };
    }
  }
}

async function runGroup(
  deps: RouteDeps,
  group: Planned[],
  user: AuthUser,
  log: FastifyBaseLogger,
): Promise<BatchedAnswer[]> {
  const committed: (() => void)[] = [];
  try {
    const answers = await deps.db.transaction().execute(async (trx) => {
      const list: BatchedAnswer[] = [];
      for (const p of group) {
        const one = await runOne(deps.writes, trx, p, user, log);
        list.push(one.answer);
        committed.push(...one.committed);
      }
      return list;
    });
    for (const work of committed) work();
    return answers;
  } catch (error) {
    // The commit itself failed: none of the group is stored; each may be sent again.
    log.error({ err: error }, 'a batch transaction failed');
    return group.map((p) => ({
      key: p.write.key,
      status: 503,
      body: { error: MESSAGES.unexpectedError },
      retryAfter: 1,
    }));
  }
}

export function batchRoutes(api: FastifyInstance, deps: RouteDeps): void {
  api.post(BATCH_PATH, async (request) => {
    const user = currentUser(request);
    const { writes } = parseWith(writeBatchSchema, request.body);
    const planned = writes.map((write) => plan(deps, write));
    const results: BatchedAnswer[] = [];
    for (const group of groups(planned)) {
      results.push(...(await runGroup(deps, group, user, request.log)));
    }
    return { results };
  });
}
