// The filters and the order of the items across the user's homes (docs/offline.md: read
// from the device). Pure: no React, no store. Made for 200,000 items: the texts searched
// are lowercased once per item object (a changed item is a new object), the list is
// sorted once per order and the filters keep that order, so a keystroke is one pass of
// `includes` over the sorted list (items-across-homes-screen.tsx runs it in slices).

import type { WalkType } from '@field/domain';
import { isOverdue } from '@field/domain';
import type { PunchItem } from '../../../data/punch-items';

/** Any vendor, items with none, or one vendor's id. */
type VendorFilter = 'any' | 'none' | (string & {});
/** Open: not complete (outstanding or ready for review). */
export const STATUS_FILTERS = [
  'open',
  'Outstanding',
  'Ready for review',
  'Complete',
  'any',
] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number];

export interface ItemFilters {
  text: string;
  vendor: VendorFilter;
  status: StatusFilter;
  overdue: boolean;
  walk: WalkType | 'any';
  category: string;
}

export const ITEM_SORTS = ['due', 'home'] as const;
export type ItemSort = (typeof ITEM_SORTS)[number];

export const NO_FILTERS: ItemFilters = {
  text: '',
  vendor: 'any',
  status: 'open',
  overdue: false,
  walk: 'any',
  category: 'any',
};

/** What an item is looked up by beside itself: its home's address and its vendor's name. */
export interface ItemContext {
  /** Today where the device is (`YYYY-MM-DD`), for overdue. */
  today: string;
  addressOf: (homeId: string | null) => string;
  vendorNameOf: (vendorId: string | null) => string;
}

type FilterItem = Pick<
  PunchItem,
  'Name' | 'Location' | 'Category' | 'Walk' | 'Status' | 'Vendor' | 'Due Date' | 'HomeRID'
>;

const ownTexts = new WeakMap<object, string>();

/** The item's own words searched (name, location, category), lowercased once per object. */
function ownText(item: FilterItem): string {
  let text = ownTexts.get(item);
  if (text === undefined) {
    text = `${item.Name}\n${item.Location}\n${item.Category}`.toLocaleLowerCase();
    ownTexts.set(item, text);
  }
  return text;
}

/** Memoises a lowercased lookup (addresses, vendor names) for one filtering. */
function lowered(lookup: (key: string | null) => string): (key: string | null) => string {
  const seen = new Map<string | null, string>();
  return (key) => {
    let text = seen.get(key);
    if (text === undefined) {
      text = lookup(key).toLocaleLowerCase();
      seen.set(key, text);
    }
    return text;
  };
}

/** Whether an item passes the filters: all of them, the text in its words, home or vendor. */
export function itemMatcher(
  filters: ItemFilters,
  context: ItemContext,
): (item: FilterItem) => boolean {
  const needle = filters.text.trim().toLocaleLowerCase();
  const address = lowered(context.addressOf);
  const vendorName = lowered(context.vendorNameOf);
  return (item) => {
    if (
      filters.vendor === 'none'
        ? item.Vendor !== null
        : filters.vendor !== 'any' && item.Vendor !== filters.vendor
    ) {
      return false;
    }
    if (
      filters.status === 'open'
        ? item.Status === 'Complete'
        : filters.status !== 'any' && item.Status !== filters.status
    ) {
      return false;
    }
    if (filters.walk !== 'any' && item.Walk !== filters.walk) return false;
    if (filters.category !== 'any' && item.Category !== filters.category) return false;
    if (filters.overdue && !isOverdue(item, context.today)) return false;
    if (needle === '') return true;
    return (
      ownText(item).includes(needle) ||
      address(item.HomeRID).includes(needle) ||
      vendorName(item.Vendor).includes(needle)
    );
  };
}

/** The items that pass, in the order given. */
export function filterItems<T extends FilterItem>(
  items: readonly T[],
  filters: ItemFilters,
  context: ItemContext,
): T[] {
  const matches = itemMatcher(filters, context);
  return items.filter(matches);
}

/** The date sorted first and last: no due date sorts after every date. */
const NO_DUE = '\uffff';

/**
 * The items in order: by due date (soonest first, none last), then home, then name; or by
 * home (its address), then due date, then name. Keys are made once per item, not per
 * comparison.
 */
export function sortItems<T extends FilterItem>(
  items: readonly T[],
  sort: ItemSort,
  addressOf: (homeId: string | null) => string,
): T[] {
  const keyed = items.map((item) => {
    const due = item['Due Date'] ?? NO_DUE;
    const home = addressOf(item.HomeRID).toLocaleLowerCase();
    const name = item.Name.toLocaleLowerCase();
    return { item, first: sort === 'due' ? due : home, second: sort === 'due' ? home : due, name };
  });
  keyed.sort((a, b) =>
    a.first !== b.first
      ? a.first < b.first
        ? -1
        : 1
      : a.second !== b.second
        ? a.second < b.second
          ? -1
          : 1
        : a.name < b.name
          ? -1
          : a.name > b.name
            ? 1
            : 0,
  );
  return keyed.map((entry) => entry.item);
}

/** The categories among the items, sorted, for the category filter. */
export function categoriesOf(items: readonly FilterItem[]): string[] {
  const seen = new Set<string>();
  for (const item of items) if (item.Category !== '') seen.add(item.Category);
  return [...seen].sort((a, b) => a.localeCompare(b));
}

/**
 * Filters in slices of about `budgetMs` of main-thread time, yielding between them, so a
 * keystroke over 200,000 items never holds the page for a frame; `done` gets the result.
 * Returns a cancel (the next keystroke's filtering replaces this one).
 */
export function filterInSlices<T>(
  items: readonly T[],
  matches: (item: T) => boolean,
  done: (found: T[]) => void,
  options: { budgetMs?: number; yieldTo?: (next: () => void) => () => void } = {},
): () => void {
  const budget = options.budgetMs ?? 6;
  const yieldTo =
    options.yieldTo ??
    ((next: () => void) => {
      const timer = setTimeout(next, 0);
      return () => clearTimeout(timer);
    });
  const found: T[] = [];
  let index = 0;
  let cancelled = false;
  let cancelWait: (() => void) | undefined;
  const step = (): void => {
    cancelWait = undefined;
    if (cancelled) return;
    const until = performance.now() + budget;
    while (index < items.length) {
      // Checks the clock every 1,000 items: a clock read costs more than a match.
      const end = Math.min(items.length, index + 1000);
      for (; index < end; index += 1) {
        const item = items[index] as T;
        if (matches(item)) found.push(item);
      }
      if (performance.now() >= until && index < items.length) {
        cancelWait = yieldTo(step);
        return;
      }
    }
    if (!cancelled) done(found);
  };
  step();
  return () => {
    cancelled = true;
    cancelWait?.();
  };
}
