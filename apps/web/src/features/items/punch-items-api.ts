// Punch items of one home: its walks (closing walks by type, the pre-drywall walk for
// frame punch) and their items in one cached query, kept on the device; writes go through
// the offline queue with device-made ids and optimistic changes, photos as queued uploads.

import { useQuery } from '@tanstack/react-query';
import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import type { WalkType } from '@field/domain';
import { CLOSING_TYPES, apiPath } from '@field/domain';
import type { Parser } from '../../api/client';
import { apiClient } from '../../api/client';
import type { OfflineEngine } from '../../offline/engine';
import { queueFileUpload } from '../../offline/files';
import { updateCachedQuery } from '../../offline/query-persister';
import { useQueuedMutations } from '../../offline/react';
import type { ListRecord, RecordSyncState } from '../../data/queued-records';
import { overlayQueued, queuedData } from '../../data/queued-records';

export const PHOTO_COLLECTION = 'walkItems';

export interface WalkRef {
  id: string;
  kind: 'closing' | 'preDrywall';
  type: string | undefined;
  /** Started on this device and not yet on the server. */
  queued?: boolean;
}

export interface PhotoRef {
  collection: string;
  key: string;
  name?: string;
  type?: string;
  size?: number;
}

export interface PunchItem extends ListRecord {
  Walk: string;
  Category: string;
  Location: string;
  Name: string;
  Status: string;
  'Completed At': string | null;
  WalkID: string | null;
  HomeRID: string | null;
  Photos: PhotoRef[];
}

export interface PunchData {
  walks: WalkRef[];
  items: PunchItem[];
}

export const punchKey = (homeId: string): QueryKey => ['punchItems', homeId];

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function photosOf(value: unknown): PhotoRef[] {
  if (!Array.isArray(value)) return [];
  const items: unknown[] = value;
  return items.flatMap((item) => {
    if (typeof item !== 'object' || item === null) return [];
    const collection = 'collection' in item ? item.collection : undefined;
    const key = 'key' in item ? item.key : undefined;
    if (typeof collection !== 'string' || typeof key !== 'string') return [];
    const name = 'name' in item && typeof item.name === 'string' ? item.name : undefined;
    return [{ collection, key, ...(name === undefined ? {} : { name }) }];
  });
}

export function toItem(item: Record<string, unknown> & { id: string }): PunchItem {
  const completed = item['Completed At'];
  const walkId = item['WalkID'];
  const homeRid = item['HomeRID'];
  return {
    ...item,
    Walk: text(item['Walk']),
    Category: text(item['Category']),
    Location: text(item['Location']),
    Name: text(item['Name']),
    Status: text(item['Status']) || 'Outstanding',
    'Completed At': typeof completed === 'string' ? completed : null,
    WalkID: typeof walkId === 'string' ? walkId : null,
    HomeRID: typeof homeRid === 'string' ? homeRid : null,
    Photos: photosOf(item['Photos']),
  };
}

function objects(data: unknown): Array<Record<string, unknown> & { id: string }> {
  if (!Array.isArray(data)) throw new Error('expected a list');
  const items: unknown[] = data;
  return items.flatMap((item) => {
    if (typeof item !== 'object' || item === null || !('id' in item)) return [];
    const id = item.id;
    // Safe: a non-null object with a string id, read field by field afterwards.
    return typeof id === 'string' ? [{ ...(item as Record<string, unknown>), id }] : [];
  });
}

const recordList: Parser<Array<Record<string, unknown> & { id: string }>> = { parse: objects };

export interface PunchAccess {
  closing: boolean;
  preDrywall: boolean;
}

