// Restoring the session on start: a server that answers without the user's data shows `Failed to
// fetch user data. Please try again.`; no answer at all (offline) shows nothing of the kind, the
// device's copy of the user opens the app instead.

import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { initI18n } from '../ui/i18n';
import { SessionProvider, useSession } from './session';
import { refreshSession } from './session-api';
import ToastHost from '../ui/toast-host';

vi.mock('./session-api', () => {
  const refreshSession = vi.fn<() => Promise<unknown>>();
  return {
    refreshSession,
    takeFirstRefresh: () => refreshSession(),
    signOutOnServer: vi.fn(() => Promise.resolve({ onServer: true })),
  };
});

function Status() {
  const session = useSession();
  return <p>{session.status === 'ready' ? 'restored' : 'restoring'}</p>;
}

function renderSession() {
  render(
    <>
      <ToastHost />
      <SessionProvider>
        <Status />
      </SessionProvider>
    </>,
  );
}

afterEach(() => {
  vi.mocked(refreshSession).mockReset();
});

describe('restoring the session', () => {
  beforeAll(initI18n);

  it('tells the user when the server could not give their data', async () => {
    vi.mocked(refreshSession).mockRejectedValue(new ApiError(500, 'An unexpected error has occurred'));
    renderSession();
    expect(await screen.findByText('Failed to fetch user data. Please try again.')).toBeTruthy();
    // The toast comes first; the app then opens once the device's copy of the user was read.
    expect(await screen.findByText('restored')).toBeTruthy();
  });

  it('says nothing of the kind when the server cannot be reached (offline start)', async () => {
    vi.mocked(refreshSession).mockRejectedValue(
      new ApiError(0, 'No internet connection. Please try again when you are online.', {
        kind: 'network',
      }),
    );
    renderSession();
    await screen.findByText('restored');
    await waitFor(() => expect(refreshSession).toHaveBeenCalled());
    expect(screen.queryByText('Failed to fetch user data. Please try again.')).toBeNull();
  });
});
