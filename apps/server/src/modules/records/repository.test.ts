import { describe, expect, it } from 'vitest';
import type { RecordsTable } from '../../db/schema.js';
import { apiRecordsJson, toApiRecord } from './repository.js';

function row(id: string, data: unknown, deletedAt: string | null = null): RecordsTable {
  return {
    kind: 'phoneCalls',
    id,
    home_rid: 'h1',
    parent_id: null,
    data: JSON.stringify(data),
    version: 1,
    created_at: '2026-01-02T03:04:05.000Z',
    updated_at: '2026-01-02T03:04:06.000Z',
    deleted_at: deletedAt,
  };
}

describe('apiRecordsJson', () => {
  it.each([
    ['no rows', []],
    ['an empty record', [row('a', {})]],
    [
      'fields of every JSON type, quotes and non-ASCII text',
      [
        row('b', {
          Notes: 'He said "call back" — près de la porte\n',
          Voicemail: false,
          Count: 0,
          Staff: ['e1', 'e2'],
          Nested: { a: null },
        }),
        row('c "quoted"', { Home: 'h1' }, '2026-02-01T00:00:00.000Z'),
      ],
    ],
  ])('answers the same JSON as mapping each row: %s', (_name, rows) => {
    const json = apiRecordsJson(rows);
    expect(json).toBe(JSON.stringify(rows.map(toApiRecord)));
    expect(JSON.parse(json)).toEqual(rows.map(toApiRecord));
  });
});
