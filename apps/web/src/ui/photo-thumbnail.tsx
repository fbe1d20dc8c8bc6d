// A photo's thumbnail with its sync state: from the device store, or, for a photo another
// device added, fetched once and kept on the device so it shows offline from then on.

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import { useLiveQuery } from 'dexie-react-hooks';
import type { PhotoRef } from '../data/punch-items';
import { fetchPhotoThumbnail, photoCacheId } from '../data/punch-items';
import type { RecordSyncState } from '../data/queued-records';
import { useOfflineEngine, useOnlineStatus } from '../offline/react';

/** Photos being fetched in this tab, so two rows showing one photo fetch it once. */
const fetching = new Set<string>();

export function Thumbnail(props: { photo: PhotoRef; state: RecordSyncState | undefined }) {
  const { t } = useTranslation();
  const engine = useOfflineEngine();
  const online = useOnlineStatus();
  const cacheId = photoCacheId(props.photo);
  // null: looked and not on this device; undefined: still looking.
  const src = useLiveQuery(
    async () => (await engine.files.thumbnail(cacheId)) ?? null,
    [engine.files, cacheId],
  );
  const [unavailable, setUnavailable] = useState(false);
  const { state } = props;
  const { collection, key } = props.photo;
  // A photo on the server but not on this device (another device added it): fetch it once;
  // its thumbnail lands in the device store and the live query above shows it.
  useEffect(() => {
    if (src !== null || state !== undefined || !online || unavailable || fetching.has(cacheId)) {
      return;
    }
    let current = true;
    fetching.add(cacheId);
    void fetchPhotoThumbnail(engine, { collection, key })
      .catch(() => false)
      .then((shown) => {
        if (!shown && current) setUnavailable(true);
      })
      .finally(() => fetching.delete(cacheId));
    return () => {
      current = false;
    };
  }, [src, state, online, unavailable, cacheId, engine, collection, key]);
  const name = props.photo.name ?? props.photo.key;
  const label = src === null && !online ? t('punchItems.photoUnavailable', { name }) : name;
  return (
    <Box
      data-testid="item-photo"
      data-photo-key={`${props.photo.collection}/${props.photo.key}`}
      data-sync={props.state ?? 'synced'}
      sx={{
        position: 'relative',
        width: 64,
        height: 64,
        borderRadius: 1,
        overflow: 'hidden',
        border: 2,
        borderColor:
          props.state === 'failed'
            ? 'error.main'
            : props.state === 'pending'
              ? 'warning.main'
              : 'divider',
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'grey.100',
      }}
      title={
        props.state === undefined
          ? label
          : `${label} · ${t(props.state === 'failed' ? 'syncState.failed' : 'syncState.pending')}`
      }
    >
      {src === undefined || src === null ? (
        <ImageOutlined color="action" aria-label={label} />
      ) : (
        <Box
          component="img"
          src={src}
          alt={label}
          sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      )}
    </Box>
  );
}
