// The homes' cards arrive as a list the screen did not have before (sign-in, a cold open):
// the first few cards are drawn and shown before the rest of the page, which follows in a
// background render; a user sees the first homes without waiting for every card.

import 'fake-indexeddb/auto';
import { Profiler } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { ActiveHome } from '../data/homes';
import { OfflineEngineProvider } from '../offline/react';
import { startTestEngine } from '../offline/testing/server-process';
import { initI18n } from './i18n';
import { HomeCards } from './home-cards';

function home(n: number): ActiveHome {
  // Safe: the cards read only these fields.
  return {
    id: `home-${n}`,
    HomeRID: `home-${n}`,
    HomeID: `H-${n}`,
    Address: `${n} Ridgeline Trail`,
    Status: 'Framing',
    Community: 'Windsor',
    Lot: String(n),
    'Projected Close': '2027-03-01',
  } as ActiveHome;
}

const HOMES = Array.from({ length: 46 }, (_, i) => home(i + 1));

/** The cards, with the number of them on screen pushed to `shown` at each commit React makes. */
function CountedCards({ homes, shown }: { homes: ActiveHome[] | undefined; shown: number[] }) {
  return (
    <Profiler
      id="cards"
      onRender={() => shown.push(document.querySelectorAll('[data-home-id]').length)}
    >
      <HomeCards
        homes={homes}
        error={null}
        paused={false}
        onRetry={() => undefined}
        label="My homes"
      />
    </Profiler>
  );
}

describe('the homes’ cards', () => {
  beforeAll(initI18n);
  afterEach(cleanup);

  it('shows the first cards in a commit of their own when the list arrives, then all of them', async () => {
    const shown: number[] = [];
    const { rerender } = render(<CountedCards homes={undefined} shown={shown} />);
    rerender(<CountedCards homes={HOMES} shown={shown} />);
    expect(await screen.findAllByRole('listitem')).toHaveLength(HOMES.length);
    const firstWithCards = shown.find((count) => count > 0);
    expect(firstWithCards).toBeGreaterThan(0);
    expect(firstWithCards).toBeLessThan(HOMES.length);
    expect(shown.at(-1)).toBe(HOMES.length);
  });

  it('answers Show more at once and draws the next cards in the background', async () => {
    const many = Array.from({ length: 130 }, (_, i) => home(i + 1));
    const shown: number[] = [];
    render(<CountedCards homes={many} shown={shown} />);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(60));
    shown.length = 0;
    fireEvent.click(screen.getByRole('button', { name: /show \d+ more/i }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(120));
    // The click's own commit keeps the cards it had; the next 60 follow in another.
    expect(shown[0]).toBe(60);
    expect(shown.at(-1)).toBe(120);
  });

  it('says the homes come with signal when the list waits for it with none on the device', async () => {
    const retried: string[] = [];
    const engine = await startTestEngine('user-1');
    onTestFinished(() => engine.stop());
    const cards = (homes: ActiveHome[] | undefined) => (
      <OfflineEngineProvider engine={engine}>
        <HomeCards
          homes={homes}
          error={null}
          paused
          onRetry={() => retried.push('retry')}
          label="My homes"
        />
      </OfflineEngineProvider>
    );
    const { rerender } = render(cards(undefined));
    expect(screen.getByTestId('not-on-device').textContent).toContain(
      'The homes have not reached this device yet: they come with signal.',
    );
    expect(screen.queryByRole('status', { name: 'Loading homes…' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retried).toEqual(['retry']);
    // A list on the device shows while a refetch waits for signal.
    rerender(cards(HOMES.slice(0, 3)));
    expect(screen.queryByTestId('not-on-device')).toBeNull();
  });
});
