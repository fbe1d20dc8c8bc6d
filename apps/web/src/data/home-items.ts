// A home's walk items in one call (`GET /field_walks/item/listByHome`), only of the walk types the
// user may read, with this device's queued writes laid over them; and the open item counts
// (packages/domain/src/open-items.ts) computed from that one list (so they hold offline). The items
// screens and the menu badges read the same cached query.

import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Access, OpenItemSummary, WalkType } from '@field/domain';
import {
  RESOURCE_ACCESS,
  WALK_ITEM_SCOPE,
  WALK_TYPES,
  hasAccess,
  openItemCounts,
} from '@field/domain';
import { useQueuedMutations } from '../offline/react';
import { useSelectedHome } from './homes';
import type { Overlaid } from './queued-records';
import { overlayQueued } from './queued-records';
import type { FieldRecord } from './records';
import { fetchHomeRecords, homeRecordsKey } from './records';
import { useSignedIn } from './session';

/** The queued writes an item list lays over itself. */
const ITEM_WRITE_TYPES = ['walkItem'] as const;

/** Whether the user may read walk items at all (the items menu and routes). */
function canReadItems(access: Access): boolean {
  return hasAccess(access, RESOURCE_ACCESS.walkItems.read, 'read');
}

/** Whether the user may read the items of one walk type. */
export function canReadItemType(access: Access, type: WalkType): boolean {
  return canReadItems(access) && hasAccess(access, [WALK_ITEM_SCOPE[type]], 'read');
}

function itemType(record: Readonly<Record<string, unknown>>): WalkType | undefined {
  const walk = record['Walk'];
  return WALK_TYPES.find((type) => type === walk);
}

export type HomeItems = Overlaid<FieldRecord> & { query: UseQueryResult<FieldRecord[]> };

/**
 * The items of a home the user may read, queued adds, changes and deletes laid over them
 * with their sync state; idle without a home or without the items read scope. Checked with
 * the server on each visit (the device's copy may predate this device's last writes).
 */
export function useHomeItems(homeId: string | null, access: Access): HomeItems {
  const enabled = homeId !== null && canReadItems(access);
  const query = useQuery({
    queryKey: homeRecordsKey('walkItems', homeId ?? ''),
    enabled,
    staleTime: 0,
    queryFn: ({ signal }) => fetchHomeRecords('walkItems', homeId ?? '', signal),
  });
  const queued = useQueuedMutations(ITEM_WRITE_TYPES);
  const overlaid = overlayQueued(
    enabled ? query.data : undefined,
    queued,
    ITEM_WRITE_TYPES[0],
    (data) => data['HomeRID'] === homeId,
    (data) => data,
  );
  const records = overlaid.records?.filter((record) => {
    const type = itemType(record);
    return type !== undefined && canReadItemType(access, type);
  });
  return { records, states: overlaid.states, query };
}

/** The open item counts of the given items, only the types the user may read. */
export function countOpenItems(
  items: readonly FieldRecord[] | undefined,
  access: Access,
): OpenItemSummary | undefined {
  if (items === undefined) return undefined;
  return openItemCounts(items, (type) => canReadItemType(access, type));
}

/** The open item counts of the selected home, or undefined (no home, no scope, loading). */
export function useOpenItemCounts(): OpenItemSummary | undefined {
  const home = useSelectedHome();
  const { access } = useSignedIn();
  const { records } = useHomeItems(home?.id ?? null, access);
  return countOpenItems(records, access);
}
