// The error every failed API call ends in, with the server's `{ error }` text.

/** Why no answer came back, when `status` is 0. */
export type ApiFailureKind = 'network' | 'timeout' | 'circuit-open';

/** A failed call: `status` is 0 when no answer came back (offline, server down, timeout). */
export class ApiError extends Error {
  readonly status: number;
  /** From a `Retry-After` header (429, 503), in milliseconds. */
  readonly retryAfterMs: number | undefined;
  readonly kind: ApiFailureKind | undefined;
  /** The answer's JSON body, when one came (a 409 conflict carries the current record). */
  readonly body: unknown;

  constructor(
    status: number,
    message: string,
    details: { retryAfterMs?: number; kind?: ApiFailureKind; body?: unknown } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.retryAfterMs = details.retryAfterMs;
    this.kind = details.kind;
    this.body = details.body;
  }
}

/** Whether a failed call may succeed if sent again later (network, timeout, 408, 429, 5xx). */
export function isTransient(error: ApiError): boolean {
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/**
 * Whether no answer came at all (network, timeout, circuit open): a list may then be read
 * from the device instead. An answer, even a refusal, is the server's word and is shown.
 */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && error.kind !== undefined;
}
