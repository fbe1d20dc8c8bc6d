// Server-sent event answers (docs/api.md): the notification stream and the import's
// progress open their streams the same way and frame their events the same way.

import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';

export function formatEvent(event: string, data: unknown): string {
  // JSON has no raw line breaks, so one data line carries the whole payload.
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Takes `reply` over as an event stream (keeping the headers hooks already set) and
 * answers a writer that drops what comes after the stream ended.
 */
export function openEventStream(reply: FastifyReply): (chunk: string) => void {
  reply.hijack();
  const res = reply.raw;
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) headers[name] = value;
  }
  res.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  });
  return (chunk) => {
    if (!res.writableEnded && !res.destroyed) res.write(chunk);
  };
}
