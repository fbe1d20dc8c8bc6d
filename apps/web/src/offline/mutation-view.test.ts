import { describe, expect, it } from 'vitest';
import type { MutationRow } from './database';
import { describeMutation, waitingFor } from './mutation-view';

const row = (overrides: Partial<MutationRow>): MutationRow => ({
  id: 'm1',
  type: 'phoneCall',
  operation: 'update',
  data: { id: 'c1', Notes: 'n', Voicemail: true },
  queryKeys: [],
  timestamp: 1_000,
  retryCount: 0,
  status: 'pending',
  recordKeys: ['phoneCall:c1'],
  inFlight: false,
  nextAttemptAt: 0,
  ...overrides,
});

describe('describeMutation', () => {
  it('says what a write changes, its state, error and age', () => {
    expect(describeMutation(row({}), 61_000)).toEqual({
      id: 'm1',
      type: 'phoneCall',
      operation: 'update',
      recordId: 'c1',
      homeId: undefined,
      fields: ['Notes', 'Voicemail'],
      state: 'waiting',
      error: undefined,
      retryCount: 0,
      ageMs: 60_000,
    });
    expect(describeMutation(row({ inFlight: true })).state).toBe('sending');
    expect(describeMutation(row({ status: 'failed', error: 'bad', retryCount: 4 }))).toMatchObject({
      state: 'failed',
      error: 'bad',
      retryCount: 4,
    });
    expect(
      describeMutation(
        row({
          type: 'file',
          operation: 'upload',
          data: { fileRef: 'f', collection: 'c', key: 'k/1.jpg' },
        }),
      ).recordId,
    ).toBe('c/k/1.jpg');
  });

  it('names the home a write is about: its home field, or the home it changes', () => {
    const call = row({ operation: 'submit', data: { id: 'c2', HomeRID: 'h1', Notes: 'n' } });
    expect(describeMutation(call).homeId).toBe('h1');
    const home = row({ type: 'home', data: { id: 'h2', Address: '12 Elm St' } });
    expect(describeMutation(home).homeId).toBe('h2');
    // A change that carries only its own id names no home (the screen looks for its add).
    expect(describeMutation(row({})).homeId).toBeUndefined();
  });
});

describe('waitingFor', () => {
  it('names the earlier writes a write waits for, across records and files', () => {
    const walkId = 'w-new';
    let timestamp = 0;
    const queued = (id: string, type: string, operation: string, data: object): MutationRow =>
      row({ id, type, operation, data, timestamp: (timestamp += 1), recordKeys: [] });
    const pdfRef = { collection: 'closing', key: `${walkId}/walk.pdf` };
    const photoRef = { collection: 'closing', key: `${walkId}/porch.jpg` };
    const walk = queued('m-walk', 'closing', 'submit', { id: walkId, type: 'final-punch' });
    const item = queued('m-item', 'walkItem', 'submit', { id: 'i1', WalkID: walkId });
    const photo = queued('m-photo', 'file', 'upload', { fileRef: 'f1', ...photoRef });
    const withPhoto = queued('m-upd1', 'closing', 'update', {
      id: walkId,
      uploadedFiles: [photoRef],
    });
    const pdf = queued('m-pdf', 'file', 'upload', { fileRef: 'f2', ...pdfRef });
    const withPdf = queued('m-upd2', 'closing', 'update', {
      id: walkId,
      pdfUrl: `/api/files/closing/${walkId}/walk.pdf`,
    });
    const sibling = queued('m-item2', 'walkItem', 'submit', { id: 'i2', WalkID: walkId });
    const unrelated = queued('m-call', 'phoneCall', 'submit', { id: 'c9', Notes: 'n' });
    const rows = [walk, item, photo, withPhoto, pdf, withPdf, sibling, unrelated];

    const ids = (id: string) =>
      waitingFor(rows)
        .get(id)
        ?.map((r) => r.id);
    expect(ids(item.id)).toEqual([walk.id]);
    expect(ids(withPhoto.id)).toEqual([walk.id, photo.id]);
    expect(ids(withPdf.id)).toEqual([walk.id, withPhoto.id, pdf.id]);
    // Another item on the walk waits for the walk's writes, not for the first item.
    expect(ids(sibling.id)).toEqual([walk.id, withPhoto.id, withPdf.id]);
    for (const free of [walk, photo, pdf, unrelated]) expect(ids(free.id)).toBeUndefined();
    // Once the walk is on the server, its item waits for nothing.
    expect(waitingFor(rows.slice(1)).get(item.id)).toBeUndefined();
  });
});