async function fetchPunch(
  homeId: string,
  can: PunchAccess,
  signal: AbortSignal,
): Promise<PunchData> {
  const listOf = (kind: 'closing' | 'preDrywall') =>
    apiClient.get(
      `${apiPath(kind)}/listByHome?homeId=${encodeURIComponent(homeId)}`,
      recordList,
      { signal },
    );
  const [closing, preDrywall] = await Promise.all([
    can.closing ? listOf('closing') : Promise.resolve([]),
    can.preDrywall ? listOf('preDrywall') : Promise.resolve([]),
  ]);
  const walks: WalkRef[] = [
    ...closing.map((w): WalkRef => ({ id: w.id, kind: 'closing', type: text(w['type']) })),
    ...preDrywall.map((w): WalkRef => ({ id: w.id, kind: 'preDrywall', type: undefined })),
  ];
  const items =
    walks.length === 0
      ? []
      : await apiClient.post(
          `${apiPath('walkItems')}/listByWalks`,
          { walkIds: walks.map((w) => w.id) },
          recordList,
          { signal },
        );
  return { walks, items: items.map(toItem) };
}

/** The walk an item of this type hangs on: the closing walk of the type, pre-drywall for frame punch. */
export function walkFor(walks: readonly WalkRef[], type: WalkType): WalkRef | undefined {
  return type === 'frame-punch'
    ? walks.find((w) => w.kind === 'preDrywall')
    : walks.find((w) => w.kind === 'closing' && w.type === type);
}

export interface PunchView {
  query: UseQueryResult<PunchData>;
  walks: WalkRef[] | undefined;
  items: PunchItem[] | undefined;
  states: ReadonlyMap<string, RecordSyncState>;
  /** `collection/key` of photos whose upload has not reached the server. */
  photoStates: ReadonlyMap<string, RecordSyncState>;
}

export function usePunchItems(homeId: string, can: PunchAccess): PunchView {
  const query = useQuery({
    queryKey: punchKey(homeId),
    enabled: can.closing || can.preDrywall,
    // Shown at once from the device, then checked with the server on each visit.
    staleTime: 0,
    queryFn: ({ signal }) => fetchPunch(homeId, can, signal),
  });
  const queued = useQueuedMutations();
  const overlaid = overlayQueued(
    query.data?.items,
    queued,
    'walkItem',
    (data) => data['HomeRID'] === homeId,
    toItem,
  );
  const photoStates = new Map<string, RecordSyncState>();
  const walks = query.data === undefined ? undefined : [...query.data.walks];
  for (const row of queued) {
    const data = queuedData(row);
    if (row.type === 'file' && row.operation === 'upload') {
      const path = `${text(data['collection'])}/${text(data['key'])}`;
      if (photoStates.get(path) !== 'failed') {
        photoStates.set(path, row.status === 'failed' ? 'failed' : 'pending');
      }
    }
    const id = data['id'];
    if (walks !== undefined && row.operation === 'submit' && typeof id === 'string') {
      if (walks.some((w) => w.id === id)) continue;
      if (row.type === 'closing' && data['selectedHome'] === homeId) {
        walks.push({ id, kind: 'closing', type: text(data['type']), queued: true });
      }
      if (row.type === 'preDrywall' && data['HomeRID'] === homeId) {
        walks.push({ id, kind: 'preDrywall', type: undefined, queued: true });
      }
    }
  }
  return { query, walks, items: overlaid.records, states: overlaid.states, photoStates };
}

function patchCache(engine: OfflineEngine, homeId: string, change: (data: PunchData) => PunchData) {
  updateCachedQuery<PunchData>(engine.queryClient, punchKey(homeId), (current) =>
    change(current ?? { walks: [], items: [] }),
  );
}

/** Starts the walk an item type needs, through the queue (closing walk or pre-drywall walk). */
export async function startWalk(
  engine: OfflineEngine,
  homeId: string,
  userId: string,
  type: WalkType,
): Promise<void> {
  const id = crypto.randomUUID();
  const date = new Date().toISOString();
  const closingType = CLOSING_TYPES.find((t) => t === type);
  const walk: WalkRef =
    closingType === undefined
      ? { id, kind: 'preDrywall', type: undefined }
      : { id, kind: 'closing', type: closingType };
  await engine.queue.enqueue(
    closingType === undefined
      ? {
          type: 'preDrywall',
          operation: 'submit',
          data: { id, HomeRID: homeId, date, user: userId, checklist: {}, uploadedFiles: [] },
          queryKeys: [punchKey(homeId)],
          optimistic: () =>
            patchCache(engine, homeId, (d) => ({ ...d, walks: [...d.walks, walk] })),
        }
      : {
          type: 'closing',
          operation: 'submit',
          data: {
            id,
            date,
            selectedHome: homeId,
            HomeRID: homeId,
            user: userId,
            type: closingType,
            notes: '',
            uploadedFiles: [],
          },
          queryKeys: [punchKey(homeId)],
          optimistic: () =>
            patchCache(engine, homeId, (d) => ({ ...d, walks: [...d.walks, walk] })),
        },
  );
}

