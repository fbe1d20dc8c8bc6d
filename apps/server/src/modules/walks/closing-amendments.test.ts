// A change after signing is an amendment (docs/decisions.md, Amending a signed walk), over
// real HTTP on each database: a direct change of the signed walk is still refused, a new
// walk naming it (`amends`) is made with the next number and the server's walker, a
// replayed write stores it once, an amendment is amended in turn, and the signed walk,
// its PDF and its history stay exactly as they were.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects } from '../../test/databases.js';
import { buildHome } from '../../test/factories.js';
import type { ApiClient, TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope } from '../../test/test-server.js';

type Rec = Record<string, unknown> & { id: string; error?: string };

const SIGNED = 'This closing walk is signed and can no longer be changed';
const PDF = {
  data: Buffer.from('%PDF-1.7 signed').toString('base64'),
  contentType: 'application/pdf',
};
const INK = 'data:image/png;base64,iVBORw0KGgo=';
const BOTH = (['buyer', 'staff'] as const).map((role) => ({
  role,
  name: role === 'buyer' ? 'Pat Buyer' : 'Sam Staff',
  signedAt: '2026-11-10T15:00:00.000Z',
  image: INK,
}));

describe.each(await availableDialects())('amending a signed closing walk on %s', (dialect) => {
  let server: TestServer;
  let ann: ApiClient;
  let bob: ApiClient;

  beforeAll(async () => {
    server = await getTestServer(dialect);
    await server.insert('homes', [buildHome('h1'), buildHome('h2')]);
    const scopes = [groupScope('manager')];
    ann = server.client((await server.createUser({ scopes, airtableId: 'emp-ann' })).token);
    bob = server.client((await server.createUser({ scopes, airtableId: 'emp-bob' })).token);
  });
  afterAll(() => server.close());

  const submit = (client: ApiClient, body: Record<string, unknown>, key?: string) =>
    client.post<Rec>(
      '/field_walks/closing/submit',
      { date: '2026-11-10', selectedHome: 'h1', user: 'emp-ann', type: 'final-punch', ...body },
      key === undefined ? undefined : { 'idempotency-key': key },
    );
  const walksOf = async (home = 'h1') =>
    (await ann.get<Rec[]>(`/field_walks/closing/listByHome?homeId=${home}`)).body;
  const historyOf = async (id: string) =>
    (await ann.get<unknown[]>(`/history?kind=closing&id=${id}`)).body;

  /** A walk signed by both with its PDF named, as the web app leaves it. */
  const signedWalk = async (): Promise<Rec> => {
    const made = await submit(ann, { signatures: BOTH, notes: 'as walked' });
    expect(made.status).toBe(201);
    expect((await ann.post(`/files/walkPdfs/${made.body.id}/w.pdf`, PDF)).status).toBe(201);
    const pdfUrl = `/api/files/walkPdfs/${made.body.id}/w.pdf`;
    const named = await ann.patch<Rec>(`/field_walks/closing/update/${made.body.id}`, { pdfUrl });
    expect(named.status).toBe(200);
    return named.body;
  };

  it('refuses a direct change of the signed walk, and keeps it byte for byte', async () => {
    const signed = await signedWalk();
    const before = JSON.stringify((await walksOf()).find((w) => w.id === signed.id));
    const history = JSON.stringify(await historyOf(signed.id));
    const refused = await bob.patch<Rec>(`/field_walks/closing/update/${signed.id}`, {
      notes: 'changed after signing',
    });
    expect(refused).toMatchObject({ status: 409, body: { error: SIGNED } });

    const amendment = await submit(bob, {
      id: crypto.randomUUID(),
      amends: signed.id,
      notes: 'changed after signing',
      user: 'emp-mallory',
      amendment: 7,
    });
    expect(amendment.status).toBe(201);
    expect(JSON.stringify((await walksOf()).find((w) => w.id === signed.id))).toBe(before);
    expect(JSON.stringify(await historyOf(signed.id))).toBe(history);
    const pdf = await ann.get<unknown>(`/files/walkPdfs/${signed.id}/w.pdf`);
    expect(pdf.status).toBe(200);
  });

  it('makes an amendment linked to the signed walk, written by the server', async () => {
    const signed = await signedWalk();
    const id = crypto.randomUUID();
    const res = await submit(bob, {
      id,
      amends: signed.id,
      notes: 'fence gate added after signing',
      user: 'emp-mallory',
      amendment: 7,
    });
    expect(res).toMatchObject({
      status: 201,
      body: { id, amends: signed.id, amendment: 1, user: 'emp-bob' },
    });
    expect(res.body['signatures']).toBeUndefined();
    expect(res.body['pdfUrl']).toBeUndefined();
    const history = (await historyOf(id)) as { operation: string; user: { name: string } }[];
    expect(history).toMatchObject([{ operation: 'create', user: { name: 'Test User' } }]);
    // It is signable: unsigned, it takes changes and then its signatures.
    const signing = await bob.patch<Rec>(`/field_walks/closing/update/${id}`, {
      signatures: BOTH,
    });
    expect(signing).toMatchObject({ status: 200, body: { signatures: BOTH, amendment: 1 } });
    const renumbered = await bob.patch<Rec>(`/field_walks/closing/update/${id}`, { amendment: 3 });
    expect(renumbered.status).toBe(400);
  });

  it('stores a replayed amendment once', async () => {
    const signed = await signedWalk();
    const id = crypto.randomUUID();
    const body = { id, amends: signed.id, notes: 'replayed' };
    const first = await submit(bob, body, `amend-${id}`);
    const again = await submit(bob, body, `amend-${id}`);
    expect(first.status).toBe(201);
    expect(again).toMatchObject({ status: 201, body: first.body });
    // The same walk sent under another key is the same record, not a second amendment.
    expect((await submit(bob, body)).status).toBe(409);
    const amendments = (await walksOf()).filter((w) => w['amends'] === signed.id);
    expect(amendments.map((w) => w.id)).toEqual([id]);
  });

  it('amends an amendment once it is signed, and only the latest', async () => {
    const signed = await signedWalk();
    const first = await submit(bob, { amends: signed.id, notes: 'first amendment' });
    const early = await submit(bob, { amends: first.body.id, notes: 'too early' });
    expect(early).toMatchObject({
      status: 409,
      body: { error: 'Only a signed closing walk is amended: change this walk itself' },
    });
    expect(
      (await bob.patch(`/field_walks/closing/update/${first.body.id}`, { signatures: BOTH }))
        .status,
    ).toBe(200);
    const second = await submit(ann, { amends: first.body.id, notes: 'second amendment' });
    expect(second).toMatchObject({ status: 201, body: { amends: first.body.id, amendment: 2 } });
    const fork = await submit(ann, { amends: signed.id, notes: 'a fork' });
    expect(fork).toMatchObject({
      status: 409,
      body: { error: 'This closing walk has an amendment already: amend the latest amendment' },
    });
  });

  it('takes one of several amendments of the same walk sent at once, and refuses the rest', async () => {
    // Devices that each amended the signed walk offline come back to signal together: one
    // chain, never a fork. Three rounds: without the server holding the walk, PostgreSQL
    // forked the chain in 12 of 15 rounds.
    for (let round = 0; round < 3; round += 1) {
      const signed = await signedWalk();
      const answers = await Promise.all(
        [ann, bob, ann, bob].map((client, n) =>
          submit(client, { amends: signed.id, notes: `device ${n}` }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
      const amendments = (await walksOf()).filter((w) => w['amends'] === signed.id);
      expect(amendments).toHaveLength(1);
      expect(amendments[0]).toMatchObject({ amendment: 1 });
    }
  });

  it('refuses to amend a walk of another home or type, or none', async () => {
    const signed = await signedWalk();
    for (const body of [
      { amends: 'no-such-walk' },
      { amends: signed.id, type: 'nhp' },
      { amends: signed.id, selectedHome: 'h2' },
    ]) {
      const res = await submit(ann, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatch(/"amends"/);
    }
  });
});
