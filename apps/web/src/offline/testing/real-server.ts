// Test-only: starts the real API server (apps/server's test helper) on an ephemeral port
// over a fresh SQLite database, with the fixture homes, for the queue's end-to-end tests.
// The web app talks to the server over HTTP only, so the server module is loaded by URL
// at run time and typed here by the few members the tests use.

export interface RealServer {
  url: string;
  /** A signed-in user holding every scope (the manager group). */
  token: string;
  /** Counts live records of a kind (`phoneCalls`, `walkItems`, ...). */
  count(kind: string): Promise<number>;
  /** Another signed-in user of the manager group (a second person on the same device). */
  otherUserToken(): Promise<string>;
  /** An authenticated GET of the API (path after `/api`), parsed as JSON. */
  get(path: string): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

interface ServerTestHelpers {
  getTestServer(dialect: 'sqlite'): Promise<{
    url: string;
    createUser(options: { scopes: unknown[] }): Promise<{ token: string }>;
    client(token: string): {
      get(path: string): Promise<{ status: number; body: unknown }>;
    };
    records: {
      listActive(kind: string): Promise<unknown[]>;
    };
    close(): Promise<void>;
  }>;
  groupScope(value: string): unknown;
}

interface FixtureHelpers {
  insertFixture(server: unknown): Promise<void>;
}

function isHelpers(value: unknown): value is ServerTestHelpers {
  return (
    typeof value === 'object' &&
    value !== null &&
    'getTestServer' in value &&
    typeof value.getTestServer === 'function'
  );
}

function isFixture(value: unknown): value is FixtureHelpers {
  return (
    typeof value === 'object' &&
    value !== null &&
    'insertFixture' in value &&
    typeof value.insertFixture === 'function'
  );
}

// Relative to this file; vitest resolves a run-time specifier against the importer.
const SERVER_TEST = '../../../../server/src/test/test-server.ts';
const FIXTURE = '../../../../server/src/test/fixture.ts';

export async function startRealServer(): Promise<RealServer> {
  const helpers: unknown = await import(/* @vite-ignore */ SERVER_TEST);
  const fixture: unknown = await import(/* @vite-ignore */ FIXTURE);
  if (!isHelpers(helpers) || !isFixture(fixture)) throw new Error('Server test helpers moved');
  const server = await helpers.getTestServer('sqlite');
  await fixture.insertFixture(server);
  const user = await server.createUser({ scopes: [helpers.groupScope('manager')] });
  const client = server.client(user.token);
  return {
    url: server.url,
    token: user.token,
    otherUserToken: async () =>
      (await server.createUser({ scopes: [helpers.groupScope('manager')] })).token,
    count: async (kind) => (await server.records.listActive(kind)).length,
    get: (path) => client.get(path),
    close: () => server.close(),
  };
}
