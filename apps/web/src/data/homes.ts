// The active homes every screen and the home picker read: one cached query kept on the
// device and brought up to date differentially (offline/differential-sync.ts), then the
// list rules of the domain (all or mine, testing mode, in construction).

import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Home, StaffType } from '@field/domain';
import { RESOURCE_ACCESS, hasAccess, homeList, homeSchema } from '@field/domain';
import type { Parser } from '../api/client';
import { API_PATHS, apiClient } from '../api/client';
import { getFieldDatabase, isIndexedDbSupported } from '../offline/database';
import { SYNCED_LISTS, syncList } from '../offline/differential-sync';
import { effectiveTesting, homeListKind, useLocalSettings } from './local-settings';
import { useSession, useSignedIn } from './session';

export type ActiveHome = Pick<
  Home,
  | 'id'
  | 'HomeRID'
  | 'HomeID'
  | 'Address'
  | 'Status'
  | 'KOVA Status'
  | 'Community'
  | 'Lot'
  | 'Plan'
  | 'Construction Start'
  | 'Projected Close'
  | StaffType
> & { deletedAt?: string | null };

const activeHomeSchema = homeSchema.pick({
  id: true,
  HomeRID: true,
  HomeID: true,
  Address: true,
  Status: true,
  'KOVA Status': true,
  Community: true,
  Lot: true,
  Plan: true,
  'Construction Start': true,
  'Projected Close': true,
  'Construction Staff': true,
  'Design Staff': true,
  'Sales Staff': true,
  'Initial CS Staff': true,
  'Year End Staff': true,
  'Offline Homes': true,
  // Tombstones of the differential sync carry it.
  deletedAt: true,
}).partial({ deletedAt: true });

/** A record the app cannot read is skipped and logged rather than hiding every other home. */
const activeHomes: Parser<ActiveHome[]> = {
  parse(data) {
    if (!Array.isArray(data)) throw new Error('expected a list of homes');
    const items: unknown[] = data;
    const homes: ActiveHome[] = [];
    for (const item of items) {
      const result = activeHomeSchema.safeParse(item);
      if (result.success) homes.push(result.data);
      else console.warn('Skipped a home record the app cannot read', result.error.issues);
    }
    return homes;
  },
};

export const homesQueryKey = ['field_homes', 'listActive'] as const;

export function useActiveHomes() {
  const { access } = useSession();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: homesQueryKey,
    // A user who may not read homes (a pending account) asks for none.
    enabled: access !== null && hasAccess(access, RESOURCE_ACCESS.homes.read, 'read'),
    queryFn: ({ signal }) =>
      isIndexedDbSupported()
        ? syncList(SYNCED_LISTS.homes, {
            client: apiClient,
            db: getFieldDatabase(),
            parser: activeHomes,
            current: queryClient.getQueryData<ActiveHome[]>(homesQueryKey),
            signal,
          })
        : apiClient.get(API_PATHS.activeHomes, activeHomes, { signal }),
  });
}

/** The homes of the user's chosen list ("all" or "mine"), testing mode applied. */
export function useHomeList() {
  const query = useActiveHomes();
  const settings = useLocalSettings();
  const { user, access } = useSignedIn();
  const kind = homeListKind(settings);
  const testing = effectiveTesting(settings, access.demo);
  const homes =
    query.data === undefined
      ? undefined
      : homeList(query.data, { kind, employeeId: user.fieldData.airtableId, testing });
  return { ...query, homes, kind, testing };
}

/** The selected home, if it is still one of the active homes. */
export function useSelectedHome(): ActiveHome | null {
  const { data } = useActiveHomes();
  const { selectedHomeId } = useLocalSettings();
  if (selectedHomeId === null || data === undefined) return null;
  return data.find((home) => home.id === selectedHomeId) ?? null;
}
