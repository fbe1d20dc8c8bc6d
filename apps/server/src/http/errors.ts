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
