// The close button of a toast: a toast that stays until dismissed (a failed write, a
// device database that cannot open) must be closable on the spot, and any other can be
// closed before its 5 s are up.

import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import Close from '@mui/icons-material/Close';
import type { SnackbarKey } from 'notistack';
import { closeToast } from '../lib/toast';

export function ToastCloseButton({ toastKey }: { toastKey: SnackbarKey }) {
  const { t } = useTranslation();
  return (
    <IconButton
      color="inherit"
      aria-label={t('app.closeNotice')}
      onClick={() => closeToast(toastKey)}
    >
      <Close fontSize="small" />
    </IconButton>
  );
}
