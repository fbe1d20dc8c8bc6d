// Punch items of one home: the home's items in one call (data/home-items.ts), the walks
// they hang on being item-walks.ts's. Writes go through the offline queue with device-made ids
// and optimistic changes; photos as queued uploads (before the item that lists them) and
// queued deletes (after the item is gone); photos from elsewhere fetched once and kept on
// the device as thumbnails.

import type { Access, WalkType } from '@field/domain';
import {
  ITEM_PHOTO_COLLECTION,
  WALK_PDF_COLLECTION,
  WALK_PHOTO_COLLECTION,
  deleteBase,
  updateBase,
  withBase,
} from '@field/domain';
import { apiClient, fileApiPath } from '../api/client';
import type { OfflineEngine } from '../offline/engine';
import { makeThumbnail, queueFileUpload } from '../offline/files';
import { updateCachedQuery } from '../offline/query-persister';
import { useQueuedMutations } from '../offline/react';
import type { ListRecord, RecordSyncState } from './queued-records';
import { queuedData } from './queued-records';
import type { FieldRecord } from './records';
import { homeRecordsKey } from './records';
import { useHomeItems } from './home-items';
import type { UseQueryResult } from '@tanstack/react-query';

// The collections of item photos, walk photos and closing-walk PDFs are the registry's.
export const PHOTO_COLLECTION = ITEM_PHOTO_COLLECTION;
export { WALK_PDF_COLLECTION, WALK_PHOTO_COLLECTION };
/** Collections whose files are kept as `{recordId}/{fileId}`, the file id the device's own. */
const DEVICE_FILE_COLLECTIONS: ReadonlySet<string> = new Set([
  PHOTO_COLLECTION,
  WALK_PHOTO_COLLECTION,
  WALK_PDF_COLLECTION,
]);

export interface PhotoRef {
  collection: string;
  key: string;
  name?: string;
  type?: string;
  size?: number;
  /** A marked-up photo's original, as it was taken (docs/decisions.md, Markup on photos). */
  original?: { collection: string; key: string };
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
  /** The responsible trade: a vendor's id (docs/entities.md, walk item). */
  Vendor: string | null;
  'Due Date': string | null;
  Priority: string;
  'Review Note': string;
  'Review Photos': PhotoRef[];
  'Return Reason': string;
}

/** The queued writes the punch list shows the state of: its photos. */
const PHOTO_WRITE_TYPES = ['file'];

