// The one HTTP client of the web app. It holds the bearer token in memory only (never
// in localStorage, where any injected script could read it), sends JSON, checks each
// answer against a schema, and turns every failure into an ApiError carrying the
// server's `{ error }` text.

import {
  API_PREFIX,
  BATCH_PATH,
  MESSAGES,
  TESTING_HEADER,
  TESTING_HEADER_ON,
  WORKER_REQUEST,
  apiPath,
  resourceDef,
} from '@field/domain';
import type { CallGuard } from './circuit-breaker';
import { createCircuitBreaker } from './circuit-breaker';
import { ApiError, isTransient } from './errors';
import { budgetedYield } from '../lib/yield-to-main';
import { parseJsonInSlices } from './json-slices';

export { ApiError, isTransient, isUnreachable } from './errors';

function syncList(resource: 'homes' | 'employees' | 'vendors'): [string, string] {
  const lists = resourceDef(resource).syncList;
  const base = apiPath(resource);
  return [
    `${base}/${lists?.list ?? 'list'}`,
    `${base}/${lists?.updatedAfter ?? 'listUpdatedAfter'}`,
  ];
}
const [activeHomes, activeHomesUpdatedAfter] = syncList('homes');
const [employees, employeesUpdatedAfter] = syncList('employees');
const [vendors, vendorsUpdatedAfter] = syncList('vendors');

/**
 * Every server path the web app calls beyond the record resources (whose paths come from
 * the domain's registry: `apiPath(resource)`), in one place.
 */
export const API_PATHS = {
  login: `${API_PREFIX}/auth/login`,
  me: `${API_PREFIX}/users/me`,
  activeHomes,
  activeHomesUpdatedAfter,
  employees,
  employeesUpdatedAfter,
  vendors,
  vendorsUpdatedAfter,
  files: `${API_PREFIX}/files`,
  feedback: `${API_PREFIX}/feedback`,
  batch: `${API_PREFIX}${BATCH_PATH}`,
} as const;

/** A stored file: `collection` and its `key` below it (the key may hold `/`). */
export interface FileRef {
  collection: string;
  key: string;
}

/** `/api/files/{collection}/{key...}`, each segment escaped: where the server serves a file. */
export function fileApiPath(ref: FileRef): string {
  const encode = (part: string): string => part.split('/').map(encodeURIComponent).join('/');
  return `${API_PATHS.files}/${encode(ref.collection)}/${encode(ref.key)}`;
}

/**
 * The file a URL of the files API names (as fileApiPath writes it, relative or absolute),
 * decoded; undefined for any other URL.
 */
export function fileRefOfApiPath(url: string): FileRef | undefined {
  let path: string;
  try {
    path = new URL(url, 'http://device.invalid').pathname;
  } catch {
    return undefined;
  }
  const prefix = `${API_PATHS.files}/`;
  if (!path.startsWith(prefix)) return undefined;
  let segments: string[];
  try {
    segments = path.slice(prefix.length).split('/').map(decodeURIComponent);
  } catch {
    return undefined; // a malformed escape: not a path fileApiPath() wrote
  }
  const [collection = '', ...key] = segments;
  if (collection === '' || key.length === 0 || key.includes('')) return undefined;
  return { collection, key: key.join('/') };
}

/** How a call's answer is read: parsed as JSON, or kept as its bytes. */
type AnswerKind = 'json' | 'bytes';

/** Anything that checks unknown data and returns it typed (a zod schema fits). */
export interface Parser<T> {
  parse(data: unknown): T;
}

/** Accepts any JSON answer as it is (writes whose answer the caller only passes on). */
export const anyJson: Parser<unknown> = { parse: (data) => data };

const bytesParser: Parser<ArrayBuffer> = {
  parse(data) {
    if (!(data instanceof ArrayBuffer)) throw new Error('expected bytes');
    return data;
  },
};

