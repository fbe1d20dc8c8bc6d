// An empty home list says what to do next: the admin gets the ways to homes and people; a
// user not linked to an employee, or linked but on no home, is told so and whom to ask.

import type { ReactNode } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Scope } from '@field/domain';
import { resolveAccess } from '@field/domain';
import { initI18n } from '../../../ui/i18n';
import { EmptyHomesGuide } from './empty-homes-guide';

const signedIn = vi.hoisted(() => ({
  airtableId: null as string | null,
  scopes: [] as Scope[],
}));

vi.mock('../../../data/session', () => ({
  useSignedIn: () => ({
    user: { fieldData: { role: '', airtableId: signedIn.airtableId } },
    access: resolveAccess(signedIn.scopes),
  }),
}));

vi.mock('../../../api/client', () => ({
  apiClient: {
    get: () => Promise.resolve({ admins: [{ name: 'Ada Admin', email: 'ada@example.test' }] }),
  },
}));

function wrap(children: ReactNode) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

const scope = (value: string, group: boolean): Scope => ({
  value,
  group,
  approved: true,
  read: true,
  write: true,
});

describe('the empty home list', () => {
  beforeAll(initI18n);
  afterEach(cleanup);

  it('sends the admin to import the company, add homes or link people', () => {
    signedIn.scopes = [scope('admin', false)];
    render(wrap(<EmptyHomesGuide />));
    expect(screen.getByRole('heading', { name: 'No homes to show yet' })).toBeTruthy();
    expect(
      screen
        .getByRole('link', { name: 'Import homes, employees and vendors' })
        .getAttribute('href'),
    ).toBe('/admin/import');
    expect(screen.getByRole('link', { name: 'Add homes by hand' }).getAttribute('href')).toBe(
      '/collaboration/homes',
    );
    expect(
      screen.getByRole('link', { name: 'Link people to employees' }).getAttribute('href'),
    ).toBe('/collaboration/staff');
  });

  it('tells a user without an employee link, and names the admin to ask', async () => {
    signedIn.scopes = [scope('builder', true)];
    signedIn.airtableId = null;
    render(wrap(<EmptyHomesGuide />));
    expect(
      screen.getByRole('heading', { name: 'Your account isn’t linked to an employee yet' }),
    ).toBeTruthy();
    const mail = await screen.findByRole('link', { name: 'ada@example.test' });
    expect(mail.getAttribute('href')).toBe('mailto:ada@example.test');
    expect(screen.getByText(/Ada Admin/)).toBeTruthy();
  });

  it('tells a linked user that no home lists them yet', () => {
    signedIn.scopes = [scope('builder', true)];
    signedIn.airtableId = 'emp-1';
    render(wrap(<EmptyHomesGuide />));
    expect(screen.getByRole('heading', { name: 'No home lists you yet' })).toBeTruthy();
  });
});
