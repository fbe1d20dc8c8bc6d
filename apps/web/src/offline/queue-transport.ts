// Sending claimed writes: a batch request (`POST /api/batch`, docs/api.md) carries each
// write under its id as key, a write that goes alone carries its id as its
// Idempotency-Key header. A 401 refreshes the session once for all the writes that met it
// and sends them again; each write's own answer decides its outcome (write-failure.ts).

import type { BatchedAnswer, BatchedWrite } from '@field/domain';
import { MESSAGES, QUEUE, writeBatchAnswerSchema } from '@field/domain';
import type { ApiClient } from '../api/client';
import { API_PATHS, ApiError } from '../api/client';
import type { MutationRow } from './database';
import type { MutationHandler } from './mutation-handlers';
import { PermanentMutationError } from './mutation-handlers';
import type { Outgoing } from './due-writes';
import { recordFailure, release, requestDataOf } from './queue-store';
import type { Outcome, QueueCore } from './queue-types';
import { SessionChangedError } from './session-user';
import {
  AuthRequiredError,
  batchRequestRefused,
  defaultBackoff,
  writeFailure,
} from './write-failure';

/** A write's own failed answer inside a batch, as the error a request of its own gives. */
function answerError(answer: BatchedAnswer): ApiError {
  const body = answer.body;
  const text =
    typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string'
      ? body.error
      : MESSAGES.unexpectedError;
  return new ApiError(answer.status, text, {
    body,
    ...(answer.retryAfter === undefined ? {} : { retryAfterMs: answer.retryAfter * 1000 }),
  });
}

const isUnauthorized = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 401;

export class QueueTransport {
  private readonly core: QueueCore;
  private readonly client: ApiClient;
  private refreshing: Promise<boolean> | undefined;

  constructor(core: QueueCore, client: ApiClient) {
    this.core = core;
    this.client = client;
  }

  /** Sends one request; answers one outcome per row. */
  async send(request: Outgoing): Promise<Outcome[]> {
    const [row] = request.rows;
    if (request.alone && row !== undefined) return [await this.sendOne(row)];
    return this.sendBatch(request.rows);
  }

  /** Stores what `error` does to the write (write-failure.ts); answers its outcome. */
  private afterError(row: MutationRow, error: unknown): Promise<Outcome> {
    const { options } = this.core;
    const failure = writeFailure(row, error, {
      now: this.core.now(),
      online: this.core.isOnline(),
      maxRetries: options.maxRetries ?? QUEUE.maxRetries,
      backoffMs: options.backoffMs ?? defaultBackoff,
    });
    return recordFailure(this.core, row, failure);
  }

