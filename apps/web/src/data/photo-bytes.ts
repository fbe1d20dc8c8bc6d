// A photo's bytes for a PDF made on the device (a walk's, a punch list's): the device's own
// copy, else its thumbnail, else fetched when online.

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

async function blobBytes(blob: Blob): Promise<{ bytes: Uint8Array; type: string }> {
  return { bytes: new Uint8Array(await blob.arrayBuffer()), type: blob.type };
}

/** A photo's bytes from wherever the device can get them; undefined when it cannot. */
export async function photoBytes(
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
