// The walks punch items hang on: for each item type the walk of the form that hosts it
// (the domain's ITEM_HOST_FORM: pre-drywall for frame punch, the closing walk of the type
// for the others), loaded only where the user may read it, started through the queue
// where the user may write it.

import { useQueries } from '@tanstack/react-query';
import type { Access, WalkKind, WalkType } from '@field/domain';
import {
  ITEM_HOST_KINDS,
  WALK_TYPES,
  canReadWalk,
  hasAccess,
  homeIdOf,
  isWalkOfForm,
  itemHostForm,
  resourceDef,
  supersededWalks,
} from '@field/domain';
import type { OfflineEngine } from '../offline/engine';
import { useQueuedMutations } from '../offline/react';
import { overlayQueued, queuedData } from './queued-records';
import type { FieldRecord } from './records';
import { fetchHomeRecords, homeRecordsKey, recordWrites } from './records';
import { walkFields } from './walks';

export interface WalkRef {
  id: string;
  kind: WalkKind;
  type: string | undefined;
  /** Started on this device and not yet on the server. */
  queued?: boolean;
  /** A signed closing walk an amendment stands for (docs/decisions.md, Amending a signed walk). */
  superseded?: boolean;
}

/** The queue's type of the writes of a walk kind. */
function writeTypeOf(kind: WalkKind): string {
  return resourceDef(kind).mutationType ?? kind;
}

const HOST_WRITE_TYPES = ITEM_HOST_KINDS.map(writeTypeOf);

/** Whether the user may read the walk an item of this type hangs on. */
export function canReadWalkOf(access: Access, type: WalkType): boolean {
  const host = itemHostForm(type);
  return canReadWalk(access, host.kind, host.closingType);
}

/** Whether the user may start the walk an item of this type hangs on. */
export function canStartWalkOf(access: Access, type: WalkType): boolean {
  return hasAccess(access, [itemHostForm(type).scope], 'write');
}

/** The walk an item of this type hangs on, among the home's walks: the latest amendment. */
export function walkFor(walks: readonly WalkRef[], type: WalkType): WalkRef | undefined {
  const host = itemHostForm(type);
  const hosts = walks.filter((walk) => walk.kind === host.kind && isWalkOfForm(host, walk.type));
  return hosts.find((walk) => walk.superseded !== true) ?? hosts[0];
}

/** The walk kinds whose lists the user may read for at least one item type. */
function readableHostKinds(access: Access): WalkKind[] {
  return ITEM_HOST_KINDS.filter((kind) =>
    WALK_TYPES.some((type) => itemHostForm(type).kind === kind && canReadWalkOf(access, type)),
  );
}

/** The walks of the lists as references, those whose add still waits in the queue marked. */
function walkRefsOf(
  lists: readonly { kind: WalkKind; records: readonly FieldRecord[] }[],
  queuedAdds: ReadonlySet<string>,
): WalkRef[] {
  return lists.flatMap(({ kind, records }) => {
    const superseded = supersededWalks(records);
    return records.map((walk): WalkRef => {
      const type = walk['type'];
      return {
        id: walk.id,
        kind,
        type: typeof type === 'string' ? type : undefined,
        ...(queuedAdds.has(walk.id) ? { queued: true } : {}),
        ...(superseded.has(walk.id) ? { superseded: true } : {}),
      };
    });
  });
}

/**
 * The home's walks that items may hang on and the user may read, with this device's
 * queued walks laid over them; undefined while a list loads.
 */
export function useItemWalks(homeId: string, access: Access): WalkRef[] | undefined {
  const kinds = readableHostKinds(access);
  const results = useQueries({
    queries: kinds.map((kind) => ({
      queryKey: homeRecordsKey(kind, homeId),
      // Walks take writes: checked with the server on each visit, as useHomeRecords does.
      staleTime: 0,
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchHomeRecords(kind, homeId, signal),
    })),
  });
  const queued = useQueuedMutations(HOST_WRITE_TYPES);
  const lists: { kind: WalkKind; records: FieldRecord[] }[] = [];
  for (const [index, kind] of kinds.entries()) {
    const { records } = overlayQueued(
      results[index]?.data,
      queued,
      writeTypeOf(kind),
      (data) => homeIdOf(kind, data) === homeId,
      (data) => data,
    );
    if (records === undefined) return undefined;
    lists.push({ kind, records });
  }
  const queuedAdds = new Set(
    queued.filter((row) => row.operation === 'submit').map((row) => String(queuedData(row)['id'])),
  );
  return walkRefsOf(lists, queuedAdds);
}

/** Starts the walk an item type hangs on, through the queue, with nothing answered yet. */
export async function startItemWalk(
  engine: OfflineEngine,
  homeId: string,
  userId: string,
  type: WalkType,
): Promise<void> {
  const host = itemHostForm(type);
  const values = { date: new Date().toISOString(), user: userId, notes: '', checklist: {} };
  await recordWrites(engine, host.kind).add(homeId, {
    ...walkFields(host, values),
    uploadedFiles: [],
  });
}
