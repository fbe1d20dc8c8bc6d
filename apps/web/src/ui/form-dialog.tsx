// A dialog holding one form: title, the error of the last save, the fields, Cancel and
// Save (a submit button, so Enter saves). The add / edit dialogs of the screens share it.

import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from './error-text';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';

export interface FormDialogProps {
  /** The form's id; the title's is `{id}-title`. */
  id: string;
  title: string;
  error: string | null;
  /** Save is disabled while saving, or for a reason of the caller's. */
  saveDisabled: boolean;
  /** Default: Save. */
  saveLabel?: string;
  /** Default: Cancel. */
  cancelLabel?: string;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

import { TAP } from './touch';

/**
 * A dialog's save: `run(action)` clears the last error, closes the dialog once the action
 * succeeds, and otherwise keeps it open with the action's error.
 */
export function useDialogSave(onClose: () => void): {
  error: string | null;
  saving: boolean;
  run: (action: () => Promise<void>) => Promise<void>;
  setError: (error: string | null) => void;
} {
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const run = async (action: () => Promise<void>): Promise<void> => {
    setSaving(true);
    setError(null);
    try {
      await action();
      onClose();
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setSaving(false);
    }
  };
  return { error, saving, run, setError };
}

export function FormDialog(props: FormDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onClose={props.onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${props.id}-title`}
    >
      <DialogTitle id={`${props.id}-title`}>{props.title}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id={props.id}
          noValidate
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(event) => {
            event.preventDefault();
            props.onSubmit();
          }}
        >
          {props.error !== null && (
            <Alert severity="error" role="alert" data-testid="form-error">
              {props.error}
            </Alert>
          )}
          {props.children}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button sx={TAP} onClick={props.onClose}>
          {props.cancelLabel ?? t('records.cancel')}
        </Button>
        <Button
          sx={TAP}
          variant="contained"
          type="submit"
          form={props.id}
          disabled={props.saveDisabled}
        >
          {props.saveLabel ?? t('records.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
