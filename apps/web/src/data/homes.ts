// The active homes every screen and the home picker read: one cached query kept on the
// device and brought up to date differentially (offline/differential-sync.ts), the queued
// home writes laid over it, then the list rules of the domain (all or mine, testing mode,
// in construction). A home's writes (its fields, a staff list) go through the queue.

import { useDeferredValue, useEffect, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Home, StaffType } from '@field/domain';
import {
  RESOURCE_ACCESS,
  apiPath,
  hasAccess,
  STAFF_TYPES,
  homeInputSchema,
  homeList,
  homeSchema,
  isArchived,
  isPublicHomeView,
  resourceDef,
  updateBase,
  withBase,
  z,
} from '@field/domain';
import type { Parser } from '../api/client';
import { API_PATHS, apiClient } from '../api/client';
import type { MutationRow } from '../offline/database';
import { getFieldDatabase, isIndexedDbSupported } from '../offline/database';
import { SYNCED_LISTS, syncList } from '../offline/differential-sync';
import { budgetedYield } from '../lib/yield-to-main';
import type { OfflineEngine } from '../offline/engine';
import { useOptionalOfflineEngine, useQueuedMutations } from '../offline/react';
import type { Overlaid } from './queued-records';
import { overlayQueued, queuedData } from './queued-records';
import {
  effectiveTesting,
  homeListKind,
  selectedHomeIdOf,
  useLocalSetting,
} from './local-settings';
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
  | 'Active'
  | StaffType
> & {
  deletedAt?: string | null;
  /**
   * A home the user does not work on: the server sent its address and status only
   * (docs/decisions.md, Access by home), the other fields are empty here.
   */
  outsider?: true;
};

const activeHomeSchema = z.partial(
  z.pick(homeSchema, {
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
  Active: true,
  // Tombstones of the differential sync carry it.
  deletedAt: true,
  }),
  { deletedAt: true },
);

/**
 * The list as it comes: only its shape is checked here, synchronously; each home is
 * checked by `checkHomes` afterwards, a slice at a time (10,000 homes checked in one go
 * hold the main thread for over 100 ms).
 */
const homeListShape: Parser<ActiveHome[]> = {
  parse(data) {
    if (!Array.isArray(data)) throw new Error('expected a list of homes');
    const items: unknown[] = data;
    // Safe: every home is checked with the schema by checkHomes before anything reads it;
    // the differential merge needs only `id` and `deletedAt`, checked here.
    return items.filter(
      (item) => typeof item === 'object' && item !== null && 'id' in item,
    ) as ActiveHome[];
  },
};

/** A home as an outsider gets it: the public fields, the rest empty. */
const outsiderHomeSchema = z.partial(
  z.pick(homeSchema, {
    id: true,
    HomeRID: true,
    HomeID: true,
    Address: true,
    Status: true,
    deletedAt: true,
  }),
  { deletedAt: true },
);

/** The outsider's view of a home, as a home every screen reads, marked `outsider`. */
function outsiderHome(data: z.infer<typeof outsiderHomeSchema>): ActiveHome {
  return {
    ...data,
    'KOVA Status': '',
    Community: '',
    Lot: '',
    Plan: '',
    'Construction Start': null,
    'Projected Close': null,
    ...(Object.fromEntries(STAFF_TYPES.map((list) => [list, []])) as Record<StaffType, []>),
    outsider: true,
  };
}

/** A home of the list, whole or as an outsider sees it; undefined when unreadable. */
function readHome(item: unknown) {
  if (typeof item === 'object' && item !== null && isPublicHomeView(item)) {
    const result = outsiderHomeSchema.safeParse(item);
    return result.success ? { success: true as const, data: outsiderHome(result.data) } : result;
  }
  return activeHomeSchema.safeParse(item);
}

/** A record the app cannot read is skipped and logged rather than hiding every other home. */
export async function checkHomes(items: readonly unknown[]): Promise<ActiveHome[]> {
  const homes: ActiveHome[] = [];
  const pause = budgetedYield();
  for (const item of items) {
    const result = readHome(item);
    if (result.success) homes.push(result.data);
    else console.warn('Skipped a home record the app cannot read', result.error.issues);
    await pause();
  }
  return homes;
}

export const homesQueryKey = ['field_homes', 'listActive'] as const;

/** The mutation type of a home's writes (`home update`, `home updateStaff`). */
const HOME_MUTATION_TYPE = resourceDef('homes').mutationType ?? 'home';

/**
 * A queued home write as the change it makes to the home: `updateStaff` sets one staff
 * list (`{ [staffType]: staffIds }`), `update` the fields it carries.
 */
