// The page asks "is there a session?" before its first render (main.tsx), and the session's
// provider takes that answer rather than asking again: each refresh rotates the refresh
// cookie, so a second one would cost a round trip and could meet a cookie the first one has
// just replaced.

import { render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { SessionProvider, useSession } from './session';
import { startFirstRefresh } from './session-api';

const SESSION = {
  accessToken: 'token-1',
  expiresIn: 900,
  user: {
    id: 'user-ada',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    photoURL: null,
    scopes: [],
    fieldData: { role: 'Manager', airtableId: null },
  },
};

function Who() {
  const { status, user } = useSession();
  if (status !== 'ready') return <p>restoring</p>;
  return <p>{user === null ? 'signed out' : `${user.firstName} ${user.lastName}`}</p>;
}

/** A server whose refresh answers when the test says so; it counts the refreshes asked for. */
function refreshServer() {
  const refreshes: string[] = [];
  const answers: (() => void)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      refreshes.push(input);
      return new Promise<Response>((resolve) => {
        answers.push(() =>
          resolve(
            new Response(JSON.stringify(SESSION), {
              status: 200,
              headers: { 'Content-Type': 'application/json' },
            }),
          ),
        );
      });
    }),
  );
  return { refreshes, answerAll: () => answers.splice(0).forEach((answer) => answer()) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

it('restores the user from the refresh started before the first render, asking once', async () => {
  const server = refreshServer();
  startFirstRefresh();
  render(
    <SessionProvider>
      <Who />
    </SessionProvider>,
  );
  server.answerAll();
  expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
  expect(server.refreshes).toEqual(['/api/auth/refresh']);
});

it('uses an answer that came before the screen was drawn, asking once', async () => {
  const server = refreshServer();
  startFirstRefresh();
  server.answerAll();
  await new Promise((resolve) => setTimeout(resolve, 0));
  render(
    <SessionProvider>
      <Who />
    </SessionProvider>,
  );
  expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
  expect(server.refreshes).toEqual(['/api/auth/refresh']);
});
