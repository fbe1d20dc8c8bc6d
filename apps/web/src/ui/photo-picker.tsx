// Photos taken or chosen on the device for a record (a punch item, a day's log): a button
// that opens the camera or the gallery, the photos chosen so far, each of which can be drawn
// on before the record is saved (the editor loads on demand; the original is kept).

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddAPhoto from '@mui/icons-material/AddAPhoto';
import Close from '@mui/icons-material/Close';
import Draw from '@mui/icons-material/Draw';
import type { NewPhoto } from '../data/punch-items';
import { markedUpName } from './photo-markup';
import { PhotoMarkupDialog } from './photo-markup-lazy';
import { TAP, THUMB_TAP } from './touch';

/** A chosen photo's preview, its object URL let go when it leaves. */
function Preview(props: { blob: Blob; marked: boolean }) {
  const image = useRef<HTMLImageElement | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(props.blob);
    if (image.current !== null) image.current.src = made;
    return () => URL.revokeObjectURL(made);
  }, [props.blob]);
  return (
    <Box
      component="img"
      ref={image}
      alt=""
      data-testid="chosen-photo-preview"
      data-marked={props.marked}
      sx={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 1, display: 'block' }}
    />
  );
}

export function PhotoPicker(props: {
  addLabel: string;
  /** What is chosen so far; nothing shown when undefined. */
  chosenLabel: string | undefined;
  photos: readonly NewPhoto[];
  onChange: (photos: NewPhoto[]) => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<number | null>(null);
  const edited = editing === null ? undefined : props.photos[editing];
  return (
    <Stack spacing={1}>
      <Button component="label" variant="outlined" startIcon={<AddAPhoto />} sx={TAP}>
        {props.addLabel}
        <input
          hidden
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          data-testid="photo-input"
          onChange={(event) => {
            const files = event.target.files === null ? [] : [...event.target.files];
            event.target.value = '';
            props.onChange([
              ...props.photos,
              ...files.map((file) => ({ blob: file, name: file.name })),
            ]);
          }}
        />
      </Button>
      {props.chosenLabel !== undefined && (
        <Typography variant="body2" data-testid="chosen-photos">
          {props.chosenLabel}
        </Typography>
      )}
      {props.photos.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
          {props.photos.map((photo, index) => (
            <Stack
              key={index}
              spacing={0.5}
              sx={{ alignItems: 'center' }}
              data-testid="chosen-photo"
            >
              <Preview blob={photo.blob} marked={photo.original !== undefined} />
              <Stack direction="row">
                <IconButton
                  aria-label={t('photoMarkup.open', { name: photo.name })}
                  onClick={() => setEditing(index)}
                  sx={THUMB_TAP}
                >
                  <Draw />
                </IconButton>
                <IconButton
                  aria-label={t('photoMarkup.remove', { name: photo.name })}
                  onClick={() => props.onChange(props.photos.filter((_, i) => i !== index))}
                  sx={THUMB_TAP}
                >
                  <Close />
                </IconButton>
              </Stack>
            </Stack>
          ))}
        </Stack>
      )}
      {edited !== undefined && editing !== null && (
        <PhotoMarkupDialog
          photo={edited.blob}
          name={edited.name}
          onClose={() => setEditing(null)}
          onSave={(marked) => {
            props.onChange(
              props.photos.map((photo, i) =>
                i === editing
                  ? {
                      blob: marked,
                      name: markedUpName(photo.name),
                      // Drawn on again: the photo as taken stays the original.
                      original: photo.original ?? photo.blob,
                    }
                  : photo,
              ),
            );
            setEditing(null);
          }}
        />
      )}
    </Stack>
  );
}
