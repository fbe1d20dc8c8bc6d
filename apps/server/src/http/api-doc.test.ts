// docs/api.md cannot drift from the server: every field-data route the server registers
// is in its table, and every route the table names is registered.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf } from '../test/routes.js';
import type { TestServer } from '../test/test-server.js';
import { getTestServer } from '../test/test-server.js';

const doc = readFileSync(path.resolve(import.meta.dirname, '../../../../docs/api.md'), 'utf8');

/** `METHOD /field_...` calls named in the document, `{id}` for a path parameter. */
function documentedFieldCalls(): string[] {
  return [...doc.matchAll(/`(GET|POST|PATCH|PUT|DELETE) (\/field_[^`\s]*)`/g)].map(
    (match) => `${match[1]} ${match[2]}`,
  );
}

describe('docs/api.md', () => {
  let server: TestServer;
  let registered: string[];
  beforeAll(async () => {
    server = await getTestServer('sqlite');
    registered = routesOf(server.app.printRoutes({ commonPrefix: false }))
      .filter((route) => route.method !== 'HEAD' && route.path.startsWith('/api/field_'))
      .map(
        (route) => `${route.method} ${route.path.slice('/api'.length).replace(/:(\w+)/g, '{$1}')}`,
      );
  });
  afterAll(() => server.close());

  it('lists every field-data route the server registers', () => {
    expect(registered.length).toBeGreaterThan(50);
    const documented = new Set(documentedFieldCalls());
    expect(registered.filter((call) => !documented.has(call))).toEqual([]);
  });

  it('names no field-data route the server does not register', () => {
    const known = new Set(registered);
    expect(documentedFieldCalls().filter((call) => !known.has(call))).toEqual([]);
  });
});
