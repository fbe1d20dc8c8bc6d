// The write routes of the resource registry: each submit, update, updateStaff and delete
// with its path under `/api` and, when its operation requires the record's `id`, where the
// route takes it (`?id=` or `/update/{id}`). A client written from the specification may
// send that `id` in the body instead, as a field of the call (docs/decisions.md, "A
// record's id in the body"); the server reads it by this table, for every such route
// alike, and the words of its answers are here.

import { missingFieldMessage, MESSAGES } from './messages.js';
import type { OperationName, Resource } from './resources.js';
import { API_PREFIX, RESOURCES, resourceDef } from './resources.js';

/** Where a route takes the id of the record it writes, besides the body. */
export type RecordIdPlace = 'query' | 'path';

export interface RecordWriteRoute {
  readonly method: 'POST' | 'PATCH' | 'DELETE';
  /** Under `/api`; `:id` is the record's id in the path. */
  readonly path: string;
  readonly resource: Resource;
  readonly operation: OperationName;
  /** Set when the operation requires the record's `id`. */
  readonly idIn?: RecordIdPlace;
}

function writesOf(resource: Resource): RecordWriteRoute[] {
  const def = resourceDef(resource);
  const base = `${API_PREFIX}${def.base}`;
  const routes: RecordWriteRoute[] = [];
  const add = (
    operation: OperationName,
    method: RecordWriteRoute['method'],
    path: string,
    place: RecordIdPlace = 'query',
  ) => {
    const op = def.operations?.[operation];
    if (op === undefined) return;
    routes.push({
      method,
      path,
      resource,
      operation,
      ...(op.required.includes('id') ? { idIn: place } : {}),
    });
  };
  add('submit', 'POST', `${base}/submit`);
  if (def.updateId === 'path') add('update', 'PATCH', `${base}/update/:id`, 'path');
  else add('update', 'PATCH', `${base}/update`);
  add('updateStaff', 'PATCH', `${base}/updateStaff`);
  add('delete', 'DELETE', `${base}/delete`);
  return routes;
}

/** Every write route of the registry's resources. */
export const RECORD_WRITE_ROUTES: readonly RecordWriteRoute[] = RESOURCES.flatMap(writesOf);

/** The registry's route with this method and path pattern (`/api/x/update/:id`), if any. */
export function recordWriteRoute(method: string, pattern: string): RecordWriteRoute | undefined {
  return RECORD_WRITE_ROUTES.find((route) => route.method === method && route.path === pattern);
}

const WHERE: Readonly<Record<RecordIdPlace, string>> = {
  query: 'give it in the query (?id=) or the body',
  path: 'give it in the path (update/{id}) or the body',
};

/** A route's answer when neither its query or path nor its body names the record. */
export function recordIdMissingMessage(route: RecordWriteRoute & { idIn: RecordIdPlace }): string {
  const type = resourceDef(route.resource).mutationType ?? route.resource;
  const said =
    route.operation === 'delete'
      ? MESSAGES.recordIdRequiredForDeletion
      : missingFieldMessage('id', route.operation, type);
  return `${said}: ${WHERE[route.idIn]}`;
}

/** The answer when the body's `id` is not the query's or path's. */
export function recordIdMismatchMessage(place: RecordIdPlace): string {
  return `Invalid value for "id": the id in the body does not match the id in the ${place}; send one id, or the same in both`;
}
