import 'fake-indexeddb/auto';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BatchedAnswer, BatchedWrite } from '@field/domain';
import { createApiClient } from '../../api/client';
import type { SignOutOptions } from '../../data/session';
import type { FieldDatabase } from '../../offline/database';
import { openFieldDatabase } from '../../offline/database';
import type { DraftStore } from '../../offline/drafts';
import { createDraftStore } from '../../offline/drafts';
import { createDefaultHandlers } from '../../offline/mutation-handlers';
import { MutationQueue } from '../../offline/mutation-queue';
import { unsentWork } from '../../offline/sign-out';
import { initI18n } from '../../ui/i18n';
import { SignOutDialog } from './sign-out-dialog';

let counter = 0;
let db: FieldDatabase;
let drafts: DraftStore;
let current: string | null;
/** The server's answer to each write of a batch, by its notes. */
let answer: (write: BatchedWrite) => BatchedAnswer;
let received: string[];

function makeQueue(): MutationQueue {
  const client = createApiClient({
    fetch: (_input, init) => {
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : {};
      // Safe: the queue's batch body.
      const { writes } = body as { writes: BatchedWrite[] };
      received.push(...writes.map((w) => w.key));
      const results = writes.map((w) => answer(w));
      return Promise.resolve(
        new Response(JSON.stringify({ results }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    },
  });
  client.setToken('token-of-a');
  return new MutationQueue({
    db,
    client,
    handlers: createDefaultHandlers(),
    lock: { runExclusive: async (task) => ({ acquired: true, value: await task() }) },
    isOnline: () => true,
    processOnEnqueue: false,
    backoffMs: () => 0,
    currentUser: () => current,
  });
}

const call = (id: string, notes: string) => ({
  type: 'phoneCall',
  operation: 'submit',
  data: {
    id,
    Home: 'h1',
    Staff: 'emp-2',
    Date: '2026-11-01T10:00:00.000Z',
    Notes: notes,
    Voicemail: false,
  },
});

beforeAll(initI18n);
beforeEach(() => {
  counter += 1;
  db = openFieldDatabase(`sign-out-dialog-${counter}`);
  drafts = createDraftStore(db);
  current = 'user-a';
  received = [];
  answer = (write) => ({ key: write.key, status: 201, body: { id: write.key } });
});

async function open(options: { online?: boolean; draft?: boolean } = {}) {
  const queue = makeQueue();
  await queue.enqueue({ ...call('c1', 'first call'), id: 'w1' });
  await queue.enqueue({ ...call('c2', 'second call'), id: 'w2' });
  // Another user's write kept on the device: never counted, exported or sent here.
  current = 'user-b';
  await queue.enqueue({ ...call('c3', 'B call'), id: 'w3' });
  current = 'user-a';
  if (options.draft === true) {
    await drafts.save({
      homeRID: 'h1',
      homeID: '1',
      address: '1 Test Street',
      formTitle: 'Phone call',
      title: 'Half done',
      data: { Notes: 'half' },
    });
  }
  const signOut = vi.fn((_options: SignOutOptions) => Promise.resolve());
  const onClose = vi.fn();
  const saveFile = vi.fn((_blob: Blob, _name: string) => undefined);
  const device = { db, drafts, queue };
  render(
    <SignOutDialog
      work={await unsentWork(device, 'user-a')}
      user="user-a"
      online={options.online ?? true}
      device={device}
      signOut={signOut}
      onClose={onClose}
      saveFile={saveFile}
    />,
  );
  return { signOut, onClose, saveFile };
}

describe('the sign-out dialog', () => {
  it('says how many writes and drafts are unsent; Cancel signs nobody out', async () => {
    const { signOut, onClose } = await open({ draft: true });
    expect(screen.getByText('2 changes have not reached the server yet.')).toBeTruthy();
    expect(screen.getByText('1 draft is saved on this device.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(signOut).not.toHaveBeenCalled();
    expect(received).toEqual([]);
  });

  it('offline, Send now is not offered', async () => {
    await open({ online: false });
    expect(screen.queryByRole('button', { name: 'Send now' })).toBeNull();
    expect(screen.getByText(/You are offline/)).toBeTruthy();
  });

  it('"Sign out and keep them on this device" signs out keeping them', async () => {
    const { signOut } = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out and keep them on this device' }));
    await waitFor(() => expect(signOut).toHaveBeenCalledWith({ keepUnsent: true }));
    expect(received).toEqual([]);
  });

  it('"Export and sign out" saves the user\'s writes only, then signs out clearing them', async () => {
    const { signOut, saveFile } = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Export and sign out' }));
    await waitFor(() => expect(signOut).toHaveBeenCalledWith({}));
    const [blob, name] = saveFile.mock.calls[0] ?? [];
    expect(name).toMatch(/^field-app-backup-\d{4}-\d{2}-\d{2}\.json$/);
    const backup: unknown = JSON.parse((await blob?.text()) ?? '{}');
    expect(backup).toMatchObject({
      mutations: [
        { id: 'w1', author: 'user-a' },
        { id: 'w2', author: 'user-a' },
      ],
    });
    expect(JSON.stringify(backup)).not.toContain('B call');
  });

  it('"Send now" sends the writes, then signs out once the queue is empty', async () => {
    const { signOut } = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(signOut).toHaveBeenCalledWith({}));
    expect(received.sort()).toEqual(['w1', 'w2']);
    expect((await db.mutations.toArray()).map((w) => w.id)).toEqual(['w3']);
  });

  it('"Send now" shows what failed and keeps the dialog open', async () => {
    answer = (write) =>
      JSON.stringify(write.body).includes('second')
        ? { key: write.key, status: 400, body: { error: 'Invalid value for "Notes"' } }
        : { key: write.key, status: 201, body: { id: write.key } };
    const { signOut } = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    const notSent = await screen.findByTestId('sign-out-not-sent');
    expect(notSent.textContent).toContain('Phone call added: Invalid value for "Notes"');
    expect(screen.getByText('1 change has not reached the server yet.')).toBeTruthy();
    expect(signOut).not.toHaveBeenCalled();
    expect(received.sort()).toEqual(['w1', 'w2']);
  });
});