export interface RequestOptions {
  signal?: AbortSignal;
  /** Extra headers, e.g. `Idempotency-Key`. */
  headers?: Record<string, string>;
  /** Gives up after this long (ApiError status 0, kind `timeout`). */
  timeoutMs?: number;
  /**
   * A long answer (a whole list: megabytes): read a piece at a time, so no main-thread
   * task holds it all at once. Other answers are read whole (one short task).
   */
  long?: boolean;
  /**
   * An answer streamed as server-sent events (an import's progress): each event as it
   * arrives; the call resolves, with no data, when the server ends the stream.
   */
  onEvent?: (name: string, data: unknown) => void;
}

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface ApiClient {
  get<T>(path: string, parser: Parser<T>, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body: unknown, parser: Parser<T>, options?: RequestOptions): Promise<T>;
  /**
   * A POST whose answer comes back as its bytes, unparsed (a big answer is parsed by a
   * worker, off the main thread). An error answer is read as any other call's.
   */
  postBytes(path: string, body: unknown, options?: RequestOptions): Promise<ArrayBuffer>;
  patch<T>(path: string, body: unknown, parser: Parser<T>, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, parser: Parser<T>, options?: RequestOptions): Promise<T>;
  request<T>(
    method: HttpMethod,
    path: string,
    body: unknown,
    parser: Parser<T>,
    options?: RequestOptions,
  ): Promise<T>;
  /** A file behind the bearer header (an `<img>` cannot send it), as a Blob. */
  getBlob(path: string, options?: RequestOptions): Promise<Blob>;
  setToken(token: string | null): void;
  /**
   * Testing mode on or off: while on, every call says so (`X-Testing-Mode: on`), and the
   * server's lists spanning homes hold test homes only (docs/api.md).
   */
  setTesting(on: boolean): void;
  hasToken(): boolean;
  /** Called when the server rejects the token (expired or revoked); returns an unsubscribe. */
  onUnauthorized(listener: () => void): () => void;
}

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  /** The circuit breaker (or any guard) every call goes through. */
  guard?: CallGuard;
  /** Default timeout of every call. */
  timeoutMs?: number;
}

/** Default per-call timeout: the worker request limit (packages/domain/src/constants.ts). */
const DEFAULT_TIMEOUT_MS = WORKER_REQUEST.timeoutMs;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The body's pieces as the network delivers them, one read at a time with the main thread
 * yielded between slices: `response.text()` or `arrayBuffer()` of a long answer (the
 * 10,000-home list is 6 MB) took it in one main-thread task of 100+ ms.
 */
async function readPieces(body: ReadableStream<Uint8Array>, take: (piece: Uint8Array) => void) {
  const reader = body.getReader();
  const pause = budgetedYield();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    take(value);
    await pause();
  }
}

/** The body as text, decoded a piece at a time (a character may span two pieces). */
async function readText(response: Response): Promise<string> {
  if (response.body === null) return response.text();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  await readPieces(response.body, (piece) => parts.push(decoder.decode(piece, { stream: true })));
  parts.push(decoder.decode());
  return parts.join('');
}

/** The body as bytes, read a piece at a time. */
async function readBytes(response: Response): Promise<ArrayBuffer> {
  if (response.body === null) return response.arrayBuffer();
  const pieces: Uint8Array[] = [];
  let length = 0;
  await readPieces(response.body, (piece) => {
    pieces.push(piece);
    length += piece.byteLength;
  });
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const piece of pieces) {
    bytes.set(piece, at);
    at += piece.byteLength;
  }
  return bytes.buffer;
}

/** Server-sent events, each handed on as it is read; the data lines are JSON. */
async function readEvents(
  response: Response,
  onEvent: (name: string, data: unknown) => void,
): Promise<undefined> {
  if (response.body === null) return undefined;
  const decoder = new TextDecoder();
  let buffer = '';
  await readPieces(response.body, (piece) => {
    buffer += decoder.decode(piece, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const lines = buffer.slice(0, end).split('\n');
      buffer = buffer.slice(end + 2);
      const name = lines.find((line) => line.startsWith('event: '))?.slice(7);
      const data = lines.find((line) => line.startsWith('data: '))?.slice(6);
      if (name !== undefined && data !== undefined) onEvent(name, JSON.parse(data));
    }
  });
  return undefined;
}

async function readJson(response: Response, long = false): Promise<unknown> {
  const text = long ? await readText(response) : await response.text();
  if (text === '') return undefined;
  try {
    // A long list (the 10,000-home list) in slices, so no main-thread task runs long.
    return await parseJsonInSlices(text);
  } catch {
    return undefined;
  }
}

function errorText(body: unknown, response: Response): string {
  if (isRecord(body) && typeof body['error'] === 'string' && body['error'] !== '') {
    return body['error'];
  }
  return response.statusText !== '' ? response.statusText : MESSAGES.unexpectedError;
}

