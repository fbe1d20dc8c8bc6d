// A stand-in for a Sentry server: accepts the SDK's envelopes on a free local port and keeps
// every item, for tests of what telemetry sends (and of what it must never send).

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, inflateSync } from 'node:zlib';

interface EnvelopeItem {
  type: string;
  /** The item's payload as JSON, when it is JSON. */
  json: Record<string, unknown> | undefined;
  /** The payload's bytes as text (a replay's recording inflated), for searching. */
  text: string;
}

export interface TelemetryReceiver {
  /** A DSN that sends here. */
  dsn: string;
  items: EnvelopeItem[];
  /**
   * The traces received: a transaction's or a streamed segment's name, and for a browser's
   * page load or navigation `pageload /path` or `navigation /path`.
   */
  traces(): string[];
  /** Every byte received, as text, for "this never left" checks. */
  raw(): string;
  close(): Promise<void>;
}

function inflated(bytes: Buffer): string | undefined {
  for (const inflate of [inflateSync, gunzipSync]) {
    try {
      return inflate(bytes).toString('utf8');
    } catch {
      // Not that kind of compression.
    }
  }
  return undefined;
}

/**
 * A payload as text. A replay recording is a header line, then its events, compressed
 * when the SDK's worker could compress them: inflated here either way.
 */
function readable(bytes: Buffer): string {
  const whole = inflated(bytes);
  if (whole !== undefined) return whole;
  const newline = bytes.indexOf(0x0a);
  const rest = newline === -1 ? undefined : inflated(bytes.subarray(newline + 1));
  return rest === undefined
    ? bytes.toString('utf8')
    : `${bytes.subarray(0, newline + 1).toString('utf8')}${rest}`;
}

/** Splits an envelope: a header line, then items of a header line and a payload each. */
function parseEnvelope(body: Buffer): EnvelopeItem[] {
  const items: EnvelopeItem[] = [];
  let at = body.indexOf(0x0a);
  if (at === -1) return items;
  at += 1;
  while (at < body.length) {
    const headerEnd = body.indexOf(0x0a, at);
    if (headerEnd === -1) break;
    const header = JSON.parse(body.subarray(at, headerEnd).toString('utf8')) as {
      type: string;
      length?: number;
    };
    const start = headerEnd + 1;
    let end = header.length === undefined ? body.indexOf(0x0a, start) : start + header.length;
    if (end === -1) end = body.length;
    const payload = body.subarray(start, end);
    const text = readable(payload);
    let json: Record<string, unknown> | undefined;
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      json = undefined;
    }
    items.push({ type: header.type, json, text });
    at = end + 1;
  }
  return items;
}

interface Segment {
  name: string;
  is_segment?: boolean;
  attributes?: Record<string, { value: unknown } | undefined>;
}

function traceName(span: Segment): string {
  const op = span.attributes?.['sentry.op']?.value;
  const path = span.attributes?.['url.path']?.value;
  return (op === 'pageload' || op === 'navigation') && typeof path === 'string'
    ? `${op} ${path}`
    : span.name;
}

export async function startTelemetryReceiver(): Promise<TelemetryReceiver> {
  const items: EnvelopeItem[] = [];
  const raw: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      raw.push(body.toString('utf8'));
      try {
        const parsed = parseEnvelope(body);
        items.push(...parsed);
        raw.push(...parsed.map((item) => item.text));
      } catch {
        // Kept as raw text only.
      }
      response.writeHead(200, {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': '*',
        'content-type': 'application/json',
      });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    items,
    traces: () =>
      items.flatMap((item) => {
        if (item.type === 'transaction') return [String(item.json?.['transaction'])];
        if (item.type !== 'span') return [];
        const spans = (item.json?.['items'] ?? []) as Segment[];
        return spans.filter((span) => span.is_segment === true).map(traceName);
      }),
    raw: () => raw.join('\n'),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
