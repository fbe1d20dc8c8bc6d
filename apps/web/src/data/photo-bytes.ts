// A photo for a PDF made on the device (a walk's, a punch list's): the device's own
// file, else its thumbnail, else fetched when online.

import { apiClient, fileApiPath } from '../api/client';
import type { OfflineEngine } from '../offline/engine';
import type { PhotoRef } from './punch-items';
import { localFileIdOf, photoCacheId } from './punch-items';

/** The bytes of a `data:` URL (a thumbnail, a drawn signature). */
export function dataUrlBytes(dataUrl: string): Uint8Array {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * A photo for a PDF from wherever the device can get it: the device's own file or the
 * server's as a Blob (the PDF worker reads its bytes, not the page), else the thumbnail's
 * bytes; undefined when it cannot.
 */
export async function photoSource(
  engine: OfflineEngine,
  photo: PhotoRef,
): Promise<Blob | { bytes: Uint8Array; type: string } | undefined> {
  const fileId = localFileIdOf(photo);
  if (fileId !== undefined) {
    const kept = await engine.files.get(fileId).catch(() => undefined);
    if (kept !== undefined) {
      const blob = await engine.files.read(fileId).catch(() => undefined);
      // The type the device recorded for it, without reading the bytes.
      if (blob !== undefined) return blob.slice(0, blob.size, kept.type);
    }
  }
  const thumbnail = await engine.files.thumbnail(photoCacheId(photo));
  if (thumbnail !== undefined) return { bytes: dataUrlBytes(thumbnail), type: 'image/jpeg' };
  if (typeof navigator !== 'undefined' && !navigator.onLine) return undefined;
  return apiClient.getBlob(fileApiPath(photo)).catch(() => undefined);
}
