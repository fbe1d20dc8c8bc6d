// The calendar across the homes the user works (docs/product.md, the calendar across my
// homes): the lists the sync ahead keeps of each carried home (and of the selected one),
// read from the device's home store, so it shows offline what the device holds; this
// device's queued writes laid over them; then the domain's table turns them into events.

import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { CalendarEvent, CalendarLists, Day, Resource } from '@field/domain';
import {
  CALENDAR_RESOURCES,
  calendarEvents,
  hasAccess,
  homeIdOf,
  localDay,
  resourceDef,
} from '@field/domain';
import type { StoredRecord } from '../offline/home-store';
import { useOptionalOfflineEngine, useQueuedMutations } from '../offline/react';
import type { ActiveHome } from './homes';
import { useSelectedHome } from './homes';
import { useEmployeeNames } from './records';
import { useSession } from './session';
import { overlayQueued } from './queued-records';
import { useCarriedHomes } from './sync-ahead';

const WRITE_TYPES = CALENDAR_RESOURCES.flatMap((resource) => {
  const type = resourceDef(resource).mutationType;
  return type === undefined ? [] : [type];
});

export interface Calendar {
  /** The homes on the calendar, by address; undefined while the homes list loads. */
  homes: ActiveHome[] | undefined;
  /** Their events between the two days; undefined while the device is read. */
  events: CalendarEvent[] | undefined;
}

/** Whether a queued write of `resource` belongs to the home's list. */
function belongsTo(resource: Resource, homeId: string, lists: Record<string, StoredRecord[]>) {
  return (data: Record<string, unknown>): boolean => {
    if (resource !== 'jobSchedules') return homeIdOf(resource, data) === homeId;
    const jobRid = data['JobRID'];
    return (lists['jobs'] ?? []).some((job) => job['JobRID'] === jobRid || job.id === jobRid);
  };
}

/**
 * The events of the user's homes between two days. `selectedOnly`: the selected home's
 * alone (presentation mode: a buyer sees their home, not the others).
 */
export function useCalendar(range: { first: Day; last: Day }, selectedOnly = false): Calendar {
  const engine = useOptionalOfflineEngine();
  const carried = useCarriedHomes();
  const { access } = useSession();
  const names = useEmployeeNames(access !== null && hasAccess(access, ['collaboration_staff'], 'read'));
  const selected = useSelectedHome();
  const homes = useMemo(() => {
    if (carried.ids === undefined || carried.homes === undefined) return undefined;
    const ids = new Set(selectedOnly ? [] : carried.ids);
    if (selected !== null && selected.outsider !== true) ids.add(selected.id);
    return carried.homes
      .filter((home) => ids.has(home.id))
      .sort((a, b) => (a.Address ?? '').localeCompare(b.Address ?? ''));
  }, [carried.ids, carried.homes, selected, selectedOnly]);
  const homeIds = useMemo(() => homes?.map((home) => home.id), [homes]);
  const stored = useLiveQuery(
    async () =>
      engine === null || homeIds === undefined
        ? new Map<string, Record<string, StoredRecord[]>>()
        : engine.homeStore.readHomes(homeIds, CALENDAR_RESOURCES),
    [engine, homeIds],
  );
  const queued = useQueuedMutations(WRITE_TYPES);
  const events = useMemo(() => {
    if (stored === undefined || homeIds === undefined) return undefined;
    const nameOf = (employeeId: string) => names.get(employeeId) ?? employeeId;
    return homeIds.flatMap((homeId) => {
      const lists = stored.get(homeId) ?? {};
      const shown: CalendarLists = {};
      for (const resource of CALENDAR_RESOURCES) {
        const type = resourceDef(resource).mutationType ?? '';
        shown[resource] = overlayQueued(
          lists[resource] ?? [],
          queued,
          type,
          belongsTo(resource, homeId, lists),
          (data) => data,
        ).records;
      }
      return calendarEvents(homeId, shown, range, localDay(new Date()), nameOf);
    });
  }, [stored, homeIds, queued, range, names]);
  return { homes, events };
}
