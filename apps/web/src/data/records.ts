// The record layer: a resource of the domain registry read per home (parsed with its
// domain schema, queued writes laid over it with their sync state) and written through
// the offline queue (domain check, stored on the device, optimistic change). Whole lists
// and batch lookups for the screens that need them. A home's lists are kept in the
// device's home store (offline/home-store.ts), where the sync ahead puts every list of the
// user's homes, so a screen never opened online still opens offline.

import { useMemo } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient, QueryKey, UseQueryResult } from '@tanstack/react-query';
import type { Resource } from '@field/domain';
import {
  LOOKUPS,
  apiPath,
  homeIdOf,
  lookupQueryKey,
  recordListSchema,
  resourceDef,
  deleteBase,
  updateBase,
  withBase,
} from '@field/domain';
import type { Parser } from '../api/client';
import { apiClient, isUnreachable } from '../api/client';
import { getFieldDatabase, isIndexedDbSupported } from '../offline/database';
import type { SyncedRecord } from '../offline/differential-sync';
import { SYNCED_LISTS, syncList } from '../offline/differential-sync';
import type { OfflineEngine } from '../offline/engine';
import { homeListOfKey } from '../offline/home-list-key';
import { updateCachedQuery } from '../offline/query-persister';
import { useOfflineEngine, useOptionalOfflineEngine, useQueuedMutations } from '../offline/react';
import type { Overlaid } from './queued-records';
import { neverLoaded, overlayQueued } from './queued-records';

export type FieldRecord = Record<string, unknown> & { id: string };

/** The query key of a resource's list for one home. */
export function homeRecordsKey(resource: Resource, homeId: string): QueryKey {
  return lookupQueryKey(resource, 'home', homeId);
}

export function fetchHomeRecords(
  resource: Resource,
  homeId: string,
  signal?: AbortSignal,
): Promise<FieldRecord[]> {
  const path = `${apiPath(resource)}/listByHome?homeId=${encodeURIComponent(homeId)}`;
  return apiClient.get(path, recordListSchema(resource), signal ? { signal } : {});
}

export type HomeRecords = Overlaid<FieldRecord> & { query: UseQueryResult<FieldRecord[]> };

/** A home's list of one resource; `unloaded`: it never reached this device (`neverLoaded`). */
export type HomeRecordList = HomeRecords & { unloaded: boolean };

/**
 * `GET {resource}/listByHome?homeId=`, idle while no home is given. A resource that takes
 * writes shows its queued writes over the server's list, each with its sync state, and is
 * checked with the server on each visit (the device's copy may predate this device's
 * last writes).
 */
export function useHomeRecords(resource: Resource, homeId: string | null): HomeRecordList {
  const def = resourceDef(resource);
  const writable = def.mutationType !== undefined;
  const query = useQuery({
    queryKey: homeRecordsKey(resource, homeId ?? ''),
    enabled: homeId !== null,
    ...(writable ? { staleTime: 0 } : {}),
    queryFn: ({ signal }) => fetchHomeRecords(resource, homeId ?? '', signal),
  });
  const queued = useQueuedMutations(def.mutationType === undefined ? [] : [def.mutationType]);
  const unloaded = writable && neverLoaded(query);
  const overlaid =
    def.mutationType === undefined
      ? { records: query.data, states: new Map() }
      : overlayQueued(
          unloaded ? [] : query.data,
          queued,
          def.mutationType,
          (data) => homeIdOf(resource, data) === homeId,
          (data) => data,
        );
  return { ...overlaid, query, unloaded };
}

export interface RecordWrites {
  /** Adds a record to a home under a device-made id (`values.id`, or a new one); resolves once it is queued. */
  add(homeId: string, values: Record<string, unknown>): Promise<FieldRecord>;
  update(record: FieldRecord, changes: Record<string, unknown>): Promise<void>;
  remove(record: FieldRecord): Promise<void>;
}

function mutationTypeOf(resource: Resource): string {
  const type = resourceDef(resource).mutationType;
  if (type === undefined) throw new Error(`${resource} takes no writes`);
  return type;
}

/** The fields an update must carry besides its changes (docs/api.md: a call's notes...). */
function requiredOf(record: FieldRecord, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => f in record).map((f) => [f, record[f]]));
}

