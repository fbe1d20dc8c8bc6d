// The filters and the order of the items across the user's homes (docs/offline.md: read
// from the device). Pure: no React, no store. Made for 200,000 items: the texts searched
// are lowercased once per item object (a changed item is a new object), the list is
// sorted once per order and the filters keep that order, so a keystroke is one pass of
// `includes` over the sorted list (use-shown-items.ts runs it in slices).

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

/** Per lookups (homes, vendors, today), per item object: the words searched, lowercased. */
const searchTexts = new WeakMap<ItemContext, WeakMap<object, string>>();

/**
 * The words an item is found by (its name, location, category, home address and vendor's
 * name), lowercased once per item object and lookups: a changed item is a new object, a
 * renamed vendor new lookups.
 */
function searchText(item: FilterItem, context: ItemContext): string {
  let texts = searchTexts.get(context);
  if (texts === undefined) {
    texts = new WeakMap();
    searchTexts.set(context, texts);
  }
  let text = texts.get(item);
  if (text === undefined) {
    const home = context.addressOf(item.HomeRID);
    const vendor = context.vendorNameOf(item.Vendor);
    text = `${item.Name}\n${item.Location}\n${item.Category}\n${home}\n${vendor}`.toLowerCase();
    texts.set(item, text);
  }
  return text;
}

/** Whether the filters let every item through (the list is then shown as it is). */
export function filtersNothing(filters: ItemFilters): boolean {
  return (
    filters.text.trim() === '' &&
    filters.vendor === 'any' &&
    filters.status === 'any' &&
    !filters.overdue &&
    filters.walk === 'any' &&
    filters.category === 'any'
  );
}

/**
 * Whether an item passes the filters: all of them, and each word of the text in the item's
 * words, its home's address or its vendor's name ("meadowlark nail": nail pops on
 * Meadowlark Lane).
 */
export function itemMatcher(
  filters: ItemFilters,
  context: ItemContext,
): (item: FilterItem) => boolean {
  const words = filters.text
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
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
    if (words.length === 0) return true;
    const text = searchText(item, context);
    for (const word of words) if (!text.includes(word)) return false;
    return true;
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
 * An address as it sorts: its numbers by value ("3 Birch" before "12 Oak"), by padding each
 * run of digits, so the sort compares plain strings (a collator's numeric compare is
 * several times slower over 200,000 items).
 */
function addressKey(address: string): string {
  return address.toLowerCase().replace(/\d+/g, (digits) => digits.padStart(12, '0'));
}

/**
 * The items in order: by due date (soonest first, none last), then home, then name; or by
 * home (its address, numbers by value), then due date, then name. Keys are made once per
 * item, not per comparison.
 */
export function sortItems<T extends FilterItem>(
  items: readonly T[],
  sort: ItemSort,
  addressOf: (homeId: string | null) => string,
): T[] {
  const keyed = items.map((item) => {
    const due = item['Due Date'] ?? NO_DUE;
    const home = addressKey(addressOf(item.HomeRID));
    const name = item.Name.toLowerCase();
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
  const budget = options.budgetMs ?? 2;
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
      // Checks the clock every 100 items: a clock read costs more than a match.
      const end = Math.min(items.length, index + 100);
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

/**
 * Makes the items' search texts ahead of the first keystroke, in slices (the list opens,
 * the user has not typed yet), so typing allocates next to nothing. Returns a cancel.
 */
export function prepareSearch(items: readonly FilterItem[], context: ItemContext): () => void {
  return filterInSlices(
    items,
    (item) => {
      searchText(item, context);
      return false;
    },
    () => undefined,
  );
}
