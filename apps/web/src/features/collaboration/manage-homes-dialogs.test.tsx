// The Manage Homes dialogs against the real API server (built, in its own process) and
// real IndexedDB semantics: the edit dialog's field errors from the domain schema, only
// changed fields queued and stored on the server; the staff picker queuing
// `{ id, staffIds, staffType }`; a wrong staff type refused by the queue's domain check
// in the spec's words, shown in the dialog; queued home writes laid over the list.

import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES, invalidStaffTypeMessage } from '@field/domain';
import type { ActiveHome } from '../../data/homes';
import { homeWrites, overlayHomeWrites } from '../../data/homes';
import type { MutationRow } from '../../offline/database';
import type { OfflineEngine } from '../../offline/engine';
import type { ServerProcess } from '../../offline/testing/server-process';
import {
  routeAppTo,
  startServerProcess,
  startTestEngine,
} from '../../offline/testing/server-process';
import { initI18n } from '../../ui/i18n';
import { HomeEditDialog } from './home-edit-dialog';
import type { EmployeeOption } from './home-staff-dialog';
import { HomeStaffDialog } from './home-staff-dialog';

let server: ServerProcess;
let token: string;
let engine: OfflineEngine;
let restore: () => void;
let homes: ActiveHome[];
let employees: EmployeeOption[];

async function serverHome(id: string): Promise<ActiveHome | undefined> {
  // Safe: the server answers a list of homes (checked by the server suite).
  const list = (await server.call(token, 'GET', '/field_homes/listActive')) as ActiveHome[];
  return list.find((home) => home.id === id);
}

beforeAll(async () => {
  await initI18n();
  server = await startServerProcess();
  token = await server.signIn('manager@example.com');
  // Safe: the server answers a list of homes.
  homes = (await server.call(token, 'GET', '/field_homes/listActive')) as ActiveHome[];
  // Safe: the server answers a list of employees.
  const people = (await server.call(token, 'GET', '/field_employees/list')) as Array<{
    id: string;
    Name: string;
  }>;
  employees = people.map((p) => ({ id: p.id, name: p.Name, active: true }));
  restore = routeAppTo(server, token);
}, 90_000);
afterAll(async () => {
  restore();
  await server.stop();
});
afterEach(() => {
  cleanup();
  engine.stop();
});

async function startEngine(): Promise<OfflineEngine> {
  engine = await startTestEngine('user-1');
  return engine;
}

function homeAt(index: number): ActiveHome {
  const home = homes[index];
  if (home === undefined) throw new Error('the demo data has too few homes');
  return home;
}