/**
 * The list a record is kept in: its home's, or, for a record of a job (a schedule entry),
 * its job's (`listByJob`).
 */
function listKeyOf(resource: Resource, data: Record<string, unknown>): QueryKey {
  if (!resourceDef(resource).lookups.includes('home')) {
    const jobId = data['JobRID'];
    return lookupQueryKey(resource, 'job', typeof jobId === 'string' ? jobId : '');
  }
  return homeRecordsKey(resource, homeIdOf(resource, data) ?? '');
}

export function recordWrites(engine: OfflineEngine, resource: Resource): RecordWrites {
  const def = resourceDef(resource);
  const keyOf = (data: Record<string, unknown>): QueryKey => listKeyOf(resource, data);
  // A list that never reached the device stays unloaded (not a list of the one record
  // written): its screen shows the queued writes and says the rest is not here yet.
  const patch = (key: QueryKey, change: (records: FieldRecord[]) => FieldRecord[]) =>
    updateCachedQuery<FieldRecord[]>(engine.queryClient, key, (records) =>
      records === undefined ? undefined : change(records),
    );
  return {
    async add(homeId, values) {
      const homeField = def.homeField ?? 'HomeRID';
      const record: FieldRecord = {
        ...values,
        [homeField]: homeId,
        HomeRID: homeId,
        // A record whose id others already name (a walk its photos and items hang on)
        // brings it; any other gets one here.
        id: typeof values['id'] === 'string' ? values['id'] : crypto.randomUUID(),
      };
      const key = keyOf(record);
      await engine.queue.enqueue({
        type: mutationTypeOf(resource),
        operation: 'submit',
        data: { ...record },
        queryKeys: [key],
        optimistic: () => patch(key, (records) => [...records.filter((r) => r.id !== record.id), record]),
      });
      return record;
    },
    async update(record, changes) {
      const key = keyOf(record);
      const required = def.operations?.update?.required ?? [];
      const data = { ...requiredOf(record, required), ...changes, id: record.id };
      // The record as the user saw it: the server refuses the write if someone else
      // changed these fields meanwhile (a conflict), instead of overwriting them.
      const base = updateBase(record, data);
      await engine.queue.enqueue({
        type: mutationTypeOf(resource),
        operation: 'update',
        data,
        ...withBase(base),
        queryKeys: [key],
        optimistic: () =>
          patch(key, (records) => records.map((r) => (r.id === record.id ? { ...r, ...data } : r))),
      });
    },
    async remove(record) {
      const key = keyOf(record);
      await engine.queue.enqueue({
        type: mutationTypeOf(resource),
        operation: 'delete',
        data: { id: record.id },
        ...withBase(deleteBase(record)),
        queryKeys: [key],
        optimistic: () => patch(key, (records) => records.filter((r) => r.id !== record.id)),
      });
    },
  };
}

/** `add` / `update` / `remove` of a resource through the offline queue. */
export function useRecordWrites(resource: Resource): RecordWrites {
  return recordWrites(useOfflineEngine(), resource);
}

/**
 * Job schedules of these jobs from the home store, where the sync ahead keeps them with
 * their jobs' homes; the homes are found through the jobs lists on screen (a calendar asks
 * for the schedules of the jobs it shows).
 */
async function storedSchedules(
  engine: OfflineEngine,
  jobIds: readonly string[],
): Promise<FieldRecord[] | undefined> {
  const wanted = new Set(jobIds);
  const homes = new Set<string>();
  for (const query of engine.queryClient.getQueryCache().getAll()) {
    const target = homeListOfKey(query.queryKey);
    if (target?.resource !== 'jobs' || !Array.isArray(query.state.data)) continue;
    const jobs: unknown[] = query.state.data;
    const holds = jobs.some(
      (job) =>
        typeof job === 'object' &&
        job !== null &&
        (('JobRID' in job && typeof job.JobRID === 'string' && wanted.has(job.JobRID)) ||
          ('id' in job && typeof job.id === 'string' && wanted.has(job.id))),
    );
    if (holds) homes.add(target.homeId);
  }
  const found: FieldRecord[] = [];
  let any = false;
  for (const homeId of homes) {
    const stored = await engine.homeStore.read({ resource: 'jobSchedules', homeId });
    if (stored === undefined) continue;
    any = true;
    found.push(...stored.records.filter((record) => wanted.has(textOf(record, 'JobRID'))));
  }
  return any ? found : undefined;
}

