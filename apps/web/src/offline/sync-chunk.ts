// The work of one chunk of a sync pass once its answers have arrived, the same in the sync
// worker and, where there is no worker, on the main thread: each answer's bytes parsed and
// checked record by record, the records grouped by home (job schedules by their jobs), the
// homes written to the home store, and only what the page needs sent back.

import type { Resource } from '@field/domain';
import { homeIdOf, recordListSchema } from '@field/domain';
import type { HomeStore, StoredRecord, SyncedHome } from './home-store';
import { budgetedYield } from '../lib/yield-to-main';

/** Turns an answer's bytes into its JSON value (throws on a malformed answer). */
export type ParseBytes = (bytes: ArrayBuffer) => Promise<unknown>;

/** What the page needs back of a stored chunk (the rest stays in the database). */
export interface ChunkKeep {
  /** Homes shown on screen now: their every list. */
  homeIds: readonly string[];
  /** Of every home, the records of `resource` whose `field` is a non-empty list (photos). */
  withList?: { resource: string; field: string };
}

/** Records checked together (one schema call), the thread yielding between when due. */
const SLICE = 50;

/**
 * The records of an answer checked with the resource's schema, a slice at a time; a record
 * the app cannot read is skipped (and counted in the console) rather than failing every home.
 */
async function checkRecords(
  resource: Resource,
  items: readonly unknown[],
): Promise<StoredRecord[]> {
  const schema = recordListSchema(resource);
  const records: StoredRecord[] = [];
  let skipped = 0;
  const pause = budgetedYield();
  for (let start = 0; start < items.length; start += SLICE) {
    const slice = items.slice(start, start + SLICE);
    const whole = schema.safeParse(slice);
    if (whole.success) {
      records.push(...whole.data);
    } else {
      // Only then one by one, to keep the good records of the slice.
      for (const item of slice) {
        const one = schema.safeParse([item]);
        if (one.success) records.push(...one.data);
        else skipped += 1;
      }
    }
    await pause();
  }
  if (skipped > 0) console.warn(`Sync ahead skipped ${skipped} ${resource} records it cannot read`);
  return records;
}

function textOf(record: StoredRecord, field: string): string {
  const value = record[field];
  return typeof value === 'string' ? value : '';
}

async function listOf(bytes: ArrayBuffer, parse: ParseBytes): Promise<unknown[]> {
  const value = await parse(bytes);
  if (!Array.isArray(value)) throw new Error('expected a list');
  const items: unknown[] = value;
  return items;
}

/** One chunk's homes as their answers are added. */
class ChunkHomes {
  private readonly homes: Map<string, SyncedHome>;
  private readonly homeOfJob = new Map<string, string>();

  constructor(homeIds: readonly string[], resources: readonly string[]) {
    this.homes = new Map(
      homeIds.map((homeId) => [
        homeId,
        { homeId, lists: Object.fromEntries(resources.map((r) => [r, []])) },
      ]),
    );
  }

  /** The answers of the chunk's `listByHomes` calls, `bodies[i]` the answer of `resources[i]`. */
  async addLists(
    resources: readonly Resource[],
    bodies: readonly ArrayBuffer[],
    parse: ParseBytes,
  ): Promise<void> {
    for (const [index, resource] of resources.entries()) {
      const bytes = bodies[index];
      if (bytes === undefined) continue;
      for (const record of await checkRecords(resource, await listOf(bytes, parse))) {
        const homeId = homeIdOf(resource, record);
        if (homeId !== undefined) this.homes.get(homeId)?.lists[resource]?.push(record);
      }
    }
  }

  /** The jobs of the chunk's homes, whose schedules come next (their lists start empty). */
  jobIds(): string[] {
    for (const home of this.homes.values()) {
      for (const job of home.lists['jobs'] ?? []) {
        this.homeOfJob.set(textOf(job, 'JobRID') || job.id, home.homeId);
      }
      home.lists['jobSchedules'] = [];
    }
    return [...this.homeOfJob.keys()];
  }

  /** The answers of the `listByJobs` calls, each schedule to the home of its job. */
  async addSchedules(bodies: readonly ArrayBuffer[], parse: ParseBytes): Promise<void> {
    for (const bytes of bodies) {
      for (const record of await checkRecords('jobSchedules', await listOf(bytes, parse))) {
        const homeId = this.homeOfJob.get(textOf(record, 'JobRID'));
        if (homeId !== undefined) this.homes.get(homeId)?.lists['jobSchedules']?.push(record);
      }
    }
  }

  list(): SyncedHome[] {
    return [...this.homes.values()];
  }
}

/** What the page gets back of a stored chunk (see ChunkKeep). */
export interface ChunkKept {
  /** The homes of `keep.homeIds`, every list whole. */
  shown: SyncedHome[];
  /** Every home with records of `keep.withList`: those records only. */
  listed: SyncedHome[];
}

function keptOf(homes: readonly SyncedHome[], keep: ChunkKeep): ChunkKept {
  const wanted = new Set(keep.homeIds);
  const withList = keep.withList;
  const shown = homes.filter((home) => wanted.has(home.homeId));
  const listed =
    withList === undefined
      ? []
      : homes.flatMap((home): SyncedHome[] => {
          const records = (home.lists[withList.resource] ?? []).filter((record) => {
            const value = record[withList.field];
            return Array.isArray(value) && value.length > 0;
          });
          return records.length === 0
            ? []
            : [{ homeId: home.homeId, lists: { [withList.resource]: records } }];
        });
  return { shown, listed };
}

export interface ChunkAnswers {
  homeIds: readonly string[];
  resources: readonly Resource[];
  bodies: readonly ArrayBuffer[];
  /** Whether job schedules come too: `fetchSchedules` is then asked for them. */
  jobSchedules: boolean;
}

export interface ChunkWrite {
  /** When the pass started, and every list it brings (for the home rows). */
  at: number;
  resources: readonly string[];
  keep: ChunkKeep;
}

/**
 * A chunk from its answers to the home store, here on this thread: used by the sync worker
 * and, where there is none, by the page.
 */
export async function storeChunk(
  store: Pick<HomeStore, 'putSynced'>,
  answers: ChunkAnswers,
  fetchSchedules: (jobIds: string[]) => Promise<ArrayBuffer[]>,
  write: ChunkWrite,
  parse: ParseBytes,
  signal?: AbortSignal,
): Promise<ChunkKept> {
  const homes = new ChunkHomes(answers.homeIds, answers.resources);
  await homes.addLists(answers.resources, answers.bodies, parse);
  if (answers.jobSchedules) await homes.addSchedules(await fetchSchedules(homes.jobIds()), parse);
  const list = homes.list();
  await store.putSynced(list, {
    at: write.at,
    resources: write.resources,
    ...(signal === undefined ? {} : { signal }),
  });
  return keptOf(list, write.keep);
}
