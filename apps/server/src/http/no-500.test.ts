// Property-based: random bodies, queries and paths (odd encodings, deep nesting, huge
// numbers, wrong types, unknown fields) sent over real HTTP to every registered route, as
// an admin and as a field user; no answer may be a 500. Bounded (a fixed number of runs
// per dialect) and reproducible: fast-check prints the seed and the request that failed;
// `FUZZ_SEED=<seed> FUZZ_RUNS=<n>` replays or widens a run, `FUZZ_STATS=1` prints the
// statuses seen. A 500's cause is in the server log (level error) above the failure.

import net from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects } from '../test/databases.js';
import { WALKS, insertFixture } from '../test/fixture.js';
import type { Route } from '../test/routes.js';
import { routesOf } from '../test/routes.js';
import type { TestServer } from '../test/test-server.js';
import { getTestServer, groupScope, singleScope } from '../test/test-server.js';

const SEED = Number(process.env['FUZZ_SEED'] ?? 20261123);
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 2500);

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

interface Got {
  status: number;
  body: string;
}

/**
 * One raw HTTP/1.1 request on its own connection, written byte for byte: the path goes out
 * exactly as generated (no client URL normalisation), the body with its length. The
 * status is read from the first line of the answer.
 */
function send(base: string, request: Sent): Promise<Got> {
  const url = new URL(base);
  const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
  const head = [
    `${request.method} ${request.path} HTTP/1.1`,
    `host: ${url.host}`,
    'connection: close',
    ...Object.entries(request.headers).map(([name, v]) => `${name}: ${v}`),
    ...(body === undefined ? [] : [`content-length: ${body.length}`]),
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(url.port), url.hostname, () => {
      socket.write(`${head}\r\n\r\n`);
      if (body !== undefined) socket.write(body);
    });
    const done = (): void => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      resolve({ status: status === undefined ? 0 : Number(status), body: text.slice(0, 600) });
    };
    socket.setTimeout(5_000, () => {
      // A live stream answers 200 and never ends: read what came, no 500 in it.
      socket.destroy();
      done();
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', done);
    // The server may reset a connection whose body it refused unread: the answer came first.
    socket.on('error', (error) => (chunks.length > 0 ? done() : reject(error)));
  });
}

// Values chosen to break parsers, schemas, number and date handling and storage.
const ODD_TEXT = [
  '',
  ' ',
  '0',
  '-1',
  '1',
  '1e400',
  '99999999999999999999',
  '8640000000000001',
  'NaN',
  'null',
  'true',
  '2026-02-30',
  '2026-11-05T08:00:00.000Z',
  '0000-00-00',
  '__proto__',
  'constructor',
  '..',
  '../..',
  '%',
  '%zz',
  '%00',
  '%2e%2e',
  '%2F',
  '%C0%AF',
  '%E2%82',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '😀',
  'x'.repeat(5_000),
  'h1',
  'h2',
  WALKS.closingFinal,
  WALKS.closingPostClose,
  'call-1',
  'item-post',
  'emp-1',
  'job-1',
  'Construction Staff',
  'final-punch',
  'post-close',
  'Complete',
  'admin',
  'homes',
  'homes/h1/a.jpg',
  'users',
  'data:image/png;base64,AAAA',
  'aGVsbG8=',
];

const oddNumber = fc.constantFrom(
  0,
  -0,
  -1,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 53,
  0.1,
  1e-300,
  4294967296,
);

const scalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...ODD_TEXT),
  fc.string({ maxLength: 12 }),
  fc.integer(),
  fc.double(),
  oddNumber,
  fc.boolean(),
  fc.constant(null),
);

const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.constantFrom(...FIELDS()), scalar, { maxKeys: 4 }),
  },
  { weight: 1, arbitrary: fc.array(fc.dictionary(fc.string(), scalar, { maxKeys: 3 })) },
);

/** Field names the API reads somewhere, so random bodies reach past "unknown field". */
function FIELDS(): string[] {
  return [
    'id',
    'Home',
    'Staff',
    'Date',
    'Notes',
    'Voicemail',
    'HomeRID',
    'HomeID',
    'Address',
    'Status',
    'Lot',
    'Walk',
    'WalkID',
    'Category',
    'Location',
    'Name',
    'Completed At',
    'Photos',
    'date',
    'user',
    'notes',
    'checklist',
    'uploadedFiles',
    'type',
    'selectedHome',
    'customerServiceStaff',
    'pdfUrl',
    'Text',
    'Author',
    'Email',
    'Phone',
    'staffIds',
    'staffType',
    'homeIds',
    'walkIds',
    'jobIds',
    'writes',
    'email',
    'password',
    'currentPassword',
    'newPassword',
    'token',
    'firstName',
    'lastName',
    'photoURL',
    'data',
    'contentType',
    'scopes',
    'value',
    'read',
    'write',
    'approved',
    'group',
    'message',
    'title',
    'category',
    'app',
    'priority',
    'metadata',
    'recordId',
    'homeID',
    'collection',
    'key',
    'createdAt',
    '__proto__',
    'constructor',
  ];
}

