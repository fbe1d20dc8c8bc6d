// @vitest-environment node
// What the items screen shows and allows, decided without a server: a manager, a builder
// (no manager walks) and customer service (reads items, writes only post-close ones, reads
// no walk form).

import { describe, expect, it } from 'vitest';
import type { Access, ScopeGroup } from '@field/domain';
import { resolveAccess } from '@field/domain';
import type { WalkRef } from '../../data/item-walks';
import type { PunchItem } from '../../data/punch-items';
import { toItem } from '../../data/punch-items';
import {
  addableTypes,
  canWriteItem,
  parseItemsPath,
  shownItems,
  walkBlocker,
  walkIdForNewItem,
} from './item-rules';

const group = (value: ScopeGroup): Access =>
  resolveAccess([{ value, approved: true, group: true, read: true, write: true }]);
const MANAGER = group('manager');
const CUSTOMER_SERVICE = group('customerService');

const item = (id: string, Walk: string, Name: string, Status = 'Outstanding'): PunchItem =>
  toItem({ id, Walk, Name, Status });

const ITEMS = [
  item('a', 'post-close', 'Window latch'),
  item('b', 'frame-punch', 'Stud bowed', 'Complete'),
  item('c', 'final-punch', 'Paint scuff'),
  item('d', 'frame-punch', 'Blocking missing'),
  item('e', 'retired-type', 'From an old app'),
];

const names = (items: readonly PunchItem[]) => items.map((i) => i.Name);

describe('the items routes', () => {
  it('read the level and the walk type from the path, either left out', () => {
    expect(parseItemsPath('/homes/items/all-items')).toEqual({ level: undefined, type: undefined });
    expect(parseItemsPath('/homes/items/outstanding/frame-punch')).toEqual({
      level: 'outstanding',
      type: 'frame-punch',
    });
    expect(parseItemsPath('/homes/items/nhp')).toEqual({ level: undefined, type: 'nhp' });
  });

  it('show items in walk-type order, by name within a type, and none of an unknown type', () => {
    const all = shownItems(ITEMS, MANAGER, parseItemsPath('/homes/items/all-items'));
    expect(names(all)).toEqual(['Blocking missing', 'Stud bowed', 'Paint scuff', 'Window latch']);
  });

  it('narrow to the route’s level and type', () => {
    const route = parseItemsPath('/homes/items/outstanding/frame-punch');
    expect(names(shownItems(ITEMS, MANAGER, route))).toEqual(['Blocking missing']);
    const complete = parseItemsPath('/homes/items/complete');
    expect(names(shownItems(ITEMS, MANAGER, complete))).toEqual(['Stud bowed']);
  });

  it('let customer service add and change post-close items only', () => {
    expect(addableTypes(CUSTOMER_SERVICE, undefined)).toEqual(['post-close']);
    expect(addableTypes(CUSTOMER_SERVICE, 'final-punch')).toEqual([]);
    expect(addableTypes(MANAGER, 'nhp')).toEqual(['nhp']);
    expect(canWriteItem(CUSTOMER_SERVICE, item('x', 'post-close', 'x'))).toBe(true);
    expect(canWriteItem(CUSTOMER_SERVICE, item('x', 'frame-punch', 'x'))).toBe(false);
    expect(canWriteItem(MANAGER, item('x', 'retired-type', 'x'))).toBe(false);
  });
});

describe('adding an item', () => {
  const preDrywall: WalkRef = { id: 'w-pd', kind: 'preDrywall', type: undefined };
  const postClose: WalkRef = { id: 'w-pc', kind: 'closing', type: 'post-close' };
  const queuedNhp: WalkRef = { id: 'w-nhp', kind: 'closing', type: 'nhp', queued: true };
  const walks = [preDrywall, postClose, queuedNhp];

  it('hangs frame punch on the pre-drywall walk and a closing type on its own closing walk', () => {
    expect(walkIdForNewItem(MANAGER, walks, 'frame-punch')).toBe('w-pd');
    expect(walkIdForNewItem(MANAGER, walks, 'post-close')).toBe('w-pc');
    expect(walkBlocker(MANAGER, walks, 'frame-punch')).toBeNull();
  });

  it('waits for a missing walk, and for one started on this device until it is synced', () => {
    expect(walkBlocker(MANAGER, walks, 'final-punch')).toBe('noWalk');
    expect(walkBlocker(MANAGER, walks, 'nhp')).toBe('walkNotSynced');
  });

  it('sends by home alone, with nothing to wait for, where the user cannot read the walk', () => {
    expect(walkBlocker(CUSTOMER_SERVICE, [], 'post-close')).toBeNull();
    expect(walkIdForNewItem(CUSTOMER_SERVICE, walks, 'post-close')).toBeUndefined();
  });
});
