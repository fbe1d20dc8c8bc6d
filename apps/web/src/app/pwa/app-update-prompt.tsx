// The App update state of section 4: when a new version waits, a prompt offers Reload or
// Close, with section 8's messages when registering or updating fails and a warning when
// the prompt is closed. Registers the service worker in production builds only, and only
// where the browser has service workers.

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SystemUpdate from '@mui/icons-material/SystemUpdateAltOutlined';
import { MESSAGES } from '@field/domain';
import { toast } from '../../ui/toast';
import { whenQueueIdle } from './queue-idle';
import type { ServiceWorkerUpdates, UpdateState } from './service-worker-updates';
import { startServiceWorkerUpdates } from './service-worker-updates';

function pageLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/** How long the precache waits for the page to go idle after loading, at most. */
const IDLE_WAIT_MS = 5_000;

/**
 * The page has loaded and then gone idle: the first screen is drawn and usable. The
 * service worker's precache (every lazy screen, about 1.4 MB before compression) starts
 * only then, so it never competes with the first visit's own downloads.
 */
async function pageInteractive(): Promise<void> {
  await pageLoaded();
  await new Promise<void>((resolve) => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(() => resolve(), { timeout: IDLE_WAIT_MS });
    } else {
      setTimeout(resolve, 1_000);
    }
  });
}

/** Starts the updates for this page, or undefined where there is no service worker to run. */
function startForThisPage(): ServiceWorkerUpdates | undefined {
  if (!import.meta.env.PROD) return undefined;
  // Absent in old browsers, some private modes and on plain http away from localhost.
  if (!('serviceWorker' in navigator)) return undefined;
  return startServiceWorkerUpdates({
    container: navigator.serviceWorker,
    loaded: pageInteractive(),
    reload: () => window.location.reload(),
    whenQueueIdle: (task) => whenQueueIdle(task),
    onRegisterError: (error) => {
      console.error('Registering the service worker failed', error);
      toast(MESSAGES.swRegistrationFailed, 'warning');
    },
    onUpdateFailed: (error) => {
      console.error('Updating the service worker failed', error);
      toast(MESSAGES.swUpdateFailed, 'error');
    },
  });
}

export function AppUpdatePrompt() {
  const { t } = useTranslation();
  const updates = useRef<ServiceWorkerUpdates | undefined>(undefined);
  const [state, setState] = useState<UpdateState>('none');

  useEffect(() => {
    const started = startForThisPage();
    updates.current = started;
    const unsubscribe = started?.subscribe(setState);
    return () => {
      unsubscribe?.();
      started?.stop();
      updates.current = undefined;
    };
  }, []);

  const reload = () => void updates.current?.applyUpdate();
  const close = () => {
    updates.current?.dismiss();
    toast(t('appUpdate.closedWarning'), 'warning');
  };

  return <UpdatePromptView state={state} onReload={reload} onClose={close} />;
}

export function UpdatePromptView(props: {
  state: UpdateState;
  onReload: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const updating = props.state === 'updating';
  return (
    <Snackbar
      open={props.state !== 'none'}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      sx={{ zIndex: (theme) => theme.zIndex.snackbar + 1 }}
    >
      <Alert
        severity="info"
        icon={<SystemUpdate fontSize="inherit" />}
        data-testid="app-update-prompt"
        sx={{
          width: { xs: '100%', sm: 420 },
          bgcolor: 'background.paper',
          color: 'text.primary',
          border: 1,
          borderColor: 'primary.light',
          boxShadow: 6,
          '& .MuiAlert-icon': { color: 'primary.main' },
        }}
      >
        <AlertTitle sx={{ fontWeight: 650 }}>{t('appUpdate.title')}</AlertTitle>
        <Typography variant="body2" aria-live="polite">
          {updating ? t('appUpdate.updating') : t('appUpdate.body')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 1.5 }}>
          <Button onClick={props.onClose} disabled={updating} color="inherit">
            {t('appUpdate.close')}
          </Button>
          <Button
            variant="contained"
            onClick={props.onReload}
            disabled={updating}
            startIcon={updating ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t('appUpdate.reload')}
          </Button>
        </Stack>
      </Alert>
    </Snackbar>
  );
}
