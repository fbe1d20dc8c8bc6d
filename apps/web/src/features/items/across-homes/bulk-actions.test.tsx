// The trade link among the bulk actions: offered when every selected item names the same
// vendor and the user writes vendors (as on the vendors' page), and for no other selection.

import { describe, expect, it } from 'vitest';
import type { Access } from '@field/domain';
import { resolveAccess } from '@field/domain';
import { toItem } from '../../../data/punch-items';
import { BULK_ACTIONS, isOffered } from './bulk-actions';

const MANAGER: Access = resolveAccess([
  { value: 'manager', approved: true, group: true, read: true, write: true },
]);
const ITEMS_ONLY: Access = resolveAccess([
  { value: 'homes_final_punch_items', approved: true, group: false, read: true, write: true },
]);

const item = (id: string, vendor: string | null) =>
  toItem({ id, Walk: 'final-punch', Name: id, Status: 'Outstanding', Vendor: vendor });

function tradeLinkOffered(items: ReturnType<typeof item>[], access: Access): boolean {
  const def = BULK_ACTIONS.find((entry) => entry.id === 'tradeLink');
  if (def === undefined) throw new Error('no trade link action');
  return isOffered(def, items, access);
}

describe('the bulk trade link', () => {
  it('is offered for items that all name one vendor', () => {
    expect(tradeLinkOffered([item('a', 'v1'), item('b', 'v1')], MANAGER)).toBe(true);
  });

  it('is not offered for no item, items of two vendors, or an item with none', () => {
    expect(tradeLinkOffered([], MANAGER)).toBe(false);
    expect(tradeLinkOffered([item('a', 'v1'), item('b', 'v2')], MANAGER)).toBe(false);
    expect(tradeLinkOffered([item('a', 'v1'), item('b', null)], MANAGER)).toBe(false);
    expect(tradeLinkOffered([item('a', null)], MANAGER)).toBe(false);
  });

  it('is not offered to a user who does not write vendors', () => {
    expect(tradeLinkOffered([item('a', 'v1')], ITEMS_ONLY)).toBe(false);
  });

  it('leaves the other actions offered for any selection', () => {
    for (const def of BULK_ACTIONS.filter((entry) => entry.id !== 'tradeLink')) {
      expect(isOffered(def, [item('a', 'v1'), item('b', null)], MANAGER)).toBe(true);
    }
  });
});
