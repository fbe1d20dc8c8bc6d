// The menu footer's three links go to three different places: Manage Your Homes to the
// app's Manage Homes screen (or the address a deployment sets), the legacy system and the
// company website to theirs, each hidden while the server sets none.

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '@field/domain';
import { resolveAccess } from '@field/domain';
import { initI18n } from '../../ui/i18n';
import type { MenuFooterLinks } from './menu-footer';
import { MenuFooter } from './menu-footer';

const group = (value: string): Scope => ({
  value,
  approved: true,
  group: true,
  read: true,
  write: true,
});
const manager = resolveAccess([group('manager')]);
const pending = resolveAccess([{ ...group('pending-user'), approved: false }]);

const SET: MenuFooterLinks = {
  manageYourHomes: '',
  legacySystem: 'https://old.example.org',
  companyWebsite: 'https://builder.example.org',
};

function renderFooter(access = manager, links: MenuFooterLinks = SET) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <MenuFooter access={access} links={links} /> },
      { path: '/collaboration/homes', element: <h1>Manage Homes screen</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the menu footer', () => {
  beforeAll(initI18n);

  it('sends each link to its own place, Manage Your Homes inside the app by default', () => {
    renderFooter();
    const legacy = screen.getByRole('link', { name: 'Legacy system' });
    const website = screen.getByRole('link', { name: 'Company website' });
    expect(legacy.getAttribute('href')).toBe(SET.legacySystem);
    expect(website.getAttribute('href')).toBe(SET.companyWebsite);
    const hrefs = ['Manage Your Homes', 'Legacy system', 'Company website'].map((name) =>
      screen.getByRole('link', { name }).getAttribute('href'),
    );
    expect(new Set(hrefs).size).toBe(3);

    fireEvent.click(screen.getByRole('link', { name: 'Manage Your Homes' }));
    expect(screen.getByRole('heading', { name: 'Manage Homes screen' })).toBeTruthy();
  });

  it('opens the address a deployment sets for Manage Your Homes', () => {
    renderFooter(pending, {
      manageYourHomes: 'https://homes.example.org/mine',
      legacySystem: 'https://old.example.org',
      companyWebsite: 'https://builder.example.org',
    });
    const link = screen.getByRole('link', { name: 'Manage Your Homes' });
    expect(link.getAttribute('href')).toBe('https://homes.example.org/mine');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'Legacy system' }).getAttribute('href')).toBe(
      'https://old.example.org',
    );
  });

  it('does not offer Manage Your Homes to a user who may not open the screen', () => {
    renderFooter(pending);
    expect(screen.queryByRole('link', { name: 'Manage Your Homes' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Legacy system' })).toBeTruthy();
  });

  it('hides the legacy system and the company website while the server sets neither', () => {
    renderFooter(manager, { manageYourHomes: '', legacySystem: null, companyWebsite: null });
    expect(screen.getByRole('link', { name: 'Manage Your Homes' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Legacy system' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Company website' })).toBeNull();
  });
});
