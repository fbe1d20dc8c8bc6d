// Above a list that never reached this device (queued-records.ts `neverLoaded`): without
// signal, that it comes with signal and only what was added here shows; with signal, the
// server's refusal. Either way, a retry.

import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useOnlineStatus } from '../offline/react';

export function NotOnDeviceAlert(props: {
  /** The list's fetch error, if it failed. */
  error: Error | null;
  /** What the list's screen says while it waits for signal. */
  notOnDevice: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  return (
    <Alert
      severity={online ? 'error' : 'warning'}
      data-testid="not-on-device"
      action={
        <Button color="inherit" size="small" onClick={props.onRetry}>
          {t('records.retry')}
        </Button>
      }
    >
      {online && props.error !== null
        ? t('records.error', { message: props.error.message })
        : props.notOnDevice}
    </Alert>
  );
}
