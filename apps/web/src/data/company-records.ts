// The company's employees and vendors as the directory screens show and write them: the
// whole list (records.ts, synced differentially) with the queued writes laid over it, each
// record with its sync state, and adds and changes (archiving is a change: `Active:
// false`) through the offline queue. Once the server has a write, the device's list takes
// it in at once, so it does not wait for the list's next sync (docs/decisions.md, "Homes,
// employees and vendors by hand").

import { useEffect, useMemo } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { resourceDef, updateBase, withBase } from '@field/domain';
import type { OfflineEngine } from '../offline/engine';
import { useOptionalOfflineEngine, useQueuedMutations } from '../offline/react';
import type { MutationRow } from '../offline/database';
import type { Overlaid } from './queued-records';
import { neverLoaded, overlayQueued } from './queued-records';
import type { CompanyList, FieldRecord } from './records';
import { recordListKey, useRecordList } from './records';

function typeOf(resource: CompanyList): string {
  const type = resourceDef(resource).mutationType;
  if (type === undefined) throw new Error(`${resource} takes no writes`);
  return type;
}

/** A record with the fields its resource derives (an employee's Name) as the server sets them. */
function withDerived(resource: CompanyList, record: Record<string, unknown>) {
  return { ...record, ...resourceDef(resource).derive?.(record) };
}

function overlay(
  resource: CompanyList,
  records: readonly FieldRecord[] | undefined,
  queued: readonly MutationRow[],
): Overlaid<FieldRecord> {
  return overlayQueued(
    records,
    queued,
    typeOf(resource),
    () => true,
    (data) => data,
  );
}

/** Writes the server has confirmed enter the device's list at once (see the file's head). */
function useConfirmedWrites(
  resource: CompanyList,
  queryClient: QueryClient,
  engine: OfflineEngine | null,
): void {
  useEffect(() => {
    if (engine === null) return undefined;
    const type = typeOf(resource);
    return engine.queue.subscribe((event) => {
      if (event.type !== 'sent' || event.mutation.type !== type) return;
      queryClient.setQueryData<FieldRecord[]>(recordListKey(resource), (records) =>
        records === undefined ? records : overlay(resource, records, [event.mutation]).records,
      );
    });
  }, [engine, queryClient, resource]);
}

export type CompanyRecords = Overlaid<FieldRecord> & {
  query: ReturnType<typeof useRecordList>;
  /**
   * The list never reached this device and cannot come now (no signal, or its fetch
   * failed): `records` holds only the writes queued here, so what the user added shows.
   */
  unloaded: boolean;
};

/** The whole list with the queued writes laid over it, and each record's sync state. */
export function useCompanyRecords(resource: CompanyList): CompanyRecords {
  const query = useRecordList(resource);
  const queryClient = useQueryClient();
  const engine = useOptionalOfflineEngine();
  useConfirmedWrites(resource, queryClient, engine);
  const types = useMemo(() => [typeOf(resource)], [resource]);
  const queued = useQueuedMutations(types);
  const unloaded = neverLoaded(query);
  const overlaid = useMemo(
    () => overlay(resource, unloaded ? [] : query.data, queued),
    [resource, unloaded, query.data, queued],
  );
  return { ...overlaid, query, unloaded };
}

export interface CompanyWrites {
  /** Queues the add of a record under a device-made id; resolves once it is queued. */
  add(values: Record<string, unknown>): Promise<void>;
  /** Queues the changed fields of a record (with the base the user saw, for conflicts). */
  update(record: FieldRecord, changes: Record<string, unknown>): Promise<void>;
}

function companyWrites(engine: OfflineEngine, resource: CompanyList): CompanyWrites {
  const type = typeOf(resource);
  const queryKeys = [recordListKey(resource)];
  return {
    async add(values) {
      const data = { ...withDerived(resource, values), id: crypto.randomUUID() };
      await engine.queue.enqueue({ type, operation: 'submit', data, queryKeys });
    },
    async update(record, changes) {
      const derived = resourceDef(resource).derive?.({ ...record, ...changes }) ?? {};
      const data = { ...changes, ...derived, id: record.id };
      await engine.queue.enqueue({
        type,
        operation: 'update',
        data,
        queryKeys,
        ...withBase(updateBase(record, data)),
      });
    },
  };
}

/** The writes of a list through the device's queue; null where the queue did not start. */
export function useCompanyWrites(resource: CompanyList): CompanyWrites | null {
  const engine = useOptionalOfflineEngine();
  return useMemo(
    () => (engine === null ? null : companyWrites(engine, resource)),
    [engine, resource],
  );
}
