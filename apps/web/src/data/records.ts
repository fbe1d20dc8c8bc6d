// Read calls of the per-home and whole-list resources of section 7, as cached queries.

import { useQuery } from '@tanstack/react-query';
import type { Parser } from '../api/client';
import { apiClient } from '../api/client';

export type FieldRecord = Record<string, unknown> & { id: string };

const recordList: Parser<FieldRecord[]> = {
  parse(data) {
    if (!Array.isArray(data)) throw new Error('expected a list of records');
    const items: unknown[] = data;
    return items.filter(
      (item): item is FieldRecord =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as { id?: unknown }).id === 'string',
    );
  },
};

/** `GET {base}/listByHome?homeId=`; idle while no home is selected. */
export function useHomeRecords(base: string, homeId: string | null) {
  return useQuery({
    queryKey: [base, 'listByHome', homeId],
    enabled: homeId !== null,
    queryFn: ({ signal }) =>
      apiClient.get(`${base}/listByHome?homeId=${encodeURIComponent(homeId ?? '')}`, recordList, {
        signal,
      }),
  });
}

/** `POST {base}/{call}` with `{ [param]: ids }`: one request for many parents. */
export function useBatchRecords(
  base: string,
  call: string,
  param: string,
  ids: string[] | undefined,
) {
  return useQuery({
    queryKey: [base, call, ids],
    enabled: ids !== undefined && ids.length > 0,
    queryFn: ({ signal }) =>
      apiClient.post(`${base}/${call}`, { [param]: ids }, recordList, { signal }),
  });
}

/** A whole list (`/field_employees/list`, `/field_vendors/list`). */
export function useRecordList(path: string, enabled = true) {
  return useQuery({
    queryKey: [path],
    enabled,
    queryFn: ({ signal }) => apiClient.get(path, recordList, { signal }),
  });
}

/** Employee names by id, for screens that show staff; empty without the staff read scope. */
export function useEmployeeNames(enabled: boolean): ReadonlyMap<string, string> {
  const { data } = useRecordList('/api/field_employees/list', enabled);
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
