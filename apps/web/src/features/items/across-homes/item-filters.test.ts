import { describe, expect, it } from 'vitest';
import type { PunchItem } from '../../../data/punch-items';
import { toItem } from '../../../data/punch-items';
import type { ItemFilters } from './item-filters';
import { NO_FILTERS, categoriesOf, filterInSlices, filterItems, sortItems } from './item-filters';

const item = (id: string, fields: Partial<PunchItem>): PunchItem =>
  toItem({
    id,
    Walk: 'final-punch',
    Category: 'Drywall',
    Location: 'Hall',
    Name: id,
    Status: 'Outstanding',
    HomeRID: 'h1',
    ...fields,
  });

const ITEMS = [
  item('nail pops', { Vendor: 'v1', 'Due Date': '2026-01-15' }),
  item('door sticks', { Category: 'Doors', HomeRID: 'h2', 'Due Date': '2026-03-01' }),
  item('paint touch-up', { Category: 'Paint', Vendor: 'v2', Status: 'Complete' }),
  item('gutter', {
    Walk: 'post-close',
    Category: 'Exterior',
    HomeRID: 'h2',
    Vendor: 'v1',
    Status: 'Ready for review',
  }),
  item('grout', { Category: 'Tile', HomeRID: 'h3', 'Due Date': '2026-01-15' }),
];

const ADDRESSES: Record<string, string> = {
  h1: '12 Oak Street',
  h2: '3 Birch Lane',
  h3: '40 Alder Court',
};
const VENDORS: Record<string, string> = { v1: 'Dana Drywall Co', v2: 'Brush Painters' };
const context = {
  today: '2026-02-01',
  addressOf: (id: string | null) => ADDRESSES[id ?? ''] ?? '',
  vendorNameOf: (id: string | null) => VENDORS[id ?? ''] ?? '',
};
const names = (items: readonly PunchItem[]) => items.map((i) => i.Name);
const shown = (change: Partial<ItemFilters>) =>
  names(filterItems(ITEMS, { ...NO_FILTERS, ...change }, context));

describe('items across homes: filters', () => {
  it('shows the open items (not complete) by default', () => {
    expect(shown({})).toEqual(['nail pops', 'door sticks', 'gutter', 'grout']);
  });

  it('filters by vendor, or items with none', () => {
    expect(shown({ vendor: 'v1' })).toEqual(['nail pops', 'gutter']);
    expect(shown({ vendor: 'none' })).toEqual(['door sticks', 'grout']);
    expect(shown({ vendor: 'v2', status: 'any' })).toEqual(['paint touch-up']);
  });

  it('filters by status, walk type, category and overdue', () => {
    expect(shown({ status: 'Ready for review' })).toEqual(['gutter']);
    expect(shown({ status: 'Complete' })).toEqual(['paint touch-up']);
    expect(shown({ walk: 'post-close' })).toEqual(['gutter']);
    expect(shown({ category: 'Tile' })).toEqual(['grout']);
    // Due before today and not complete; a complete item is never overdue.
    expect(shown({ overdue: true, status: 'any' })).toEqual(['nail pops', 'grout']);
  });

  it('finds each word in the item, its home address or its vendor, case and spaces aside', () => {
    expect(shown({ text: '  NAIL ' })).toEqual(['nail pops']);
    expect(shown({ text: 'birch' })).toEqual(['door sticks', 'gutter']);
    expect(shown({ text: 'dana drywall' })).toEqual(['nail pops', 'gutter']);
    expect(shown({ text: 'exterior' })).toEqual(['gutter']);
    // Each word somewhere: the street of the home and a word of the item.
    expect(shown({ text: 'oak nail' })).toEqual(['nail pops']);
    expect(shown({ text: 'birch exterior' })).toEqual(['gutter']);
    expect(shown({ text: 'nowhere' })).toEqual([]);
  });

  it('sees a changed item anew (a change is a new object)', () => {
    const first = ITEMS[0] as PunchItem;
    expect(names(filterItems([first], { ...NO_FILTERS, text: 'screws' }, context))).toEqual([]);
    const renamed = { ...first, Name: 'loose screws' };
    expect(names(filterItems([renamed], { ...NO_FILTERS, text: 'screws' }, context))).toEqual([
      'loose screws',
    ]);
  });

  it('sorts by due date (none last), then home, then name; or by home, then due date', () => {
    expect(names(sortItems(ITEMS, 'due', context.addressOf))).toEqual([
      'nail pops',
      'grout',
      'door sticks',
      'gutter',
      'paint touch-up',
    ]);
    // Addresses by their numbers' value: 3 Birch, 12 Oak, 40 Alder.
    expect(names(sortItems(ITEMS, 'home', context.addressOf))).toEqual([
      'door sticks',
      'gutter',
      'nail pops',
      'paint touch-up',
      'grout',
    ]);
  });

  it('lists the categories present, sorted', () => {
    expect(categoriesOf(ITEMS)).toEqual(['Doors', 'Drywall', 'Exterior', 'Paint', 'Tile']);
  });

  it('filters a long list in slices, in order, and a cancelled filtering never answers', () => {
    const many = Array.from({ length: 5000 }, (_v, i) => i);
    const waiting: Array<() => void> = [];
    const yieldTo = (next: () => void) => {
      waiting.push(next);
      return () => undefined;
    };
    let found: number[] | undefined;
    // A budget of 0: one slice of 100 items, then a yield.
    filterInSlices(
      many,
      (n) => n % 1000 === 0,
      (result) => (found = result),
      {
        budgetMs: 0,
        yieldTo,
      },
    );
    expect(found).toBeUndefined();
    while (waiting.length > 0) waiting.shift()?.();
    expect(found).toEqual([0, 1000, 2000, 3000, 4000]);

    let late: number[] | undefined;
    const cancel = filterInSlices(
      many,
      () => true,
      (result) => (late = result),
      {
        budgetMs: 0,
        yieldTo,
      },
    );
    cancel();
    while (waiting.length > 0) waiting.shift()?.();
    expect(late).toBeUndefined();
  });
});
