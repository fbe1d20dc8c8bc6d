// The handler registry of the write queue: for every mutation type and operation of
// section 5 (and the walk forms, closing walks, notes and buyers of section 7), the API
// call that carries it, the records it touches (for ordering) and what to refresh after.

import type { QueryKey } from '@tanstack/react-query';
import type { Resource } from '@field/domain';
import { MESSAGES, RESOURCES, apiPath, resourceDef } from '@field/domain';
import type { ApiClient } from '../api/client';
import { API_PATHS, ApiError, anyJson } from '../api/client';

/** A write that can never succeed as it is (the server would refuse it the same way). */
export class PermanentMutationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentMutationError';
  }
}

export interface HandlerContext {
  client: ApiClient;
  /** `Idempotency-Key: <mutation id>` and anything else the queue adds. */
  headers: Record<string, string>;
  signal?: AbortSignal;
}

export type MutationData = Record<string, unknown>;

/** One API call that carries a write: what a batch request carries for it. */
export interface WriteRequest {
  method: 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
}

export interface MutationHandler {
  /** Sends the write on its own; resolves with the server's answer. */
  send(data: MutationData, context: HandlerContext): Promise<unknown>;
  /**
   * The same call described rather than sent, so the queue can carry it in a batch
   * request (`POST /api/batch`); without it the write always goes alone (a file's bytes).
   */
  batch?(data: MutationData): WriteRequest;
  /** Query keys refreshed after the write when the caller gives none. */
  queryKeys?(data: MutationData): QueryKey[];
  /**
   * Judges a successful answer (sent alone or in a batch): an error when the write cannot
   * count as done, which fails it for good.
   */
  checkAnswer?(answer: unknown): PermanentMutationError | undefined;
}

export type HandlerRegistry = Map<string, MutationHandler>;

export function handlerKey(type: string, operation: string): string {
  return `${type}:${operation}`;
}

/** The bytes of a device file, for `file upload` (see files.ts). */
export type ReadFileForUpload = (
  fileRef: string,
) => Promise<{ base64: string; contentType: string } | undefined>;

export interface DefaultHandlerDeps {
  /** Reads a stored file; without it `file upload` fails with the file-not-found text. */
  readFile?: ReadFileForUpload;
}

