import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WalkFormDef } from '@field/domain';
import { walkFormOf } from '@field/domain';
import { createApiClient } from '../api/client';
import { createCircuitBreaker } from '../api/circuit-breaker';
import type { MutationRow } from '../offline/database';
import type { OfflineEngine } from '../offline/engine';
import { startOfflineEngine } from '../offline/engine';
import { writeOrderOf } from '../offline/mutation-handlers';
import { attachWalkPdf, dropPhoto, keepMarkedUp, keepPhoto, pdfFileIdOf, saveWalk } from './walks';

let engine: OfflineEngine;
let n = 0;

beforeEach(async () => {
  n += 1;
  engine = await startOfflineEngine({
    dbName: `walks-test-${n}`,
    client: createApiClient({ fetch: () => Promise.reject(new TypeError('offline')) }),
    breaker: createCircuitBreaker(),
  });
  // Nothing is sent: the test reads what waits in the queue, in the order it would go.
  engine.queue.stop();
});

afterEach(() => engine.stop());

const queued = (): Promise<MutationRow[]> => engine.db.mutations.orderBy('timestamp').toArray();
const data = (row: MutationRow | undefined): Record<string, unknown> =>
  // Safe: the queue stores plain objects.
  (row?.data ?? {}) as Record<string, unknown>;

/** `later` cannot be sent before `earlier`: it needs something `earlier` holds. */
function waitsFor(later: MutationRow | undefined, earlier: MutationRow | undefined): boolean {
  if (later === undefined || earlier === undefined) return false;
  const needs = writeOrderOf(later.type, data(later)).needs;
  const holds = writeOrderOf(earlier.type, data(earlier)).holds;
  return earlier.timestamp < later.timestamp && needs.some((key) => holds.includes(key));
}

function form(segment: string): WalkFormDef {
  const def = walkFormOf(segment);
  if (def === undefined) throw new Error(segment);
  return def;
}

const values = {
  date: '2026-11-23T10:00:00.000Z',
  user: 'emp-1',
  notes: 'Framing looks good',
  checklist: { 'framing-complete-and-inspected': { result: 'fail' as const, note: 'Header' } },
};