export interface NewPunchItem {
  Walk: WalkType;
  Category: string;
  Location: string;
  Name: string;
}

export interface NewPhoto {
  blob: Blob;
  name: string;
}

/** A small JPEG data URL of an image for the list, or undefined where it cannot be drawn. */
async function thumbnailOf(blob: Blob): Promise<string | undefined> {
  try {
    const bitmap = await createImageBitmap(blob);
    const scale = Math.min(1, 160 / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (context === null) return undefined;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return canvas.toDataURL('image/jpeg', 0.7);
  } catch {
    return undefined;
  }
}

/** The device file a photo of ours came from (its key is `{itemId}/{fileId}`). */
export function localFileIdOf(photo: PhotoRef): string | undefined {
  if (photo.collection !== PHOTO_COLLECTION) return undefined;
  const parts = photo.key.split('/');
  return parts.length === 2 ? parts[1] : undefined;
}

/**
 * Adds an item on a walk: each photo is stored on the device (with a thumbnail) and its
 * upload queued first, so the item that lists it is sent only after the bytes are there.
 */
export async function addPunchItem(
  engine: OfflineEngine,
  homeId: string,
  walk: WalkRef,
  input: NewPunchItem,
  photos: readonly NewPhoto[],
): Promise<void> {
  const id = crypto.randomUUID();
  const refs: PhotoRef[] = [];
  for (const photo of photos) {
    const file = await engine.files.add({ blob: photo.blob, name: photo.name });
    const thumbnail = await thumbnailOf(photo.blob);
    if (thumbnail !== undefined) await engine.files.setThumbnail(file.id, thumbnail);
    const target = await queueFileUpload(engine.queue, engine.files, {
      fileId: file.id,
      collection: PHOTO_COLLECTION,
      key: `${id}/${file.id}`,
      queryKeys: [punchKey(homeId)],
    });
    refs.push({ ...target, name: file.name, type: file.type, size: file.size });
  }
  const item: PunchItem = {
    id,
    ...input,
    WalkID: walk.id,
    HomeRID: homeId,
    Status: 'Outstanding',
    'Completed At': null,
    Photos: refs,
  };
  await engine.queue.enqueue({
    type: 'walkItem',
    operation: 'submit',
    data: { ...item },
    queryKeys: [punchKey(homeId)],
    optimistic: () =>
      patchCache(engine, homeId, (d) => ({
        ...d,
        items: [...d.items.filter((i) => i.id !== id), item],
      })),
  });
}

export async function updatePunchItem(
  engine: OfflineEngine,
  homeId: string,
  item: PunchItem,
  changes: Partial<Pick<PunchItem, 'Name' | 'Category' | 'Location' | 'Status' | 'Completed At'>>,
): Promise<void> {
  const data = { id: item.id, Name: item.Name, ...changes };
  await engine.queue.enqueue({
    type: 'walkItem',
    operation: 'update',
    data,
    queryKeys: [punchKey(homeId)],
    optimistic: () =>
      patchCache(engine, homeId, (d) => ({
        ...d,
        items: d.items.map((i) => (i.id === item.id ? { ...i, ...data } : i)),
      })),
  });
}

export async function deletePunchItem(
  engine: OfflineEngine,
  homeId: string,
  item: PunchItem,
): Promise<void> {
  await engine.queue.enqueue({
    type: 'walkItem',
    operation: 'delete',
    data: { id: item.id },
    queryKeys: [punchKey(homeId)],
    optimistic: () =>
      patchCache(engine, homeId, (d) => ({ ...d, items: d.items.filter((i) => i.id !== item.id) })),
  });
}
