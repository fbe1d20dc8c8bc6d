// The admin's employee picker: the employee whose e-mail is the user's comes first, marked
// as the suggestion, and one tap links it.

import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Records from '../../../data/records';
import { initI18n } from '../../../ui/i18n';
import { EmployeePicker } from './employee-picker';

vi.mock('../../../data/records', async (original) => ({
  ...(await original<typeof Records>()),
  useRecordList: () => ({
    isPending: false,
    data: [
      { id: 'emp-a', Name: 'Abe Adams', Email: 'abe@example.test' },
      { id: 'emp-z', Name: 'Zoe Zimmer', Email: 'Zoe@Example.test ' },
      { id: 'emp-m', Name: 'Mo Miller', Email: '' },
    ],
  }),
}));

describe('the employee picker', () => {
  beforeAll(initI18n);
  afterEach(cleanup);

  it('offers the employee with the user’s e-mail first, marked, then the rest by name', () => {
    render(<EmployeePicker email="zoe@example.test" value={null} onChange={() => undefined} />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Employee' }));
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Zoe ZimmerZoe@Example.test Same e-mail',
      'Abe Adamsabe@example.test',
      'Mo Miller',
    ]);
    expect(within(options[0] as HTMLElement).getByText('Same e-mail')).toBeTruthy();
  });

  it('links the suggestion in one tap, and suggests nothing when no e-mail matches', () => {
    const onChange = vi.fn();
    render(<EmployeePicker email="zoe@example.test" value={null} onChange={onChange} />);
    expect(screen.getByText('Suggested: Zoe Zimmer has this user’s e-mail.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Link to this employee' }));
    expect(onChange).toHaveBeenCalledWith('emp-z');
    cleanup();

    render(<EmployeePicker email="nobody@example.test" value={null} onChange={onChange} />);
    expect(screen.queryByText(/Suggested:/)).toBeNull();
  });
});
