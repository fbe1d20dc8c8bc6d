// What the user sees of the engine's storage and health checks: a storage warning with a
// "Back up" action that saves the backup file and says what it held; the health check's
// warning about a write stuck in flight, put back in the queue, with "Open queue".

import 'fake-indexeddb/auto';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORAGE, UI } from '@field/domain';
import { createApiClient } from '../api/client';
import { createCircuitBreaker } from '../api/circuit-breaker';
import type { MutationRow } from '../offline/database';
import type { OfflineEngine } from '../offline/engine';
import { failedWriteNotice, startOfflineEngine } from '../offline/engine';
import { initI18n } from '../ui/i18n';
import { showEngineNotice } from './engine-notices';
import ToastHost from '../ui/toast-host';
import { closeToastOnceRead } from '../lib/toast';

let engine: OfflineEngine | undefined;

afterEach(() => {
  engine?.stop();
  engine?.db.close();
  engine = undefined;
  vi.useRealTimers();
});

const write = (id: string, inFlight: boolean): MutationRow => ({
  id,
  type: 'note',
  operation: 'submit',
  data: { id: `n-${id}`, HomeRID: 'h1', Text: 'kept' },
  queryKeys: [],
  timestamp: 1,
  retryCount: 0,
  status: 'pending',
  recordKeys: [],
  inFlight,
  nextAttemptAt: Date.now() + 60_000,
});

async function startWith(
  dbName: string,
  estimate: () => Promise<StorageEstimate>,
  deps: { navigate?: (path: string) => void; saveFile?: (blob: Blob, name: string) => void } = {},
): Promise<OfflineEngine> {
  render(<ToastHost maxSnack={5} />);
  const started = await startOfflineEngine({
    dbName,
    client: createApiClient({ fetch: () => Promise.reject(new TypeError('offline')) }),
    breaker: createCircuitBreaker(),
    estimate,
    notify: (notice) =>
      showEngineNotice(notice, {
        navigate: deps.navigate ?? (() => undefined),
        engine: () => Promise.resolve(engine ?? null),
        ...(deps.saveFile === undefined ? {} : { saveFile: deps.saveFile }),
      }),
  });
  engine = started;
  return started;
}

describe('the storage and health warnings', () => {
  beforeAll(initI18n);

  it('offers a backup with the storage warning, and says what the backup held', async () => {
    const saved: string[] = [];
    const device = await startWith(
      'engine-notices-full',
      () => Promise.resolve({ usage: 96, quota: 100 }),
      { saveFile: (_blob, name) => saved.push(name) },
    );
    device.queue.stop();
    await device.db.mutations.add(write('w1', false));

    const toast = (
      await screen.findByText('Storage nearly full. Consider backing up data and clearing cache.')
    ).closest('.notistack-MuiContent') as HTMLElement;
    fireEvent.click(within(toast).getByRole('button', { name: 'Back up' }));

    expect(await screen.findByText('Backup saved: 1 unsent changes and 0 drafts.')).toBeTruthy();
    expect(saved).toHaveLength(1);
  });

  it('puts a write stuck in flight back in the queue after 15 minutes and says so', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const navigate = vi.fn();
    const device = await startWith(
      'engine-notices-stuck',
      () => Promise.resolve({ usage: 1, quota: 100 }),
      { navigate },
    );
    device.queue.stop();
    // A write left in flight, as by a pass that died mid-request.
    await device.db.mutations.add(write('w1', true));

    const recover = vi.spyOn(device.queue, 'recoverStuck');
    await act(async () => {
      vi.advanceTimersByTime(STORAGE.healthCheckIntervalMs);
      await Promise.resolve();
    });
    await vi.waitFor(() => expect(recover).toHaveBeenCalled());

    const text = await screen.findByText(
      '1 change stopped while it was being sent. It is back in the queue and will be sent again.',
    );
    expect((await device.db.mutations.get('w1'))?.inFlight).toBe(false);
    const toast = text.closest('.notistack-MuiContent') as HTMLElement;
    fireEvent.click(within(toast).getByRole('button', { name: 'Open queue' }));
    expect(navigate).toHaveBeenCalledWith('/sync');
  });
});

describe('a failed write’s notice', () => {
  beforeAll(initI18n);

  it('keeps Close next to a failed write’s Open queue', async () => {
    const opened: string[] = [];
    render(<ToastHost />);
    act(() =>
      showEngineNotice(failedWriteNotice({ operation: 'submit' }, 'Status is required'), {
        navigate: (path) => opened.push(path),
        engine: () => Promise.resolve(null),
      }),
    );
    const text = await screen.findByText('Error saving data: Status is required');
    const alert = text.closest<HTMLElement>('[role="alert"]') as HTMLElement;
    expect(within(alert).getByRole('button', { name: 'Open queue' })).toBeDefined();
    fireEvent.click(within(alert).getByRole('button', { name: 'Close this message' }));
    await waitFor(() =>
      expect(screen.queryByText('Error saving data: Status is required')).toBeNull(),
    );
    expect(opened).toEqual([]);
  });
});

describe('a replay’s notice', () => {
  beforeAll(initI18n);

  it('closes "Syncing your changes…" when the replay ends with nothing more to say', async () => {
    // A write parked as a conflict, or left for a later retry, ends the replay without a
    // success or a failure to report: "Syncing…" stood over the conflict's panel on a phone
    // for its 5 s.
    let answer: (() => void) | undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    render(<ToastHost />);
    const device = await startOfflineEngine({
      dbName: 'engine-notices-replay',
      client: createApiClient({
        fetch: () => answered.then(() => Promise.reject(new TypeError('socket hang up'))),
      }),
      breaker: createCircuitBreaker(),
      estimate: () => Promise.resolve({ usage: 1, quota: 100 }),
      notify: (notice) =>
        showEngineNotice(notice, {
          navigate: () => undefined,
          engine: () => Promise.resolve(null),
        }),
      dismiss: closeToastOnceRead,
    });
    engine = device;
    await device.db.mutations.add({ ...write('w1', false), nextAttemptAt: 0 });

    const replay = device.connection.syncNow();
    expect(await screen.findByText('Syncing your changes…')).toBeTruthy();
    answer?.();
    expect(await replay).toMatchObject({ sent: 0, failed: 0 });
    await waitFor(() => expect(screen.queryByText('Syncing your changes…')).toBeNull(), {
      timeout: UI.toastMinShownMs + 2_000,
    });
  });
});
