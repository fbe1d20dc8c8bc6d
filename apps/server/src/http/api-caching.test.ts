// API answers as a client on a slow network meets them: a large list comes compressed in
// the encoding the client accepts and carries an ETag, so asking again for an unchanged
// list costs a 304 with no body; small and personal answers are never stored; the live
// notification stream, batches and file downloads keep working as before.

import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFixture } from '../test/fixture.js';
import { buildOnHome } from '../test/factories.js';
import type { ApiClient, TestServer } from '../test/test-server.js';
import { getTestServer, groupScope } from '../test/test-server.js';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as sent, not decoded. */
  body: Buffer;
}

/**
 * A request with exactly these headers, answered as sent (fetch would decode and add its
 * own Accept-Encoding). With `firstChunkOnly`, resolves at the first bytes of the body and
 * closes the connection (for a stream that never ends).
 */
function raw(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
  firstChunkOnly = false,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = request(
      url,
      {
        method: options.method ?? 'GET',
        headers: {
          ...options.headers,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        const done = (): void =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          });
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          if (firstChunkOnly) {
            done();
            req.destroy();
          }
        });
        res.on('end', done);
        res.on('error', reject);
      },
    );
    req.on('error', (error) => {
      if (!firstChunkOnly) reject(error);
    });
    req.end(body);
  });
}

const LIST = '/api/field_communication/phoneCalls/listByHome?homeId=h1';
const CALLS = 60;

describe('API answers over the wire', () => {
  let server: TestServer;
  let manager: ApiClient;
  let auth: Record<string, string>;

  beforeAll(async () => {
    server = await getTestServer('sqlite');
    await insertFixture(server);
    // A home with a long list of calls: tens of KB of repetitive JSON, as lists are.
    await server.insert(
      'phoneCalls',
      Array.from({ length: CALLS }, (_, i) =>
        buildOnHome(`bulk-call-${i}`, 'h1', {
          Home: 'h1',
          Staff: 'emp-2',
          Date: '2026-10-01T10:00:00.000Z',
          Notes: `Buyer called about the paint colour of room ${i}; asked for a walk date`,
          Voicemail: i % 2 === 0,
        }),
      ),
    );
    const user = await server.createUser({ scopes: [groupScope('manager')] });
    manager = server.client(user.token);
    auth = { authorization: `Bearer ${user.token}` };
  });
  afterAll(() => server.close());

  it('sends a large list in the encoding the client accepts, the same list in each', async () => {
    const plain = await raw(`${server.url}${LIST}`, { headers: auth });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const list = JSON.parse(plain.body.toString()) as unknown[];
    expect(list.length).toBeGreaterThan(CALLS);

    const br = await raw(`${server.url}${LIST}`, {
      headers: { ...auth, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(list);
    expect(br.body.length).toBeLessThan(plain.body.length / 4);

    const gzip = await raw(`${server.url}${LIST}`, {
      headers: { ...auth, 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(list);
  });

  it('answers an unchanged list with 304 and no body, and a changed one in full', async () => {
    const first = await raw(`${server.url}${LIST}`, {
      headers: { ...auth, 'accept-encoding': 'br' },
    });
    const etag = first.headers['etag'];
    expect(etag).toMatch(/^W\/".+"$/);
    // Kept by the browser, never reused without asking the server.
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await raw(`${server.url}${LIST}`, {
      headers: { ...auth, 'accept-encoding': 'br', 'if-none-match': String(etag) },
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['etag']).toBe(etag);

    const created = await manager.post<{ id: string }>('/field_communication/phoneCalls/submit', {
      Home: 'h1',
      Staff: 'emp-2',
      Date: '2026-11-02T15:30:00.000Z',
      Notes: 'A new call',
      Voicemail: false,
    });
    expect(created.status).toBe(201);
    const changed = await raw(`${server.url}${LIST}`, {
      headers: { ...auth, 'if-none-match': String(etag) },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers['etag']).not.toBe(etag);
    const ids = (JSON.parse(changed.body.toString()) as { id: string }[]).map((c) => c.id);
    expect(ids).toContain(created.body.id);
  });

  it('keeps small and personal answers out of every cache', async () => {
    const me = await raw(`${server.url}/api/users/me`, {
      headers: { ...auth, 'accept-encoding': 'br' },
    });
    expect(me.status).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    expect(me.headers['etag']).toBeUndefined();
    // Under 1 KB: not worth compressing.
    expect(me.headers['content-encoding']).toBeUndefined();

    const refused = await raw(`${server.url}${LIST}`, { headers: { 'accept-encoding': 'br' } });
    expect(refused.status).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('sends the notification stream as events, never compressed', async () => {
    const ticket = await manager.post<{ ticket: string }>('/notifications/stream-ticket');
    const stream = await raw(
      `${server.url}/api/notifications/stream?ticket=${ticket.body.ticket}`,
      { headers: { 'accept-encoding': 'gzip, deflate, br' } },
      true,
    );
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toContain('text/event-stream');
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.body.toString()).toContain('retry:');
  });

  it('answers a batch compressed, each of its writes applied once', async () => {
    const writes = Array.from({ length: 12 }, (_, i) => ({
      key: `batch-write-${i}`,
      method: 'POST',
      path: '/api/field_communication/phoneCalls/submit',
      body: {
        Home: 'h2',
        Staff: 'emp-2',
        Date: '2026-11-03T09:00:00.000Z',
        Notes: `Batched call ${i} about the closing date and the final walk`,
        Voicemail: false,
      },
    }));
    const answer = await raw(`${server.url}/api/batch`, {
      method: 'POST',
      headers: { ...auth, 'accept-encoding': 'br' },
      body: { writes },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('no-store');
    const { results } = JSON.parse(brotliDecompressSync(answer.body).toString()) as {
      results: { status: number }[];
    };
    expect(results.map((r) => r.status)).toEqual(writes.map(() => 201));
    const listed = await manager.get<{ Notes: string }[]>(
      '/field_communication/phoneCalls/listByHome?homeId=h2',
    );
    const batched = listed.body.filter((c) => c.Notes.startsWith('Batched call'));
    expect(batched).toHaveLength(writes.length);
  });

  it('serves a downloaded image as stored, revalidated by its content hash', async () => {
    const photo = Buffer.concat([
      Buffer.from('\x89PNG\r\n\x1a\n', 'binary'),
      Buffer.alloc(4096, 7), // compressible bytes, which an image must still not be
    ]);
    const upload = await manager.post('/files/walkItems/item-9/photo.png', {
      data: photo.toString('base64'),
      contentType: 'image/png',
    });
    expect(upload.status).toBe(201);
    const url = `${server.url}/api/files/walkItems/item-9/photo.png`;
    const download = await raw(url, { headers: { ...auth, 'accept-encoding': 'br, gzip' } });
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-encoding']).toBeUndefined();
    expect(download.body.equals(photo)).toBe(true);
    expect(download.headers['cache-control']).toBe('private, no-cache');

    const again = await raw(url, {
      headers: { ...auth, 'if-none-match': String(download.headers['etag']) },
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });
});
