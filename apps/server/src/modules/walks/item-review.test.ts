// A punch item's trade and review step over HTTP (docs/decisions.md, Item statuses and
// the review step): an item is assigned to a vendor with a due date and a priority; it
// goes Outstanding → Ready for review (with a note and a photo) → Complete, or back to
// Outstanding with a reason, and a complete one reopens; every other change is refused,
// a user who may not write the item's type changes nothing, and each step is in the
// item's history once, with who made it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects } from '../../test/databases.js';
import { insertFixture } from '../../test/fixture.js';
import type { ApiClient, TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope } from '../../test/test-server.js';

type Item = Record<string, unknown> & { id: string };
interface Entry {
  operation: string;
  fields: string[];
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  user: { id: string; name: string };
}

const ITEMS = '/field_walks/item';
const PHOTO = { collection: 'walkItems', key: 'x/photo-1', name: 'fixed.png' };

describe.each(await availableDialects())('an item’s trade and review step on %s', (dialect) => {
  let server: TestServer;
  let manager: ApiClient;
  let managerId: string;
  let cs: ApiClient;
  let count = 0;

  beforeAll(async () => {
    server = await getTestServer(dialect);
    await insertFixture(server);
    const made = await server.createUser({ scopes: [groupScope('manager')] });
    manager = server.client(made.token);
    managerId = made.id;
    cs = server.client(
      (await server.createUser({ scopes: [groupScope('customerService')] })).token,
    );
  });
  afterAll(() => server.close());

  async function newItem(walk = 'final-punch', fields: Record<string, unknown> = {}) {
    count += 1;
    const created = await manager.post<Item>(`${ITEMS}/submit`, {
      Walk: walk,
      Category: 'Drywall',
      Location: 'Hall',
      Name: `Review item ${String(count)}`,
      HomeRID: 'h1',
      ...fields,
    });
    expect(created.status).toBe(201);
    return created.body;
  }

  const update = (client: ApiClient, id: string, body: Record<string, unknown>) =>
    client.patch<Item>(`${ITEMS}/update?id=${id}`, { Name: 'Kept name', ...body });

  const statusChanges = async (id: string) => {
    const history = await manager.get<Entry[]>(`/history?kind=walkItems&id=${id}`);
    expect(history.status).toBe(200);
    return history.body
      .filter((entry) => entry.operation === 'update' && entry.fields.includes('Status'))
      .map((entry) => `${String(entry.before?.['Status'])} → ${String(entry.after?.['Status'])}`);
  };

  it('assigns an item to a vendor with a due date and a priority, and refuses an unknown vendor', async () => {
    const item = await newItem('final-punch', { Vendor: 'vendor-1', 'Due Date': '2026-12-01' });
    expect(item).toMatchObject({ Vendor: 'vendor-1', 'Due Date': '2026-12-01' });
    const changed = await update(manager, item.id, { 'Due Date': '2026-12-20', Priority: 'High' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      Vendor: 'vendor-1',
      'Due Date': '2026-12-20',
      Priority: 'High',
    });
    const unknown = await update(manager, item.id, { Vendor: 'no-such-vendor' });
    expect(unknown.status).toBe(400);
    const badDate = await update(manager, item.id, { 'Due Date': '2026-02-30' });
    expect(badDate.status).toBe(400);
    const badPriority = await update(manager, item.id, { Priority: 'Urgent' });
    expect(badPriority.status).toBe(400);
    const unassigned = await update(manager, item.id, { Vendor: null });
    expect(unassigned.body['Vendor']).toBeNull();
  });

  it('goes to review with a note and a photo, back with a reason, to review again and to complete; each step once in the history, by its user', async () => {
    const item = await newItem('final-punch', { Vendor: 'vendor-1' });
    const ready = await update(manager, item.id, {
      Status: 'Ready for review',
      'Review Note': 'Patched and painted',
      'Review Photos': [PHOTO],
    });
    expect(ready.status).toBe(200);
    expect(ready.body['Status']).toBe('Ready for review');
    const back = await update(manager, item.id, {
      Status: 'Outstanding',
      'Return Reason': 'Paint does not match',
    });
    expect(back.status).toBe(200);
    const again = await update(manager, item.id, {
      Status: 'Ready for review',
      'Review Note': 'Repainted the wall',
      'Review Photos': [PHOTO],
    });
    expect(again.status).toBe(200);
    const done = await update(manager, item.id, { Status: 'Complete' });
    expect(done.status).toBe(200);
    expect(typeof done.body['Completed At']).toBe('string');
    expect(await statusChanges(item.id)).toEqual([
      'Outstanding → Ready for review',
      'Ready for review → Outstanding',
      'Outstanding → Ready for review',
      'Ready for review → Complete',
    ]);
    const history = await manager.get<Entry[]>(`/history?kind=walkItems&id=${item.id}`);
    expect(new Set(history.body.map((entry) => entry.user.id))).toEqual(new Set([managerId]));
    const reopened = await update(manager, item.id, { Status: 'Outstanding' });
    expect(reopened.status).toBe(200);
    expect(reopened.body['Completed At']).toBeNull();
  });

  it('refuses a review without its note or photo, a send back without a reason, and a complete item to review', async () => {
    const item = await newItem();
    const noNote = await update(manager, item.id, {
      Status: 'Ready for review',
      'Review Photos': [PHOTO],
    });
    expect(noNote.status).toBe(400);
    expect(JSON.stringify(noNote.body)).toContain('Review Note');
    const noPhoto = await update(manager, item.id, {
      Status: 'Ready for review',
      'Review Note': 'Fixed',
    });
    expect(noPhoto.status).toBe(400);
    expect(JSON.stringify(noPhoto.body)).toContain('Review Photos');
    const blankNote = await update(manager, item.id, {
      Status: 'Ready for review',
      'Review Note': '   ',
      'Review Photos': [PHOTO],
    });
    expect(blankNote.status).toBe(400);
    await update(manager, item.id, {
      Status: 'Ready for review',
      'Review Note': 'Fixed',
      'Review Photos': [PHOTO],
    });
    const noReason = await update(manager, item.id, { Status: 'Outstanding' });
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(noReason.body)).toContain('Return Reason');
    await update(manager, item.id, { Status: 'Complete' });
    const toReview = await update(manager, item.id, {
      Status: 'Ready for review',
      'Review Note': 'Fixed',
      'Review Photos': [PHOTO],
    });
    expect(toReview.status).toBe(400);
    const unknown = await update(manager, item.id, { Status: 'Verified' });
    expect(unknown.status).toBe(400);
    expect(await statusChanges(item.id)).toEqual([
      'Outstanding → Ready for review',
      'Ready for review → Complete',
    ]);
    const straight = await manager.post(`${ITEMS}/submit`, {
      Walk: 'final-punch',
      Category: 'Drywall',
      Location: 'Hall',
      Name: 'Made ready without a photo',
      HomeRID: 'h1',
      Status: 'Ready for review',
      'Review Note': 'Already fixed',
    });
    expect(straight.status).toBe(400);
  });

  it('lets only those who write the item’s type move it: customer service moves post-close items, not final-punch ones', async () => {
    const finalItem = await newItem('final-punch');
    const refused = await update(cs, finalItem.id, { Status: 'Complete' });
    expect(refused.status).toBe(403);
    const post = await newItem('post-close', { Vendor: 'vendor-1' });
    const ready = await update(cs, post.id, {
      Status: 'Ready for review',
      'Review Note': 'Caulked',
      'Review Photos': [PHOTO],
    });
    expect(ready.status).toBe(200);
    const done = await update(cs, post.id, { Status: 'Complete' });
    expect(done.status).toBe(200);
    expect(await statusChanges(finalItem.id)).toEqual([]);
  });

  it('answers a status change made from a stale status with a conflict, not a refusal', async () => {
    const item = await newItem();
    const seen = item;
    const other = await update(manager, item.id, { Status: 'Complete' });
    expect(other.status).toBe(200);
    // A second user, from the item as it was, says it is ready for review.
    const other2 = server.client(
      (await server.createUser({ scopes: [groupScope('manager')] })).token,
    );
    const stale = await other2.patch<Record<string, unknown>>(`${ITEMS}/update?id=${item.id}`, {
      Name: seen['Name'],
      Status: 'Ready for review',
      'Review Note': 'Fixed',
      'Review Photos': [PHOTO],
      base: { updatedAt: seen['updatedAt'], fields: { Status: 'Outstanding' } },
    });
    expect(stale.status).toBe(409);
  });
});
