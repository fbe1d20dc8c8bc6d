import { act, fireEvent, render, screen } from '@testing-library/react';
import { Link, RouterProvider, createMemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../ui/i18n';
import { NavigationProgress, PageOutlet, useNavigating } from './page-outlet';

function Layout() {
  const navigating = useNavigating();
  return (
    <>
      {navigating && <NavigationProgress />}
      <PageOutlet />
    </>
  );
}

function SignIn() {
  return (
    <>
      <label>
        Email
        <input />
      </label>
      <Link to="/forgot-password">Forgot password?</Link>
    </>
  );
}

describe('opening the next screen', () => {
  beforeAll(initI18n);

  it('shows progress and makes the outgoing screen inert until the next one has loaded', async () => {
    let finishLoading: () => void = () => undefined;
    const loaded = new Promise<void>((resolve) => {
      finishLoading = resolve;
    });
    const router = createMemoryRouter(
      [
        {
          element: <Layout />,
          children: [
            { path: '/login', element: <SignIn /> },
            {
              path: '/forgot-password',
              lazy: async () => {
                await loaded;
                return { Component: () => <h1>Forgot your password?</h1> };
              },
            },
          ],
        },
      ],
      { initialEntries: ['/login'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.queryByRole('progressbar')).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    const bar = await screen.findByRole('progressbar', { name: 'Opening the screen…' });
    expect(bar).toBeTruthy();
    const field = screen.getByLabelText('Email');
    expect(field.closest('[inert]')).not.toBeNull();
    expect(field.closest('[aria-busy="true"]')).not.toBeNull();

    await act(async () => {
      finishLoading();
      await loaded;
    });
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('heading').closest('[inert]')).toBeNull();
  });
});
