// What puts the user's homes behind schedule through their jobs and schedule entries, for
// the behind-schedule report and its dashboard tile: the jobs of the homes
// (`jobs/listByHomes`) and their entries (`schedules/listByJobs`), 500 ids a call, with
// the field's queued status and date updates laid over them, judged by the domain's rule
// (packages/domain/src/schedule-standing.ts). Offline, or when the server cannot be
// reached, both lists come from the device's home store, where the sync ahead keeps them.

import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { BehindReason, Resource } from '@field/domain';
import {
  LOOKUPS,
  MAX_BATCH_IDS,
  RESOURCE_ACCESS,
  apiPath,
  hasAccess,
  recordListSchema,
  reportDay,
  resourceDef,
  scheduleStanding,
} from '@field/domain';
import { apiClient, isUnreachable } from '../api/client';
import type { OfflineEngine } from '../offline/engine';
import { useOptionalOfflineEngine, useQueuedMutations } from '../offline/react';
import { overlayQueued } from './queued-records';
import type { FieldRecord } from './records';
import { textOf } from './records';
import { useSession } from './session';

interface Schedules {
  jobs: FieldRecord[];
  entries: FieldRecord[];
}

function chunks(ids: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let at = 0; at < ids.length; at += MAX_BATCH_IDS) out.push(ids.slice(at, at + MAX_BATCH_IDS));
  return out;
}

async function batch(resource: Resource, ids: readonly string[], signal: AbortSignal) {
  const lookup = resourceDef(resource).lookups[0];
  if (lookup === undefined) return [];
  const { path, param } = LOOKUPS[lookup].batch;
  const lists = await Promise.all(
    chunks(ids).map((part) =>
      apiClient.post(`${apiPath(resource)}/${path}`, { [param]: part }, recordListSchema(resource), {
        signal,
      }),
    ),
  );
  return lists.flat();
}

async function fromServer(homeIds: readonly string[], signal: AbortSignal): Promise<Schedules> {
  const jobs = await batch('jobs', homeIds, signal);
  const jobIds = jobs.map((job) => textOf(job, 'JobRID') || job.id);
  const entries = jobIds.length === 0 ? [] : await batch('jobSchedules', jobIds, signal);
  return { jobs, entries };
}

async function fromDevice(engine: OfflineEngine, homeIds: readonly string[]): Promise<Schedules> {
  const jobs: FieldRecord[] = [];
  const entries: FieldRecord[] = [];
  // One read of each home's row for both lists, parsed in short tasks.
  const stored = await engine.homeStore.readHomes(homeIds, ['jobs', 'jobSchedules']);
  for (const lists of stored.values()) {
    jobs.push(...(lists['jobs'] ?? []));
    entries.push(...(lists['jobSchedules'] ?? []));
  }
  return { jobs, entries };
}

const typeOf = (resource: Resource) => resourceDef(resource).mutationType ?? '';

export interface ScheduleStanding {
  /**
   * The reasons each home is behind through its schedule, by home id; undefined while
   * loading, when the lists cannot be had, or when the user may not read jobs and
   * schedules (the projected close alone then decides).
   */
  schedule: ReadonlyMap<string, BehindReason[]> | undefined;
  /** Whether the lists are still on their way (a report waits, not to jump). */
  loading: boolean;
}

export function useScheduleStanding(homeIds: readonly string[] | undefined): ScheduleStanding {
  const engine = useOptionalOfflineEngine();
  const { access } = useSession();
  const readable =
    access !== null &&
    hasAccess(access, RESOURCE_ACCESS.jobs.read, 'read') &&
    hasAccess(access, RESOURCE_ACCESS.jobSchedules.read, 'read');
  const enabled = readable && homeIds !== undefined && homeIds.length > 0;
  const query = useQuery({
    queryKey: ['schedule-standing', homeIds],
    enabled,
    // Checked with the server on each visit: a copy read offline, or kept from before this
    // device's updates were sent, would otherwise stand for minutes after they arrived.
    staleTime: 0,
    queryFn: async ({ signal }): Promise<Schedules> => {
      const ids = homeIds ?? [];
      if (engine !== null && !engine.connection.isOnline()) return fromDevice(engine, ids);
      try {
        return await fromServer(ids, signal);
      } catch (error) {
        if (engine === null || !isUnreachable(error)) throw error;
        return fromDevice(engine, ids);
      }
    },
  });
  const queued = useQueuedMutations([typeOf('jobs'), typeOf('jobSchedules')]);
  const schedule = useMemo(() => {
    if (query.data === undefined) return undefined;
    const never = () => false;
    const same = (data: FieldRecord) => data;
    const jobs = overlayQueued(query.data.jobs, queued, typeOf('jobs'), never, same).records ?? [];
    const entries =
      overlayQueued(query.data.entries, queued, typeOf('jobSchedules'), never, same).records ?? [];
    return scheduleStanding(jobs, entries, reportDay(new Date()));
  }, [query.data, queued]);
  return { schedule, loading: enabled && query.isPending };
}
