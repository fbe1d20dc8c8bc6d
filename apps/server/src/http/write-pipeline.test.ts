// What follows a record write, without a server: the listeners the assembly adds run in
// the order added, each finished before the next, with the write's own context; one that
// fails fails the write (its transaction rolls back) and those after it do not run.

import type { Kysely, Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/schema.js';
import type { AuthUser } from './auth.js';
import type { RecordWrite } from './write-context.js';
import { WritePipeline } from './write-pipeline.js';

const write: RecordWrite = {
  kind: 'phoneCalls',
  recordId: 'call-1',
  userId: 'ann',
  operation: 'create',
  fields: ['Notes'],
  before: null,
  after: { Notes: 'hello' },
  at: '2026-03-01T08:00:00.000Z',
};
const user = { id: 'ann' } as AuthUser; // Safe: the listeners here read no more of it.
const trx = {} as Transaction<Database>; // Safe: nothing here queries.
const request = { method: 'POST', url: '/x', body: {}, query: {}, params: {}, headers: {} };

function pipeline(): WritePipeline {
  return new WritePipeline({} as Kysely<Database>); // Safe: no route handler runs here.
}

describe('WritePipeline', () => {
  it('tells each listener of a record write in the order added, one after the other', async () => {
    const writes = pipeline();
    const heard: string[] = [];
    writes.onRecordWrite(async (ctx, w) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      heard.push(`history ${w.recordId} by ${ctx.user.id}`);
    });
    writes.onRecordWrite((_ctx, w) => {
      heard.push(`notifications ${w.kind}`);
      return Promise.resolve();
    });
    const committed: (() => void)[] = [];
    await writes.recordWritten(writes.context(request, user, trx, committed), write);
    expect(heard).toEqual(['history call-1 by ann', 'notifications phoneCalls']);
  });

  it('fails the write when a listener fails, and the later ones do not run', async () => {
    const writes = pipeline();
    const heard: string[] = [];
    writes.onRecordWrite(() => Promise.reject(new Error('history table gone')));
    writes.onRecordWrite(() => {
      heard.push('notifications');
      return Promise.resolve();
    });
    const ctx = writes.context(request, user, trx, []);
    await expect(writes.recordWritten(ctx, write)).rejects.toThrow('history table gone');
    expect(heard).toEqual([]);
  });

  it('keeps what a listener leaves for after the commit in the write’s own list', async () => {
    const writes = pipeline();
    writes.onRecordWrite((ctx) => {
      ctx.afterCommit(() => undefined);
      return Promise.resolve();
    });
    const committed: (() => void)[] = [];
    await writes.recordWritten(writes.context(request, user, trx, committed), write);
    expect(committed).toHaveLength(1);
  });
});