/**
 * `POST {resource}/{batch lookup}` with many parents: one request, never one per parent.
 * Offline, job schedules the sync ahead brought are read from the device.
 */
export function useBatchRecords(resource: Resource, ids: string[] | undefined) {
  const def = resourceDef(resource);
  const lookup = def.lookups[0];
  const engine = useOptionalOfflineEngine();
  return useQuery({
    queryKey: [apiPath(resource), 'batch', ids],
    enabled: lookup !== undefined && ids !== undefined && ids.length > 0,
    queryFn: async ({ signal }) => {
      if (lookup === undefined) return [];
      const { path, param } = LOOKUPS[lookup].batch;
      const url = `${apiPath(resource)}/${path}`;
      const stored = () =>
        engine !== null && resource === 'jobSchedules' && ids !== undefined
          ? storedSchedules(engine, ids)
          : Promise.resolve(undefined);
      if (engine !== null && !engine.connection.isOnline()) {
        const records = await stored();
        if (records !== undefined) return records;
      }
      try {
        return await apiClient.post(url, { [param]: ids }, recordListSchema(resource), { signal });
      } catch (error) {
        const records = isUnreachable(error) ? await stored() : undefined;
        if (records === undefined) throw error;
        return records;
      }
    },
  });
}

type SyncedFieldRecord = FieldRecord & SyncedRecord;

function isSyncedRecord(record: FieldRecord): record is SyncedFieldRecord {
  const { updatedAt, deletedAt } = record;
  return (
    (updatedAt === undefined || typeof updatedAt === 'string') &&
    (deletedAt === undefined || deletedAt === null || typeof deletedAt === 'string')
  );
}

/** A whole list's answer (tombstones included) checked with the resource's schema. */
function syncedListParser(resource: Resource): Parser<SyncedFieldRecord[]> {
  const schema = recordListSchema(resource);
  return { parse: (data) => schema.parse(data).filter(isSyncedRecord) };
}

/** The whole lists of the company's records the app keeps (homes have their own: homes.ts). */
export type CompanyList = 'employees' | 'vendors';

/** The query key of a whole list: `[/api{base}/list]`. */
export function recordListKey(resource: CompanyList): string[] {
  return [`${apiPath(resource)}/${resourceDef(resource).syncList?.list ?? 'list'}`];
}

/**
 * A whole list as one cached query, brought up to date differentially (a full list every
 * 7 days, otherwise the changes since the last sync less 5 minutes, tombstones removing
 * records): `/field_employees/list`, `/field_vendors/list`. The sync ahead fetches it with
 * the same options.
 */
export function recordListQuery(resource: CompanyList, queryClient: QueryClient) {
  const list = resourceDef(resource).syncList?.list ?? 'list';
  const queryKey = recordListKey(resource);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }): Promise<FieldRecord[]> =>
      isIndexedDbSupported()
        ? syncList(SYNCED_LISTS[resource], {
            client: apiClient,
            db: getFieldDatabase(),
            parser: syncedListParser(resource),
            current: queryClient.getQueryData<SyncedFieldRecord[]>(queryKey),
            signal,
          })
        : apiClient.get(`${apiPath(resource)}/${list}`, recordListSchema(resource), { signal }),
  });
}

/** A whole list (`/field_employees/list`, `/field_vendors/list`), synced differentially. */
export function useRecordList(resource: CompanyList, enabled = true) {
  const queryClient = useQueryClient();
  return useQuery({ ...recordListQuery(resource, queryClient), enabled });
}

/** Employee names by id, for screens that show staff; empty without the staff read scope. */
export function useEmployeeNames(enabled: boolean): ReadonlyMap<string, string> {
  const { data } = useRecordList('employees', enabled);
  // One map per list, so a screen may memoise on it.
  return useMemo(() => {
    const names = new Map<string, string>();
    for (const employee of data ?? []) {
      if (typeof employee['Name'] === 'string') names.set(employee.id, employee['Name']);
    }
    return names;
  }, [data]);
}

/** A field's text, or '' where it is missing or not text. */
export function textOf(record: FieldRecord, field: string): string {
  const value = record[field];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}
