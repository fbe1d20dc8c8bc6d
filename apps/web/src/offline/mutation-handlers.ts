// The handler registry of the write queue: for every mutation type and operation
// (docs/product.md, Validation; also the walk forms, closing walks, notes and buyers of
// docs/api.md, and a trade's link), the API call that carries it, the records it touches (for ordering) and what to
// refresh after.

import type { QueryKey } from '@tanstack/react-query';
import type { OperationName, Resource } from '@field/domain';
import {
  MESSAGES,
  RESOURCES,
  TRADE_LINK_MUTATION_TYPE,
  WRITE_BASE_FIELD,
  apiPath,
  resourceDef,
  unsentFields,
} from '@field/domain';
import type { ApiClient } from '../api/client';
import { ApiError, anyJson, fileApiPath, fileRefOfApiPath } from '../api/client';

/** A write that can never succeed as it is (the server would refuse it the same way). */
export class PermanentMutationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentMutationError';
  }
}

interface HandlerContext {
  client: ApiClient;
  /** `Idempotency-Key: <mutation id>` and anything else the queue adds. */
  headers: Record<string, string>;
  signal?: AbortSignal;
}

export type MutationData = Record<string, unknown>;

/** One API call that carries a write: what a batch request carries for it. */
interface WriteRequest {
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
  return fileApiPath({ collection: str(data, 'collection'), key: str(data, 'key') });
}

const idQuery = (data: MutationData): string => `?id=${encodeURIComponent(str(data, 'id'))}`;

/**
 * A save response without a record id is an error. A record's add and change answer with the
 * record; one without its id left the client unable to tell which record the server saved, and
 * sending it again would not change that.
 */
