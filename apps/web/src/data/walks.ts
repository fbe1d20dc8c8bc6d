// The walks of one walk form on a home (walk-forms.ts in the domain says which records a
// form writes), and their writes through the offline queue in the order the server needs
// them: each new photo's bytes, then the walk (added or changed), then the punch items
// raised on it, then the closing-walk PDF and the change that names it. Ids are made on
// the device, so all of it can be queued offline in one go.

import { useMemo } from 'react';
import type { ChecklistAnswer, Signature, WalkFormDef } from '@field/domain';
import { isWalkOfForm } from '@field/domain';
import { fileApiPath, fileRefOfApiPath } from '../api/client';
import type { OfflineEngine } from '../offline/engine';
import { makeThumbnail, queueFileUpload } from '../offline/files';
import type { NewPunchItem, PhotoRef } from './punch-items';
import {
  WALK_PDF_COLLECTION,
  WALK_PHOTO_COLLECTION,
  addPunchItem,
  localFileIdOf,
} from './punch-items';
import type { FieldRecord, HomeRecords } from './records';
import { homeRecordsKey, recordWrites, textOf, useHomeRecords } from './records';

/** The walks of a form on a home, newest first (closing walks of the form's type only). */
export function useFormWalks(def: WalkFormDef, homeId: string | null): HomeRecords {
  const list = useHomeRecords(def.kind, homeId);
  const records = useMemo(
    () =>
      list.records
        ?.filter((walk) => isWalkOfForm(def, walk['type']))
        .sort((a, b) => textOf(b, 'date').localeCompare(textOf(a, 'date'))),
    [list.records, def],
  );
  return { ...list, records };
}

/** A photo chosen in a walk form: kept on the device (with a thumbnail) until it is sent. */
export interface ChosenPhoto {
  fileId: string;
  name: string;
  type: string;
  size: number;
  /** The photo as taken, when this is a marked-up copy of it (both are uploaded). */
  original?: Omit<ChosenPhoto, 'original'>;
}

/** The device files a chosen photo holds: itself and, once drawn on, its original. */
export function fileIdsOf(photo: ChosenPhoto): string[] {
  return photo.original === undefined ? [photo.fileId] : [photo.fileId, photo.original.fileId];
}

/** Keeps a picked image on the device with a thumbnail; the form holds its one reference. */
export async function keepPhoto(engine: OfflineEngine, file: File): Promise<ChosenPhoto> {
  const stored = await engine.files.add({ blob: file, name: file.name });
  const thumbnail = await makeThumbnail(file);
  if (thumbnail !== undefined) await engine.files.setThumbnail(stored.id, thumbnail);
  return { fileId: stored.id, name: stored.name, type: stored.type, size: stored.size };
}

/** Lets go of a photo the form no longer holds (removed, or the form discarded). */
export async function dropPhoto(engine: OfflineEngine, photo: ChosenPhoto): Promise<void> {
  for (const id of fileIdsOf(photo)) await engine.files.releasePhoto(id);
}

/**
 * Keeps the marked-up copy of a chosen photo in its place: the copy holds the original
 * (the photo as first taken, also when it is drawn on again); a previous copy is let go.
 */
export async function keepMarkedUp(
  engine: OfflineEngine,
  photo: ChosenPhoto,
  marked: File,
): Promise<ChosenPhoto> {
  const copy = await keepPhoto(engine, marked);
  if (photo.original === undefined) {
    const asTaken = { fileId: photo.fileId, name: photo.name, type: photo.type, size: photo.size };
    return { ...copy, original: asTaken };
  }
  await engine.files.releasePhoto(photo.fileId);
  return { ...copy, original: photo.original };
}

export interface WalkValues {
  date: string;
  user: string;
  notes: string;
  checklist: Record<string, ChecklistAnswer>;
  customerServiceStaff?: string;
  signatures?: Signature[];
  /** An amendment's signed walk and number (the server sets the number it keeps). */
  amends?: string;
  amendment?: number;
}

