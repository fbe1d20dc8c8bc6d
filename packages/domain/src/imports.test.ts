import { describe, expect, it } from 'vitest';
import {
  classifyRows,
  detectImportEntity,
  importCounts,
  missingRequired,
  naturalKey,
  suggestMapping,
} from './imports.js';

const HOME_COLUMNS = ['Home ID', 'Street Address', 'Community', 'Start Date', 'Notes'];

describe('column mapping', () => {
  it('suggests the columns named like a field or one of its aliases, none for the others', () => {
    const mapping = suggestMapping('homes', HOME_COLUMNS);
    expect(mapping).toMatchObject({
      HomeID: 'Home ID',
      Address: 'Street Address',
      Community: 'Community',
      'Construction Start': 'Start Date',
      Plan: null,
    });
  });

  it('keeps a remembered choice while its column is still in the file', () => {
    const mapping = suggestMapping('homes', HOME_COLUMNS, {
      Address: 'Notes',
      Plan: 'Model name',
      Community: null,
    });
    expect(mapping['Address']).toBe('Notes');
    expect(mapping['Community']).toBeNull();
    expect(mapping['Plan']).toBeNull();
  });

  it('names the required fields left without a column', () => {
    expect(missingRequired('vendors', { Name: 'Vendor', Trade: null })).toEqual(['Trade']);
  });
});

describe('entity detection', () => {
  it.each([
    [HOME_COLUMNS, 'homes'],
    [['Email', 'First Name', 'Last Name', 'Position'], 'employees'],
    [['Vendor', 'Trade', 'Email'], 'vendors'],
    [['Name', 'Notes'], undefined],
  ])('reads %j as %s', (columns, entity) => {
    expect(detectImportEntity(columns)).toBe(entity);
  });
});

describe('natural keys', () => {
  it('match employees by e-mail in any case and vendors by name and trade', () => {
    expect(naturalKey('employees', { Email: ' Ada@Example.com ' })).toBe(
      naturalKey('employees', { Email: 'ada@example.com' }),
    );
    expect(naturalKey('vendors', { Name: 'Acme', Trade: 'Drywall' })).not.toBe(
      naturalKey('vendors', { Name: 'Acme', Trade: 'Paint' }),
    );
    expect(naturalKey('homes', { HomeID: ' 1001' })).toBe(naturalKey('homes', { HomeID: '1001' }));
    expect(naturalKey('homes', { HomeID: '1001' })).not.toBe(
      naturalKey('homes', { HomeID: '1002' }),
    );
  });
});

describe('row classification', () => {
  const mapping = { Email: 'mail', 'First Name': 'first', 'Last Name': 'last', Role: 'role' };
  const stored = [
    {
      id: 'e1',
      data: {
        Email: 'ada@example.com',
        'First Name': 'Ada',
        'Last Name': 'Lee',
        Name: 'Ada Lee',
        Role: 'Builder',
      },
    },
    {
      id: 'e2',
      data: {
        Email: 'cy@example.com',
        'First Name': 'Cy',
        'Last Name': 'Ng',
        Name: 'Cy Ng',
        Role: 'Sales',
      },
    },
  ];
  const row = (mail: string, first: string, last: string, role: string) => ({
    mail,
    first,
    last,
    role,
  });

  it('marks rows new, changed (with the fields), unchanged and invalid (with reasons)', () => {
    const rows = classifyRows(
      'employees',
      mapping,
      [
        row('ADA@example.com', 'Ada', 'Lee', 'builder'),
        row('cy@example.com', 'Cy', 'Ng', 'Manager'),
        row('new@example.com', 'Neu', 'Person', 'Design'),
        row('not-an-address', '', 'X', 'Pilot'),
        row('new@example.com', 'Again', 'Person', 'Design'),
      ],
      stored,
    );
    expect(rows.map((r) => r.status)).toEqual(['changed', 'changed', 'new', 'invalid', 'invalid']);
    expect(rows[0]?.fields).toEqual(['Email']);
    expect(rows[1]).toMatchObject({ recordId: 'e2', fields: ['Role'], line: 3 });
    expect(rows[3]?.reasons).toEqual([
      'Email "not-an-address": not an e-mail address',
      'First Name is empty',
      expect.stringContaining('Role "Pilot": not a role'),
    ]);
    expect(rows[4]?.reasons).toEqual(['same key as line 4']);
    expect(importCounts(rows)).toEqual({ new: 1, changed: 2, unchanged: 0, invalid: 2 });
  });

  it('finds a row that repeats a stored record unchanged', () => {
    const rows = classifyRows(
      'employees',
      mapping,
      [row('ada@example.com', 'Ada', 'Lee', 'Builder')],
      stored,
    );
    expect(rows[0]).toMatchObject({ status: 'unchanged', recordId: 'e1', fields: [] });
  });

  it('compares only the mapped fields, and reads empty dates as none', () => {
    const rows = classifyRows(
      'homes',
      { HomeID: 'id', Address: 'addr', 'Projected Close': 'close', 'Construction Start': 'start' },
      [
        { id: '7', addr: '1 Elm', close: '', start: '2026-01-31' },
        { id: '8', addr: '2 Elm', close: '', start: '31/01/2026' },
      ],
      [
        {
          id: 'r7',
          data: {
            HomeID: '7',
            Address: '1 Elm',
            Plan: 'A',
            'Projected Close': null,
            'Construction Start': '2026-01-31',
          },
        },
      ],
    );
    expect(rows[0]).toMatchObject({ status: 'unchanged', recordId: 'r7' });
    expect(rows[1]).toMatchObject({
      status: 'invalid',
      reasons: ['Construction Start "31/01/2026": not a date'],
    });
  });
});
