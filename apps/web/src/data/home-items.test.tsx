import 'fake-indexeddb/auto';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Access } from '@field/domain';
import { createApiClient } from '../api/client';
import { createCircuitBreaker } from '../api/circuit-breaker';
import type { OfflineEngine } from '../offline/engine';
import { startOfflineEngine } from '../offline/engine';
import { OfflineEngineProvider } from '../offline/react';
import { countOpenItems, useHomeItems } from './home-items';

const access = (read: string[]): Access => ({
  admin: false,
  demo: false,
  groups: new Set(),
  read: new Set(['homes_items', ...read]),
  write: new Set(),
});
const EVERY_TYPE = access([
  'homes_final_punch_items',
  'homes_nhp_items',
  'homes_who_items',
  'homes_post_close_items',
]);

const item = (id: string, Walk: string, Status: 'Outstanding' | 'Complete', HomeRID = 'h1') => ({
  id,
  Walk,
  Category: 'Paint',
  Location: 'Kitchen',
  Name: id,
  WalkID: null,
  HomeRID,
  Status,
  'Completed At': Status === 'Complete' ? '2025-03-01T00:00:00.000Z' : null,
  createdAt: '2025-03-01T00:00:00.000Z',
  updatedAt: '2025-03-01T00:00:00.000Z',
  deletedAt: null,
});

/** The server's items of home h1: two open, one complete, one open NHP item. */
const SERVER_ITEMS = [
  item('fp-open', 'final-punch', 'Outstanding'),
  item('fp-done', 'final-punch', 'Complete'),
  item('pc-open', 'post-close', 'Outstanding'),
  item('nhp-open', 'nhp', 'Outstanding'),
];

let requested: string[];
let engine: OfflineEngine;
let n = 0;

beforeEach(async () => {
  requested = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : input.toString();
    // The connection monitor's health checks are not the app's reads.
    if (!url.startsWith('/api/health')) requested.push(url);
    return Promise.resolve(
      new Response(JSON.stringify(SERVER_ITEMS), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  n += 1;
  engine = await startOfflineEngine({
    dbName: `home-items-test-${n}`,
    client: createApiClient({ fetch: () => Promise.reject(new TypeError('offline')) }),
    breaker: createCircuitBreaker(),
  });
  engine.queue.stop();
});

afterEach(() => {
  cleanup();
  engine.stop();
  vi.unstubAllGlobals();
});

function Counts(props: { access: Access }) {
  const { records } = useHomeItems('h1', props.access);
  const counts = countOpenItems(records, props.access);
  return <pre data-testid="counts">{counts === undefined ? 'loading' : JSON.stringify(counts)}</pre>;
}

function renderCounts(user: Access) {
  render(
    <QueryClientProvider client={engine.queryClient}>
      <OfflineEngineProvider engine={engine}>
        <Counts access={user} />
      </OfflineEngineProvider>
    </QueryClientProvider>,
  );
}

async function countsShown(): Promise<Record<string, number>> {
  let shown = 'loading';
  await waitFor(() => {
    shown = screen.getByTestId('counts').textContent ?? 'loading';
    expect(shown).not.toBe('loading');
  });
  return JSON.parse(shown) as Record<string, number>; // Safe: the component prints the counts.
}

function queue(id: string, operation: string, data: Record<string, unknown>, timestamp: number) {
  return engine.db.mutations.add({
    id,
    type: 'walkItem',
    operation,
    data,
    queryKeys: [],
    timestamp,
    retryCount: 0,
    status: 'pending',
    recordKeys: [],
    inFlight: false,
    nextAttemptAt: Date.now() + 60_000,
  });
}

describe('open item counts of the selected home', () => {
  it('loads the home items in one call and counts the open ones per walk type', async () => {
    renderCounts(EVERY_TYPE);
    expect(await countsShown()).toEqual({
      'Open Items': 3,
      'Open Frame Punch Items': 0,
      'Open Final Punch Items': 1,
      'Open NHP Items': 1,
      'Open WHO Items': 0,
      'Open Post Close Items': 1,
    });
    expect(requested).toEqual(['/api/field_walks/item/listByHome?homeId=h1']);
  });

  it('counts queued adds, completions, reopenings and deletes (correct offline)', async () => {
    renderCounts(EVERY_TYPE);
    await countsShown();
    await act(async () => {
      await queue('m1', 'submit', item('new-who', 'who', 'Outstanding'), 1);
      await queue('m2', 'submit', item('other-home', 'who', 'Outstanding', 'h2'), 2);
      await queue('m3', 'update', { id: 'fp-open', Name: 'fp-open', Status: 'Complete' }, 3);
      await queue('m4', 'update', { id: 'fp-done', Name: 'fp-done', Status: 'Outstanding' }, 4);
      await queue('m5', 'delete', { id: 'nhp-open' }, 5);
    });
    await waitFor(async () =>
      expect(await countsShown()).toEqual({
        'Open Items': 3,
        'Open Frame Punch Items': 0,
        'Open Final Punch Items': 1,
        'Open NHP Items': 0,
        'Open WHO Items': 1,
        'Open Post Close Items': 1,
      }),
    );
  });

  it('leaves out the walk types the user may not read', async () => {
    renderCounts(access(['homes_post_close_items']));
    expect(await countsShown()).toEqual({
      'Open Items': 1,
      'Open Frame Punch Items': 0,
      'Open Final Punch Items': 0,
      'Open NHP Items': 0,
      'Open WHO Items': 0,
      'Open Post Close Items': 1,
    });
  });

  it('asks for nothing without the items read scope', async () => {
    renderCounts({ admin: false, demo: false, groups: new Set(), read: new Set(), write: new Set() });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('counts').textContent).toBe('loading');
    expect(requested).toEqual([]);
  });
});
