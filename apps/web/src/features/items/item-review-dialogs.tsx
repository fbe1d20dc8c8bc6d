// The review step's two dialogs: "ready for review" takes the trade's note and a photo of
// the fix; "send back" takes the reason. Both are required by the domain's rule
// (item-review.ts), so Save waits for them.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { NewPhoto, PunchItem } from '../../data/punch-items';
import { FormDialog, useDialogSave } from '../../ui/form-dialog';
import { PhotoPicker } from '../../ui/photo-picker';

export function MarkReadyDialog(props: {
  item: PunchItem;
  onSave: (note: string, photos: NewPhoto[]) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<NewPhoto[]>([]);
  const { error, saving, run } = useDialogSave(props.onClose);
  return (
    <FormDialog
      id="ready-item-form"
      title={t('punchItems.readyTitle', { name: props.item.Name })}
      error={error}
      saveDisabled={saving || note.trim() === '' || photos.length === 0}
      saveLabel={t('punchItems.markReady')}
      cancelLabel={t('punchItems.cancel')}
      onSubmit={() => void run(() => props.onSave(note.trim(), photos))}
      onClose={props.onClose}
    >
      <Typography variant="body2" color="text.secondary">
        {t('punchItems.readyHelp')}
      </Typography>
      <TextField
        label={t('punchItems.reviewNote')}
        value={note}
        multiline
        required
        onChange={(event) => setNote(event.target.value)}
      />
      <PhotoPicker
        addLabel={t('punchItems.addReviewPhoto')}
        chosenLabel={
          photos.length > 0 ? t('punchItems.photosChosen', { count: photos.length }) : undefined
        }
        photos={photos}
        onChange={setPhotos}
      />
    </FormDialog>
  );
}

export function SendBackDialog(props: {
  item: PunchItem;
  onSave: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const { error, saving, run } = useDialogSave(props.onClose);
  return (
    <FormDialog
      id="send-back-form"
      title={t('punchItems.sendBackTitle', { name: props.item.Name })}
      error={error}
      saveDisabled={saving || reason.trim() === ''}
      saveLabel={t('punchItems.sendBack')}
      cancelLabel={t('punchItems.cancel')}
      onSubmit={() => void run(() => props.onSave(reason.trim()))}
      onClose={props.onClose}
    >
      {props.item['Review Note'] !== '' && (
        <Typography variant="body2" color="text.secondary">
          {t('punchItems.tradeSaid', { note: props.item['Review Note'] })}
        </Typography>
      )}
      <TextField
        label={t('punchItems.returnReason')}
        value={reason}
        multiline
        required
        onChange={(event) => setReason(event.target.value)}
      />
    </FormDialog>
  );
}
