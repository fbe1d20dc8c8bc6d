// The items of every home the user carries (the homes they work, and those pinned here),
// read from the device's home store, so the list opens offline (docs/offline.md). Read
// again after each sync pass; a write the server confirms is applied to the list at once
// (as the store applies it), and the queued writes are laid over it home by home with
// their sync state. Writes go item by item through the queue, as on a home's own list
// (punch-items.ts), so conflicts stay per item and per field.

import { useEffect, useMemo, useState } from 'react';
import type { Access } from '@field/domain';
import { WALK_TYPES } from '@field/domain';
import { applyWrite, targetOfWrite } from '../offline/confirmed-writes';
import type { MutationRow } from '../offline/database';
import type { StoredRecord } from '../offline/home-store';
import type { OfflineEngine } from '../offline/engine';
import { useOfflineEngine, useQueuedMutations } from '../offline/react';
import { canReadItemType } from './home-items';
import type { ItemChanges, PunchItem } from './punch-items';
import { toItem, updatePunchItem } from './punch-items';
import type { RecordSyncState } from './queued-records';
import { overlayQueued } from './queued-records';
import { useCarriedHomes, useSyncStatus } from './sync-ahead';

const ITEM_WRITE = 'walkItem';
const ITEM_WRITE_TYPES = [ITEM_WRITE];

export interface ItemsAcrossHomes {
  /** Every readable item of the carried homes on the device; undefined while read. */
  items: PunchItem[] | undefined;
  states: ReadonlyMap<string, RecordSyncState>;
  /** The carried homes, and how many of them have their items on the device. */
  homes: number;
  homesOnDevice: number;
}

/** The queued item writes by the home they change. */
function writesByHome(queued: readonly MutationRow[]): Map<string, MutationRow[]> {
  const byHome = new Map<string, MutationRow[]>();
  for (const row of queued) {
    if (row.type !== ITEM_WRITE) continue;
    const homeId = targetOfWrite(row)?.homeId;
    if (homeId === undefined) continue;
    const rows = byHome.get(homeId) ?? [];
    rows.push(row);
    byHome.set(homeId, rows);
  }
  return byHome;
}

const itemsOf = new WeakMap<StoredRecord, PunchItem>();

/** The shown item of a stored record, made once per record object. */
function itemOf(record: StoredRecord): PunchItem {
  let item = itemsOf.get(record);
  if (item === undefined) {
    item = toItem(record);
    itemsOf.set(record, item);
  }
  return item;
}

export function useItemsAcrossHomes(access: Access): ItemsAcrossHomes {
  const engine = useOfflineEngine();
  const { ids } = useCarriedHomes();
  const { lastSyncedAt } = useSyncStatus();
  const [lists, setLists] = useState<ReadonlyMap<string, StoredRecord[]> | undefined>();

  useEffect(() => {
    if (ids === undefined) return undefined;
    let current = true;
    engine.homeStore
      .readHomes(ids, ['walkItems'])
      .then((read) => {
        const items = new Map<string, StoredRecord[]>();
        for (const [homeId, home] of read) if (home.walkItems) items.set(homeId, home.walkItems);
        if (current) setLists(items);
      })
      .catch((error: unknown) => console.error('Reading the items of the homes failed', error));
    return () => {
      current = false;
    };
  }, [engine, ids, lastSyncedAt]);

  useEffect(
    () =>
      engine.queue.subscribe((event) => {
        if (event.type !== 'sent' || event.mutation.type !== ITEM_WRITE) return;
        const homeId = targetOfWrite(event.mutation)?.homeId;
        if (homeId === undefined) return;
        setLists((previous) => {
          const list = previous?.get(homeId);
          if (previous === undefined || list === undefined) return previous;
          return new Map(previous).set(homeId, applyWrite(list, event.mutation));
        });
      }),
    [engine],
  );

  const queued = useQueuedMutations(ITEM_WRITE_TYPES);
  const overlaid = useMemo(() => {
    const states = new Map<string, RecordSyncState>();
    if (lists === undefined) return { items: undefined, states };
    const byHome = writesByHome(queued);
    const readable = new Set<string>(WALK_TYPES.filter((type) => canReadItemType(access, type)));
    const items: PunchItem[] = [];
    for (const [homeId, records] of lists) {
      const writes = byHome.get(homeId);
      const shown =
        writes === undefined
          ? records
          : (() => {
              const laid = overlayQueued(records, writes, ITEM_WRITE, () => true, (data) => data);
              for (const [id, state] of laid.states) states.set(id, state);
              return laid.records ?? records;
            })();
      for (const record of shown) {
        const item = itemOf(record);
        if (readable.has(item.Walk)) items.push(item);
      }
    }
    return { items, states };
  }, [lists, queued, access]);

  return {
    ...overlaid,
    homes: ids?.length ?? 0,
    homesOnDevice: lists?.size ?? 0,
  };
}

/**
 * Changes each item by itself through the queue (one write per item, its own base), so
 * the server counts each once and a conflict names one item and one field.
 */
export async function updateItems(
  engine: OfflineEngine,
  items: readonly PunchItem[],
  changes: ItemChanges,
): Promise<void> {
  for (const item of items) {
    if (item.HomeRID === null) continue;
    await updatePunchItem(engine, item.HomeRID, item, changes);
  }
}
