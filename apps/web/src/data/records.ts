// The record layer: a resource of the domain registry read per home (parsed with its
// domain schema, queued writes laid over it with their sync state) and written through
// the offline queue (domain check, stored on the device, optimistic change). Whole lists
// and batch lookups for the screens that need them.

import { useQuery } from '@tanstack/react-query';
import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import type { Resource } from '@field/domain';
import {
  LOOKUPS,
  apiPath,
  homeIdOf,
  lookupQueryKey,
  recordListSchema,
  resourceDef,
} from '@field/domain';
import { apiClient } from '../api/client';
import type { OfflineEngine } from '../offline/engine';
import { updateCachedQuery } from '../offline/query-persister';
import { useOfflineEngine, useQueuedMutations } from '../offline/react';
import type { Overlaid } from './queued-records';
import { overlayQueued } from './queued-records';

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

/**
 * `GET {resource}/listByHome?homeId=`, idle while no home is given. A resource that takes
 * writes shows its queued writes over the server's list, each with its sync state, and is
 * checked with the server on each visit (the device's copy may predate this device's
 * last writes).
 */
export function useHomeRecords(resource: Resource, homeId: string | null): HomeRecords {
  const def = resourceDef(resource);
  const writable = def.mutationType !== undefined;
  const query = useQuery({
    queryKey: homeRecordsKey(resource, homeId ?? ''),
    enabled: homeId !== null,
    ...(writable ? { staleTime: 0 } : {}),
    queryFn: ({ signal }) => fetchHomeRecords(resource, homeId ?? '', signal),
  });
  const queued = useQueuedMutations();
  const overlaid =
    def.mutationType === undefined
      ? { records: query.data, states: new Map() }
      : overlayQueued(
          query.data,
          queued,
          def.mutationType,
          (data) => homeIdOf(resource, data) === homeId,
          (data) => data,
        );
  return { ...overlaid, query };
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

/** The fields an update must carry besides its changes (section 5: a call's notes...). */
function requiredOf(record: FieldRecord, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => f in record).map((f) => [f, record[f]]));
}

export function recordWrites(engine: OfflineEngine, resource: Resource): RecordWrites {
  const def = resourceDef(resource);
  const keyOf = (data: Record<string, unknown>): QueryKey =>
    homeRecordsKey(resource, homeIdOf(resource, data) ?? '');
  const patch = (key: QueryKey, change: (records: FieldRecord[]) => FieldRecord[]) =>
    updateCachedQuery<FieldRecord[]>(engine.queryClient, key, (records = []) => change(records));
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
      await engine.queue.enqueue({
        type: mutationTypeOf(resource),
        operation: 'update',
        data,
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

/** `POST {resource}/{batch lookup}` with many parents: one request, never one per parent. */
export function useBatchRecords(resource: Resource, ids: string[] | undefined) {
  const def = resourceDef(resource);
  const lookup = def.lookups[0];
  return useQuery({
    queryKey: [apiPath(resource), 'batch', ids],
    enabled: lookup !== undefined && ids !== undefined && ids.length > 0,
    queryFn: ({ signal }) => {
      if (lookup === undefined) return Promise.resolve([]);
      const { path, param } = LOOKUPS[lookup].batch;
      const url = `${apiPath(resource)}/${path}`;
      return apiClient.post(url, { [param]: ids }, recordListSchema(resource), { signal });
    },
  });
}

/** A whole list (`/field_employees/list`, `/field_vendors/list`). */
export function useRecordList(resource: 'employees' | 'vendors', enabled = true) {
  const list = resourceDef(resource).syncList?.list ?? 'list';
  return useQuery({
    queryKey: [`${apiPath(resource)}/${list}`],
    enabled,
    queryFn: ({ signal }) =>
      apiClient.get(`${apiPath(resource)}/${list}`, recordListSchema(resource), { signal }),
  });
}

/** Employee names by id, for screens that show staff; empty without the staff read scope. */
export function useEmployeeNames(enabled: boolean): ReadonlyMap<string, string> {
  const { data } = useRecordList('employees', enabled);
  const names = new Map<string, string>();
  for (const employee of data ?? []) {
    if (typeof employee['Name'] === 'string') names.set(employee.id, employee['Name']);
  }
  return names;
}

/** A field's text, or '' where it is missing or not text. */
export function textOf(record: FieldRecord, field: string): string {
  const value = record[field];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}
