// The punch items of walks, by their walks: one open walk's (`GET
// /field_walks/item/listByWalk?walkId=`) and several walks' at once (`POST
// /field_walks/item/listByWalks {walkIds}`, 500 a call), only the types the user may read,
// with this device's queued writes laid over them. Offline, or when the server cannot be
// reached, the items come from the walks' homes' item lists on the device (kept by the sync
// ahead); online, the answer refreshes those device copies (docs/offline.md).

import { useQuery } from '@tanstack/react-query';
import type { Access } from '@field/domain';
import {
  LOOKUPS,
  MAX_BATCH_IDS,
  RESOURCE_ACCESS,
  WALK_TYPES,
  apiPath,
  hasAccess,
  lookupQueryKey,
  recordListSchema,
} from '@field/domain';
import { apiClient, isUnreachable } from '../api/client';
import type { OfflineEngine } from '../offline/engine';
import { useOptionalOfflineEngine, useQueuedMutations } from '../offline/react';
import { canReadItemType } from './home-items';
import { overlayQueued } from './queued-records';
import type { FieldRecord, HomeRecords } from './records';
import { textOf } from './records';

const RESOURCE = 'walkItems';
const WRITE_TYPE = 'walkItem';

/** A walk whose items are wanted, with the home they are kept under on the device. */
export interface WalkOfHome {
  id: string;
  homeId: string;
}

const walkOf = (item: FieldRecord) => textOf(item, 'WalkID');

function readable(access: Access, item: FieldRecord): boolean {
  const type = WALK_TYPES.find((walk) => walk === item['Walk']);
  return type !== undefined && canReadItemType(access, type);
}

/** The walks' homes' item lists on the device, narrowed to the walks; undefined if none is. */
async function stored(
  engine: OfflineEngine,
  walks: readonly WalkOfHome[],
): Promise<FieldRecord[] | undefined> {
  const wanted = new Set(walks.map((walk) => walk.id));
  let any = false;
  const found: FieldRecord[] = [];
  for (const homeId of new Set(walks.map((walk) => walk.homeId))) {
    const list = await engine.homeStore.read({ resource: RESOURCE, homeId });
    if (list === undefined) continue;
    any = true;
    found.push(...list.records.filter((item) => wanted.has(walkOf(item))));
  }
  return any ? found : undefined;
}

/** Puts the server's items of these walks into their homes' lists on the device. */
async function refreshDevice(
  engine: OfflineEngine,
  walks: readonly WalkOfHome[],
  items: readonly FieldRecord[],
): Promise<void> {
  const byHome = new Map<string, Set<string>>();
  for (const walk of walks) byHome.set(walk.homeId, (byHome.get(walk.homeId) ?? new Set()).add(walk.id));
  for (const [homeId, walkIds] of byHome) {
    const fresh = items.filter((item) => walkIds.has(walkOf(item)));
    await engine.homeStore.apply({ resource: RESOURCE, homeId }, (records) => [
      ...records.filter((item) => !walkIds.has(walkOf(item))),
      ...fresh,
    ]);
  }
}

/** `single`: one open walk's items (`listByWalk`); `batch`: a list of walks' (`listByWalks`). */
type WalkItemsCall = 'single' | 'batch';

async function fromServer(walks: readonly WalkOfHome[], call: WalkItemsCall, signal: AbortSignal) {
  const schema = recordListSchema(RESOURCE);
  if (call === 'single') {
    const walkId = encodeURIComponent(walks[0]?.id ?? '');
    const { path, param } = LOOKUPS.walk.single;
    return apiClient.get(`${apiPath(RESOURCE)}/${path}?${param}=${walkId}`, schema, { signal });
  }
  const { path, param } = LOOKUPS.walk.batch;
  const ids = walks.map((walk) => walk.id);
  const parts: string[][] = [];
  for (let at = 0; at < ids.length; at += MAX_BATCH_IDS) parts.push(ids.slice(at, at + MAX_BATCH_IDS));
  const lists = await Promise.all(
    parts.map((part) =>
      apiClient.post(`${apiPath(RESOURCE)}/${path}`, { [param]: part }, schema, { signal }),
    ),
  );
  return lists.flat();
}

/**
 * The items of these walks: an open walk's through `listByWalk` (`single`, one walk), a list
 * of walks' through `listByWalks` (`batch`, however many the list holds); idle without walks
 * or without the items read scope. Checked with the server on each visit.
 */
export function useItemsOfWalks(
  walks: readonly WalkOfHome[],
  access: Access,
  call: WalkItemsCall,
): HomeRecords {
  const engine = useOptionalOfflineEngine();
  const enabled = walks.length > 0 && hasAccess(access, RESOURCE_ACCESS.walkItems.read, 'read');
  const walkIds = walks.map((walk) => walk.id);
  const query = useQuery({
    queryKey:
      call === 'single'
        ? lookupQueryKey(RESOURCE, 'walk', walkIds[0] ?? '')
        : [apiPath(RESOURCE), LOOKUPS.walk.batch.path, walkIds],
    enabled,
    staleTime: 0,
    queryFn: async ({ signal }): Promise<FieldRecord[]> => {
      if (engine !== null && !engine.connection.isOnline()) {
        const records = await stored(engine, walks);
        if (records !== undefined) return records;
      }
      try {
        const records = await fromServer(walks, call, signal);
        if (engine !== null) await refreshDevice(engine, walks, records);
        return records;
      } catch (error) {
        const records =
          engine !== null && isUnreachable(error) ? await stored(engine, walks) : undefined;
        if (records === undefined) throw error;
        return records;
      }
    },
  });
  const queued = useQueuedMutations([WRITE_TYPE]);
  const wanted = new Set(walkIds);
  const overlaid = overlayQueued(
    enabled ? query.data : undefined,
    queued,
    WRITE_TYPE,
    (data) => typeof data['WalkID'] === 'string' && wanted.has(data['WalkID']),
    (data) => data,
  );
  const records = overlaid.records?.filter((item) => wanted.has(walkOf(item)) && readable(access, item));
  return { records, states: overlaid.states, query };
}
