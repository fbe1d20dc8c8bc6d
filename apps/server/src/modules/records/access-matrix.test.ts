// Every read call of docs/api.md: real data to a user holding its scope, 403 to a user
// holding every other scope, 401 without a token; on each available database.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '@field/domain';
import { availableDialects } from '../../test/databases.js';
import { insertFixture, WALKS } from '../../test/fixture.js';
import type { TestServer } from '../../test/test-server.js';
import { getTestServer, singleScope } from '../../test/test-server.js';

const SINCE = '?lastUpdate=2000-01-01T00:00:00.000Z';
const CLOSING_READ = [
  'walks',
  'final_punch',
  'new_home_presentation',
  'welcome_home_orientation',
  'post_close',
];

// [method, path, body, scopes that grant it, the scope whose absence must deny it]
type ReadCall = [string, string, unknown, string[], string];
const homeCalls = (base: string, scope: string, grant = [scope]): ReadCall[] => [
  ['GET', `${base}/listByHome?homeId=h1`, undefined, grant, scope],
  ['POST', `${base}/listByHomes`, { homeIds: ['h1', 'h2'] }, grant, scope],
];

const READ_CALLS: ReadCall[] = [
  ['GET', '/field_employees/list', undefined, ['collaboration_staff'], 'collaboration_staff'],
  [
    'GET',
    `/field_employees/listUpdatedAfter${SINCE}`,
    undefined,
    ['collaboration_staff'],
    'collaboration_staff',
  ],
  ['GET', '/field_homes/listActive', undefined, ['homes_overview'], 'homes_overview'],
  [
    'GET',
    `/field_homes/listActiveUpdatedAfter${SINCE}`,
    undefined,
    ['homes_overview'],
    'homes_overview',
  ],
  ['GET', '/field_vendors/list', undefined, ['collaboration_vendors'], 'collaboration_vendors'],
  [
    'GET',
    `/field_vendors/listUpdatedAfter${SINCE}`,
    undefined,
    ['collaboration_vendors'],
    'collaboration_vendors',
  ],
  ...homeCalls('/field_communication/phoneCalls', 'communication_phone_calls'),
  [
    'GET',
    `/field_walks/item/listByWalk?walkId=${WALKS.closingWho}`,
    undefined,
    ['homes_items', 'homes_who_items'],
    'homes_items',
  ],
  [
    'POST',
    '/field_walks/item/listByWalks',
    { walkIds: [WALKS.preDrywall, WALKS.closingFinal] },
    ['homes_items', 'homes_final_punch_items'],
    'homes_items',
  ],
  ...homeCalls('/field_walks/homeStart', 'home_start'),
  ...homeCalls('/field_walks/preDrywall', 'pre_drywall'),
  ...homeCalls('/field_walks/managerWalk', 'manager_walks'),
  ...homeCalls('/field_walks/closing', 'walks', CLOSING_READ),
  ...homeCalls('/field_walks/landscape', 'landscape'),
  ...homeCalls('/field_testing/permits', 'homes_inspections_permits'),
  ...homeCalls('/field_testing/radon', 'homes_inspections_radon'),
  ...homeCalls('/field_testing/soil', 'homes_inspections_soil'),
  ...homeCalls('/field_testing/openhole', 'homes_inspections_openhole'),
  ...homeCalls('/field_testing/gic', 'homes_inspections_gic'),
  ...homeCalls('/field_reviews', 'homes_overview'),
  ...homeCalls('/field_jobs/jobs', 'homes_overview'),
  [
    'GET',
    '/field_jobs/schedules/listByJob?jobId=job-1',
    undefined,
    ['homes_overview'],
    'homes_overview',
  ],
  [
    'POST',
    '/field_jobs/schedules/listByJobs',
    { jobIds: ['job-1'] },
    ['homes_overview'],
    'homes_overview',
  ],
  ...homeCalls('/field_communication/notes', 'communication_notes'),
  ...homeCalls('/field_collaboration/buyers', 'collaboration_buyers'),
];

describe.each(await availableDialects())('read access on %s', (dialect) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await getTestServer(dialect);
    await insertFixture(server);
    admin = (await server.createUser({ scopes: [singleScope('admin')] })).token;
  });
  afterAll(() => server.close());

  it.each(READ_CALLS)('%s %s', async (method, path, body, grant, denied) => {
    const granted = await server.createUser({
      scopes: grant.map((s) => singleScope(s, true, false)),
    });
    const others = await server.createUser({
      scopes: SCOPES.filter((s) => s !== denied).map((s) => singleScope(s)),
    });

    const ok = await server.client(granted.token).request<unknown[]>(method, path, { body });
    expect(ok.status).toBe(200);
    expect(Array.isArray(ok.body) && ok.body.length > 0).toBe(true);

    const asAdmin = await server.client(admin).request<unknown[]>(method, path, { body });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body).toEqual(ok.body);

    const deniedResponse = await server.client(others.token).request(method, path, { body });
    expect(deniedResponse.status).toBe(403);
    expect(deniedResponse.body).toEqual({ error: 'You do not have permission to do this' });

    const anonymous = await server.client().request(method, path, { body });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ error: 'Authentication required' });
  });
});
