// The built web app as the server serves it: routes of the app answer index.html, a file
// that is not there answers 404 (never index.html), and the API keeps its JSON 404.

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestServer } from '../test/test-server.js';
import type { TestServer } from '../test/test-server.js';
import { isAppRoute } from './server.js';

describe('the built web app', () => {
  let server: TestServer;
  let webDist: string;

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'field-web-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Field App</title>');
    await writeFile(path.join(webDist, 'assets', 'app-123.js'), 'console.log(1)');
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
