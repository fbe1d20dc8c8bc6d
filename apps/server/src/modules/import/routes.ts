// The import API (admin only; docs/api.md, "Import"): a file's columns and the mapping to
// offer, a paged preview of each row's class, and the apply, which streams its progress
// as server-sent events (the notification stream's format) and ends with the counts.

import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { ImportEntity } from '@field/domain';
import { IMPORT_ENTITIES, IMPORT_STATUSES, importCounts, suggestMapping } from '@field/domain';
import { requireAdmin } from '../../http/auth.js';
import { errorAnswer } from '../../http/errors.js';
import { formatEvent, openEventStream } from '../../http/event-stream.js';
import { parseWith } from '../../http/validate.js';
import { parseImportFile } from './parse.js';
import type { ImportService } from './service.js';

/** The largest file an import takes: 10,000 homes are about 2 MB. */
const IMPORT_MAX_BYTES = 16 * 1024 * 1024;

const entityParam = z.object({ entity: z.enum(IMPORT_ENTITIES) });
const fileBody = z.object({ text: z.string() });
const mappingSchema = z.record(z.string().max(100), z.string().max(500).nullable());
const mappedBody = fileBody.extend({ mapping: mappingSchema });
const previewBody = mappedBody.extend({
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(500).default(50),
  status: z.enum(IMPORT_STATUSES).optional(),
});

/** Opens a server-sent event answer on `reply` and answers its event writer. */
function openEvents(reply: FastifyReply): (name: string, data: unknown) => void {
  const write = openEventStream(reply);
  return (name, data) => write(formatEvent(name, data));
}

export function importRoutes(app: FastifyInstance, service: ImportService): void {
  const entityOf = (params: unknown): ImportEntity => parseWith(entityParam, params).entity;
  const limits = { bodyLimit: IMPORT_MAX_BYTES };

  app.post('/admin/import/:entity/columns', limits, async (request) => {
    requireAdmin(request);
    const entity = entityOf(request.params);
    const table = parseImportFile(parseWith(fileBody, request.body).text);
    const remembered = await service.mappings.last(entity);
    return {
      columns: table.columns,
      rows: table.rows.length,
      mapping: suggestMapping(entity, table.columns, remembered),
    };
  });

  app.post('/admin/import/:entity/preview', limits, async (request) => {
    requireAdmin(request);
    const entity = entityOf(request.params);
    const body = parseWith(previewBody, request.body);
    const table = parseImportFile(body.text);
    const { rows } = await service.classify(entity, table, body.mapping);
    await service.mappings.remember(entity, body.mapping, new Date().toISOString());
    const shown = body.status === undefined ? rows : rows.filter((r) => r.status === body.status);
    return {
      counts: importCounts(rows),
      total: shown.length,
      rows: shown.slice(body.offset, body.offset + body.limit).map((row) => ({
        line: row.line,
        status: row.status,
        reasons: row.reasons,
        fields: row.fields,
        values: row.values,
      })),
    };
  });

  app.post('/admin/import/:entity/apply', limits, async (request, reply) => {
    const user = requireAdmin(request);
    const entity = entityOf(request.params);
    const body = parseWith(mappedBody, request.body);
    const table = parseImportFile(body.text);
    // What can be refused is refused with a status, before the stream opens.
    await service.classify(entity, table, body.mapping);
    const send = openEvents(reply);
    try {
      const counts = await service.apply(entity, table, body.mapping, user, (done, total) =>
        send('progress', { done, total }),
      );
      await service.mappings.remember(entity, body.mapping, new Date().toISOString());
      send('done', counts);
    } catch (error) {
      const answer = errorAnswer(error);
      if (answer.fault) request.log.error({ err: error }, 'import failed');
      send('failed', { error: `Nothing was imported: ${answer.body.error}` });
    }
    reply.raw.end();
  });
}