/** Bodies that pass validation, so one changed field reaches the write itself. */
const VALID: Record<string, Record<string, unknown>> = {
  '/api/field_communication/phoneCalls/submit': {
    Home: 'h2',
    Staff: 'emp-2',
    Date: '2026-11-02T15:30:00.000Z',
    Notes: 'n',
    Voicemail: false,
  },
  '/api/field_walks/item/submit': {
    Walk: 'post-close',
    Category: 'c',
    Location: 'l',
    Name: 'n',
    WalkID: WALKS.closingPostClose,
  },
  '/api/field_walks/closing/submit': {
    date: '2026-11-01',
    selectedHome: 'h2',
    user: 'emp-1',
    type: 'nhp',
  },
  '/api/field_communication/notes/submit': { HomeRID: 'h2', Text: 't' },
  '/api/field_collaboration/buyers/submit': { HomeRID: 'h2', Name: 'B' },
  '/api/field_homes/update': { Address: 'A' },
  '/api/field_homes/updateStaff': { staffIds: ['emp-1'], staffType: 'Construction Staff' },
  '/api/files/*': { data: 'aGVsbG8=', contentType: 'image/jpeg' },
  '/api/users/profilePicture': { data: 'aGVsbG8=', contentType: 'image/png' },
  '/api/notifications': { title: 't', category: 'system', app: 'field' },
  '/api/feedback': { message: 'm' },
};

const jsonBody = (route: Route): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS()), value, { maxKeys: 6 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 2, arbitrary: fc.constant(VALID[route.path] ?? {}) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(...FIELDS()), value, fc.boolean())
        .map(([field, changed, drop]) => {
          const base = { ...(VALID[route.path] ?? {}) };
          if (drop) delete base[field];
          else base[field] = changed;
          return base;
        }),
    },
    {
      weight: 1,
      arbitrary: fc
        .array(
          fc.record({
            key: fc.oneof(fc.uuid(), fc.constantFrom(...ODD_TEXT)),
            method: fc.constantFrom('POST', 'PATCH', 'DELETE', 'GET'),
            path: fc.constantFrom(
              '/api/field_communication/phoneCalls/submit',
              '/api/field_communication/phoneCalls/update?id=call-1',
              '/api/field_walks/item/submit',
              '/api/field_walks/closing/update/w-final',
              '/api/field_homes/updateStaff?id=h1',
              '/api/files/homes/h1/a%2Djpg',
              '/api/field_walks/item/update?id=item-post',
              '/api/field_walks/closing/update/%2e%2e',
              '/api/files/homes/h1/a.jpg',
              '/api/files/../auth/login',
              '/api/%61uth/login',
            ),
            body: value,
          }),
          { maxLength: 4 },
        )
        .map((writes) => ({ writes })),
    },
  );

/** A raw body and its content type. */
const rawBody = (route: Route): fc.Arbitrary<{ type?: string; text?: string }> =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constant({}) },
    {
      weight: 8,
      arbitrary: jsonBody(route).map((body) => ({
        type: 'application/json',
        text: JSON.stringify(body) ?? 'null',
      })),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 60, max: 6_000 }).map((depth) => ({
        type: 'application/json',
        text: `{"Notes":${'['.repeat(depth)}${']'.repeat(depth)}}`,
      })),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        type: fc.constantFrom(
          'application/json',
          'application/json; charset=latin1',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/octet-stream',
          'application/vnd.api+json',
        ),
        text: fc.constantFrom(
          '',
          '{',
          '{"a":',
          'null',
          '[]',
          '"x"',
          '123',
          '{"__proto__":{"admin":true}}',
          '{"constructor":{"prototype":{"x":1}}}',
          'a=1&b=2&a=3',
          'writes[0][path]=/api/auth/login',
          '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
          '\u0000\u0001',
        ),
      }),
    },
  );

const QUERY_KEYS = [
  'id',
  'homeId',
  'walkId',
  'jobId',
  'lastUpdate',
  'folder',
  'limit',
  'offset',
  'cursor',
  'app',
  'category',
  'tab',
  'read',
  'ticket',
  'state',
  'code',
  'q',
];

/** Percent-encoded as a client would; a lone surrogate as the bytes a sloppy client sends. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

/** A query or path value, percent-encoded as a client would, or raw odd text. */
const queryValue = fc.oneof(
  scalar.map((v) => encode(String(v))),
  fc.constantFrom('%', '%zz', '%00', '%2e%2e', '..', '%C0%AF', 'a%26b%3Dc', '1e400', '[]', '{}'),
);

