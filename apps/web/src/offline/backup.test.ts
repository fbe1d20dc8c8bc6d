import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@field/domain';
import { createApiClient } from '../api/client';
import { exportBackup, importBackup } from './backup';
import { openFieldDatabase } from './database';
import { createDraftStore } from './drafts';
import { recordKeysOf } from './mutation-handlers';
import { MutationQueue } from './mutation-queue';

describe('data backup', () => {
  it('exports unsent writes and drafts, and imports them once elsewhere', async () => {
    const source = openFieldDatabase('backup-test-1');
    const queue = new MutationQueue({
      db: source,
      client: createApiClient(),
      handlers: new Map(),
      processOnEnqueue: false,
    });
    await queue.enqueue({ id: 'w1', type: 'phoneCall', operation: 'delete', data: { id: 'c1' } });
    await createDraftStore(source).save({
      homeRID: 'h1',
      homeID: '1',
      address: '1 Test Street',
      formTitle: 'Phone call',
      title: 'Call',
      data: { Notes: 'half written' },
    });
    const text = await (await exportBackup(source)).text();

    const target = openFieldDatabase('backup-test-2');
    expect(await importBackup(target, text)).toEqual({ mutations: 1, drafts: 1 });
    expect(await target.mutations.get('w1')).toMatchObject({
      status: 'pending',
      // Keyed as a write queued on this device is (mutation-handlers.ts).
      recordKeys: recordKeysOf('phoneCall', { id: 'c1' }),
      inFlight: false,
    });
    expect(await importBackup(target, text)).toEqual({ mutations: 0, drafts: 1 });
    expect(await target.mutations.count()).toBe(1);
    await expect(importBackup(target, '{"format":"other"}')).rejects.toThrow(MESSAGES.backupFailed);
  });
});