const itemsKey = (homeId: string) => homeRecordsKey('walkItems', homeId);

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The file references in a record's photo list (Photos, uploadedFiles); others dropped. */
export function photosOf(value: unknown): PhotoRef[] {
  if (!Array.isArray(value)) return [];
  const items: unknown[] = value;
  return items.flatMap((item) => {
    if (typeof item !== 'object' || item === null) return [];
    const collection = 'collection' in item ? item.collection : undefined;
    const key = 'key' in item ? item.key : undefined;
    if (typeof collection !== 'string' || typeof key !== 'string') return [];
    const ref: PhotoRef = { collection, key };
    if ('name' in item && typeof item.name === 'string') ref.name = item.name;
    if ('type' in item && typeof item.type === 'string') ref.type = item.type;
    if ('size' in item && typeof item.size === 'number') ref.size = item.size;
    const original: unknown = 'original' in item ? item.original : undefined;
    if (
      typeof original === 'object' &&
      original !== null &&
      'collection' in original &&
      'key' in original &&
      typeof original.collection === 'string' &&
      typeof original.key === 'string'
    ) {
      ref.original = { collection: original.collection, key: original.key };
    }
    return [ref];
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
    Vendor: typeof item['Vendor'] === 'string' ? item['Vendor'] : null,
    'Due Date': typeof item['Due Date'] === 'string' ? item['Due Date'] : null,
    Priority: text(item['Priority']) || 'Normal',
    'Review Note': text(item['Review Note']),
    'Review Photos': photosOf(item['Review Photos']),
    'Return Reason': text(item['Return Reason']),
  };
}

export interface PunchView {
  query: UseQueryResult<FieldRecord[]>;
  items: PunchItem[] | undefined;
  states: ReadonlyMap<string, RecordSyncState>;
  /** `collection/key` of photos whose upload has not reached the server. */
  photoStates: ReadonlyMap<string, RecordSyncState>;
}

export function usePunchItems(homeId: string, access: Access): PunchView {
  const items = useHomeItems(homeId, access);
  const queued = useQueuedMutations(PHOTO_WRITE_TYPES);
  const photoStates = new Map<string, RecordSyncState>();
  for (const row of queued) {
    if (row.type !== 'file' || row.operation !== 'upload') continue;
    const data = queuedData(row);
    const path = `${text(data['collection'])}/${text(data['key'])}`;
    if (photoStates.get(path) !== 'failed') {
      photoStates.set(path, row.status === 'failed' ? 'failed' : 'pending');
    }
  }
  return {
    query: items.query,
    items: items.records?.map(toItem),
    states: items.states,
    photoStates,
  };
}

function patchItems(
  engine: OfflineEngine,
  homeId: string,
  change: (items: FieldRecord[]) => FieldRecord[],
): void {
  updateCachedQuery<FieldRecord[]>(engine.queryClient, itemsKey(homeId), (items = []) =>
    change(items),
  );
}

/** What an item's trade is: its vendor, due date and priority. */
// A type, not an interface: an item dialog's draft keeps it as a plain record.
export type ItemTrade = {
  Vendor: string | null;
  'Due Date': string | null;
  Priority: string;
};

export interface NewPunchItem extends Partial<ItemTrade> {
  Walk: WalkType;
  Category: string;
  Location: string;
  Name: string;
}

export interface NewPhoto {
  blob: Blob;
  name: string;
  /** The photo as taken, when `blob` is a marked-up copy of it: uploaded and kept too. */
  original?: Blob;
}

/** The stored files of a photo: itself and, for a marked-up one, its original. */
function filesOfPhoto(photo: PhotoRef): PhotoRef[] {
  return photo.original === undefined ? [photo] : [photo, photo.original];
}

/** The device file a photo or PDF of ours came from (its key is `{recordId}/{fileId}`). */
export function localFileIdOf(photo: PhotoRef): string | undefined {
  if (!DEVICE_FILE_COLLECTIONS.has(photo.collection)) return undefined;
  const parts = photo.key.split('/');
  return parts.length === 2 ? parts[1] : undefined;
}

/**
 * The id under which the device keeps a photo's thumbnail: the file id of one taken on a
 * device of ours (the same on every device), else the photo's storage path.
 */
export function photoCacheId(photo: PhotoRef): string {
  return localFileIdOf(photo) ?? `${photo.collection}/${photo.key}`;
}


/**
 * Fetches a photo whose thumbnail is not on this device (another device or the server
 * added it) and keeps a thumbnail of it, so it shows offline from then on. Resolves
 * false when it could not be fetched or drawn.
 */
export async function fetchPhotoThumbnail(
  engine: OfflineEngine,
  photo: PhotoRef,
  signal?: AbortSignal,
): Promise<boolean> {
  const blob = await apiClient.getBlob(fileApiPath(photo), signal ? { signal } : {});
  const thumbnail = await makeThumbnail(blob);
  if (thumbnail === undefined) return false;
  await engine.files.setThumbnail(photoCacheId(photo), thumbnail);
  return true;
}

/**
 * Stores each photo on the device (with a thumbnail) and queues its upload under the
 * record's folder (`{collection}/{recordId}/{fileId}`); the write that lists them must be
 * queued after these. Punch items and the record screens' photo fields share it.
 */
export async function storePhotos(
  engine: OfflineEngine,
  target: { collection: string; recordId: string; queryKey: readonly unknown[] },
  photos: readonly NewPhoto[],
): Promise<PhotoRef[]> {
  const refs: PhotoRef[] = [];
  const upload = async (blob: Blob, name: string) => {
    const file = await engine.files.add({ blob, name });
    const place = { collection: target.collection, key: `${target.recordId}/${file.id}` };
    await queueFileUpload(engine.queue, engine.files, {
      fileId: file.id,
      ...place,
      queryKeys: [target.queryKey],
    });
    return { file, place };
  };
  for (const photo of photos) {
    // The original first: the marked-up copy that names it is never on the server alone.
    const original =
      photo.original === undefined
        ? undefined
        : await upload(
            photo.original,
            photo.original instanceof File ? photo.original.name : photo.name,
          );
    const { file, place } = await upload(photo.blob, photo.name);
    const thumbnail = await makeThumbnail(photo.blob);
    if (thumbnail !== undefined) await engine.files.setThumbnail(photoCacheId(place), thumbnail);
    refs.push({
      ...place,
      name: file.name,
      type: file.type,
      size: file.size,
      ...(original === undefined ? {} : { original: original.place }),
    });
  }
  return refs;
}

const itemPhotos = (homeId: string, itemId: string) => ({
  collection: PHOTO_COLLECTION,
  recordId: itemId,
  queryKey: itemsKey(homeId),
});

/**
 * Adds an item: each photo is stored on the device and its upload queued first, so the
 * item that lists it is sent only after the bytes are there. With a walk the item names
 * it (`WalkID`); without one (a user who may not read that walk) it carries only its home
 * and the server hangs it on the home's walk of its type.
 */
export async function addPunchItem(
  engine: OfflineEngine,
  homeId: string,
  walkId: string | undefined,
  input: NewPunchItem,
  photos: readonly NewPhoto[],
): Promise<void> {
  const id = crypto.randomUUID();
  const refs = await storePhotos(engine, itemPhotos(homeId, id), photos);
  const item: FieldRecord = {
    id,
    ...input,
    ...(walkId === undefined ? {} : { WalkID: walkId }),
    HomeRID: homeId,
    Status: 'Outstanding',
    'Completed At': null,
    Photos: refs,
  };
  await engine.queue.enqueue({
    type: 'walkItem',
    operation: 'submit',
    data: { ...item },
    queryKeys: [itemsKey(homeId)],
    optimistic: () =>
      patchItems(engine, homeId, (items) => [...items.filter((i) => i.id !== id), item]),
  });
}

export type ItemChanges = Partial<
  Pick<
    PunchItem,
    | 'Name'
    | 'Category'
    | 'Location'
    | 'Status'
    | 'Completed At'
    | 'Review Note'
    | 'Return Reason'
    | keyof ItemTrade
  >
>;

/**
 * Changes an item; new photos are stored and their uploads queued before the change,
 * added to its `Photos` or, for the review step, its `Review Photos` (which they replace:
 * the trade's latest word).
 */
export async function updatePunchItem(
  engine: OfflineEngine,
  homeId: string,
  item: PunchItem,
  changes: ItemChanges,
  photos: readonly NewPhoto[] = [],
  photoField: 'Photos' | 'Review Photos' = 'Photos',
): Promise<void> {
  const added = await storePhotos(engine, itemPhotos(homeId, item.id), photos);
  const kept = photoField === 'Photos' ? item.Photos : [];
  const data = {
    id: item.id,
    Name: item.Name,
    ...changes,
    ...(added.length === 0 ? {} : { [photoField]: [...kept, ...added] }),
  };
  // The item as the user saw it: someone else's change to these fields is not overwritten.
  const base = updateBase(item, data);
  await engine.queue.enqueue({
    type: 'walkItem',
    operation: 'update',
    data,
    ...withBase(base),
    queryKeys: [itemsKey(homeId)],
    optimistic: () =>
      patchItems(engine, homeId, (items) =>
        items.map((i) => (i.id === item.id ? { ...i, ...data } : i)),
      ),
  });
}

/**
 * Deletes an item, then each of its photos (the review's too) on the server (queued after the item: they
 * share the photos' keys, so the order holds) and lets go of the device's copies.
 */
export async function deletePunchItem(
  engine: OfflineEngine,
  homeId: string,
  item: PunchItem,
): Promise<void> {
  await engine.queue.enqueue({
    type: 'walkItem',
    operation: 'delete',
    // Photos ride along only to order the file deletes after this; the call sends the id.
    data: { id: item.id, Photos: [...item.Photos, ...item['Review Photos']].flatMap(filesOfPhoto) },
    ...withBase(deleteBase(item)),
    queryKeys: [itemsKey(homeId)],
    optimistic: () => patchItems(engine, homeId, (items) => items.filter((i) => i.id !== item.id)),
  });
  for (const photo of [...item.Photos, ...item['Review Photos']].flatMap(filesOfPhoto)) {
    const fileId = photoCacheId(photo);
    await engine.queue.enqueue({
      type: 'file',
      operation: 'delete',
      data: { fileRef: fileId, collection: photo.collection, key: photo.key },
    });
    await engine.files.releasePhoto(fileId);
  }
}
