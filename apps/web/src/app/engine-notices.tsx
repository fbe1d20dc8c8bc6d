// The engine's notices as toasts: the spec's persistence rules (Error saving data / Error
// updating data stay until dismissed), "Open queue" where the notice concerns the
// Mutation Queue, and "Back up" where it advises a backup (the storage and health
// warnings), which saves the backup file at once and says what it held.

import type { SnackbarKey } from 'notistack';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { MESSAGES, SYNC_ROUTE } from '@field/domain';
import type { EngineNotice, OfflineEngine } from '../offline/engine';
import { backupNow } from '../ui/backup-controls';
import { i18n } from '../ui/i18n';
import { closeToast, showToast } from '../lib/toast';
import { ToastCloseButton } from '../ui/toast-close';

export interface NoticeDeps {
  navigate: (path: string) => void;
  /** The running engine (null where it could not start). */
  engine: () => Promise<OfflineEngine | null>;
  saveFile?: (blob: Blob, name: string) => void;
}

async function backUp(deps: NoticeDeps): Promise<void> {
  const engine = await deps.engine();
  try {
    if (engine === null) throw new Error('No device data');
    const counts = await backupNow(engine, deps.saveFile);
    showToast(i18n.t('backup.saved', { ...counts }), { variant: 'success' });
  } catch {
    showToast(MESSAGES.backupFailed, { variant: 'error' });
  }
}

export function showEngineNotice(notice: EngineNotice, deps: NoticeDeps): void {
  const queue = notice.openMutationQueue === true;
  const backup = notice.offerBackup === true;
  const action =
    queue || backup
      ? (key: SnackbarKey) => (
          <Stack direction="row" spacing={0.5}>
            {backup && (
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  closeToast(key);
                  void backUp(deps);
                }}
              >
                {i18n.t('backup.now')}
              </Button>
            )}
            {queue && (
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  closeToast(key);
                  deps.navigate(SYNC_ROUTE);
                }}
              >
                {i18n.t('sync.open')}
              </Button>
            )}
            {/* A notice's own actions replace the host's close button: it is added back. */}
            <ToastCloseButton toastKey={key} />
          </Stack>
        )
      : undefined;
  showToast(notice.message, {
    variant: notice.level,
    persist: notice.persistent === true,
    ...(notice.key === undefined ? {} : { key: notice.key }),
    ...(action === undefined ? {} : { action }),
  });
}
