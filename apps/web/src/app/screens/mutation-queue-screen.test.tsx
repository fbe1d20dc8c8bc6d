import 'fake-indexeddb/auto';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../api/client';
import { createCircuitBreaker } from '../../api/circuit-breaker';
import { homesQueryKey } from '../../data/homes';
import { SessionProvider } from '../../data/session';
import type { MutationRow } from '../../offline/database';
import { startOfflineEngine } from '../../offline/engine';
import { OfflineEngineProvider } from '../../offline/react';
import { initI18n } from '../../ui/i18n';
import { Component as MutationQueueScreen } from './mutation-queue-screen';

beforeAll(initI18n);

const queued = (
  id: string,
  type: string,
  operation: string,
  data: object,
  timestamp: number,
  failed = false,
): MutationRow => ({
  id,
  type,
  operation,
  data,
  queryKeys: [],
  timestamp,
  retryCount: 0,
  status: failed ? 'failed' : 'pending',
  ...(failed ? { error: 'Invalid value for "date"' } : {}),
  recordKeys: [],
  inFlight: false,
  // Not due for a minute: the rows stay as they are while the screen is read.
  nextAttemptAt: Date.now() + 60_000,
});

describe('the Mutation Queue screen', () => {
  it('shows what a waiting write waits for, and stops once that write is gone', async () => {
    const engine = await startOfflineEngine({
      dbName: 'mutation-queue-screen-1',
      client: createApiClient({ fetch: () => Promise.reject(new TypeError('offline')) }),
      breaker: createCircuitBreaker(),
    });
    engine.queue.stop();
    const photoRef = { collection: 'closing', key: 'w1/porch.jpg' };
    await engine.db.mutations.bulkAdd([
      queued('m-walk', 'closing', 'submit', { id: 'w1', type: 'final-punch' }, 1, true),
      queued('m-item', 'walkItem', 'submit', { id: 'i1', WalkID: 'w1', Name: 'Scuff' }, 2),
      queued('m-photo', 'file', 'upload', { fileRef: 'f1', ...photoRef }, 3),
      queued('m-change', 'closing', 'update', { id: 'w1', uploadedFiles: [photoRef] }, 4),
      queued(
        'm-call',
        'phoneCall',
        'submit',
        { id: 'c1', HomeRID: 'h1', Home: 'h1', Notes: 'n' },
        5,
      ),
      queued('m-call-change', 'phoneCall', 'update', { id: 'c1', Notes: 'n2' }, 6),
      queued('m-other', 'phoneCall', 'update', { id: 'c9', Notes: 'n3' }, 7),
      // A home readdressed offline, and a call on it.
      queued('m-readdress', 'home', 'update', { id: 'h2', Address: '5 Oak Lane' }, 8),
      queued('m-call-2', 'phoneCall', 'submit', { id: 'c2', HomeRID: 'h2', Notes: 'x' }, 9),
    ]);
    // The homes list the shell keeps on the device.
    engine.queryClient.setQueryData(homesQueryKey, [
      { id: 'h1', Address: '12 Elm Street' },
      { id: 'h2', Address: '3 Oak Lane' },
    ]);
    render(
      <QueryClientProvider client={engine.queryClient}>
        <SessionProvider>
          <OfflineEngineProvider engine={engine}>
            <MutationQueueScreen />
          </OfflineEngineProvider>
        </SessionProvider>
      </QueryClientProvider>,
    );
    const rowOf = async (id: string) => {
      const rows = await screen.findAllByTestId('queued-write');
      const found = rows.find((row) => row.getAttribute('data-mutation-id') === id);
      if (found === undefined) throw new Error(`no row ${id}`);
      return within(found);
    };
    const waitsOf = async (id: string) =>
      (await rowOf(id)).queryByTestId('queued-write-waits')?.textContent ?? null;

    await waitFor(async () =>
      expect(await waitsOf('m-item')).toBe('Waits for: Closing walk added (failed)'),
    );
    expect(await waitsOf('m-change')).toBe(
      'Waits for: Closing walk added (failed), Photo or file uploaded',
    );
    // Nothing before them needs to reach the server first.
    for (const free of ['m-walk', 'm-photo', 'm-call']) expect(await waitsOf(free)).toBeNull();

    // Each write names what it changes in the user's words, not the stored field names; a
    // file's record line names it.
    expect((await rowOf('m-item')).getByText(/Changes/).textContent).toContain(
      'Changes Walk, Name',
    );
    expect((await rowOf('m-walk')).getByText(/Changes/).textContent).toContain('Changes Walk type');
    expect((await rowOf('m-photo')).getByText(/closing\/w1\/porch\.jpg/).textContent).not.toMatch(
      /Changes|fileRef/,
    );

    // A record is named by its home's address, a change of it too (through its add); by its
    // id only where no home is known.
    for (const id of ['m-call', 'm-call-change']) {
      const line = (await rowOf(id)).getByText(/Changes/).textContent ?? '';
      expect(line).toMatch(/^12 Elm Street · Changes /);
      expect(line).not.toContain('c1');
      expect(line.match(/Home/g)?.length ?? 0).toBeLessThanOrEqual(1);
    }
    expect((await rowOf('m-other')).getByText(/Changes/).textContent).toMatch(/^Record c9 · /);
    // A home's queued change of address is the address its writes are named by.
    for (const id of ['m-readdress', 'm-call-2']) {
      expect((await rowOf(id)).getByText(/Changes/).textContent).toMatch(/^5 Oak Lane · Changes /);
    }

    // Discarding the refused walk: the item waits for nothing any more.
    fireEvent.click((await rowOf('m-walk')).getByRole('button', { name: 'Discard' }));
    await waitFor(async () => expect(await waitsOf('m-item')).toBeNull());
    expect(await waitsOf('m-change')).toBe('Waits for: Photo or file uploaded');
    engine.stop();
  });
});
