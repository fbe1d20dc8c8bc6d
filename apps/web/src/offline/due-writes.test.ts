// @vitest-environment node
// Which queued writes a pass sends next, how they share requests, and when the next pass
// is due: decided on rows in memory, with the app's own handlers and write order.
import { describe, expect, it } from 'vitest';
import type { MutationRow } from './database';
import type { DueWritesContext } from './due-writes';
import { dueWrites, nextPassDelay, requestsOf } from './due-writes';
import { createDefaultHandlers, handlerKey, recordKeysOf, writeOrderOf } from './mutation-handlers';
import { dataOf } from './queue-store';

const NOW = 1_000_000;
const handlers = createDefaultHandlers();
const batchable = (row: MutationRow): boolean =>
  handlers.get(handlerKey(row.type, row.operation))?.batch !== undefined;

let sequence = 0;

/** A queued write, due now, queued after the ones made before it. */
function write(
  id: string,
  type: string,
  operation: string,
  data: Record<string, unknown>,
  changes: Partial<MutationRow> = {},
): MutationRow {
  sequence += 1;
  return {
    id,
    type,
    operation,
    data,
    queryKeys: [],
    timestamp: sequence,
    retryCount: 0,
    status: 'pending',
    recordKeys: recordKeysOf(type, data),
    inFlight: false,
    nextAttemptAt: 0,
    ...changes,
  };
}

const callSubmit = (id: string, changes: Partial<MutationRow> = {}) =>
  write(`submit-${id}`, 'phoneCall', 'submit', { id, Home: 'h1', Notes: 'n' }, changes);
const callUpdate = (id: string, changes: Partial<MutationRow> = {}) =>
  write(`update-${id}`, 'phoneCall', 'update', { id, Notes: 'later' }, changes);
const walkSubmit = (id: string, changes: Partial<MutationRow> = {}) =>
  write(`walk-${id}`, 'closing', 'submit', { id, selectedHome: 'h1' }, changes);
const itemOn = (walkId: string, id: string, photos: unknown[] = []) =>
  write(`item-${id}`, 'walkItem', 'submit', { id, WalkID: walkId, Photos: photos });
const photo = { collection: 'walk-items', key: 'i1/crack.jpg' };
const upload = (id: string, file = photo) => write(id, 'file', 'upload', { ...file, fileRef: id });
const removeFile = (id: string, file = photo) => write(id, 'file', 'delete', file);

/** The ids of the writes a pass picks from `rows`. */
function due(rows: MutationRow[], context: Partial<DueWritesContext> = {}): string[] {
  return dueWrites(rows, {
    now: NOW,
    attempted: new Set(),
    free: { shared: 3, alone: 5 },
    requestSize: 20,
    orderOf: (row) => writeOrderOf(row.type, dataOf(row)),
    mine: () => true,
    batchable,
    ...context,
  }).map((row) => row.id);
}