function homeChange(row: MutationRow): MutationRow {
  if (row.operation !== 'updateStaff') return row;
  const data = queuedData(row);
  const type = data['staffType'];
  return {
    ...row,
    operation: 'update',
    data: { id: data['id'], ...(typeof type === 'string' ? { [type]: data['staffIds'] } : {}) },
  };
}

/**
 * The homes with the queued home writes laid over them, and each home's sync state. A
 * home added by hand joins the list; one archived (`Active: false`) leaves it.
 */
export function overlayHomeWrites(
  homes: readonly ActiveHome[] | undefined,
  queued: readonly MutationRow[],
): Overlaid<ActiveHome> {
  const overlaid = overlayQueued(
    homes,
    queued.filter((row) => row.type === HOME_MUTATION_TYPE).map(homeChange),
    HOME_MUTATION_TYPE,
    // Queued as the domain's input made it (homeWrites.add): a whole home.
    (data) => activeHomeSchema.safeParse(data).success,
    (data) => activeHomeSchema.parse(data),
  );
  const records = overlaid.records;
  return records === undefined || !records.some(isArchived)
    ? overlaid
    : { ...overlaid, records: records.filter((home) => !isArchived(home)) };
}

const HOME_WRITE_TYPES = [HOME_MUTATION_TYPE];

/** The signed-in user's queued home writes, live; none where the engine did not start. */
function useQueuedHomeWrites(): readonly MutationRow[] {
  return useQueuedMutations(HOME_WRITE_TYPES);
}


/**
 * Once the server has a home write, the device's list takes it in at once, so the home
 * does not show its old values between the write leaving the queue and the list's
 * refresh. Only confirmed writes enter the cached list (a differential sync would never
 * undo an unconfirmed one); queued ones are laid over it on reading. Called once, by the
 * signed-in shell: each caller applies and stores every confirmed home write again.
 */
export function useConfirmedHomeWrites(): void {
  const queryClient = useQueryClient();
  const engine = useOptionalOfflineEngine();
  useEffect(() => {
    if (engine === null) return undefined;
    return engine.queue.subscribe((event) => {
      if (event.type !== 'sent' || event.mutation.type !== HOME_MUTATION_TYPE) return;
      queryClient.setQueryData<ActiveHome[]>(homesQueryKey, (homes) =>
        homes === undefined ? homes : overlayHomeWrites(homes, [event.mutation]).records,
      );
      // Stored now, not after the persister's debounce: the refetch that follows moves the
      // sync's `lastUpdate` past this change at once, so a reload restoring an older copy
      // would keep the old values once the sync's 5-minute overlap has passed.
      const query = queryClient.getQueryCache().find({ queryKey: homesQueryKey, exact: true });
      if (query !== undefined) engine.persister.persistQuery(query);
      void engine.persister.storage.flush();
    });
  }, [engine, queryClient]);
}

export interface ActiveHomes extends Omit<ReturnType<typeof useActiveHomesQuery>, 'data'> {
  /** The active homes, queued home writes laid over them. */
  data: ActiveHome[] | undefined;
  /** Each home's own sync state while a write of it waits or failed. */
  states: Overlaid<ActiveHome>['states'];
}

function useActiveHomesQuery() {
  const { access } = useSession();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: homesQueryKey,
    // A user who may not read homes (a pending account) asks for none.
    enabled: access !== null && hasAccess(access, RESOURCE_ACCESS.homes.read, 'read'),
    queryFn: async ({ signal }) =>
      checkHomes(
        isIndexedDbSupported()
          ? await syncList(SYNCED_LISTS.homes, {
              client: apiClient,
              db: getFieldDatabase(),
              parser: homeListShape,
              current: queryClient.getQueryData<ActiveHome[]>(homesQueryKey),
              signal,
            })
          : await apiClient.get(API_PATHS.activeHomes, homeListShape, { signal }),
      ),
  });
}

export function useActiveHomes(): ActiveHomes {
  const query = useActiveHomesQuery();
  const queued = useQueuedHomeWrites();
  // A new list (10,000 homes after sign-in) re-renders every screen that reads it: that
  // render runs in the background, yielding to input, not as one long task.
  const data = useDeferredValue(query.data);
  const { records, states } = useMemo(() => overlayHomeWrites(data, queued), [data, queued]);
  return { ...query, data: records, states };
}

export interface HomeWrites {
  /** Queues `home submit`: a home added by hand, the seed's defaults filled in. */
  add(values: Record<string, unknown>): Promise<void>;
  /** Queues `home update` with the changed fields (`Active: false` archives it). */
  update(home: ActiveHome, changes: Partial<ActiveHome>): Promise<void>;
  /** Queues `home updateStaff`: one staff list replaced. */
  updateStaff(home: ActiveHome, staffType: string, staffIds: readonly string[]): Promise<void>;
}

