// The schedule entries of one job (`GET /field_jobs/schedules/listByJob?jobId=`), with the
// queued updates laid over them and each entry's sync state. Offline, the entries the sync
// ahead keeps with the job's home are read from the device.

import { useQuery } from '@tanstack/react-query';
import { apiPath, lookupQueryKey, recordListSchema, resourceDef } from '@field/domain';
import { apiClient } from '../api/client';
import { useOfflineEngine, useQueuedMutations } from '../offline/react';
import { overlayQueued } from './queued-records';
import type { FieldRecord, HomeRecords } from './records';
import { textOf } from './records';

const RESOURCE = 'jobSchedules';

export function useJobSchedules(job: { id: string; homeId: string } | null): HomeRecords {
  const engine = useOfflineEngine();
  const jobId = job?.id ?? '';
  const query = useQuery({
    queryKey: lookupQueryKey(RESOURCE, 'job', jobId),
    enabled: job !== null,
    staleTime: 0,
    queryFn: async ({ signal }): Promise<FieldRecord[]> => {
      const stored = async () => {
        const list = await engine.homeStore.read({ resource: RESOURCE, homeId: job?.homeId ?? '' });
        return list?.records.filter((entry) => textOf(entry, 'JobRID') === jobId);
      };
      if (!engine.connection.isOnline()) {
        const records = await stored();
        if (records !== undefined) return records;
      }
      const path = `${apiPath(RESOURCE)}/listByJob?jobId=${encodeURIComponent(jobId)}`;
      return apiClient.get(path, recordListSchema(RESOURCE), { signal });
    },
  });
  const type = resourceDef(RESOURCE).mutationType ?? '';
  const queued = useQueuedMutations([type]);
  const overlaid = overlayQueued(
    query.data,
    queued,
    type,
    (data) => data['JobRID'] === jobId,
    (data) => data,
  );
  return { ...overlaid, query };
}
