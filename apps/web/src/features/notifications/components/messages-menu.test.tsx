// The header's messages menu against the notifications API: `No Messages` when the user has none;
// each message with its avatar, title, subtitle and time, newest first; opening an unread one marks
// it read; a failed load says so in the words of docs/product.md (Messages).

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@field/domain';
import { initI18n } from '../../../ui/i18n';
import { MessagesMenu } from './messages-menu';

const NOW = Date.parse('2026-11-23T12:00:00.000Z');

function message(id: string, minutesAgo: number, metadata: Notification['metadata']): Notification {
  const at = new Date(NOW - minutesAgo * 60_000).toISOString();
  return {
    id,
    title: `Title ${id}`,
    read: false,
    priority: 'normal',
    timestamp: at,
    metadata,
    category: 'message',
    app: 'field',
    createdAt: at,
    updatedAt: at,
  };
}

function page(notifications: Notification[]) {
  return {
    notifications,
    app: 'all',
    page: 1,
    pageSize: 5,
    total: notifications.length,
    totalPages: 1,
  };
}

type Answer = { status: number; body: unknown };
let requests: Array<{ method: string; url: string }>;

function serve(list: () => Answer) {
  requests = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
    requests.push({ method: init?.method ?? 'GET', url });
    const answer = url.includes('category=message') ? list() : { status: 200, body: {} };
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
}

function renderMenu() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MessagesMenu />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the messages menu', () => {
  beforeAll(initI18n);

  it('shows No Messages when the user has none', async () => {
    serve(() => ({ status: 200, body: page([]) }));
    renderMenu();
    fireEvent.click(screen.getByTestId('messages-button'));
    const menu = await screen.findByRole('dialog', { name: 'Messages' });
    expect(await within(menu).findByText('No Messages')).toBeTruthy();
    expect(requests[0]?.url).toContain('/api/notifications?category=message');
  });

  it('lists each message with avatar, title, subtitle and time, and marks one read when opened', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    serve(() => ({
      status: 200,
      body: page([
        message('m2', 0, { senderName: 'Ana Lopez', subtitle: 'Walk moved to Friday' }),
        message('m1', 180, {
          senderName: 'Sam Super',
          senderPhotoURL: '/api/files/users/u1/profilePicture',
          homeAddress: '12 Oak Street',
        }),
      ]),
    }));
    renderMenu();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Messages, 2 unread' })).toBeTruthy(),
    );
    fireEvent.click(screen.getByTestId('messages-button'));
    const items = await within(await screen.findByTestId('message-list')).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'ALTitle m2Just nowWalk moved to Friday',
      'Title m13 hours agoSam Super',
    ]);
    expect(items[1]?.querySelector('img')?.getAttribute('src')).toBe(
      '/api/files/users/u1/profilePicture',
    );

    fireEvent.click(within(items[0] as HTMLElement).getByRole('button'));
    await waitFor(() =>
      expect(requests).toContainEqual({ method: 'PATCH', url: '/api/notifications/m2' }),
    );
  });

  it('says loading failed, and that something went wrong', async () => {
    serve(() => ({ status: 500, body: { error: 'database is down' } }));
    renderMenu();
    fireEvent.click(screen.getByTestId('messages-button'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load messages: database is down');
    expect(alert.textContent).toContain('Something went wrong. Please try again later.');
  });
});
