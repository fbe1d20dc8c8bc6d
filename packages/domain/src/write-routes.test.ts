// The specification's payload table, read independently of the registry: every call that
// lists `id` among its fields takes the record's id in its query (or the walk kinds' path),
// so a body carrying it is read there; a submit names no record.

import { describe, expect, it } from 'vitest';
import { recordIdMissingMessage, recordWriteRoute } from './write-routes.js';

describe('where a write takes its record id', () => {
  it.each([
    ['PATCH', '/api/field_homes/update'],
    ['PATCH', '/api/field_homes/updateStaff'],
    ['PATCH', '/api/field_communication/phoneCalls/update'],
    ['DELETE', '/api/field_communication/phoneCalls/delete'],
    ['PATCH', '/api/field_walks/item/update'],
    ['DELETE', '/api/field_walks/item/delete'],
  ])('%s %s: in the query or the body', (method, path) => {
    expect(recordWriteRoute(method, path)?.idIn).toBe('query');
  });

  it('the walk kinds take it in the path', () => {
    expect(recordWriteRoute('PATCH', '/api/field_walks/closing/update/:id')?.idIn).toBe('path');
  });

  it('a submit names no record', () => {
    expect(recordWriteRoute('POST', '/api/field_walks/item/submit')).toMatchObject({
      operation: 'submit',
    });
    expect(recordWriteRoute('POST', '/api/field_walks/item/submit')?.idIn).toBeUndefined();
  });

  it('keeps the specification’s words and adds where the id goes', () => {
    const del = recordWriteRoute('DELETE', '/api/field_walks/item/delete');
    expect(del?.idIn).toBe('query');
    if (del?.idIn === undefined) return;
    expect(recordIdMissingMessage({ ...del, idIn: del.idIn })).toBe(
      'Record ID is required for deletion: give it in the query (?id=) or the body',
    );
  });
});
