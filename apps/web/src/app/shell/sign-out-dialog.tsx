// Logout on a shared device: when the user still has writes the server has not got
// (waiting, being sent or failed) or drafts, this dialog says how many and offers to send
// them now (online), to export them and sign out, or to sign out keeping them on this
// device (sent only when the same user signs in again, never shown to anyone else). Every
// way out but Cancel clears the device's cached data for the next user (session.tsx).

import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@field/domain';
import type { SignOutOptions } from '../../data/session';
import { backupFileName, exportBackup } from '../../offline/backup';
import type { MutationRow } from '../../offline/database';
import type { OfflineEngine } from '../../offline/engine';
import type { UnsentWork } from '../../offline/sign-out';
import { unsentWork } from '../../offline/sign-out';
import { downloadFile } from '../../ui/download-file';

const noSubscription = () => () => undefined;

/** The engine's idea of online, or the browser's where the engine did not start. */
export function useEngineOnline(engine: OfflineEngine | null): boolean {
  return useSyncExternalStore(engine?.connection.subscribe ?? noSubscription, () =>
    engine === null ? navigator.onLine : engine.connection.isOnline(),
  );
}

export interface SignOutDialogProps {
  /** The signing-out user's unsent work when Logout was chosen (at least one item). */
  work: UnsentWork;
  user: string;
  online: boolean;
  device: Pick<OfflineEngine, 'db' | 'drafts' | 'queue'>;
  signOut: (options: SignOutOptions) => Promise<void>;
  onClose: () => void;
  /** Where the export goes (a download by default). */
  saveFile?: (blob: Blob, name: string) => void;
}

type Busy = 'sending' | 'exporting' | 'keeping' | null;

export function SignOutDialog(props: SignOutDialogProps) {
  const { t } = useTranslation();
  const { user, online, device, signOut, onClose } = props;
  const saveFile = props.saveFile ?? downloadFile;
  const [work, setWork] = useState(props.work);
  const [notSent, setNotSent] = useState<MutationRow[]>([]);
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const writes = work.writes.length;
  const drafts = work.drafts.length;

  const leave = async (options: SignOutOptions): Promise<void> => {
    try {
      await signOut(options);
    } catch {
      setError(MESSAGES.logoutFailed);
      setBusy(null);
    }
  };

  const sendNow = async (): Promise<void> => {
    setBusy('sending');
    setError(null);
    try {
      await device.queue.sendAllNow();
      const fresh = await unsentWork(device, user);
      if (fresh.writes.length === 0 && fresh.drafts.length === 0) {
        await leave({});
        return;
      }
      setWork(fresh);
      setNotSent(fresh.writes);
    } catch {
      setError(MESSAGES.unexpectedError);
    }
    setBusy(null);
  };

  const exportAndLeave = async (): Promise<void> => {
    setBusy('exporting');
    setError(null);
    let backup: Blob;
    try {
      backup = await exportBackup(device.db, new Date(), { user });
    } catch {
      setError(MESSAGES.backupFailed);
      setBusy(null);
      return;
    }
    saveFile(backup, backupFileName());
    await leave({});
  };

  const keepAndLeave = async (): Promise<void> => {
    setBusy('keeping');
    setError(null);
    await leave({ keepUnsent: true });
  };

  const describe = (row: MutationRow): string =>
    t('sync.change', {
      type: t(`sync.types.${row.type}`, { defaultValue: row.type }),
      operation: t(`sync.operations.${row.operation}`, { defaultValue: row.operation }),
    });

  return (
    <Dialog
      open
      onClose={busy === null ? onClose : undefined}
      fullWidth
      maxWidth="sm"
      aria-labelledby="sign-out-title"
      data-testid="sign-out-dialog"
    >
      <DialogTitle id="sign-out-title">{t('signOut.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          {writes > 0 && (
            <Typography data-testid="sign-out-writes" data-count={writes}>
              {t('signOut.writes', { count: writes })}
            </Typography>
          )}
          {drafts > 0 && (
            <Typography data-testid="sign-out-drafts" data-count={drafts}>
              {t('signOut.drafts', { count: drafts })}
            </Typography>
          )}
          <Typography color="text.secondary">{t('signOut.explain')}</Typography>
          {writes > 0 && !online && <Alert severity="info">{t('signOut.offline')}</Alert>}
          {notSent.length > 0 && (
            <Alert severity="warning" data-testid="sign-out-not-sent">
              {t('signOut.notSent')}
              <ul>
                {notSent.map((row) => (
                  <li key={row.id}>
                    {row.error === undefined
                      ? describe(row)
                      : t('signOut.failedWrite', { change: describe(row), error: row.error })}
                  </li>
                ))}
              </ul>
            </Alert>
          )}
          {error !== null && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy !== null}>
          {t('signOut.cancel')}
        </Button>
        {writes > 0 && online && (
          <Button onClick={() => void sendNow()} disabled={busy !== null}>
            {busy === 'sending' ? t('signOut.sending') : t('signOut.sendNow')}
          </Button>
        )}
        <Button onClick={() => void exportAndLeave()} disabled={busy !== null}>
          {t('signOut.export')}
        </Button>
        <Button variant="contained" onClick={() => void keepAndLeave()} disabled={busy !== null}>
          {t('signOut.keep')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
