// Phone calls of one home: the cached list (kept on the device by the query persister)
// and the writes, each through the engine's queue with a device-made id and an optimistic
// change of the list's cached query.

import { useQuery } from '@tanstack/react-query';
import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import type { Parser } from '../../api/client';
import { API_PATHS, apiClient } from '../../api/client';
import type { ActiveHome } from '../../data/homes';
import type { OfflineEngine } from '../../offline/engine';
import { updateCachedQuery } from '../../offline/query-persister';
import { useQueuedMutations } from '../../offline/react';
import type { ListRecord, Overlaid } from '../../data/queued-records';
import { overlayQueued } from '../../data/queued-records';

export interface PhoneCallRecord extends ListRecord {
  Home: string;
  Staff: string;
  Date: string;
  Notes: string;
  Voicemail: boolean;
}

const BASE = API_PATHS.phoneCalls;

export const phoneCallsKey = (homeId: string): QueryKey => [BASE, 'listByHome', homeId];

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function toCall(item: Record<string, unknown> & { id: string }): PhoneCallRecord {
  return {
    ...item,
    Home: text(item['Home']),
    Staff: text(item['Staff']),
    Date: text(item['Date']),
    Notes: text(item['Notes']),
    Voicemail: item['Voicemail'] === true,
  };
}

const callList: Parser<PhoneCallRecord[]> = {
  parse(data) {
    if (!Array.isArray(data)) throw new Error('expected a list of phone calls');
    const items: unknown[] = data;
    return items.flatMap((item) => {
      if (typeof item !== 'object' || item === null || !('id' in item)) return [];
      const id = item.id;
      if (typeof id !== 'string') return [];
      // Safe: a non-null object with a string id, read field by field in toCall.
      return [toCall({ ...(item as Record<string, unknown>), id })];
    });
  },
};

const newestFirst = (a: PhoneCallRecord, b: PhoneCallRecord): number =>
  b.Date.localeCompare(a.Date) || b.id.localeCompare(a.id);

/** The home's calls, newest first, with queued writes laid over them. */
export function usePhoneCalls(homeId: string | null): Overlaid<PhoneCallRecord> & {
  query: UseQueryResult<PhoneCallRecord[]>;
} {
  const query = useQuery({
    queryKey: phoneCallsKey(homeId ?? ''),
    enabled: homeId !== null,
    // Shown at once from the device, then checked with the server on each visit: the
    // copy on the device may predate writes this device sent just before a reload.
    staleTime: 0,
    queryFn: ({ signal }) =>
      apiClient.get(`${BASE}/listByHome?homeId=${encodeURIComponent(homeId ?? '')}`, callList, {
        signal,
      }),
  });
  const queued = useQueuedMutations();
  const overlaid = overlayQueued(
    query.data,
    queued,
    'phoneCall',
    (data) => data['Home'] === homeId,
    toCall,
  );
  return { ...overlaid, records: overlaid.records?.sort(newestFirst), query };
}

export interface NewPhoneCall {
  Staff: string;
  Date: string;
  Notes: string;
  Voicemail: boolean;
}

export async function addPhoneCall(
  engine: OfflineEngine,
  home: Pick<ActiveHome, 'id'>,
  input: NewPhoneCall,
): Promise<void> {
  const key = phoneCallsKey(home.id);
  const call: PhoneCallRecord = {
    id: crypto.randomUUID(),
    Home: home.id,
    HomeRID: home.id,
    ...input,
  };
  await engine.queue.enqueue({
    type: 'phoneCall',
    operation: 'submit',
    data: { ...call },
    queryKeys: [key],
    optimistic: () =>
      updateCachedQuery<PhoneCallRecord[]>(engine.queryClient, key, (calls = []) => [
        ...calls.filter((c) => c.id !== call.id),
        call,
      ]),
  });
}

export async function updatePhoneCall(
  engine: OfflineEngine,
  call: PhoneCallRecord,
  changes: { Notes: string; Voicemail: boolean },
): Promise<void> {
  const key = phoneCallsKey(call.Home);
  await engine.queue.enqueue({
    type: 'phoneCall',
    operation: 'update',
    data: { id: call.id, ...changes },
    queryKeys: [key],
    optimistic: () =>
      updateCachedQuery<PhoneCallRecord[]>(engine.queryClient, key, (calls = []) =>
        calls.map((c) => (c.id === call.id ? { ...c, ...changes } : c)),
      ),
  });
}

export async function deletePhoneCall(engine: OfflineEngine, call: PhoneCallRecord): Promise<void> {
  const key = phoneCallsKey(call.Home);
  await engine.queue.enqueue({
    type: 'phoneCall',
    operation: 'delete',
    data: { id: call.id },
    queryKeys: [key],
    optimistic: () =>
      updateCachedQuery<PhoneCallRecord[]>(engine.queryClient, key, (calls = []) =>
        calls.filter((c) => c.id !== call.id),
      ),
  });
}
