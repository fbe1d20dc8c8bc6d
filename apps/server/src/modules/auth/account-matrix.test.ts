// Each demo account, signed in for real, against every read route and every kind of
// write of the API and the account and administration routes: success, 401 or 403
// exactly as the access rule of docs/product.md (Roles and access) says, with the domain's
// group expansion, and access by home on top (home-access.ts): the test server runs
// company-wide, so of that rule only a demo account's hold to test homes shows here.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Requirement } from '@field/domain';
import { hasAccess, homeAccessFacts, mayWorkOnHome, resolveAccess } from '@field/domain';
import { availableDialects } from '../../test/databases.js';
import type { TestServer } from '../../test/test-server.js';
import { getTestServer } from '../../test/test-server.js';
import { DEMO_ACCOUNTS } from '../../seed/demo-data.js';
import { seedDemoData } from '../../seed/seed.js';

const PASSWORD = 'matrix-password';
const SINCE = '?lastUpdate=2000-01-01T00:00:00.000Z';
const HOME = 'home-0001';

/** Anyone signed in. */
const SIGNED_IN = 'signed-in';
/** No token needed. */
const PUBLIC = 'public';
const ADMIN = 'admin-only';

type Rule = Requirement | typeof SIGNED_IN | typeof PUBLIC | typeof ADMIN;
type Route = [method: string, path: string, body: unknown, rule: Rule];

const byHome = (base: string, scope: string): Route[] => [
  ['GET', `${base}/listByHome?homeId=${HOME}`, undefined, [scope]],
  ['POST', `${base}/listByHomes`, { homeIds: [HOME] }, [scope]],
];

const ROUTES: Route[] = [
  ['GET', '/health', undefined, PUBLIC],
  ['GET', '/auth/providers', undefined, PUBLIC],
  ['GET', '/users/me', undefined, SIGNED_IN],
  ['GET', '/users/me/sign-in-methods', undefined, SIGNED_IN],
  ['GET', '/admin/users', undefined, ADMIN],
  ['GET', '/admin/users/user-pending', undefined, ADMIN],
  ['GET', '/field_employees/list', undefined, ['collaboration_staff']],
  ['GET', `/field_employees/listUpdatedAfter${SINCE}`, undefined, ['collaboration_staff']],
  ['GET', '/field_homes/listActive', undefined, ['homes_overview']],
  ['GET', `/field_homes/listActiveUpdatedAfter${SINCE}`, undefined, ['homes_overview']],
  ['GET', '/field_vendors/list', undefined, ['collaboration_vendors']],
  ['GET', `/field_vendors/listUpdatedAfter${SINCE}`, undefined, ['collaboration_vendors']],
  ...byHome('/field_communication/phoneCalls', 'communication_phone_calls'),
  ['GET', '/field_walks/item/listByWalk?walkId=w-1', undefined, ['homes_items']],
  ['POST', '/field_walks/item/listByWalks', { walkIds: ['w-1'] }, ['homes_items']],
  ...byHome('/field_walks/homeStart', 'home_start'),
  ...byHome('/field_walks/preDrywall', 'pre_drywall'),
  ...byHome('/field_walks/managerWalk', 'manager_walks'),
  ...byHome('/field_walks/closing', 'walks'),
  ...byHome('/field_walks/landscape', 'landscape'),
  ...byHome('/field_testing/permits', 'homes_inspections_permits'),
  ...byHome('/field_testing/radon', 'homes_inspections_radon'),
  ...byHome('/field_testing/soil', 'homes_inspections_soil'),
  ...byHome('/field_testing/openhole', 'homes_inspections_openhole'),
  ...byHome('/field_testing/gic', 'homes_inspections_gic'),
  ...byHome('/field_reviews', 'homes_overview'),
  ...byHome('/field_jobs/jobs', 'homes_overview'),
  ['GET', '/field_jobs/schedules/listByJob?jobId=job-1', undefined, ['homes_overview']],
  ['POST', '/field_jobs/schedules/listByJobs', { jobIds: ['job-1'] }, ['homes_overview']],
  ...byHome('/field_communication/notes', 'communication_notes'),
  ...byHome('/field_collaboration/buyers', 'collaboration_buyers'),
];