  /** One refresh for all the writes of a batch that met a 401 together. */
  private refreshSession(): Promise<boolean> {
    const refresh = this.core.options.refreshSession;
    if (refresh === undefined) return Promise.resolve(false);
    this.refreshing ??= refresh().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  /**
   * Sends `rows` that are still the signed-in user's (checked again right before a request,
   * after any wait or refresh); another user's go back to waiting, `skipped`.
   */
  private async ownRows(
    rows: MutationRow[],
    send: (own: MutationRow[]) => Promise<Outcome[]>,
  ): Promise<Outcome[]> {
    const own = rows.filter((row) => this.core.mine(row));
    const foreign = rows.filter((row) => !this.core.mine(row));
    if (foreign.length > 0) await release(this.core.db, foreign);
    if (own.length === 0) return rows.map((): Outcome => 'skipped');
    const outcomes = await send(own);
    const byId = new Map(own.map((row, index) => [row.id, outcomes[index] ?? 'retry']));
    return rows.map((row) => byId.get(row.id) ?? 'skipped');
  }

  private async sendOne(row: MutationRow): Promise<Outcome> {
    const [outcome] = await this.ownRows([row], async ([own]) =>
      own === undefined ? [] : [await this.sendOwnOne(own)],
    );
    return outcome ?? 'skipped';
  }

  private async sendOwnOne(row: MutationRow): Promise<Outcome> {
    const handler = this.core.handlerOf(row);
    // Nothing can send it: it fails at once with `No handler found.`.
    if (handler === undefined) {
      return this.afterError(row, new PermanentMutationError(MESSAGES.noHandler));
    }
    const context = { client: this.client, headers: { 'Idempotency-Key': row.id } };
    const data = requestDataOf(row);
    try {
      try {
        await handler.send(data, context);
      } catch (error) {
        if (!isUnauthorized(error)) throw error;
        if (!(await this.refreshSession())) throw new AuthRequiredError();
        // The refresh may have brought another user's session: the write waits for its own.
        if (!this.core.mine(row)) throw new SessionChangedError();
        await handler.send(data, context);
      }
      return 'sent';
    } catch (error) {
      return this.afterError(row, error);
    }
  }

  /** One batch request; each write's own answer decides its outcome. */
  private sendBatch(rows: MutationRow[], refreshed = false): Promise<Outcome[]> {
    return this.ownRows(rows, (own) => this.sendOwnBatch(own, refreshed));
  }

  private async sendOwnBatch(rows: MutationRow[], refreshed: boolean): Promise<Outcome[]> {
    const writes: BatchedWrite[] = rows.map((row) => {
      // Safe: a pass batches only rows whose handler has `batch` (due-writes.ts requestsOf).
      const request = (this.core.handlerOf(row) as Required<MutationHandler>).batch(
        requestDataOf(row),
      );
      return {
        key: row.id,
        method: request.method,
        path: request.path,
        ...(request.body === undefined ? {} : { body: request.body }),
      };
    });
    let results: BatchedAnswer[];
    try {
      try {
        ({ results } = await this.client.post(API_PATHS.batch, { writes }, writeBatchAnswerSchema));
      } catch (error) {
        if (!isUnauthorized(error) || refreshed) throw error;
        if (!(await this.refreshSession())) throw new AuthRequiredError();
        return await this.sendBatch(rows, true);
      }
    } catch (error) {
      // The request itself was refused, not the writes: each goes alone for its own answer.
      if (batchRequestRefused(error)) return Promise.all(rows.map((row) => this.sendOne(row)));
      const failure = isUnauthorized(error) ? new AuthRequiredError() : error;
      return Promise.all(rows.map((row) => this.afterError(row, failure)));
    }
    return this.settleAnswers(rows, results, refreshed);
  }

  /** Each write's outcome from its own answer in the batch. */
  private async settleAnswers(
    rows: MutationRow[],
    results: BatchedAnswer[],
    refreshed: boolean,
  ): Promise<Outcome[]> {
    const byKey = new Map(results.map((answer) => [answer.key, answer]));
    const unauthorized = rows.filter((row) => byKey.get(row.id)?.status === 401);
    let again = new Map<string, Outcome>();
    if (unauthorized.length > 0) {
      // The session ended while the batch ran: those writes go again after a refresh.
      const retried =
        !refreshed && (await this.refreshSession())
          ? await this.sendBatch(unauthorized, true)
          : await Promise.all(
              unauthorized.map((row) => this.afterError(row, new AuthRequiredError())),
            );
      again = new Map(unauthorized.map((row, index) => [row.id, retried[index] ?? 'retry']));
    }
    return Promise.all(
      rows.map((row) => {
        const retried = again.get(row.id);
        if (retried !== undefined) return Promise.resolve(retried);
        const answer = byKey.get(row.id);
        if (answer === undefined) {
          return this.afterError(row, new ApiError(0, MESSAGES.unexpectedError));
        }
        if (answer.status >= 200 && answer.status < 300) {
          const refused = this.core.handlerOf(row)?.checkAnswer?.(answer.body);
          return refused === undefined
            ? Promise.resolve<Outcome>('sent')
            : this.afterError(row, refused);
        }
        // A 409 with the current record parks the write as a conflict (write-failure.ts).
        return this.afterError(row, answerError(answer));
      }),
    );
  }
}
