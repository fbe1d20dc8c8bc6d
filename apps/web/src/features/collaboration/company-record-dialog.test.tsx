// The add and edit dialog of employees, vendors and homes added by hand: the domain's
// messages under the fields, a natural key another record holds refused before anything is
// saved, and an edit saving only what changed.

import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { homeInputSchema } from '@field/domain';
import type { MutationRow } from '../../offline/database';
import { overlayHomeWrites } from '../../data/homes';
import type { ActiveHome } from '../../data/homes';
import { initI18n } from '../../ui/i18n';
import type { CompanyRecordDialogProps } from './company-record-dialog';
import { CompanyRecordDialog } from './company-record-dialog';

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

const VENDOR_FIELDS = [
  { name: 'Name' },
  { name: 'Trade' },
  { name: 'Phone', kind: 'tel' as const },
  { name: 'Email', kind: 'email' as const },
];
const vendors = [{ id: 'v1', Name: 'Front Range Concrete', Trade: 'Concrete', Active: true }];
const ann = {
  id: 'e1',
  'First Name': 'Ann',
  'Last Name': 'Lee',
  Email: 'ann@example.com',
  Phone: '',
  Role: 'Builder',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

function open(
  props: Partial<CompanyRecordDialogProps> & Pick<CompanyRecordDialogProps, 'resource'>,
) {
  const onSave = vi.fn<CompanyRecordDialogProps['onSave']>(() => Promise.resolve());
  const onClose = vi.fn();
  render(
    <CompanyRecordDialog
      formId="vendors"
      title="The dialog"
      fields={VENDOR_FIELDS}
      records={vendors}
      onSave={onSave}
      onClose={onClose}
      {...props}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'The dialog' });
  const type = (label: string, value: string) =>
    fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
  const save = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  return { dialog, type, save, onSave, onClose };
}

describe('the company record dialog', () => {
  it('asks for a vendor’s name and trade and checks phone and e-mail, saving nothing', async () => {
    const { dialog, type, save, onSave } = open({ resource: 'vendors' });
    type('Phone', '12');
    type('Email', 'x@');
    save();
    await within(dialog).findByText(
      'Missing required field "Name" for operation "submit" in mutation type "vendor"',
    );
    expect(within(dialog).getByText(/expected a phone number of at least 7 digits/)).toBeTruthy();
    expect(
      within(dialog).getByText('expected an e-mail address such as name@example.com'),
    ).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses a vendor another holds by name and trade (any case) under the name', async () => {
    const { dialog, type, save, onSave, onClose } = open({ resource: 'vendors' });
    type('Name', ' front range concrete');
    type('Trade', 'CONCRETE');
    save();
    await within(dialog).findByText(
      'A vendor with Name " front range concrete" and Trade "CONCRETE" already exists',
    );
    expect(onSave).not.toHaveBeenCalled();
    type('Trade', 'Flatwork');
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith({
      Name: ' front range concrete',
      Trade: 'Flatwork',
      Phone: '',
      Email: '',
    });
  });

  it('saves only an employee’s changed fields; a blanked name is refused as the add would', async () => {
    const { dialog, type, save, onSave, onClose } = open({
      resource: 'employees',
      formId: 'employees',
      fields: [{ name: 'First Name' }, { name: 'Last Name' }, { name: 'Email', kind: 'email' }],
      record: ann,
      records: [ann, { ...ann, id: 'e2', Email: 'bo@example.com' }],
    });
    type('First name', '');
    type('Email', 'BO@example.com');
    save();
    await within(dialog).findByText(
      'Missing required field "First Name" for operation "update" in mutation type "employee"',
    );
    type('First name', 'Ann');
    save();
    await within(dialog).findByText('An employee with Email "BO@example.com" already exists');
    type('Email', 'ann.lee@example.com');
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith({ Email: 'ann.lee@example.com' });
  });

  it('refuses a home whose HomeID another home holds', async () => {
    const { dialog, type, save, onSave } = open({
      resource: 'homes',
      formId: 'manageHomes',
      fields: [{ name: 'HomeID' }, { name: 'Address' }],
      records: [{ id: 'h1', HomeID: '1001', Address: '1 Main St' }],
    });
    type('Home ID', '1001');
    type('Address', '2 Main St');
    save();
    await within(dialog).findByText('A home with HomeID "1001" already exists');
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe('queued home writes over the list', () => {
  const row = (operation: string, data: Record<string, unknown>): MutationRow => ({
    id: `m-${operation}`,
    type: 'home',
    operation,
    data,
    queryKeys: [],
    timestamp: 1,
    retryCount: 0,
    status: 'pending',
    recordKeys: [],
    inFlight: false,
    nextAttemptAt: 0,
  });
  const home = { id: 'h1', HomeRID: 'h1', HomeID: '1', Address: '1 Main St' } as ActiveHome;

  it('a home added by hand joins the list; one archived leaves it', () => {
    const added = {
      ...homeInputSchema.parse({ id: 'h2', HomeID: '2', Address: '2 St' }),
      HomeRID: 'h2',
    };
    const shown = overlayHomeWrites(
      [home],
      [row('submit', added), row('update', { id: 'h1', Active: false })],
    );
    expect(shown.records?.map((h) => h.id)).toEqual(['h2']);
    expect(shown.states.get('h2')).toBe('pending');
  });
});