function expectedStatus(account: (typeof DEMO_ACCOUNTS)[number] | undefined, rule: Rule): number {
  if (rule === PUBLIC) return 200;
  if (account === undefined) return 401;
  const access = resolveAccess(account.scopes);
  if (rule === SIGNED_IN) return 200;
  if (rule === ADMIN) return access.admin ? 200 : 403;
  return hasAccess(access, rule, 'read') ? 200 : 403;
}

describe.each(await availableDialects())('demo accounts x API routes on %s', (dialect) => {
  let server: TestServer;
  const tokens = new Map<string, string>();
  let home: ReturnType<typeof homeAccessFacts>;
  /** Whether the account may work on HOME (company-wide, as the test server runs). */
  const worksOnHome = (account: (typeof DEMO_ACCOUNTS)[number]): boolean =>
    mayWorkOnHome(
      { access: resolveAccess(account.scopes), employeeId: null, mode: 'company' },
      home,
    );
  beforeAll(async () => {
    server = await getTestServer(dialect);
    await seedDemoData(server.db, { password: PASSWORD, homes: 8 });
    for (const account of DEMO_ACCOUNTS) {
      const res = await server.client().post<{ accessToken: string }>('/auth/login', {
        email: account.email,
        password: PASSWORD,
      });
      expect(res.status).toBe(200);
      tokens.set(account.email, res.body.accessToken);
    }
    const homes = await server
      .client(tokens.get('admin@example.com'))
      .request('GET', '/field_homes/listActive');
    const found = (homes.body as Record<string, unknown>[]).find((h) => h['id'] === HOME);
    if (found === undefined) throw new Error(`the seed has no ${HOME}`);
    home = homeAccessFacts(found);
  });
  afterAll(() => server.close());

  const callers = [...DEMO_ACCOUNTS.map((a) => a.email), 'anonymous'];

  it.each(ROUTES)('%s %s', async (method, path, body, rule) => {
    const answers: Record<string, number> = {};
    const expected: Record<string, number> = {};
    for (const caller of callers) {
      const account = DEMO_ACCOUNTS.find((a) => a.email === caller);
      const res = await server.client(tokens.get(caller)).request(method, path, { body });
      answers[caller] = res.status;
      expected[caller] = expectedStatus(account, rule);
      // One home's list: refused on a home the account may not work on; lists of several
      // homes leave it out instead.
      const oneHome = path.includes(`homeId=${HOME}`);
      if (expected[caller] === 200 && oneHome && account !== undefined && !worksOnHome(account)) {
        expected[caller] = 403;
      }
    }
    expect(answers).toEqual(expected);
  });

  it('gives each account what its role promises', () => {
    const row = (email: string) =>
      ROUTES.map(([, , , rule]) =>
        expectedStatus(
          DEMO_ACCOUNTS.find((a) => a.email === email),
          rule,
        ),
      );
    const count = (email: string, status: number) => row(email).filter((s) => s === status).length;
    // Admin, manager and demo read everything but administration (admin only).
    expect(count('admin@example.com', 403)).toBe(0);
    expect(count('manager@example.com', 403)).toBe(2);
    expect(count('demo@example.com', 403)).toBe(2);
    // Builder: also not manager walks. Customer service: no walk forms.
    expect(count('builder@example.com', 403)).toBe(4);
    expect(count('cs@example.com', 403)).toBe(2 + 10);
    // Pending: only the public and signed-in routes.
    expect(count('pending@example.com', 200)).toBe(4);
  });

  // Writes: [method, path, body, write requirement]. Bodies are valid, so an allowed
  // caller's write succeeds (201 for a submit, 200 for an update).
  type Write = [
    method: string,
    path: (ids: SetupIds) => string,
    body: (ids: SetupIds) => unknown,
    rule: Requirement,
  ];
  interface SetupIds {
    call: string;
    walk: string;
    item: string;
  }
  const walkForm = { HomeRID: HOME, date: '2026-11-01', user: 'emp', notes: 'matrix' };
  const WRITES: Write[] = [
    [
      'PATCH',
      () => `/field_homes/update?id=${HOME}`,
      () => ({ Lot: '7' }),
      ['collaboration_homes'],
    ],
    [
      'POST',
      () => '/field_communication/phoneCalls/submit',
      () => ({
        Home: HOME,
        Staff: 'emp',
        Date: '2026-11-01T10:00:00.000Z',
        Notes: 'n',
        Voicemail: false,
      }),
      ['phone_call_logs'],
    ],
    [
      'PATCH',
      (ids) => `/field_communication/phoneCalls/update?id=${ids.call}`,
      () => ({ Notes: 'changed', Voicemail: true }),
      ['phone_call_notes'],
    ],
    [
      'POST',
      () => '/field_walks/item/submit',
      (ids) => ({
        Walk: 'post-close',
        Category: 'Paint',
        Location: 'Hall',
        Name: 'Scuff',
        WalkID: ids.walk,
      }),
      ['homes_post_close_items'],
    ],
    [
      'PATCH',
      (ids) => `/field_walks/item/update?id=${ids.item}`,
      () => ({ Name: 'Scuff, fixed' }),
      ['homes_post_close_items'],
    ],
    ['POST', () => '/field_walks/homeStart/submit', () => walkForm, ['home_start']],
    ['POST', () => '/field_walks/preDrywall/submit', () => walkForm, ['pre_drywall']],
    ['POST', () => '/field_walks/managerWalk/submit', () => walkForm, ['manager_walks']],
    ['POST', () => '/field_walks/landscape/submit', () => walkForm, ['landscape']],
    [
      'POST',
      () => '/field_walks/closing/submit',
      () => ({
        date: '2026-11-01',
        selectedHome: HOME,
        user: 'emp',
        notes: '',
        uploadedFiles: [],
        type: 'final-punch',
      }),
      ['final_punch'],
    ],
    [
      'POST',
      () => '/field_communication/notes/submit',
      () => ({ HomeRID: HOME, Text: 'note' }),
      ['communication_notes'],
    ],
    [
      'POST',
      () => '/field_collaboration/buyers/submit',
      () => ({ HomeRID: HOME, Name: 'Buyer' }),
      ['collaboration_buyers'],
    ],
  ];

  let ids: SetupIds;
  beforeAll(async () => {
    const admin = server.client(tokens.get('admin@example.com'));
    const call = await admin.post<{ id: string }>('/field_communication/phoneCalls/submit', {
      Home: HOME,
      Staff: 'emp',
      Date: '2026-11-01T10:00:00.000Z',
      Notes: 'setup',
      Voicemail: false,
    });
    const walk = await admin.post<{ id: string }>('/field_walks/closing/submit', {
      date: '2026-11-01',
      selectedHome: HOME,
      user: 'emp',
      notes: '',
      uploadedFiles: [],
      type: 'post-close',
    });
    const item = await admin.post<{ id: string }>('/field_walks/item/submit', {
      Walk: 'post-close',
      Category: 'Paint',
      Location: 'Hall',
      Name: 'Setup',
      WalkID: walk.body.id,
    });
    expect([call.status, walk.status, item.status]).toEqual([201, 201, 201]);
    ids = { call: call.body.id, walk: walk.body.id, item: item.body.id };
  });

  it.each(WRITES)('%s %s', async (method, path, body, rule) => {
    const answers: Record<string, number> = {};
    const expected: Record<string, number> = {};
    for (const caller of callers) {
      const account = DEMO_ACCOUNTS.find((a) => a.email === caller);
      const res = await server
        .client(tokens.get(caller))
        .request(method, path(ids), { body: body(ids) });
      answers[caller] = res.status;
      if (account === undefined) expected[caller] = 401;
      else if (!hasAccess(resolveAccess(account.scopes), rule, 'write')) expected[caller] = 403;
      else if (!worksOnHome(account)) expected[caller] = 403;
      else expected[caller] = method === 'POST' ? 201 : 200;
    }
    expect(answers).toEqual(expected);
  });
});
