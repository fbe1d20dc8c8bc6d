// A closing walk is final once signed (docs/decisions.md, Signed closing walks), over real
// HTTP on each database: its signatures and PDF are written once, `pdfUrl` names only a
// file of that walk, the walker and a note's author are set by the server, and a change
// after signing is refused with a message the web app shows in its error toast.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects } from '../../test/databases.js';
import { buildHome } from '../../test/factories.js';
import type { ApiClient, TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope } from '../../test/test-server.js';

type Rec = Record<string, unknown> & { id: string };

const SIGNED = 'This closing walk is signed and can no longer be changed';
const GIVEN = 'A signature on a closing walk cannot be changed once given';
const PDF = { data: Buffer.from('%PDF-1.7').toString('base64'), contentType: 'application/pdf' };
const INK = 'data:image/png;base64,iVBORw0KGgo=';
const signature = (role: 'buyer' | 'staff', name: string) => ({
  role,
  name,
  signedAt: '2026-11-10T15:00:00.000Z',
  image: INK,
});
const BOTH = [signature('buyer', 'Pat Buyer'), signature('staff', 'Sam Staff')];

describe.each(await availableDialects())('signed closing walks on %s', (dialect) => {
  let server: TestServer;
  let manager: ApiClient;
  let other: ApiClient;

  beforeAll(async () => {
    server = await getTestServer(dialect);
    await server.insert('homes', [buildHome('h1')]);
    manager = server.client(
      (await server.createUser({ scopes: [groupScope('manager')], airtableId: 'emp-ann' })).token,
    );
    other = server.client((await server.createUser({ scopes: [groupScope('manager')] })).token);
  });
  afterAll(() => server.close());

  const newWalk = async (extra: Record<string, unknown> = {}): Promise<Rec> => {
    const res = await manager.post<Rec>('/field_walks/closing/submit', {
      date: '2026-11-10',
      selectedHome: 'h1',
      user: 'emp-ann',
      type: 'final-punch',
      ...extra,
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  const update = (client: ApiClient, id: string, body: Record<string, unknown>) =>
    client.patch<Rec & { error?: string }>(`/field_walks/closing/update/${id}`, body);

  it("takes as pdfUrl only a file in the walk's own folder", async () => {
    const walk = await newWalk();
    const elsewhere = await newWalk();
    expect((await manager.post(`/files/walkPdfs/${elsewhere.id}/w.pdf`, PDF)).status).toBe(201);
    expect((await manager.post(`/files/walkPdfs/${walk.id}/w.pdf`, PDF)).status).toBe(201);
    for (const pdfUrl of [
      'javascript:alert(1)',
      'https://evil.example/w.pdf',
      `/api/files/walkPdfs/${elsewhere.id}/w.pdf`,
      `/api/files/walkPdfs/${walk.id}/../${elsewhere.id}/w.pdf`,
      `/api/files/walkPdfs/${walk.id}/missing.pdf`,
    ]) {
      const res = await update(manager, walk.id, { pdfUrl });
      expect(res.status, pdfUrl).toBe(400);
      expect(res.body.error).toMatch(/pdfUrl/);
    }
    const refused = await manager.post('/field_walks/closing/submit', {
      date: '2026-11-10',
      selectedHome: 'h1',
      user: 'emp-ann',
      type: 'final-punch',
      pdfUrl: 'javascript:alert(1)',
    });
    expect(refused.status).toBe(400);
    const own = await update(manager, walk.id, { pdfUrl: `/api/files/walkPdfs/${walk.id}/w.pdf` });
    expect(own).toMatchObject({
      status: 200,
      body: { pdfUrl: `/api/files/walkPdfs/${walk.id}/w.pdf` },
    });
  });

  it("sets the walker and a note's author on the server, and keeps them", async () => {
    const walk = await newWalk({ user: 'emp-mallory' });
    expect(walk['user']).toBe('emp-ann');
    const moved = await update(other, walk.id, { user: 'emp-mallory' });
    expect(moved.status).toBe(400);
    expect(moved.body.error).toMatch(/"user"/);
    expect((await update(other, walk.id, { user: 'emp-ann', notes: 'same walker' })).status).toBe(
      200,
    );

    const note = await manager.post<Rec>('/field_communication/notes/submit', {
      HomeRID: 'h1',
      Text: 'Buyer asked about the fence',
      Author: 'Someone Else',
    });
    expect(note).toMatchObject({ status: 201, body: { Author: 'Test User' } });
    const changed = await other.patch<{ error: string }>(
      `/field_communication/notes/update?id=${note.body.id}`,
      { Author: 'Someone Else' },
    );
    expect(changed.status).toBe(400);
    expect(changed.body.error).toMatch(/"Author"/);
  });

  it('refuses any change once both have signed, but lets the PDF be named once', async () => {
    const walk = await newWalk({ signatures: BOTH, notes: 'as walked' });
    expect((await manager.post(`/files/walkPdfs/${walk.id}/a.pdf`, PDF)).status).toBe(201);
    expect((await manager.post(`/files/walkPdfs/${walk.id}/b.pdf`, PDF)).status).toBe(201);
    const pdfUrl = `/api/files/walkPdfs/${walk.id}/a.pdf`;
    expect((await update(manager, walk.id, { pdfUrl })).status).toBe(200);
    // The web app sends the walk's fields again as they are: no change, no refusal.
    expect(
      (await update(manager, walk.id, { pdfUrl, signatures: BOTH, notes: 'as walked' })).status,
    ).toBe(200);

    for (const change of [
      { signatures: [signature('buyer', 'Someone Else'), BOTH[1]] },
      { signatures: [] },
      { notes: 'added after signing' },
      { pdfUrl: `/api/files/walkPdfs/${walk.id}/b.pdf` },
      { checklist: {} },
    ]) {
      const res = await update(other, walk.id, change);
      expect(res).toMatchObject({ status: 409, body: { error: SIGNED } });
    }
    const stored = await manager.get<Rec[]>('/field_walks/closing/listByHome?homeId=h1');
    expect(stored.body.find((w) => w.id === walk.id)).toMatchObject({
      signatures: BOTH,
      notes: 'as walked',
      pdfUrl,
    });
  });

  it('keeps a signature once given, while the other is still missing', async () => {
    const walk = await newWalk({ signatures: [BOTH[0]] });
    const replaced = await update(other, walk.id, {
      signatures: [signature('buyer', 'Someone Else')],
    });
    expect(replaced).toMatchObject({ status: 409, body: { error: GIVEN } });
    expect((await update(manager, walk.id, { signatures: BOTH })).status).toBe(200);
  });
});
