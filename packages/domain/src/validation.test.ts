import { describe, expect, it } from 'vitest';
import {
  noteUpdateSchema,
  phoneCallInputSchema,
  walkFormUpdateSchema,
  walkItemInputSchema,
} from './entities.js';
import { describeZodError, parseIsoDate, parseTimestamp } from './validation.js';

describe('ISO 8601 dates (issue 9: "Date": "1" was accepted)', () => {
  it.each([
    '2026-11-05',
    '2026-11-05T08:00',
    '2026-11-05T08:00:00',
    '2026-11-05T08:00:00Z',
    '2026-11-05T08:00:00.000Z',
    '2026-11-05T08:00:00.123456+02:00',
    '2024-02-29',
    '1900-01-01',
    '2199-12-31T23:59:59Z',
  ])('accepts %s', (value) => {
    expect(parseIsoDate(value)).toBe(Date.parse(value));
  });

  it.each([
    '1',
    '0',
    '',
    'tomorrow',
    '2026',
    '2026-11',
    '11/05/2026',
    '2026-13-01',
    '2026-02-30',
    '2025-02-29',
    '2026-11-05T24:00',
    '2026-11-05T08:60',
    '2026-11-05 08:00',
    '1899-12-31',
    '2200-01-01',
    '+275760-09-13',
    '2026-11-05T08:00:00+25:00',
    'Thu, 05 Nov 2026 08:00:00 GMT',
  ])('refuses %s', (value) => {
    expect(parseIsoDate(value)).toBeUndefined();
  });
});

describe('lastUpdate timestamps', () => {
  it('takes epoch milliseconds or an ISO date and answers an ISO time', () => {
    expect(parseTimestamp('0')).toBe('1970-01-01T00:00:00.000Z');
    expect(parseTimestamp('1790000000000')).toBe(new Date(1790000000000).toISOString());
    expect(parseTimestamp('2026-11-05T08:00:00.000Z')).toBe('2026-11-05T08:00:00.000Z');
  });

  it.each(['99999999999999999999', '8640000000000001', '9999999999999999', '-1', '1e3', 'x', ''])(
    'refuses %s',
    (value) => {
      expect(parseTimestamp(value)).toBeUndefined();
    },
  );
});

describe('record inputs refuse fields they do not have', () => {
  it.each([
    [
      phoneCallInputSchema,
      { Home: 'h1', Staff: 'e', Date: '2026-11-05', Notes: '', Voicemail: false, Colour: 'red' },
      'Unknown field "Colour"',
    ],
    [noteUpdateSchema, { Text: 'x', isAdmin: true }, 'Unknown field "isAdmin"'],
    [
      walkFormUpdateSchema,
      { uploadedFiles: [{ collection: 'c', key: 'k', x: 1 }] },
      'Unknown field "uploadedFiles.0.x"',
    ],
    [
      walkItemInputSchema,
      { Walk: 'nhp', Category: 'c', Location: 'l', Name: 'n', 'Completed At': '1' },
      'Invalid value for "Completed At": expected an ISO 8601 date or date-time between the years 1900 and 2199',
    ],
  ])('%#: names the field', (schema, value, message) => {
    const result = schema.safeParse(value);
    expect(result.success).toBe(false);
    if (!result.success) expect(describeZodError(result.error)).toBe(message);
  });

  it('accepts the server fields of a record sent back as read, and ignores nothing else', () => {
    const call = {
      Home: 'h1',
      Staff: 'e',
      Date: '2026-11-05T08:00:00.000Z',
      Notes: '',
      Voicemail: false,
      createdAt: '2026-11-05T08:00:00.000Z',
      updatedAt: '2026-11-05T08:00:00.000Z',
      deletedAt: null,
    };
    expect(phoneCallInputSchema.safeParse(call).success).toBe(true);
  });
});

describe('a marked-up photo names its original (docs/decisions.md, Markup on photos)', () => {
  const item = (original: unknown) => ({
    Walk: 'final-punch',
    Category: 'Paint',
    Location: 'Hall',
    Name: 'Scuff',
    Photos: [{ collection: 'walkItems', key: 'i1/f2', name: 'a-markup.jpg', original }],
  });

  it('accepts the original beside the marked copy', () => {
    expect(
      walkItemInputSchema.safeParse(item({ collection: 'walkItems', key: 'i1/f1' })).success,
    ).toBe(true);
  });

  it('refuses an original the files API would refuse, or with other fields', () => {
    expect(
      walkItemInputSchema.safeParse(item({ collection: 'walkItems', key: '../x' })).success,
    ).toBe(false);
    expect(
      walkItemInputSchema.safeParse(item({ collection: 'walkItems', key: 'i1/f1', extra: 1 }))
        .success,
    ).toBe(false);
  });
});
