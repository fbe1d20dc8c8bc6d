import { describe, expect, it } from 'vitest';
import { LOOKUPS, RESOURCES, apiPath, resourceDef } from './resources.js';

// The specification's calls for record resources, as it writes them (the walk kinds spelled out),
// plus our notes and buyers (docs/api.md). The registry must offer each one; this list is written
// by hand, not derived from the registry.
const SPEC_CALLS = [
  'GET /field_employees/list',
  'GET /field_employees/listUpdatedAfter',
  'GET /field_homes/listActive',
  'GET /field_homes/listActiveUpdatedAfter',
  'PATCH /field_homes/update',
  'GET /field_vendors/list',
  'GET /field_vendors/listUpdatedAfter',
  'GET /field_communication/phoneCalls/listByHome',
  'POST /field_communication/phoneCalls/listByHomes',
  'POST /field_communication/phoneCalls/submit',
  'PATCH /field_communication/phoneCalls/update',
  'DELETE /field_communication/phoneCalls/delete',
  'GET /field_walks/item/listByWalk',
  'POST /field_walks/item/listByWalks',
  'POST /field_walks/item/submit',
  'PATCH /field_walks/item/update',
  ...['homeStart', 'preDrywall', 'managerWalk', 'closing', 'landscape'].flatMap((kind) => [
    `GET /field_walks/${kind}/listByHome`,
    `POST /field_walks/${kind}/listByHomes`,
    `POST /field_walks/${kind}/submit`,
    `PATCH /field_walks/${kind}/update/:id`,
  ]),
  'GET /field_testing/permits/listByHome',
  'POST /field_testing/permits/listByHomes',
  'GET /field_testing/radon/listByHome',
  'POST /field_testing/radon/listByHomes',
  'GET /field_reviews/listByHome',
  'POST /field_reviews/listByHomes',
  'GET /field_jobs/jobs/listByHome',
  'POST /field_jobs/jobs/listByHomes',
  'GET /field_jobs/schedules/listByJob',
  'POST /field_jobs/schedules/listByJobs',
  'GET /field_communication/notes/listByHome',
  'POST /field_communication/notes/submit',
  'DELETE /field_communication/notes/delete',
  'GET /field_collaboration/buyers/listByHome',
  'PATCH /field_collaboration/buyers/update',
];

/** Every call the registry describes, in the `METHOD /path` form above. */
function registryCalls(): Set<string> {
  const calls = new Set<string>();
  for (const resource of RESOURCES) {
    const def = resourceDef(resource);
    for (const lookup of def.lookups) {
      calls.add(`GET ${def.base}/${LOOKUPS[lookup].single.path}`);
      calls.add(`POST ${def.base}/${LOOKUPS[lookup].batch.path}`);
    }
    if (def.syncList !== undefined) {
      calls.add(`GET ${def.base}/${def.syncList.list}`);
      calls.add(`GET ${def.base}/${def.syncList.updatedAfter}`);
    }
    const ops = def.operations ?? {};
    if (ops.submit) calls.add(`POST ${def.base}/submit`);
    if (ops.update) {
      calls.add(`PATCH ${def.base}/update${def.updateId === 'path' ? '/:id' : ''}`);
    }
    if (ops.delete) calls.add(`DELETE ${def.base}/delete`);
    if (ops.updateStaff) calls.add(`PATCH ${def.base}/updateStaff`);
  }
  return calls;
}

describe('the resource registry', () => {
  const calls = registryCalls();
  it.each(SPEC_CALLS)('offers %s', (call) => {
    expect(calls).toContain(call);
  });

  it('serves every resource under /api', () => {
    expect(apiPath('phoneCalls')).toBe('/api/field_communication/phoneCalls');
  });

  it('names each mutation type once', () => {
    const types = RESOURCES.map((r) => resourceDef(r).mutationType).filter(Boolean);
    expect(new Set(types).size).toBe(types.length);
  });

  it('gives every writable record an input schema, and a home field or a natural key', () => {
    for (const resource of RESOURCES) {
      const def = resourceDef(resource);
      if (def.operations?.submit === undefined) continue;
      expect(def.input, resource).toBeDefined();
      // A record of a home names it; one of the company (homes too) is named by its key.
      expect(def.homeField ?? def.naturalKey, resource).toBeDefined();
    }
  });
});
