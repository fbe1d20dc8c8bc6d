import { describe, expect, it } from 'vitest';
import { sortableId } from './sortable-id.js';

describe('sortableId', () => {
  it('gives ids made in one burst that sort in the order they were made, none twice', () => {
    const ids = Array.from({ length: 5000 }, () => sortableId());
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(/^[0-9a-z]{13}-[0-9a-f]{12}$/);
  });
});