describe('dueWrites', () => {
  it('sends the due writes oldest first', () => {
    expect(due([callSubmit('a'), callSubmit('b'), callSubmit('c')])).toEqual([
      'submit-a',
      'submit-b',
      'submit-c',
    ]);
  });

  it.each([
    ['due now', { nextAttemptAt: NOW }, true],
    ['waiting for its retry time', { nextAttemptAt: NOW + 1 }, false],
    ['failed', { status: 'failed' as const }, false],
    ['parked as a conflict', { status: 'conflict' as const }, false],
  ])('sends a write %s: %s', (_name, changes, sent) => {
    expect(due([callSubmit('a', changes)])).toEqual(sent ? ['submit-a'] : []);
  });

  it("sends neither another user's writes nor those this pass already tried", () => {
    const rows = [callSubmit('a'), callSubmit('b'), callSubmit('c')];
    expect(
      due(rows, {
        mine: (row) => row.id !== 'submit-a',
        attempted: new Set(['submit-b']),
      }),
    ).toEqual(['submit-c']);
  });

  it.each([
    ['sent earlier in this pass', {}, { attempted: new Set(['submit-a']) }],
    ['failed', { status: 'failed' as const }, {}],
    ['parked as a conflict', { status: 'conflict' as const }, {}],
    ['waiting for its retry time', { nextAttemptAt: NOW + 1000 }, {}],
    ["another user's", {}, { mine: (row: MutationRow) => row.id !== 'submit-a' }],
  ])(
    'holds a write behind an earlier write of its record that is %s, not the others',
    (_name, earlier, context) => {
      const rows = [callSubmit('a', earlier), callUpdate('a'), callSubmit('b')];
      expect(due(rows, context)).toEqual(['submit-b']);
    },
  );

  it('sends the first write of a record and holds the next for a later request', () => {
    expect(due([callSubmit('a'), callUpdate('a'), callSubmit('b')])).toEqual([
      'submit-a',
      'submit-b',
    ]);
  });

  it('holds the items of a walk behind its submit, not behind each other', () => {
    const rows = [
      walkSubmit('w1', { status: 'failed' }),
      itemOn('w1', 'i1'),
      itemOn('w-final', 'i2'),
      itemOn('w-final', 'i3'),
    ];
    expect(due(rows)).toEqual(['item-i2', 'item-i3']);
  });

  it("holds a record behind its file's bytes, and the file's delete behind the record", () => {
    const rows = [upload('bytes'), itemOn('w-final', 'i1', [photo]), removeFile('gone')];
    expect(due(rows)).toEqual(['bytes']);
    expect(due(rows, { attempted: new Set(['bytes']) })).toEqual([]);
    expect(due(rows.slice(1))).toEqual(['item-i1']);
  });

  it('fills the free requests and the free places of writes that go alone, no more', () => {
    const rows = [
      callSubmit('a'),
      upload('f1', { collection: 'c', key: '1' }),
      callSubmit('b'),
      upload('f2', { collection: 'c', key: '2' }),
      callSubmit('c'),
    ];
    expect(due(rows, { requestSize: 2, free: { shared: 1, alone: 1 } })).toEqual([
      'submit-a',
      'f1',
      'submit-b',
    ]);
    expect(due(rows, { requestSize: 2, free: { shared: 0, alone: 1 } })).toEqual(['f1']);
    expect(due(rows, { requestSize: 2, free: { shared: 1, alone: 0 } })).toEqual([
      'submit-a',
      'submit-b',
    ]);
    expect(due(rows, { free: { shared: 0, alone: 0 } })).toEqual([]);
  });
});

describe('requestsOf', () => {
  it('puts the writes in requests of `requestSize`, in the order they were queued', () => {
    const rows = Array.from({ length: 45 }, (_, i) => callSubmit(`c${i}`));
    const requests = requestsOf(rows, 20, batchable);
    expect(requests.map((r) => [r.rows.length, r.alone])).toEqual([
      [20, false],
      [20, false],
      [5, false],
    ]);
    expect(requests.flatMap((r) => r.rows)).toEqual(rows);
  });

  it("sends a file's bytes alone, each in a request of its own", () => {
    const rows = [callSubmit('a'), upload('f1'), callSubmit('b'), removeFile('f2')];
    expect(requestsOf(rows, 20, batchable).map((r) => [r.rows.map((w) => w.id), r.alone])).toEqual([
      [['f1'], true],
      [['f2'], true],
      [['submit-a', 'submit-b'], false],
    ]);
  });
});

describe('nextPassDelay', () => {
  it.each([
    ['nothing is pending', [], false, undefined],
    ['nothing is pending while another tab drains', [], true, undefined],
    ['every write is due now (the pass sends them)', [0, NOW], false, undefined],
    ['writes wait for retry times', [NOW + 5000, NOW + 2000, 0], false, 2000],
    ['a retry comes before the look at the lock', [NOW + 500], true, 500],
  ])('when %s: %s', (_name, times, lockBusy, delay) => {
    const pending = times.map((nextAttemptAt) => ({ nextAttemptAt }));
    expect(nextPassDelay(pending, NOW, lockBusy)).toBe(delay);
  });

  it('looks again soon, before a far retry time, when another tab held the lock', () => {
    const delay = nextPassDelay([{ nextAttemptAt: NOW + 60_000 }], NOW, true);
    expect(delay).toBeGreaterThan(0);
    expect(delay).toBeLessThan(60_000);
    expect(nextPassDelay([{ nextAttemptAt: 0 }], NOW, true)).toBeGreaterThan(0);
  });
});