const queryString = fc
  .array(fc.tuple(fc.constantFrom(...QUERY_KEYS, 'x', '__proto__', '%'), queryValue), {
    maxLength: 4,
  })
  .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`));

const segment = fc.oneof(
  fc.constantFrom(
    'h1',
    'w-final',
    WALKS.closingPostClose,
    'call-1',
    'nope',
    '..',
    '.',
    '%2e%2e',
    '%2F',
    '%00',
    '%',
    '%zz',
    '%C0%AF',
    'google',
    'apple',
    'oidc',
    'admin',
    'pending-user',
    'x'.repeat(300),
  ),
  fc.string({ minLength: 1, maxLength: 8 }).map(encode),
);

/** The route's path with its parameters filled in, sometimes bent (slashes, encodings). */
const pathOf = (route: Route): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.array(segment, { minLength: 3, maxLength: 3 }),
      fc.array(segment, { minLength: 1, maxLength: 4 }),
      fc.oneof(
        { weight: 12, arbitrary: fc.constant('') },
        { weight: 1, arbitrary: fc.constantFrom('/', '//', '/..', '%2F', '/%2e%2e/auth/login') },
      ),
      fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
    )
    .map(([params, rest, suffix, encodeLetter]) => {
      let index = 0;
      let path = route.path
        .replace(/:[A-Za-z]+/g, () => params[index++ % params.length] ?? 'x')
        .replace(/\*$/, rest.join('/'));
      if (encodeLetter) {
        // `/api/field_homes` -> `/api/%66ield_homes`: a router decodes it, a check may not.
        path = path.replace(
          /\/([a-z])/,
          (_m, letter: string) => `/%${letter.charCodeAt(0).toString(16)}`,
        );
      }
      return `${path}${suffix}`;
    });

const requestOf = (route: Route, token: string): fc.Arbitrary<Sent> =>
  fc
    .record({
      method: fc.oneof(
        { weight: 9, arbitrary: fc.constant(route.method) },
        {
          weight: 1,
          arbitrary: fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'OPTIONS'),
        },
      ),
      path: pathOf(route),
      query: queryString,
      body: rawBody(route),
      key: fc.option(fc.oneof(fc.uuid(), fc.constantFrom(' ', 'x'.repeat(300), 'ü', 'k')), {
        nil: undefined,
      }),
    })
    .map(({ method, path, query, body, key }) => {
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (body.type !== undefined) headers['content-type'] = body.type;
      if (key !== undefined) headers['idempotency-key'] = encode(key).slice(0, 300);
      const sendsBody = method !== 'GET' && method !== 'HEAD' && body.text !== undefined;
      return {
        method,
        path: `${path}${query}`,
        headers,
        ...(sendsBody ? { body: body.text } : {}),
      };
    });

/**
 * 500s in other agents' areas, reported to them and left out of the assertion until they
 * are fixed (each names the route and the cause). Empty when none are known.
 */
const KNOWN_ELSEWHERE: { route: RegExp; why: string }[] = [];

describe.each(await availableDialects())('no 500 for any input on %s', (dialect) => {
  let server: TestServer;
  let routes: Route[];
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    server = await getTestServer(dialect, { env: { LOG_LEVEL: 'error' } });
    await insertFixture(server);
    tokens['admin'] = (await server.createUser({ scopes: [singleScope('admin')] })).token;
    tokens['field user'] = (
      await server.createUser({ scopes: [groupScope('customerService')] })
    ).token;
    routes = routesOf(server.app.printRoutes({ commonPrefix: false }));
  });
  afterAll(() => server.close());

  it('finds the routes', () => {
    expect(routes.length).toBeGreaterThan(80);
    expect(routes).toContainEqual({ method: 'POST', path: '/api/batch' });
    expect(routes).toContainEqual({ method: 'DELETE', path: '/api/files/*' });
  });

  const stats = new Map<string, number>();
  afterAll(() => {
    if (stats.size > 0) console.log(dialect, [...stats].sort().join(' '));
  });

  it.each(['admin', 'field user'])('as %s', { timeout: 120_000 }, async (who) => {
    const token = tokens[who] ?? '';
    const arbitrary = fc
      .oneof(
        { weight: 4, arbitrary: fc.constantFrom(...routes) },
        // The writes with a valid body reach the deepest code: sent more often.
        { weight: 1, arbitrary: fc.constantFrom(...routes.filter((r) => r.path in VALID)) },
      )
      .chain((route) => requestOf(route, token).map((request) => ({ route, request })));
    await fc.assert(
      fc.asyncProperty(arbitrary, async ({ route, request }) => {
        const got = await send(server.url, request);
        if (process.env['FUZZ_STATS'] !== undefined) {
          const key = `${got.status}`;
          stats.set(key, (stats.get(key) ?? 0) + 1);
        }
        const known = KNOWN_ELSEWHERE.find((k) => k.route.test(`${route.method} ${route.path}`));
        if (got.status >= 500 && known === undefined) {
          throw new Error(`${request.method} ${request.path} -> ${got.status} ${got.body}`);
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true, verbose: 1 },
    );
  });
});
