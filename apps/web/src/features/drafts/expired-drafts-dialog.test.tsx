// The expired-drafts dialog as mounted for the whole app, with the real engine over
// fake-indexeddb: it opens by itself when the signed-in user has expired drafts, extends
// one by a month or deletes one or all (closing when none is left), never opens signed
// out, and lists neither fresh drafts nor another user's kept ones.

import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../api/client';
import { createCircuitBreaker } from '../../api/circuit-breaker';
import type { DraftRow } from '../../offline/database';
import { addMonths } from '../../offline/drafts';
import type { OfflineEngine } from '../../offline/engine';
import { startOfflineEngine } from '../../offline/engine';
import { OfflineEngineProvider } from '../../offline/react';
import { setSessionUser } from '../../offline/session-user';
import { initI18n } from '../../ui/i18n';
import { ExpiredDraftsDialog } from './expired-drafts-dialog';

const DAY = 24 * 60 * 60 * 1000;
let engine: OfflineEngine;
let n = 0;

function draft(key: string, title: string, expirationTime: number, author?: string): DraftRow {
  return {
    key,
    title,
    homeRID: 'home-1',
    homeID: '101',
    address: '1 Test Street',
    formTitle: 'Closing walk',
    creationTime: addMonths(expirationTime, -3),
    expirationTime,
    fallback: false,
    autosave: false,
    data: { notes: title },
    ...(author === undefined ? {} : { author }),
  };
}

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  n += 1;
  engine = await startOfflineEngine({
    dbName: `expired-drafts-test-${n}`,
    client: createApiClient({ fetch: () => Promise.reject(new TypeError('offline')) }),
    breaker: createCircuitBreaker(),
  });
  engine.queue.stop();
  const now = Date.now();
  await engine.db.drafts.bulkPut([
    draft('old-1', 'Closing walk of March', now - DAY),
    draft('old-2', 'Pre-drywall walk of April', now - 2 * DAY),
    draft('fresh', 'Walk of today', now + 30 * DAY),
    draft('theirs', 'Another user’s walk', now - DAY, 'user-2'),
  ]);
});
afterEach(() => {
  cleanup();
  setSessionUser(null);
  engine.stop();
});

function mount() {
  render(
    <OfflineEngineProvider engine={engine}>
      <ExpiredDraftsDialog />
    </OfflineEngineProvider>,
  );
}

const listed = () =>
  within(screen.getByRole('dialog', { name: 'Expired drafts' }))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('data-draft-key'));

describe('ExpiredDraftsDialog', () => {
  it('opens by itself after sign-in with the user’s expired drafts only', async () => {
    mount();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => setSessionUser('user-1'));
    await screen.findByRole('dialog', { name: 'Expired drafts' });
    expect(listed()).toEqual(['old-1', 'old-2']);
  });

  it('extends a draft by a month, which takes it off the list', async () => {
    setSessionUser('user-1');
    mount();
    await screen.findByRole('dialog', { name: 'Expired drafts' });
    const row = screen.getByText('Closing walk of March').closest('li');
    if (row === null) throw new Error('no row');
    const before = Date.now();
    fireEvent.click(within(row).getByRole('button', { name: 'Extend by 1 month' }));
    await waitFor(() => expect(listed()).toEqual(['old-2']));
    const extended = await engine.db.drafts.get('old-1');
    expect(extended?.expirationTime).toBeGreaterThanOrEqual(addMonths(before, 1));
  });

  it('deletes one, then all, and closes when none is left', async () => {
    setSessionUser('user-1');
    mount();
    await screen.findByRole('dialog', { name: 'Expired drafts' });
    const row = screen.getByText('Pre-drywall walk of April').closest('li');
    if (row === null) throw new Error('no row');
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(listed()).toEqual(['old-1']));
    fireEvent.click(screen.getByRole('button', { name: 'Delete all' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const left = (await engine.db.drafts.toArray()).map((d) => d.key).sort();
    expect(left).toEqual(['fresh', 'theirs']);
  });

  it('Later puts it away', async () => {
    setSessionUser('user-1');
    mount();
    await screen.findByRole('dialog', { name: 'Expired drafts' });
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await engine.db.drafts.count()).toBe(4);
  });
});