function requireRecordId(answer: unknown): PermanentMutationError | undefined {
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

/** A record's id in the path of a write: `?id=` (most calls) or `/{id}` (walk kinds). */
function withId(path: string, data: MutationData, style: 'query' | 'path' | undefined): string {
  return style === 'path'
    ? `${path}/${encodeURIComponent(str(data, 'id'))}`
    : `${path}${idQuery(data)}`;
}

/**
 * The writes of every resource of the domain's registry: `submit` posts the record,
 * `delete?id=` removes it, and every other operation (`update`, a home's `updateStaff`)
 * patches `{operation}` with the record's id and the rest of the payload. Fields a client
 * keeps for itself, and the writer the server sets, never leave the device. Every answer but a delete's must carry the
 * record's id.
 */
function registryHandlers(resource: Resource, registry: HandlerRegistry): void {
  const def = resourceDef(resource);
  const type = def.mutationType;
  if (type === undefined || def.operations === undefined) return;
  const base = apiPath(resource);
  // Safe: the keys of a record of operations.
  for (const operation of Object.keys(def.operations) as OperationName[]) {
    registry.set(
      handlerKey(type, operation),
      jsonWrite(
        (data) => {
          const body = withoutFields(data, unsentFields(resource, operation));
          if (operation === 'submit') return { method: 'POST', path: `${base}/submit`, body };
          if (operation === 'delete') {
            // A delete's base (what the user saw) is its only body (docs/api.md, conflicts).
            const seen = data[WRITE_BASE_FIELD];
            return {
              method: 'DELETE',
              path: withId(`${base}/delete`, data, 'query'),
              ...(seen === undefined ? {} : { body: { [WRITE_BASE_FIELD]: seen } }),
            };
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
  // A trade's link (docs/decisions.md, The trade's own link): sent alone, never in a batch
  // (the batch carries record writes only). The server mails the link after its write
  // commits, once per Idempotency-Key: a replay answers the first link and mails nothing.
  registry.set(handlerKey(TRADE_LINK_MUTATION_TYPE, 'send'), {
    send(data, { client, headers, signal }) {
      const email = str(data, 'email');
      return client.post(
        `${apiPath('vendors')}/trade-links`,
        { vendorId: str(data, 'vendorId'), ...(email === '' ? {} : { email }) },
        anyJson,
        { headers, ...(signal ? { signal } : {}) },
      );
    },
  });
  for (const resource of RESOURCES) registryHandlers(resource, registry);
  return registry;
}

const recordKey = (id: string): string => `record:${id}`;
const fileKey = (collection: string, key: string): string => `file:${collection}/${key}`;

function fileKeys(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const keys: string[] = [];
  for (const ref of value) {
    if (typeof ref === 'object' && ref !== null) {
      // Safe: a non-null object read field by field, each checked below.
      const r = ref as Record<string, unknown>;
      if (typeof r['collection'] === 'string' && typeof r['key'] === 'string') {
        keys.push(fileKey(r['collection'], r['key']));
      }
      // A marked-up photo's original: the record waits for its bytes too.
      keys.push(...fileKeys([r['original']]));
    }
  }
  return keys;
}

/** The key of the file a URL of the files API names; undefined for any other URL. */
export function fileKeyOfUrl(url: string): string | undefined {
  const ref = fileRefOfApiPath(url);
  return ref === undefined ? undefined : fileKey(ref.collection, ref.key);
}

/** How a queued write is ordered against the writes queued before it. */
export interface WriteOrder {
  /** What the write changes: a later write that needs one of these waits for it. */
  holds: string[];
  /**
   * What must be on the server before it is sent: what it holds, and the records and
   * files it refers to. It waits for every earlier write holding one of these.
   */
  needs: string[];
}

const unique = (keys: string[]): string[] => [...new Set(keys)];

/**
 * The order of a write, across resources. A record is keyed by its id alone
 * (`record:{id}`: ids are unique across resources, UUIDs made on the device or the
 * server's), a file by `file:{collection}/{key}`. A record write holds its record and the
 * files it lists (Photos, Review Photos, uploadedFiles, a `pdfUrl` of the files API), so
 * it goes after their bytes and before a later write of them (an item's delete before its
 * photos' deletes); it also needs the walk and the vendor it names (`WalkID`, `Vendor`,
 * a trade link's `vendorId`) without holding them, so an item waits for its walk's submit
 * (and an offline-made vendor's) but not for the other items of that walk. A file write needs only its own
 * file, never a record's key (a record lists its files; the reverse
 * would deadlock).
 */
export function writeOrderOf(type: string, data: MutationData): WriteOrder {
  if (type === 'file') {
    const keys = [fileKey(str(data, 'collection'), str(data, 'key'))];
    return { holds: keys, needs: keys };
  }
  const holds: string[] = [];
  const id = str(data, 'id');
  if (id !== '') holds.push(recordKey(id));
  holds.push(
    ...fileKeys(data['Photos']),
    ...fileKeys(data['Review Photos']),
    ...fileKeys(data['uploadedFiles']),
  );
  const pdf = data['pdfUrl'];
  const pdfKey = typeof pdf === 'string' ? fileKeyOfUrl(pdf) : undefined;
  if (pdfKey !== undefined) holds.push(pdfKey);
  const needs = [...holds];
  for (const named of ['WalkID', 'Vendor', 'vendorId']) {
    const other = str(data, named);
    if (other !== '') needs.push(recordKey(other));
  }
  return { holds: unique(holds), needs: unique(needs) };
}

/**
 * The keys stored with a write (`MutationRow.recordKeys`, indexed): those of
 * writeOrderOf, and the record's key as versions before cross-resource keys wrote it
 * (`{type}:{id}`), so a tab still running such a version keeps one record's writes in
 * order. The queue itself reads a row's order from its type and data (writeOrderOf), so
 * rows stored with only the old keys are ordered by the new ones.
 */
export function recordKeysOf(type: string, data: MutationData): string[] {
  const { needs } = writeOrderOf(type, data);
  const id = str(data, 'id');
  return type === 'file' || id === '' ? needs : unique([...needs, `${type}:${id}`]);
}
