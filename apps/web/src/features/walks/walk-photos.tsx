// A walk form's photos: those stored with the walk, those chosen now (removable, and
// marked up in the editor), and Add photos.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddAPhoto from '@mui/icons-material/AddAPhoto';
import Close from '@mui/icons-material/Close';
import Draw from '@mui/icons-material/Draw';
import { WALK_PHOTO_COLLECTION } from '../../data/punch-items';
import { toast } from '../../lib/toast';
import type { ChosenPhoto } from '../../data/walks';
import { markedUpName } from '../../ui/photo-markup';
import { PhotoMarkupDialog } from '../../ui/photo-markup-lazy';
import { Thumbnail } from '../../ui/photo-thumbnail';
import { TAP, THUMB_TAP } from '../../ui/touch';
import type { WalkFormState } from './walk-form-state';
import { WalkSection } from './walk-section';

/** The walk's photos: those stored with it, those chosen now (removable), and Add photos. */
export function WalkPhotos(props: {
  state: WalkFormState;
  canWrite: boolean;
  disabled: boolean;
  onAdd: (files: File[]) => void;
  onRemove: (photo: ChosenPhoto) => void;
  readPhoto: (photo: ChosenPhoto) => Promise<Blob>;
  onMarkUp: (photo: ChosenPhoto, marked: File) => void;
}) {
  const { t } = useTranslation();
  const { state, disabled } = props;
  const [editing, setEditing] = useState<{ photo: ChosenPhoto; blob: Blob } | null>(null);
  return (
    <WalkSection title={t('walkForm.photos')} spacing={1.5}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-testid="walk-photos">
        {state.keptPhotos.map((photo) => (
          <Thumbnail key={`${photo.collection}/${photo.key}`} photo={photo} state={undefined} />
        ))}
        {state.newPhotos.map((photo) => (
          <Stack key={photo.fileId} sx={{ alignItems: 'center' }}>
            <Box sx={{ position: 'relative' }}>
              <Thumbnail
                photo={{
                  collection: WALK_PHOTO_COLLECTION,
                  key: `${state.walkId}/${photo.fileId}`,
                  name: photo.name,
                }}
                state="pending"
              />
              <IconButton
                size="small"
                aria-label={t('walkForm.removePhoto', { name: photo.name })}
                onClick={() => props.onRemove(photo)}
                disabled={disabled}
                sx={{ position: 'absolute', top: -12, right: -12, bgcolor: 'background.paper' }}
              >
                <Close fontSize="small" />
              </IconButton>
            </Box>
            <IconButton
              aria-label={t('photoMarkup.open', { name: photo.name })}
              onClick={() => {
                props.readPhoto(photo).then(
                  (blob) => setEditing({ photo, blob }),
                  // Gone from the device (cleared storage): said, not only logged.
                  (caught: unknown) => {
                    console.error('The photo could not be read', caught);
                    toast(t('photoMarkup.failed'), 'error');
                  },
                );
              }}
              disabled={disabled}
              sx={THUMB_TAP}
            >
              <Draw />
            </IconButton>
          </Stack>
        ))}
        {editing !== null && (
          <PhotoMarkupDialog
            photo={editing.blob}
            name={editing.photo.name}
            onClose={() => setEditing(null)}
            onSave={(marked) => {
              const name = markedUpName(editing.photo.name);
              props.onMarkUp(editing.photo, new File([marked], name, { type: marked.type }));
              setEditing(null);
            }}
          />
        )}
        {state.keptPhotos.length + state.newPhotos.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('walkForm.noPhotos')}
          </Typography>
        )}
      </Box>
      {props.canWrite && (
        <Box>
          <Button
            component="label"
            variant="outlined"
            startIcon={<AddAPhoto />}
            sx={TAP}
            disabled={disabled}
          >
            {t('walkForm.addPhotos')}
            <input
              hidden
              type="file"
              accept="image/*"
              multiple
              data-testid="walk-photo-input"
              onChange={(event) => {
                const chosen = Array.from(event.target.files ?? []);
                event.target.value = '';
                props.onAdd(chosen);
              }}
            />
          </Button>
        </Box>
      )}
    </WalkSection>
  );
}