/** The homes the active list leaves out (`GET listArchived`), for those who manage homes. */
const archivedHomesKey = ['field_homes', 'listArchived'] as const;

export function useArchivedHomes(enabled: boolean) {
  return useQuery({
    queryKey: archivedHomesKey,
    enabled,
    queryFn: async ({ signal }) =>
      checkHomes(
        await apiClient.get(`${apiPath('homes')}/listArchived`, homeListShape, { signal }),
      ),
  });
}

export function homeWrites(engine: OfflineEngine): HomeWrites {
  const queryKeys = [[...homesQueryKey], [...archivedHomesKey]];
  return {
    async add(values) {
      const id = crypto.randomUUID();
      // A field left empty takes its default, as the server would for one not sent.
      const given = Object.entries(values).filter(([, value]) => value !== '');
      const data = {
        ...homeInputSchema.parse({ ...Object.fromEntries(given), id }),
        HomeRID: id,
      };
      await engine.queue.enqueue({ type: HOME_MUTATION_TYPE, operation: 'submit', data, queryKeys });
    },
    async update(home, changes) {
      const data = { ...changes, id: home.id };
      // The home as the user saw it: a conflicting change by someone else is not overwritten.
      const base = updateBase(home, data);
      await engine.queue.enqueue({
        type: HOME_MUTATION_TYPE,
        operation: 'update',
        data,
        queryKeys,
        ...withBase(base),
      });
    },
    async updateStaff(home, staffType, staffIds) {
      await engine.queue.enqueue({
        type: HOME_MUTATION_TYPE,
        operation: 'updateStaff',
        // No base yet: a staff list's conflict would need a resolution of its own shape.
        data: { id: home.id, staffIds: [...staffIds], staffType },
        queryKeys,
      });
    },
  };
}

/** A home's writes through the offline queue; null where the queue did not start. */
export function useHomeWrites(): HomeWrites | null {
  const engine = useOptionalOfflineEngine();
  return useMemo(() => (engine === null ? null : homeWrites(engine)), [engine]);
}

const homeLists = new WeakMap<readonly ActiveHome[], Map<string, ActiveHome[]>>();

/**
 * `homeList` made once per list and choice for every reader: sorting 10,000 addresses
 * takes tens of milliseconds, and the overview, the picker and the reports read the same
 * list (a keystroke in the picker, a switch to all homes, re-render several of them).
 */
function sharedHomeList(
  homes: readonly ActiveHome[],
  options: Parameters<typeof homeList>[1],
): ActiveHome[] {
  let lists = homeLists.get(homes);
  if (lists === undefined) {
    lists = new Map();
    homeLists.set(homes, lists);
  }
  const key = JSON.stringify([options.kind, options.employeeId, options.testing]);
  let list = lists.get(key);
  if (list === undefined) {
    list = homeList(homes, options);
    lists.set(key, list);
  }
  return list;
}

/** The homes of the user's chosen list ("all" or "mine"), testing mode applied. */
export function useHomeList() {
  const query = useActiveHomes();
  const kind = useLocalSetting(homeListKind);
  const { user, access } = useSignedIn();
  const testing = useLocalSetting((settings) => effectiveTesting(settings, access.demo));
  const employeeId = user.fieldData.airtableId;
  const homes = useMemo(
    () =>
      query.data === undefined
        ? undefined
        : sharedHomeList(query.data, { kind, employeeId, testing }),
    [query.data, kind, employeeId, testing],
  );
  return { ...query, homes, kind, testing };
}

const addressesOf = (homes: ActiveHome[]): ReadonlyMap<string, string> =>
  new Map(homes.map((home) => [home.id, home.Address]));

/**
 * The active homes' addresses by id, as the list the shell keeps has them with the queued
 * home writes laid over it (a home added or readdressed offline shows its new address),
 * for screens that name a home by its id.
 */
export function useHomeAddresses(): ReadonlyMap<string, string> | undefined {
  const { data } = useActiveHomes();
  return useMemo(() => (data === undefined ? undefined : addressesOf(data)), [data]);
}

/** The selected home, if it is still one of the active homes. */
export function useSelectedHome(): ActiveHome | null {
  const { data } = useActiveHomes();
  const selectedHomeId = useLocalSetting(selectedHomeIdOf);
  if (selectedHomeId === null || data === undefined) return null;
  return data.find((home) => home.id === selectedHomeId) ?? null;
}
