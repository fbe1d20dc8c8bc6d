// What goes into a closing walk's PDF, gathered on the device: the home, the walk as it
// was submitted, its checklist against the form's lines, its punch items with their
// photos (the device's copy, else its thumbnail, else fetched when online), both
// signatures, and the PDF's own words from the app's texts.

import type { TFunction } from 'i18next';
import type { ChecklistAnswer, Signature, WalkFormDef } from '@field/domain';
import { APP_BUILD_DATE, APP_VERSION } from '@field/domain';
import { apiClient, fileApiPath } from '../../api/client';
import type { ActiveHome } from '../../data/homes';
import type { PhotoRef, PunchItem } from '../../data/punch-items';
import { localFileIdOf, photoCacheId } from '../../data/punch-items';
import type { OfflineEngine } from '../../offline/engine';
import type { WalkPdfInput } from './pdf/walk-pdf';
import { walkPdfWords } from './pdf/walk-pdf-words';

export interface PdfWalk {
  id: string;
  date: string;
  notes: string;
  checklist: Readonly<Record<string, ChecklistAnswer>>;
  signatures: readonly Signature[];
  /** An amendment's line: "Amendment 1: amends the signed walk of 11/10/2026". */
  amends?: string | undefined;
}

function dataUrlBytes(dataUrl: string): Uint8Array {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function blobBytes(blob: Blob): Promise<{ bytes: Uint8Array; type: string }> {
  return { bytes: new Uint8Array(await blob.arrayBuffer()), type: blob.type };
}

/** A photo's bytes from wherever the device can get them; undefined when it cannot. */
async function photoBytes(
  engine: OfflineEngine,
  photo: PhotoRef,
): Promise<{ bytes: Uint8Array; type: string } | undefined> {
  const fileId = localFileIdOf(photo);
  if (fileId !== undefined) {
    const kept = await engine.files.get(fileId).catch(() => undefined);
    if (kept !== undefined) {
      const blob = await engine.files.read(fileId).catch(() => undefined);
      if (blob !== undefined) return { ...(await blobBytes(blob)), type: kept.type };
    }
  }
  const thumbnail = await engine.files.thumbnail(photoCacheId(photo));
  if (thumbnail !== undefined) return { bytes: dataUrlBytes(thumbnail), type: 'image/jpeg' };
  if (typeof navigator !== 'undefined' && !navigator.onLine) return undefined;
  const blob = await apiClient.getBlob(fileApiPath(photo)).catch(() => undefined);
  return blob === undefined ? undefined : blobBytes(blob);
}

export async function walkPdfInput(
  engine: OfflineEngine,
  input: {
    def: WalkFormDef;
    home: ActiveHome;
    walk: PdfWalk;
    staff: { label: string; name: string }[];
    items: readonly Pick<PunchItem, 'Name' | 'Category' | 'Location' | 'Status' | 'Photos'>[];
    t: TFunction;
  },
): Promise<WalkPdfInput> {
  const { def, home, walk, t } = input;
  const items: WalkPdfInput['items'] = [];
  for (const item of input.items) {
    const photos: { bytes: Uint8Array; type: string }[] = [];
    for (const photo of item.Photos) {
      const bytes = await photoBytes(engine, photo);
      if (bytes !== undefined) photos.push(bytes);
    }
    items.push({
      name: item.Name,
      category: item.Category,
      location: item.Location,
      status: item.Status,
      photos,
    });
  }
  return {
    words: walkPdfWords(t),
    company: t('app.name'),
    appVersion: t('walkForm.pdfVersion', { version: APP_VERSION, built: APP_BUILD_DATE }),
    home: { address: home.Address, homeId: String(home.HomeID), homeRid: home.HomeRID },
    walk: {
      id: walk.id,
      title: t('walkForm.pdfTitle', { form: t(`nav.walk-${def.segment}`) }),
      date: walk.date,
      notes: walk.notes,
      ...(walk.amends === undefined ? {} : { amends: walk.amends }),
    },
    staff: input.staff,
    checklist: def.sections.map((section) => ({
      title: section.title,
      lines: section.lines.map((line) => {
        const answer = walk.checklist[line.id];
        return {
          label: line.label,
          result: answer?.result ?? null,
          ...(answer?.note === undefined ? {} : { note: answer.note }),
        };
      }),
    })),
    items,
    signatures: walk.signatures.map((signature) => ({
      label: t(`walkForm.signer.${signature.role}`),
      name: signature.name,
      signedAt: signature.signedAt,
      png: dataUrlBytes(signature.image),
    })),
    generatedAt: new Date().toISOString(),
  };
}
