// The record list screen against the real API server and real IndexedDB semantics
// (fake-indexeddb): loading then the home's records, the empty state, the add dialog's
// validation message from the domain, a queued add shown at once with its sync state and
// stored on the server once, edit, delete, a list that never reached the device, and no
// write buttons without the write scope.

import 'fake-indexeddb/auto';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Access, UserDocument } from '@field/domain';
import { resolveAccess } from '@field/domain';
import type { ActiveHome } from '../data/homes';
import type { FieldRecord } from '../data/records';
import { textOf } from '../data/records';
import type { OfflineEngine } from '../offline/engine';
import { OfflineEngineProvider } from '../offline/react';
import { setSessionUser } from '../offline/session-user';
import type { ServerProcess } from '../offline/testing/server-process';
import { routeAppTo, startServerProcess, startTestEngine } from '../offline/testing/server-process';
import { initI18n } from './i18n';
import type { RecordScreenConfig } from './record-list-screen';
import { RecordList } from './record-list-screen';

const NOTES: RecordScreenConfig = {
  resource: 'notes',
  texts: 'notes',
  testIds: { list: 'notes', row: 'note', empty: 'notes-empty' },
  fields: [{ name: 'Text', kind: 'multiline' }],
  columns: () => ['Author', 'Text'],
  defaults: () => ({ Author: 'Test User', Date: '2026-11-20T10:00:00.000Z' }),
  rowLabel: (note: FieldRecord) => textOf(note, 'Text'),
};

const USER: UserDocument = {
  id: 'user-1',
  email: 'test@example.test',
  firstName: 'Test',
  lastName: 'User',
  photoURL: null,
  scopes: [],
  fieldData: { role: 'Manager', airtableId: null },
};

function home(id: string): ActiveHome {
  // Safe: the screen reads only the id and the address of its home.
  return { id, HomeRID: id, Address: `Home ${id}` } as ActiveHome;
}

const WRITER: Access = resolveAccess([
  { value: 'manager', approved: true, group: true, read: true, write: true },
]);
const READER: Access = resolveAccess([
  { value: 'communication_notes', approved: true, group: false, read: true, write: false },
]);

/** The queue sends over real HTTP to another process: allow for a busy machine. */
const SENT = { timeout: 15_000 };

let server: ServerProcess;
let token: string;
let engine: OfflineEngine;
let restore: () => void;
/** A demo home with notes, and one without. */
let withNotes: string;
let withoutNotes: string;

type Listed = Array<{ id: string; HomeRID?: string }>;

async function notesOf(homeId: string): Promise<Listed> {
  const path = `/field_communication/notes/listByHome?homeId=${homeId}`;
  // Safe: the server answers a list of records (checked by the server suite).
  return (await server.call(token, 'GET', path)) as Listed;
}

beforeAll(async () => {
  await initI18n();
  server = await startServerProcess();
  token = await server.signIn('manager@example.com');
  // Safe: the server answers a list of homes.
  const homes = (await server.call(token, 'GET', '/field_homes/listActive')) as Listed;
  const ids = homes.map((home) => home.id);
  // Safe: the server answers a list of notes.
  const notes = (await server.call(token, 'POST', '/field_communication/notes/listByHomes', {
    homeIds: ids,
  })) as Listed;
  const noted = new Set(notes.map((note) => note.HomeRID));
  withNotes = ids.find((id) => noted.has(id)) ?? '';
  withoutNotes = ids.find((id) => !noted.has(id)) ?? '';
  restore = routeAppTo(server, token);
}, 90_000);
afterAll(async () => {
  restore();
  await server.stop();
});
afterEach(() => {
  cleanup();
  engine.stop();
  setSessionUser(null);
});

async function renderList(homeId: string, access: Access = WRITER) {
  engine = await startTestEngine(USER.id);
  // Signed in: the queue's writes shown are this user's.
  setSessionUser(USER.id);
  render(
    <QueryClientProvider client={engine.queryClient}>
      <OfflineEngineProvider engine={engine}>
        <RecordList config={NOTES} home={home(homeId)} access={access} user={USER} />
      </OfflineEngineProvider>
    </QueryClientProvider>,
  );
}

