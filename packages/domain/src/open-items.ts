// The summary counts of open items for one home: which items are open (status `Outstanding`, our
// reading: docs/entities.md) and which count each walk type feeds. Computed once here; the web app
// lays its queued writes over the items first.

import type { OpenItemSummary } from './entities.js';
import type { OpenItemCountKey } from './navigation.js';
import { OPEN_ITEM_COUNT_KEYS, WALK_TYPE_COUNT_KEY } from './navigation.js';
import type { WalkType } from './walks.js';
import { WALK_TYPES } from './walks.js';

/** An item as a list holds it: the counts read its `Walk`, `Status` and `deletedAt`. */
export type CountedItem = Readonly<Record<string, unknown>>;

/** An item is open until it is complete; a deleted item is not counted at all. */
export function isOpenItem(item: CountedItem): boolean {
  const deletedAt = item['deletedAt'];
  if (deletedAt !== undefined && deletedAt !== null) return false;
  return item['Status'] !== 'Complete';
}

/**
 * The six counts over a home's items: `Open Items` counts every open item of a known walk type,
 * each per-type count the open items of its type. Items of types the caller may not see are left
 * out by passing `countsType`.
 */
export function openItemCounts(
  items: readonly CountedItem[],
  countsType: (type: WalkType) => boolean = () => true,
): OpenItemSummary {
  const counts = Object.fromEntries(OPEN_ITEM_COUNT_KEYS.map((key) => [key, 0])) as Record<
    OpenItemCountKey,
    number
  >; // Safe: one entry per key, made on this line.
  for (const item of items) {
    const type = WALK_TYPES.find((t) => t === item['Walk']);
    if (type === undefined || !countsType(type) || !isOpenItem(item)) continue;
    counts['Open Items'] += 1;
    counts[WALK_TYPE_COUNT_KEY[type]] += 1;
  }
  return counts;
}
