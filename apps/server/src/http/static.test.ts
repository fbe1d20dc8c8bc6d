// The built web app as the server serves it: routes of the app answer index.html, a file
// that is not there answers 404 (never index.html), and the API keeps its JSON 404. Each
// file comes in the encoding the browser accepts (the build's brotli or gzip copy, else the
// file itself), hashed assets cached for a year, the rest revalidated on every use.

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestServer } from '../test/test-server.js';
import type { TestServer } from '../test/test-server.js';
import { isAppRoute } from './static.js';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as sent, not decoded. */
  body: Buffer;
}

/** A GET with exactly these headers, answered as sent (fetch would decode and add its own). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A script large and repetitive enough that the build would compress it. */
const SCRIPT = `${'export const answer = "the same line, over and over";\n'.repeat(200)}`;
const INDEX = `<!doctype html><title>Field App</title>${'<!-- padding -->'.repeat(100)}`;

describe('the built web app', () => {
  let server: TestServer;
  let webDist: string;

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'field-web-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), INDEX);
    await writeFile(path.join(webDist, 'assets', 'app-123.js'), 'console.log(1)');
    // As the build writes them: each text file with its brotli and gzip copies.
    for (const [name, text] of [
      ['assets/big-4f2a.js', SCRIPT],
      ['index.html', INDEX],
    ] as const) {
      await writeFile(path.join(webDist, name), text);
      await writeFile(path.join(webDist, `${name}.br`), brotliCompressSync(text));
      await writeFile(path.join(webDist, `${name}.gz`), gzipSync(text));
    }
    await writeFile(path.join(webDist, 'sw.js'), 'self.addEventListener("install", () => {});');
    await writeFile(path.join(webDist, 'manifest.webmanifest'), '{"name":"Field App"}');
    await writeFile(path.join(webDist, 'workbox-2fbc6a65.js'), 'self.workbox = {};');
    server = await getTestServer('sqlite', { env: { WEB_DIST: webDist } });
  });

  afterAll(async () => {
    await server.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it.each(['/', '/login', '/homes/overview', '/homes/items/outstanding/nhp?homeId=x'])(
    'answers the app at %s',
    async (route) => {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<title>Field App</title>');
    },
  );

  it('serves a file that exists', async () => {
    const response = await fetch(`${server.url}/assets/app-123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('javascript');
  });

  describe('a hashed asset', () => {
    const asset = () => `${server.url}/assets/big-4f2a.js`;

    it("comes as the build's brotli copy when brotli is accepted, cached for a year", async () => {
      const answer = await rawGet(asset(), { 'accept-encoding': 'gzip, deflate, br' });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['content-type']).toContain('javascript');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers['vary']).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
      expect(answer.body.length).toBeLessThan(SCRIPT.length / 10);
    });

    it('comes gzipped when only gzip is accepted', async () => {
      const answer = await rawGet(asset(), { 'accept-encoding': 'gzip' });
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(gunzipSync(answer.body).toString()).toBe(SCRIPT);
    });

    it.each<Record<string, string>>([{}, { 'accept-encoding': 'identity' }])(
      'comes as it is otherwise (%o)',
      async (headers) => {
        const answer = await rawGet(asset(), headers);
        expect(answer.status).toBe(200);
        expect(answer.headers['content-encoding']).toBeUndefined();
        expect(answer.body.toString()).toBe(SCRIPT);
        expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(answer.headers['vary']).toMatch(/accept-encoding/i);
      },
    );

    it('has no address of its own for the compressed copies', async () => {
      expect((await rawGet(`${asset()}.br`)).status).toBe(404);
      expect((await rawGet(`${asset()}.gz`)).status).toBe(404);
    });
  });

  it.each(['/', '/login', '/homes/overview', '/index.html'])(
    'revalidates the page at %s on every use, and sends it compressed',
    async (route) => {
      const answer = await rawGet(`${server.url}${route}`, { 'accept-encoding': 'br' });
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(answer.body).toString()).toBe(INDEX);
    },
  );

  it.each(['/sw.js', '/manifest.webmanifest'])(
    'revalidates %s on every use, so a new version is seen at once',
    async (file) => {
      const answer = await rawGet(`${server.url}${file}`, { 'accept-encoding': 'br, gzip' });
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
      const etag = answer.headers['etag'];
      expect(typeof etag).toBe('string');
      const again = await rawGet(`${server.url}${file}`, { 'if-none-match': String(etag) });
      expect(again.status).toBe(304);
    },
  );

  it("caches Workbox's hashed runtime like the other assets", async () => {
    const answer = await rawGet(`${server.url}/workbox-2fbc6a65.js`);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/assets/app-old.js', '/favicon-missing.svg', '/api/no/such/call'])(
    'answers 404 for %s, not the app',
    async (route) => {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('<title>');
    },
  );

  it.each([
    ['/homes/overview', true],
    ['/walks/home-start?homeId=1.5', true],
    ['/assets/x.js', false],
    ['/api/field_homes/listActive', false],
    ['/sw.js', false],
  ])('%s is a route of the app: %s', (url, expected) => {
    expect(isAppRoute(url)).toBe(expected);
  });
});
