// Errors with a status and a user-facing message; the error handler shows the message of
// these and hides everything else behind the catalogue's "unexpected error".

import { MESSAGES } from '@field/domain';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string): AppError => new AppError(400, message);
export const unauthorized = (message: string = MESSAGES.authenticationRequired): AppError =>
  new AppError(401, message);
export const forbidden = (): AppError => new AppError(403, MESSAGES.forbidden);
export const notFound = (message: string = MESSAGES.recordNotFound): AppError =>
  new AppError(404, message);
export const conflict = (message: string): AppError => new AppError(409, message);
export const unprocessable = (message: string): AppError => new AppError(422, message);

/**
 * The answer to a failed request: an AppError's status and message; a framework error's
 * 4xx status with its message (the catalogue's for 413 and 429); anything else a 500 with
 * the catalogue's "unexpected error" (`fault`: to be logged). The one reading of an error,
 * for the error handler and for the writes a batch runs.
 */
export function errorAnswer(error: unknown): {
  statusCode: number;
  body: { error: string };
  fault: boolean;
} {
  if (error instanceof AppError) {
    return { statusCode: error.statusCode, body: { error: error.message }, fault: false };
  }
  const status =
    error instanceof Error && 'statusCode' in error && typeof error.statusCode === 'number'
      ? error.statusCode
      : 500;
  if (status === 413)
    return { statusCode: 413, body: { error: MESSAGES.payloadTooLarge }, fault: false };
  if (status === 429)
    return { statusCode: 429, body: { error: MESSAGES.tooManyRequests }, fault: false };
  if (status >= 400 && status < 500 && error instanceof Error) {
    return { statusCode: status, body: { error: error.message }, fault: false };
  }
  return { statusCode: 500, body: { error: MESSAGES.unexpectedError }, fault: true };
}

/**
 * The client closed the connection before the first byte of a streamed answer (a phone that
 * lost its signal while a large compressed answer was being made): Fastify reports the
 * stream's premature close as the request's error, but nothing on the server failed and
 * there is nobody to answer.
 */
export function clientWentAway(error: unknown, response: { destroyed: boolean }): boolean {
  return (
    response.destroyed &&
    error instanceof Error &&
    'code' in error &&
    error.code === 'ERR_STREAM_PREMATURE_CLOSE'
  );
}
