import 'fake-indexeddb/auto';
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../api/client';
import { createCircuitBreaker } from '../api/circuit-breaker';
import type { OfflineEngine } from './engine';
import { startOfflineEngine } from './engine';
import type { MutationRow } from './database';
import { OfflineEngineProvider, useQueueCounts, useQueuedMutations } from './react';

function Counts() {
  const { pending, failed } = useQueueCounts();
  return <p>{`pending ${pending}, failed ${failed}`}</p>;
}

function queuedRow(id: string, type: string, timestamp: number): MutationRow {
  return {
    id,
    type,
    operation: 'update',
    data: { id: `${type}-record`, Notes: id },
    queryKeys: [],
    timestamp,
    retryCount: 0,
    status: 'pending',
    recordKeys: [],
    inFlight: false,
    nextAttemptAt: Date.now() + 60_000,
  };
}

describe('engine and hooks', () => {
  it('counts queued writes live', async () => {
    const engine: OfflineEngine = await startOfflineEngine({
      dbName: 'react-test-1',
      client: createApiClient({ fetch: () => Promise.reject(new TypeError('offline')) }),
      breaker: createCircuitBreaker(),
    });
    engine.queue.stop();
    render(
      <OfflineEngineProvider engine={engine}>
        <Counts />
      </OfflineEngineProvider>,
    );
    await screen.findByText('pending 0, failed 0');
    await act(async () => {
      await engine.db.mutations.add({
        id: 'm1',
        type: 'phoneCall',
        operation: 'delete',
        data: { id: 'x' },
        queryKeys: [],
        timestamp: 1,
        retryCount: 0,
        status: 'pending',
        recordKeys: [],
        inFlight: false,
        nextAttemptAt: Date.now() + 60_000,
      });
      await engine.db.mutations.add({
        id: 'm2',
        type: 'phoneCall',
        operation: 'delete',
        data: { id: 'y' },
        queryKeys: [],
        timestamp: 2,
        retryCount: 4,
        status: 'failed',
        error: 'x',
        recordKeys: [],
        inFlight: false,
        nextAttemptAt: 0,
      });
    });
    await waitFor(() => expect(screen.getByText('pending 1, failed 1')).toBeDefined());
    engine.stop();
  });

  it("renders a reader of one kind of write again for its own writes, not for another kind's", async () => {
    const engine = await startOfflineEngine({
      dbName: 'react-test-3',
      client: createApiClient({ fetch: () => Promise.reject(new TypeError('offline')) }),
      breaker: createCircuitBreaker(),
    });
    engine.queue.stop();
    let renders = 0;
    function HomeWrites() {
      const rows = useQueuedMutations(['home']);
      return <p>{`home writes: ${rows.map((row) => row.id).join(', ') || 'none'}`}</p>;
    }
    function AllWrites() {
      return <p>{`all writes: ${useQueuedMutations().length}`}</p>;
    }
    render(
      <OfflineEngineProvider engine={engine}>
        <Profiler id="home writes" onRender={() => (renders += 1)}>
          <HomeWrites />
        </Profiler>
        <AllWrites />
      </OfflineEngineProvider>,
    );
    await screen.findByText('all writes: 0');
    await act(() => engine.db.mutations.add(queuedRow('h1', 'home', 1)));
    await screen.findByText('home writes: h1');
    const before = renders;
    // A drain of another kind: writes queued, marked in flight, sent.
    await act(() =>
      engine.db.mutations.bulkAdd([
        queuedRow('c1', 'phoneCall', 2),
        queuedRow('c2', 'phoneCall', 3),
      ]),
    );
    await screen.findByText('all writes: 3');
    await act(() => engine.db.mutations.update('c1', { inFlight: true }));
    await act(() => engine.db.mutations.bulkDelete(['c1', 'c2']));
    await screen.findByText('all writes: 1');
    expect(renders).toBe(before);
    // Its own kind changing is shown.
    await act(() => engine.db.mutations.update('h1', { status: 'failed', error: 'refused' }));
    await act(() => engine.db.mutations.add(queuedRow('h2', 'home', 4)));
    await screen.findByText('home writes: h1, h2');
    expect(renders).toBeGreaterThan(before);
    engine.stop();
  });

  it('adopts the QueryClient of the app, adding the persister and offline-first reads', async () => {
    const appClient = new QueryClient();
    const engine = await startOfflineEngine({
      dbName: 'react-test-2',
      client: createApiClient({ fetch: () => Promise.reject(new TypeError('offline')) }),
      breaker: createCircuitBreaker(),
      queryClient: appClient,
    });
    expect(engine.queryClient).toBe(appClient);
    expect(appClient.getDefaultOptions().queries).toMatchObject({ networkMode: 'offlineFirst' });
    expect(appClient.getDefaultOptions().queries?.persister).toBe(engine.persister.persisterFn);
    engine.stop();
  });
});