/** `Retry-After` as seconds or an HTTP date, in milliseconds from `now`. */
function parseRetryAfter(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const guard = options.guard;
  const defaultTimeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let token: string | null = null;
  let testing = false;
  const unauthorizedListeners = new Set<() => void>();

  async function send(
    method: HttpMethod,
    path: string,
    body: unknown,
    requestOptions: RequestOptions,
    answer: AnswerKind,
  ): Promise<{ response: Response; data: unknown; sentToken: string | null }> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      ...requestOptions.headers,
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const sentToken = token;
    if (sentToken !== null) headers['Authorization'] = `Bearer ${sentToken}`;
    if (testing) headers[TESTING_HEADER] = TESTING_HEADER_ON;

    const timeoutMs = requestOptions.timeoutMs ?? defaultTimeout;
    const timeout = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      timeout.abort();
    }, timeoutMs);
    const outer = requestOptions.signal;
    const onOuterAbort = (): void => timeout.abort();
    outer?.addEventListener('abort', onOuterAbort);
    try {
      if (outer?.aborted === true) throw new DOMException('Aborted', 'AbortError');
      const response = await doFetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? null : JSON.stringify(body),
        signal: timeout.signal,
        credentials: 'same-origin',
      });
      const events = requestOptions.onEvent;
      const data =
        answer === 'bytes' && response.ok
          ? await readBytes(response)
          : events !== undefined && response.ok
            ? await readEvents(response, events)
            : await readJson(response, requestOptions.long);
      return { response, data, sentToken };
    } catch (error) {
      if (timedOut) throw new ApiError(0, MESSAGES.unexpectedError, { kind: 'timeout' });
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      const offline = typeof navigator !== 'undefined' && !navigator.onLine;
      throw new ApiError(0, offline ? MESSAGES.noInternet : MESSAGES.unexpectedError, {
        kind: 'network',
      });
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    }
  }

  async function request<T>(
    method: HttpMethod,
    path: string,
    body: unknown,
    parser: Parser<T>,
    requestOptions: RequestOptions = {},
    answerKind: AnswerKind = 'json',
  ): Promise<T> {
    const operation = `${method} ${path.split('?')[0] ?? path}`;
    guard?.beforeCall(operation);
    let answer: Awaited<ReturnType<typeof send>>;
    try {
      answer = await send(method, path, body, requestOptions, answerKind);
    } catch (error) {
      if (error instanceof ApiError) guard?.onFailure(operation, error);
      throw error;
    }
    const { response, data, sentToken } = answer;
    if (!response.ok) {
      // Only a token we sent and that is still current means "signed out by the server".
      if (response.status === 401 && sentToken !== null && sentToken === token) {
        token = null;
        for (const listener of unauthorizedListeners) listener();
      }
      const retryAfterMs = parseRetryAfter(response.headers.get('Retry-After'));
      const error = new ApiError(
        response.status,
        errorText(data, response),
        retryAfterMs === undefined ? { body: data } : { retryAfterMs, body: data },
      );
      if (isTransient(error)) guard?.onFailure(operation, error);
      else guard?.onSuccess(operation);
      throw error;
    }
    guard?.onSuccess(operation);
    try {
      return parser.parse(data);
    } catch (error) {
      console.error(`Unexpected answer from ${method} ${path}`, error);
      throw new ApiError(response.status, MESSAGES.unexpectedError);
    }
  }

  return {
    request,
    postBytes: (path, body, requestOptions) =>
      request('POST', path, body, bytesParser, requestOptions, 'bytes'),
    get: (path, parser, requestOptions) => request('GET', path, undefined, parser, requestOptions),
    post: (path, body, parser, requestOptions) =>
      request('POST', path, body, parser, requestOptions),
    patch: (path, body, parser, requestOptions) =>
      request('PATCH', path, body, parser, requestOptions),
    delete: (path, parser, requestOptions) =>
      request('DELETE', path, undefined, parser, requestOptions),
    async getBlob(path, requestOptions = {}) {
      const headers: Record<string, string> = {};
      if (token !== null) headers['Authorization'] = `Bearer ${token}`;
      let response: Response;
      try {
        response = await doFetch(`${baseUrl}${path}`, {
          headers,
          signal: requestOptions.signal ?? null,
          credentials: 'same-origin',
        });
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        throw new ApiError(0, MESSAGES.noInternet, { kind: 'network' });
      }
      if (!response.ok)
        throw new ApiError(response.status, errorText(await readJson(response), response));
      return response.blob();
    },
    setToken(next) {
      token = next;
    },
    setTesting(on) {
      testing = on;
    },
    hasToken: () => token !== null,
    onUnauthorized(listener) {
      unauthorizedListeners.add(listener);
      return () => {
        unauthorizedListeners.delete(listener);
      };
    },
  };
}

/** The breaker every call of the app goes through (docs/offline.md, Circuit breaker). */
export const circuitBreaker = createCircuitBreaker();

/** The client every feature uses. */
export const apiClient = createApiClient({ guard: circuitBreaker });
