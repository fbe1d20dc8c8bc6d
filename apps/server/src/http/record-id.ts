// A record's id in the body (docs/decisions.md, "A record's id in the body"): where the
// registry's write route requires the record's `id` (the domain's RECORD_WRITE_ROUTES),
// the body may carry it instead of, or as well as, the query or path. Read here once for
// every such route, alone or in a batch: the handler then finds the id where it always
// looks, and a body without it.

import {
  invalidFieldMessage,
  isMissing,
  recordIdMismatchMessage,
  recordIdMissingMessage,
  recordWriteRoute,
} from '@field/domain';
import { badRequest } from './errors.js';
import type { WriteHandler } from './write-context.js';

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>) // Safe: a non-array object, read field by field.
    : undefined;
}

/**
 * `inner`, given the id of the record in its query (`?id=`) or path (`/update/:id`) when
 * the body named it there: 400 when the two differ, or when neither names it (saying where
 * to put it). Other routes get `inner` as it is.
 */
export function withRecordId(method: string, pattern: string, inner: WriteHandler): WriteHandler {
  const route = recordWriteRoute(method, pattern);
  const place = route?.idIn;
  if (route === undefined || place === undefined) return inner;
  const at = place === 'query' ? 'query' : 'params';
  return (ctx) => {
    const source = asRecord(ctx.request[at]) ?? {};
    const given = source['id'];
    const body = asRecord(ctx.request.body);
    const sent = body?.['id'];
    if (body === undefined || !Object.hasOwn(body, 'id')) {
      if (isMissing(given)) throw badRequest(recordIdMissingMessage({ ...route, idIn: place }));
      return inner(ctx);
    }
    if (!isMissing(sent) && typeof sent !== 'string') {
      throw badRequest(invalidFieldMessage('id', 'expected a string'));
    }
    if (isMissing(sent) && isMissing(given)) {
      throw badRequest(recordIdMissingMessage({ ...route, idIn: place }));
    }
    if (!isMissing(sent) && !isMissing(given) && sent !== given) {
      throw badRequest(recordIdMismatchMessage(place));
    }
    const rest = { ...body };
    delete rest['id'];
    const id = isMissing(sent) ? given : sent;
    return inner({ ...ctx, request: { ...ctx.request, body: rest, [at]: { ...source, id } } });
  };
}
