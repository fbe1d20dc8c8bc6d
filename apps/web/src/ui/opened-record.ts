// The record an address names (`?record=`, where opening a notification leads): its row is
// marked (`data-opened`) and scrolled into view once the list is there.

import { useEffect } from 'react';

/** The style of the row or card of the opened record. */
export const OPENED_ROW = {
  '&[data-opened="true"]': {
    bgcolor: 'action.selected',
    outline: '2px solid',
    outlineColor: 'primary.main',
  },
} as const;

/** The id the address names in `param` (`record`, or `entry` for a job's schedule entry). */
export function useOpenedRecord(listShown: boolean, param = 'record'): string | null {
  // Read from the address itself: a list rendered outside a router (its tests) has none.
  const opened = new URLSearchParams(window.location.search).get(param);
  useEffect(() => {
    if (!listShown || opened === null) return;
    document
      .querySelector(`[data-record-id="${CSS.escape(opened)}"]`)
      ?.scrollIntoView({ block: 'center' });
  }, [listShown, opened]);
  return opened;
}