describe('the edit dialog', () => {
  it('shows the domain’s message under a bad date and queues nothing', async () => {
    const home = homeAt(0);
    await startEngine();
    const onClose = vi.fn();
    render(<HomeEditDialog home={home} writes={homeWrites(engine)} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit home' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Address').value).toBe(home.Address);
    fireEvent.change(within(dialog).getByLabelText('Projected close'), {
      target: { value: '1850-06-01' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const message = await within(dialog).findByText(MESSAGES.expectedIsoDate);
    // Under its field: the field's helper text.
    expect(message.id).toBe(
      within(dialog).getByLabelText('Projected close').getAttribute('aria-describedby'),
    );
    expect(await engine.db.mutations.count()).toBe(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('queues only the changed fields, which reach the server', async () => {
    const home = homeAt(1);
    await startEngine();
    const enqueue = vi.spyOn(engine.queue, 'enqueue');
    const onClose = vi.fn();
    render(<HomeEditDialog home={home} writes={homeWrites(engine)} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit home' });
    const address = `${home.Address} (rear lot)`;
    fireEvent.change(within(dialog).getByLabelText('Address'), { target: { value: address } });
    fireEvent.change(within(dialog).getByLabelText('Lot'), { target: { value: '77' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(enqueue.mock.calls.map(([input]) => [input.type, input.operation, input.data])).toEqual([
      ['home', 'update', { Address: address, Lot: '77', id: home.id }],
    ]);
    await waitFor(async () => expect((await serverHome(home.id))?.Address).toBe(address));
    expect((await serverHome(home.id))?.Lot).toBe('77');
    expect((await serverHome(home.id))?.Plan).toBe(home.Plan);
  });
});

describe('the staff dialog', () => {
  it('offers the six staff types and queues the chosen employees of one', async () => {
    const home = homeAt(2);
    await startEngine();
    const onClose = vi.fn();
    const pick = employees.find((e) => !(home['Design Staff'] ?? []).includes(e.id));
    if (pick === undefined) throw new Error('no employee to assign');
    render(
      <HomeStaffDialog
        home={home}
        writes={homeWrites(engine)}
        employees={employees}
        onClose={onClose}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: `Assign staff: ${home.Address}` });
    for (const label of [
      'Construction staff',
      'Design staff',
      'Sales staff',
      'Initial CS staff',
      'Year end staff',
      'Carried offline by',
    ]) {
      expect(within(dialog).getByRole('combobox', { name: label })).toBeDefined();
    }
    const design = within(dialog).getByRole('combobox', { name: 'Design staff' });
    fireEvent.change(design, { target: { value: pick.name } });
    fireEvent.click(await screen.findByRole('option', { name: pick.name }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const expected = [...(home['Design Staff'] ?? []), pick.id];
    await waitFor(async () =>
      expect((await serverHome(home.id))?.['Design Staff']).toEqual(expected),
    );
    // The other lists are left alone.
    expect((await serverHome(home.id))?.['Sales Staff']).toEqual(home['Sales Staff']);
  });

  it('shows the spec’s message for a wrong staff type, from the queue’s domain check', async () => {
    const home = homeAt(3);
    await startEngine();
    const onClose = vi.fn();
    const enqueue = vi.spyOn(engine.queue, 'enqueue');
    const pick = employees[0];
    if (pick === undefined) throw new Error('no employees');
    render(
      <HomeStaffDialog
        home={home}
        writes={homeWrites(engine)}
        employees={employees}
        staffTypes={['Roofing Staff']}
        onClose={onClose}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: `Assign staff: ${home.Address}` });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Roofing Staff' }), {
      target: { value: pick.name },
    });
    fireEvent.click(await screen.findByRole('option', { name: pick.name }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByTestId('form-error');
    expect(alert.textContent).toBe(invalidStaffTypeMessage('Roofing Staff'));
    expect(alert.textContent).toBe(
      'Invalid staff type: Roofing Staff. Must be one of: Construction Staff, Design Staff, ' +
        'Sales Staff, Initial CS Staff, Year End Staff, Offline Homes',
    );
    // The queue was asked and refused: nothing stored, the dialog stays open.
    expect(enqueue).toHaveBeenCalledTimes(1);
    expect(await engine.db.mutations.count()).toBe(0);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('queued home writes over the list', () => {
  const row = (over: Partial<MutationRow>): MutationRow => ({
    id: crypto.randomUUID(),
    type: 'home',
    operation: 'update',
    data: {},
    queryKeys: [],
    timestamp: 1,
    retryCount: 0,
    status: 'pending',
    recordKeys: [],
    inFlight: false,
    nextAttemptAt: 0,
    ...over,
  });

  it('lays a field change and a staff list over the home, each home with its state', () => {
    const [first, second, third] = [homeAt(0), homeAt(1), homeAt(2)];
    const { records, states } = overlayHomeWrites(
      [first, second, third],
      [
        row({ data: { id: first.id, Address: '1 Queued Way' } }),
        row({
          operation: 'updateStaff',
          status: 'failed',
          data: { id: second.id, staffIds: ['emp-x'], staffType: 'Sales Staff' },
        }),
        row({ type: 'phoneCall', data: { id: third.id, Address: 'not a home write' } }),
      ],
    );
    expect(records?.[0]?.Address).toBe('1 Queued Way');
    expect(records?.[1]?.['Sales Staff']).toEqual(['emp-x']);
    expect(records?.[1]).not.toHaveProperty('staffIds');
    expect(records?.[2]).toEqual(third);
    expect([...states]).toEqual([
      [first.id, 'pending'],
      [second.id, 'failed'],
    ]);
  });
});
