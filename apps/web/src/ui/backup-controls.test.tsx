// The backup on the Sync screen: Export saves the user's unsent writes and drafts as a file
// and says how many; Import of that file on another device puts the writes in its queue
// (and says how many); a file that is not a backup says why.

import 'fake-indexeddb/auto';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/client';
import { createCircuitBreaker } from '../api/circuit-breaker';
import type { MutationRow } from '../offline/database';
import type { OfflineEngine } from '../offline/engine';
import { startOfflineEngine } from '../offline/engine';
import { OfflineEngineProvider } from '../offline/react';
import { setSessionUser } from '../offline/session-user';
import { BackupControls } from './backup-controls';
import { initI18n } from './i18n';

const engines: OfflineEngine[] = [];

async function engineNamed(dbName: string): Promise<OfflineEngine> {
  const engine = await startOfflineEngine({
    dbName,
    client: createApiClient({ fetch: () => Promise.reject(new TypeError('offline')) }),
    breaker: createCircuitBreaker(),
    currentUser: () => 'user-1',
  });
  engine.queue.stop();
  engines.push(engine);
  return engine;
}

const write = (id: string, timestamp: number): MutationRow => ({
  id,
  type: 'note',
  operation: 'submit',
  data: { id: `n-${id}`, HomeRID: 'h1', Text: `note ${id}` },
  queryKeys: [],
  timestamp,
  retryCount: 0,
  status: 'pending',
  author: 'user-1',
  recordKeys: [],
  inFlight: false,
  nextAttemptAt: Date.now() + 60_000,
});

afterEach(() => {
  for (const engine of engines.splice(0)) {
    engine.stop();
    engine.db.close();
  }
  setSessionUser(null);
});

describe('the backup controls', () => {
  beforeAll(async () => {
    await initI18n();
    setSessionUser('user-1');
  });

  it('exports the unsent writes to a file and imports them into another device’s queue', async () => {
    setSessionUser('user-1');
    const phone = await engineNamed('backup-controls-phone');
    await phone.db.mutations.bulkAdd([write('a', 1), write('b', 2)]);
    const saved: Array<{ blob: Blob; name: string }> = [];
    const { unmount } = render(
      <OfflineEngineProvider engine={phone}>
        <BackupControls saveFile={(blob, name) => saved.push({ blob, name })} />
      </OfflineEngineProvider>,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Export backup' }));

    expect((await screen.findByRole('status')).textContent).toBe(
      'Backup saved: 2 unsent changes and 0 drafts.',
    );
    expect(saved[0]?.name).toMatch(/^field-app-backup-\d{4}-\d{2}-\d{2}\.json$/);
    unmount();

    const laptop = await engineNamed('backup-controls-laptop');
    render(
      <OfflineEngineProvider engine={laptop}>
        <BackupControls />
      </OfflineEngineProvider>,
    );
    const file = new File([await (saved[0]?.blob ?? new Blob()).text()], 'backup.json', {
      type: 'application/json',
    });
    fireEvent.change(screen.getByTestId('backup-file'), { target: { files: [file] } });

    expect((await screen.findByRole('status')).textContent).toBe(
      'Backup imported: 2 changes added to the queue and 0 drafts.',
    );
    expect((await laptop.db.mutations.toArray()).map((m) => m.id).sort()).toEqual(['a', 'b']);
  });

  it('says why a file that is not a backup cannot be imported', async () => {
    const device = await engineNamed('backup-controls-other');
    const kick = vi.spyOn(device.queue, 'kick');
    render(
      <OfflineEngineProvider engine={device}>
        <BackupControls />
      </OfflineEngineProvider>,
    );
    const file = new File(['{"hello":1}'], 'notes.json', { type: 'application/json' });
    fireEvent.change(screen.getByTestId('backup-file'), { target: { files: [file] } });

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not import the backup: Not a backup file',
    );
    expect(await device.db.mutations.count()).toBe(0);
    expect(kick).not.toHaveBeenCalled();
  });

  it('says Failed to backup data. when the device cannot be read', async () => {
    const device = await engineNamed('backup-controls-broken');
    device.db.close();
    render(
      <OfflineEngineProvider engine={device}>
        <BackupControls saveFile={() => undefined} />
      </OfflineEngineProvider>,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Export backup' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Failed to backup data.');
  });
});
