import { describe, expect, it } from 'vitest';
import { isOverdue, itemTransitionError, transitionsFrom } from './item-review.js';

describe('the review step of an item', () => {
  it('offers the trade only to say an outstanding item is fixed', () => {
    expect(transitionsFrom('Outstanding', 'trade')).toEqual(['markReady']);
    expect(transitionsFrom('Ready for review', 'trade')).toEqual([]);
    expect(transitionsFrom('Ready for review', 'staff')).toEqual(['complete', 'sendBack']);
    expect(transitionsFrom('Complete', 'staff')).toEqual(['reopen']);
  });

  it('refuses the trade completing an item', () => {
    expect(itemTransitionError('Ready for review', { Status: 'Complete' }, 'trade')).toContain(
      'trade',
    );
    expect(itemTransitionError('Ready for review', { Status: 'Complete' }, 'staff')).toBe(
      undefined,
    );
  });

  it('marks open items due before today overdue', () => {
    const item = { Status: 'Outstanding', 'Due Date': '2026-05-01' };
    expect(isOverdue(item, '2026-05-02')).toBe(true);
    expect(isOverdue(item, '2026-05-01')).toBe(false);
    expect(isOverdue({ ...item, Status: 'Complete' }, '2026-06-01')).toBe(false);
    expect(isOverdue({ Status: 'Outstanding' }, '2026-06-01')).toBe(false);
  });
});