export interface SaveWalkInput {
  def: WalkFormDef;
  homeId: string;
  /** The walk's id: made on the device for a new walk. */
  walkId: string;
  /** The stored walk when it is changed; undefined for a new one. */
  existing: FieldRecord | undefined;
  values: WalkValues;
  /** Photos already on the walk, kept as they are. */
  keptPhotos: PhotoRef[];
  newPhotos: ChosenPhoto[];
  /** Punch items raised on this walk in the form. */
  items: NewPunchItem[];
}

/** A walk's own fields as the form's kind stores them (a closing walk's type, who's staff). */
export function walkFields(def: WalkFormDef, values: WalkValues): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    date: values.date,
    user: values.user,
    notes: values.notes,
    checklist: values.checklist,
  };
  if (def.kind === 'closing') {
    fields['type'] = def.closingType;
    if (values.signatures !== undefined) fields['signatures'] = values.signatures;
    if (values.amends !== undefined) {
      fields['amends'] = values.amends;
      fields['amendment'] = values.amendment;
    }
    if (def.extraFields.includes('customerServiceStaff')) {
      fields['customerServiceStaff'] = values.customerServiceStaff ?? '';
    }
  }
  return fields;
}

/**
 * Queues a walk: the new photos' uploads, the walk itself (added or changed, listing its
 * photos), then the punch items raised on it. Resolves with the walk as it will show.
 */
export async function saveWalk(engine: OfflineEngine, input: SaveWalkInput): Promise<FieldRecord> {
  const { def, homeId, walkId } = input;
  const listKey = homeRecordsKey(def.kind, homeId);
  const uploaded: PhotoRef[] = [];
  const upload = (fileId: string) =>
    queueFileUpload(engine.queue, engine.files, {
      fileId,
      collection: WALK_PHOTO_COLLECTION,
      key: `${walkId}/${fileId}`,
      queryKeys: [listKey],
    });
  for (const photo of input.newPhotos) {
    // The original first: the marked-up copy that names it is never on the server alone.
    const original = photo.original === undefined ? undefined : await upload(photo.original.fileId);
    const target = await upload(photo.fileId);
    uploaded.push({
      ...target,
      name: photo.name,
      type: photo.type,
      size: photo.size,
      ...(original === undefined ? {} : { original }),
    });
  }
  const fields = {
    ...walkFields(def, input.values),
    uploadedFiles: [...input.keptPhotos, ...uploaded],
  };
  const writes = recordWrites(engine, def.kind);
  let walk: FieldRecord;
  if (input.existing === undefined) {
    walk = await writes.add(homeId, { ...fields, id: walkId });
  } else {
    await writes.update(input.existing, fields);
    walk = { ...input.existing, ...fields };
  }
  for (const item of input.items) await addPunchItem(engine, homeId, walkId, item, []);
  return walk;
}

/**
 * Keeps a closing walk's PDF on the device, queues its upload, then the change that sets
 * `pdfUrl` on the walk (sent only once the bytes are on the server).
 */
export async function attachWalkPdf(
  engine: OfflineEngine,
  def: WalkFormDef,
  walk: FieldRecord,
  pdf: Blob,
  name: string,
): Promise<string> {
  const stored = await engine.files.add({ blob: pdf, name, type: 'application/pdf' });
  const homeId = textOf(walk, 'HomeRID') || textOf(walk, 'selectedHome');
  const target = await queueFileUpload(engine.queue, engine.files, {
    fileId: stored.id,
    collection: WALK_PDF_COLLECTION,
    key: `${walk.id}/${stored.id}`,
    queryKeys: [homeRecordsKey(def.kind, homeId)],
  });
  const pdfUrl = fileApiPath(target);
  await recordWrites(engine, def.kind).update(walk, { pdfUrl });
  return pdfUrl;
}

/** The device file of a walk's PDF, from its `pdfUrl` (`.../walkPdfs/{walkId}/{fileId}`). */
export function pdfFileIdOf(pdfUrl: string): string | undefined {
  const ref = fileRefOfApiPath(pdfUrl);
  return ref === undefined ? undefined : localFileIdOf(ref);
}
