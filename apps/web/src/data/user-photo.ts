// The signed-in user's picture. An uploaded one is served behind the bearer header
// (`/api/files/users/{id}/profilePicture`), which an <img> cannot send: it is fetched and
// shown as a data URL. An outside URL (a provider's) is used as it is.

import { useQuery } from '@tanstack/react-query';
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
