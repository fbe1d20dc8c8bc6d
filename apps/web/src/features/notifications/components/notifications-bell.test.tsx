// The bell (in the signed-in shell, so under the session) when the notifications cannot be loaded: `Failed to load notifications` with the
// underlying message, and `Something went wrong. Please try again later.`

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../../data/session';
import { initI18n } from '../../../ui/i18n';
import { NotificationsBell } from './notifications-bell';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the notifications bell', () => {
  beforeAll(initI18n);

  it('says the notifications failed to load, and that something went wrong', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(JSON.stringify({ error: 'the server is restarting' }), {
          status: 503,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <SessionProvider>
          <MemoryRouter>
            <NotificationsBell />
          </MemoryRouter>
        </SessionProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByTestId('notifications-bell'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load notifications: the server is restarting');
    expect(alert.textContent).toContain('Something went wrong. Please try again later.');
  });
});
