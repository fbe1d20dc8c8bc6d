import 'fake-indexeddb/auto';
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../api/client';
import { createCircuitBreaker } from '../api/circuit-breaker';
import type { OfflineEngine } from './engine';
import { startOfflineEngine } from './engine';
import { OfflineEngineProvider, useQueueCounts } from './react';

function Counts() {
  const { pending, failed } = useQueueCounts();
  return <p>{`pending ${pending}, failed ${failed}`}</p>;
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
