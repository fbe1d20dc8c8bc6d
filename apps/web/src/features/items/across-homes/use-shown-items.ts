// The items across homes as shown: sorted once per list and order, then filtered after
// the frame that shows the change (a keystroke paints the field first), in slices of a few
// milliseconds (item-filters.ts), the latest filters only. The screen and its bench
// (bench/src/items-across-homes.ts) share it.

import { useEffect, useMemo, useState, useTransition } from 'react';
import type { PunchItem } from '../../../data/punch-items';
import { afterNextPaint } from '../../../ui/after-next-paint';
import type { ItemContext, ItemFilters, ItemSort } from './item-filters';
import {
  filterInSlices,
  filtersNothing,
  itemMatcher,
  prepareSearch,
  sortItems,
} from './item-filters';

/** The list in order and filtered: sorted once per list and order, filtered after paint. */
export function useShownItems(
  items: readonly PunchItem[] | undefined,
  filters: ItemFilters,
  sort: ItemSort,
  lookups: ItemContext,
): PunchItem[] | undefined {
  const [shown, setShown] = useState<PunchItem[] | undefined>();
  const [, startTransition] = useTransition();
  const sorted = useMemo(
    () => (items === undefined ? undefined : sortItems(items, sort, lookups.addressOf)),
    [items, sort, lookups.addressOf],
  );
  useEffect(
    () => (sorted === undefined ? undefined : prepareSearch(sorted, lookups)),
    [sorted, lookups],
  );
  useEffect(() => {
    if (sorted === undefined) return undefined;
    if (filtersNothing(filters)) {
      // The whole list as it is: nothing to filter, nothing to allocate.
      return afterNextPaint(() => startTransition(() => setShown(sorted)));
    }
    const matches = itemMatcher(filters, lookups);
    let cancelSlices: (() => void) | undefined;
    const cancelPaint = afterNextPaint(() => {
      cancelSlices = filterInSlices(sorted, matches, (found) =>
        startTransition(() => setShown(found)),
      );
    });
    return () => {
      cancelPaint();
      cancelSlices?.();
    };
  }, [sorted, filters, lookups]);
  return shown;
}