describe('walk writes', () => {
  it('queue a new walk after its photo and before the punch items raised on it', async () => {
    const photo = await keepPhoto(
      engine,
      new File([new Uint8Array([1, 2, 3])], 'framing.png', { type: 'image/png' }),
    );
    await saveWalk(engine, {
      def: form('pre-drywall'),
      homeId: 'h1',
      walkId: 'walk-1',
      existing: undefined,
      values,
      keptPhotos: [],
      newPhotos: [photo],
      items: [
        { Walk: 'frame-punch', Category: 'Framing', Location: 'Great Room', Name: 'Header' },
        { Walk: 'frame-punch', Category: 'Framing', Location: 'Great Room', Name: 'Blocking' },
      ],
    });
    const [upload, walk, first, second, ...rest] = await queued();
    expect(rest).toEqual([]);
    expect([upload?.type, walk?.type, first?.type, second?.type]).toEqual([
      'file',
      'preDrywall',
      'walkItem',
      'walkItem',
    ]);
    expect(data(walk)).toMatchObject({
      id: 'walk-1',
      HomeRID: 'h1',
      checklist: values.checklist,
      uploadedFiles: [{ collection: 'walks', key: `walk-1/${photo.fileId}` }],
    });
    expect(data(first)).toMatchObject({ WalkID: 'walk-1', HomeRID: 'h1', Name: 'Header' });
    expect(waitsFor(walk, upload)).toBe(true);
    expect(waitsFor(first, walk)).toBe(true);
    expect(waitsFor(second, walk)).toBe(true);
    // The photo stays on the device (with its thumbnail holder) until the server has it.
    expect((await engine.files.get(photo.fileId)).refCount).toBe(2);
  });

  it('a photo drawn on twice keeps the photo as taken: both uploaded, the walk lists the last copy naming it', async () => {
    const taken = await keepPhoto(engine, new File(['as taken'], 'wall.png', { type: 'image/png' }));
    const first = await keepMarkedUp(
      engine,
      taken,
      new File(['drawn once'], 'wall-markup.jpg', { type: 'image/jpeg' }),
    );
    const second = await keepMarkedUp(
      engine,
      first,
      new File(['drawn twice'], 'wall-markup.jpg', { type: 'image/jpeg' }),
    );
    expect(second.original?.fileId).toBe(taken.fileId);
    // The first copy is let go of; the original is still held by the form.
    await expect(engine.files.get(first.fileId)).rejects.toThrow();
    expect((await engine.files.get(taken.fileId)).refCount).toBe(1);

    await saveWalk(engine, {
      def: form('pre-drywall'),
      homeId: 'h1',
      walkId: 'walk-2',
      existing: undefined,
      values,
      keptPhotos: [],
      newPhotos: [second],
      items: [],
    });
    const [original, copy, walk, ...rest] = await queued();
    expect(rest).toEqual([]);
    expect(data(walk)['uploadedFiles']).toEqual([
      {
        collection: 'walks',
        key: `walk-2/${second.fileId}`,
        name: 'wall-markup.jpg',
        type: 'image/jpeg',
        size: second.size,
        original: { collection: 'walks', key: `walk-2/${taken.fileId}` },
      },
    ]);
    expect(data(original)).toMatchObject({ key: `walk-2/${taken.fileId}` });
    expect(waitsFor(walk, original)).toBe(true);
    expect(waitsFor(walk, copy)).toBe(true);
  });

  it('a marked-up photo dropped from the form lets go of its original too', async () => {
    const taken = await keepPhoto(engine, new File(['as taken'], 'wall.png', { type: 'image/png' }));
    const copy = await keepMarkedUp(
      engine,
      taken,
      new File(['drawn'], 'wall-markup.jpg', { type: 'image/jpeg' }),
    );
    await dropPhoto(engine, copy);
    await expect(engine.files.get(copy.fileId)).rejects.toThrow();
    await expect(engine.files.get(taken.fileId)).rejects.toThrow();
  });

  it('change a stored walk instead of adding a second one, keeping its photos', async () => {
    const stored = {
      id: 'walk-9',
      HomeRID: 'h1',
      date: values.date,
      user: 'emp-1',
      notes: '',
      uploadedFiles: [{ collection: 'walks', key: 'walk-9/f1' }],
    };
    await saveWalk(engine, {
      def: form('home-start'),
      homeId: 'h1',
      walkId: 'walk-9',
      existing: stored,
      values: { ...values, notes: 'Lot staked' },
      keptPhotos: stored.uploadedFiles,
      newPhotos: [],
      items: [],
    });
    const rows = await queued();
    expect(rows.map((row) => `${row.type} ${row.operation}`)).toEqual(['homeStart update']);
    expect(data(rows[0])).toMatchObject({
      id: 'walk-9',
      notes: 'Lot staked',
      uploadedFiles: stored.uploadedFiles,
    });
  });

  it('send the customer service staff member only on the welcome-home orientation', async () => {
    const who = { ...values, customerServiceStaff: 'emp-7' };
    for (const segment of ['welcome-home-orientation', 'final-punch']) {
      await saveWalk(engine, {
        def: form(segment),
        homeId: 'h1',
        walkId: `walk-${segment}`,
        existing: undefined,
        values: who,
        keptPhotos: [],
        newPhotos: [],
        items: [],
      });
    }
    const [orientation, finalPunch] = await queued();
    expect(data(orientation)).toMatchObject({ type: 'who', customerServiceStaff: 'emp-7' });
    expect(data(finalPunch)).toMatchObject({ type: 'final-punch', selectedHome: 'h1' });
    expect(data(finalPunch)).not.toHaveProperty('customerServiceStaff');
  });

  it('set a closing walk’s pdfUrl only after the PDF’s bytes, and find the device copy from it', async () => {
    const walk = await saveWalk(engine, {
      def: form('final-punch'),
      homeId: 'h1',
      walkId: 'walk-fp',
      existing: undefined,
      values,
      keptPhotos: [],
      newPhotos: [],
      items: [],
    });
    const pdf = new Blob(['%PDF-1.7 test'], { type: 'application/pdf' });
    const pdfUrl = await attachWalkPdf(engine, form('final-punch'), walk, pdf, 'walk.pdf');
    const [submit, upload, change] = await queued();
    expect(pdfUrl).toMatch(/^\/api\/files\/walkPdfs\/walk-fp\//);
    expect(data(change)).toMatchObject({ id: 'walk-fp', pdfUrl });
    expect(waitsFor(change, upload)).toBe(true);
    expect(waitsFor(change, submit)).toBe(true);
    const fileId = pdfFileIdOf(pdfUrl) ?? '';
    expect(await (await engine.files.read(fileId)).text()).toBe('%PDF-1.7 test');
  });
});