describe('RecordListScreen', () => {
  it('shows a loading bar, then the home’s records with their columns', async () => {
    await renderList(withNotes);
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeDefined();
    const rows = await screen.findAllByTestId('note');
    expect(rows.length).toBeGreaterThan(0);
    // jsdom matches no media query: the phone layout, each card labelling its fields.
    expect(within(rows[0] as HTMLElement).getByText('Text')).toBeDefined();
  });

  it('says so when the home has no records', async () => {
    await renderList(withoutNotes);
    expect((await screen.findByTestId('notes-empty')).textContent).toBe(
      'No notes on this home yet.',
    );
  });

  it('refuses an empty note with the domain’s message under the field', async () => {
    await renderList(withoutNotes);
    await screen.findByTestId('notes-empty');
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add note' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'Missing required field "Text" for operation "submit" in mutation type "note"',
      ),
    ).toBeDefined();
    expect(await engine.db.mutations.count()).toBe(0);
  });

  it('adds, edits and deletes a note through the queue, each once on the server', async () => {
    const before = (await notesOf(withoutNotes)).length;
    await renderList(withoutNotes);
    await screen.findByTestId('notes-empty');
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    const add = await screen.findByRole('dialog', { name: 'Add note' });
    fireEvent.change(within(add).getByLabelText('Text'), { target: { value: 'Gate code 4411' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Save' }));
    const sync = () =>
      screen.getByText('Gate code 4411').closest('[data-testid="note"]')?.getAttribute('data-sync');
    // Queued and shown at once, then sent: synced once the server has it.
    await waitFor(() => expect(sync()).toBeDefined());
    await waitFor(async () => expect(await notesOf(withoutNotes)).toHaveLength(before + 1), SENT);
    await waitFor(() => expect(sync()).toBe('synced'), SENT);

    fireEvent.click(screen.getByRole('button', { name: 'Edit the note "Gate code 4411"' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit note' });
    const text = within(edit).getByLabelText('Text');
    expect((text as HTMLTextAreaElement).value).toBe('Gate code 4411');
    fireEvent.change(text, { target: { value: 'Gate code 5522' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    await screen.findByText('Gate code 5522');
    await waitFor(
      async () => expect(JSON.stringify(await notesOf(withoutNotes))).toContain('Gate code 5522'),
      SENT,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Delete the note "Gate code 5522"' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete note?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Gate code 5522')).toBeNull());
    await waitFor(async () => expect(await notesOf(withoutNotes)).toHaveLength(before), SENT);
  });

  it('says a list that never reached the device is not here yet, and shows a note added meanwhile', async () => {
    const routed = globalThis.fetch;
    // No signal: every request fails before the home's notes ever loaded.
    globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    try {
      await renderList(withNotes);
      const alert = await screen.findByTestId('not-on-device');
      expect(alert.textContent).toMatch(/not reached this device yet|Could not load the records/);
      // Not "no notes": the list is not here, it is not empty.
      expect(screen.queryByTestId('notes-empty')).toBeNull();
      expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull();

      fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
      const add = await screen.findByRole('dialog', { name: 'Add note' });
      fireEvent.change(within(add).getByLabelText('Text'), {
        target: { value: 'Pour moved to Friday' },
      });
      fireEvent.click(within(add).getByRole('button', { name: 'Save' }));
      const sync = () =>
        screen
          .queryAllByText('Pour moved to Friday')
          .map((text) => text.closest('[data-testid="note"]')?.getAttribute('data-sync'))
          .find((state) => state !== undefined);
      await waitFor(() => expect(sync()).toBe('pending'));
    } finally {
      globalThis.fetch = routed;
    }
    // Signal again: the list comes, the notes already there with the one added here.
    fireEvent.click(within(screen.getByTestId('not-on-device')).getByRole('button'));
    await waitFor(() => expect(screen.queryByTestId('not-on-device')).toBeNull(), SENT);
    expect((await screen.findAllByTestId('note')).length).toBeGreaterThan(1);
    expect(screen.getByText('Pour moved to Friday')).toBeDefined();
  });

  it('offers no add, edit or delete without the write scope', async () => {
    await renderList(withNotes, READER);
    await screen.findAllByTestId('note');
    expect(screen.queryByRole('button', { name: 'Add note' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit the note/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete the note/ })).toBeNull();
  });
});