function str(data: MutationData, field: string): string {
  const value = data[field];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

function withoutFields(data: MutationData, fields: readonly string[]): MutationData {
  const body: MutationData = { ...data };
  for (const field of fields) delete body[field];
  return body;
}

const withoutId = (data: MutationData): MutationData => withoutFields(data, ['id']);

function filePath(data: MutationData): string {
  const encode = (part: string): string => part.split('/').map(encodeURIComponent).join('/');
  return `${API_PATHS.files}/${encode(str(data, 'collection'))}/${encode(str(data, 'key'))}`;
}

const idQuery = (data: MutationData): string => `?id=${encodeURIComponent(str(data, 'id'))}`;

/**
 * Section 5: "A save response without a record id is an error". A record's add and
 * change answer with the record; one without its id left the client unable to tell
 * which record the server saved, and sending it again would not change that.
 */
export function requireRecordId(answer: unknown): PermanentMutationError | undefined {
  const id =
    typeof answer === 'object' && answer !== null && 'id' in answer ? answer.id : undefined;
  return typeof id === 'string' && id !== ''
    ? undefined
    : new PermanentMutationError(MESSAGES.noRecordId);
}

/** A handler whose write is one JSON call: sent alone, or described for a batch. */
function jsonWrite(
  describe: (data: MutationData) => WriteRequest,
  checkAnswer?: (answer: unknown) => PermanentMutationError | undefined,
): MutationHandler {
  return {
    batch: describe,
    ...(checkAnswer === undefined ? {} : { checkAnswer }),
    async send(data, { client, headers, signal }) {
      const { method, path, body } = describe(data);
      const answer = await client.request(method, path, body, anyJson, {
        headers,
        ...(signal ? { signal } : {}),
      });
      const refused = checkAnswer?.(answer);
      if (refused !== undefined) throw refused;
      return answer;
    },
  };
}

/** A record's id in the path of a write: `?id=` (section 7's calls) or `/{id}` (walk kinds). */
function withId(path: string, data: MutationData, style: 'query' | 'path' | undefined): string {
  return style === 'path'
    ? `${path}/${encodeURIComponent(str(data, 'id'))}`
    : `${path}${idQuery(data)}`;
}

/**
 * The writes of every resource of the domain's registry: `submit` posts the record,
 * `delete?id=` removes it, and every other operation (`update`, a home's `updateStaff`)
 * patches `{operation}` with the record's id and the rest of the payload. Fields a client
 * keeps for itself never leave the device. Every answer but a delete's must carry the
 * record's id.
 */
function registryHandlers(resource: Resource, registry: HandlerRegistry): void {
  const def = resourceDef(resource);
  const type = def.mutationType;
  if (type === undefined || def.operations === undefined) return;
  const base = apiPath(resource);
  for (const operation of Object.keys(def.operations)) {
    registry.set(
      handlerKey(type, operation),
      jsonWrite(
        (data) => {
          const body = withoutFields(data, def.localFields ?? []);
          if (operation === 'submit') return { method: 'POST', path: `${base}/submit`, body };
          if (operation === 'delete') {
            return { method: 'DELETE', path: withId(`${base}/delete`, data, 'query') };
          }
          const path = withId(`${base}/${operation}`, data, def.updateId);
          return { method: 'PATCH', path, body: withoutId(body) };
        },
        operation === 'delete' ? undefined : requireRecordId,
      ),
    );
  }
}

/** Every handler the app needs, talking to the API of docs/api.md. */
export function createDefaultHandlers(deps: DefaultHandlerDeps = {}): HandlerRegistry {
  const registry: HandlerRegistry = new Map();

  registry.set(handlerKey('file', 'upload'), {
    async send(data, { client, headers, signal }) {
      const file =
        deps.readFile === undefined ? undefined : await deps.readFile(str(data, 'fileRef'));
      if (file === undefined) throw new PermanentMutationError(MESSAGES.fileNotFound);
      return client.post(
        filePath(data),
        { data: file.base64, contentType: file.contentType },
        anyJson,
        { headers, ...(signal ? { signal } : {}) },
      );
    },
  });
  // Sent alone, not in a batch: a file already gone (deleted with its item, or by another
  // device) is what the delete asked for, not a failure for the Mutation Queue.
  registry.set(handlerKey('file', 'delete'), {
    async send(data, { client, headers, signal }) {
      try {
        return await client.delete(filePath(data), anyJson, {
          headers,
          ...(signal ? { signal } : {}),
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { deleted: false };
        throw error;
      }
    },
  });
  for (const resource of RESOURCES) registryHandlers(resource, registry);
  return registry;
}

function fileKeys(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const keys: string[] = [];
  for (const ref of value) {
    if (typeof ref === 'object' && ref !== null) {
      // Safe: a non-null object read field by field, each checked below.
      const r = ref as Record<string, unknown>;
      if (typeof r['collection'] === 'string' && typeof r['key'] === 'string') {
        keys.push(`file:${r['collection']}/${r['key']}`);
      }
    }
  }
  return keys;
}

/**
 * The records a write touches: its own record, and the files it references (so an item
 * is sent only after its photos' bytes are on the server). Writes sharing a key keep
 * their order.
 */
export function recordKeysOf(type: string, data: MutationData): string[] {
  if (type === 'file') return [`file:${str(data, 'collection')}/${str(data, 'key')}`];
  const keys: string[] = [];
  const id = str(data, 'id');
  if (id !== '') keys.push(`${type}:${id}`);
  keys.push(...fileKeys(data['Photos']), ...fileKeys(data['uploadedFiles']));
  return keys;
}
