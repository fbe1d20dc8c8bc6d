// The signed-in user's picture. An uploaded one is served behind the bearer header
// (`/api/files/users/{id}/profilePicture`), which an <img> cannot send: it is fetched and
// shown as a data URL. An outside URL (a provider's) is used as it is.

import { useQuery } from '@tanstack/react-query';
import { PROFILE_PICTURE_MAX_SIDE } from '@field/domain';
import { apiClient } from '../api/client';

/** A Blob or File as a `data:` URL. */
export function asDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable picture'));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable picture'));
    reader.readAsDataURL(blob);
  });
}

/**
 * A chosen picture made small enough to send: a JPEG at most PROFILE_PICTURE_MAX_SIDE pixels
 * on its longer side (a phone's photo of several MB becomes some tens of kB, far below the
 * server's 2 MB cap). Where it cannot be drawn, the file itself (the server judges its size).
 */
export async function shrinkPicture(file: Blob): Promise<Blob> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, PROFILE_PICTURE_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (context === null) return file;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const shrunk = await new Promise<Blob | null>((resolve) => {
      canvas.toBlob(resolve, 'image/jpeg', 0.85);
    });
    return shrunk ?? file;
  } catch {
    return file;
  }
}

export function useUserPhoto(photoURL: string | null): string | undefined {
  const ours = photoURL !== null && photoURL.startsWith('/api/');
  const picture = useQuery({
    queryKey: ['user-photo', photoURL],
    enabled: ours,
    staleTime: Infinity,
    queryFn: async ({ signal }) => asDataUrl(await apiClient.getBlob(photoURL ?? '', { signal })),
  });
  if (photoURL === null) return undefined;
  return ours ? picture.data : photoURL;
}
