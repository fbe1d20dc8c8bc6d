import { act, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_ROUTES, resolveAccess } from '@field/domain';
import { setMode } from '../data/local-settings';
import { RequireScope } from './guards';

// Who is signed in is the only thing this test fixes: a manager, who may open every walk.
vi.mock('../data/session', () => ({
  useSession: () => ({
    access: resolveAccess([
      { value: 'manager', approved: true, group: true, read: true, write: true },
    ]),
  }),
}));

function renderAt(...entries: string[]) {
  const router = createMemoryRouter(
    APP_ROUTES.map((route) => ({
      path: route.path,
      element: (
        <RequireScope route={route}>
          <h1>{route.path}</h1>
        </RequireScope>
      ),
    })),
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('presentation mode on a work-only route', () => {
  afterEach(() => setMode('work'));

  it('opens the nearest customer-facing walk form in place of the one asked for', async () => {
    setMode('presentation');
    const router = renderAt('/homes/overview', '/walks/final-punch');
    await screen.findByRole('heading', { name: '/walks/new-home-presentation' });
    // Replaced, not pushed: Back returns to the screen before, not to the work-only one.
    expect(router.state.historyAction).toBe('REPLACE');
    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { name: '/homes/overview' });
  });

  it('moves the user off a work-only screen when the mode is switched on', async () => {
    renderAt('/walks/final-punch');
    await screen.findByRole('heading', { name: '/walks/final-punch' });
    act(() => setMode('presentation'));
    await screen.findByRole('heading', { name: '/walks/new-home-presentation' });
  });

  it('leaves a customer-facing screen and every screen in work mode where they are', async () => {
    setMode('presentation');
    renderAt('/walks/welcome-home-orientation');
    await screen.findByRole('heading', { name: '/walks/welcome-home-orientation' });
    act(() => setMode('work'));
    const router = renderAt('/dashboard');
    await screen.findByRole('heading', { name: '/dashboard' });
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
