import { describe, expect, it } from 'vitest';
import { duplicateMessage, duplicateOf, isArchived, naturalKeyOf } from './company-records.js';
import { employeeInputSchema, employeeName } from './entities.js';

describe('the company records', () => {
  it('names a vendor by name and trade, an employee by e-mail: trimmed, any case', () => {
    expect(naturalKeyOf('vendors', { Name: ' Acme ', Trade: 'PAINT' })).toBe(
      naturalKeyOf('vendors', { Name: 'acme', Trade: 'paint' }),
    );
    expect(naturalKeyOf('vendors', { Name: 'Acme', Trade: '' })).toBeUndefined();
    expect(naturalKeyOf('notes', { Text: 'x' })).toBeUndefined();
    const employees = [
      { id: 'e1', Email: 'ann@example.com' },
      { id: 'e2', Email: 'bo@example.com' },
    ];
    expect(duplicateOf('employees', employees, { id: 'new', Email: 'ANN@example.com' })?.id).toBe(
      'e1',
    );
    // A record is no duplicate of itself.
    expect(duplicateOf('employees', employees, { id: 'e1', Email: 'Ann@example.com' })).toBe(
      undefined,
    );
    expect(duplicateMessage('homes', { HomeID: '1001' })).toBe(
      'A home with HomeID "1001" already exists',
    );
  });

  it('archives with Active false only; a missing flag is active', () => {
    expect(isArchived({ Active: false })).toBe(true);
    expect(isArchived({ Active: true })).toBe(false);
    expect(isArchived({})).toBe(false);
  });

  it("an employee's Name is first and last name; a sent Name is accepted", () => {
    expect(employeeName(' Ann ', 'Lee ')).toBe('Ann Lee');
    const parsed = employeeInputSchema.parse({
      'First Name': 'Ann',
      'Last Name': 'Lee',
      Email: 'ann@example.com',
      Role: 'Sales',
      Name: 'whatever',
    });
    expect(parsed).toMatchObject({ Phone: '', Active: true });
  });
});
