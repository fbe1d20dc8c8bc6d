// A confirmation before something is removed: the question, Cancel and a red confirm
// button; the error of a failed attempt shows in the dialog, which stays open.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { errorText } from './error-text';

import { TAP } from './touch';

export function ConfirmDialog(props: {
  id: string;
  title: string;
  text: string;
  confirmLabel: string;
  /** Default: Cancel. */
  cancelLabel?: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={`${props.id}-title`}>
      <DialogTitle id={`${props.id}-title`}>{props.title}</DialogTitle>
      <DialogContent>
        {error !== null && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <DialogContentText>{props.text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button sx={TAP} onClick={props.onClose}>
          {props.cancelLabel ?? t('records.cancel')}
        </Button>
        <Button
          sx={TAP}
          color="error"
          variant="contained"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            props.onConfirm().then(props.onClose, (caught: unknown) => {
              setBusy(false);
              setError(errorText(caught));
            });
          }}
        >
          {props.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
