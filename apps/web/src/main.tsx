// Entry point: translations first (loaded on demand), then the offline engine (device
// database, persisted queries, write queue), then the providers and the router.

import type { ReactNode } from 'react';
import { StrictMode, forwardRef, useEffect, useLayoutEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { CustomContentProps, SnackbarKey } from 'notistack';
import { MaterialDesignContent, SnackbarProvider, closeSnackbar, enqueueSnackbar } from 'notistack';
import { SYNC_ROUTE, UI } from '@field/domain';
import { createAppRouter } from './app/router';
import { AppUpdatePrompt } from './app/pwa/app-update-prompt';
import { createFieldQueryClient } from './offline/query-persister';
import { SessionProvider, onSignedIn, queueClient, refreshForQueue } from './data/session';
import { ExpiredDraftsDialog } from './features/drafts/expired-drafts-dialog';
import type { EngineNotice, OfflineEngine } from './offline/engine';
import { startOfflineEngine } from './offline/engine';
import { OfflineEngineProvider } from './offline/react';
import { i18n, initI18n } from './ui/i18n';
import { theme } from './ui/theme';
import './styles.css';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

const root = createRoot(container);
const router = createAppRouter();

/** Notices before the toasts are mounted wait here. */
let toastsReady = false;
const earlyNotices: EngineNotice[] = [];

function showNotice(notice: EngineNotice): void {
  if (!toastsReady) {
    earlyNotices.push(notice);
    return;
  }
  const action =
    notice.openMutationQueue === true
      ? (key: SnackbarKey) => (
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              closeSnackbar(key);
              void router.navigate(SYNC_ROUTE);
            }}
          >
            {i18n.t('sync.open')}
          </Button>
        )
      : undefined;
  enqueueSnackbar(notice.message, {
    variant: notice.level,
    persist: notice.persistent === true,
    ...(action === undefined ? {} : { action }),
  });
}

/**
 * Information, success and warning toasts (syncing, synced, "Temporary issue ...
 * Retrying...") are announced politely as a status; errors stay alerts.
 */
const PoliteToast = forwardRef<HTMLDivElement, CustomContentProps>(
  function PoliteToast(props, forwarded) {
    const own = useRef<HTMLDivElement | null>(null);
    useLayoutEffect(() => {
      own.current?.setAttribute('role', 'status');
    });
    return (
      <MaterialDesignContent
        {...props}
        ref={(node) => {
          own.current = node;
          if (typeof forwarded === 'function') forwarded(node);
          else if (forwarded !== null) forwarded.current = node;
        }}
      />
    );
  },
);

const TOAST_COMPONENTS = {
  default: PoliteToast,
  info: PoliteToast,
  success: PoliteToast,
  warning: PoliteToast,
};

function NoticeOutlet() {
  useEffect(() => {
    toastsReady = true;
    for (const notice of earlyNotices.splice(0)) showNotice(notice);
  }, []);
  return null;
}

/** The engine, or null where the device cannot keep data (the app then runs online only). */
async function startEngine(): Promise<OfflineEngine | null> {
  try {
    const engine = await startOfflineEngine({
      queryClient: createFieldQueryClient(),
      client: queueClient,
      refreshSession: refreshForQueue,
      notify: showNotice,
    });
    // A write that waited on a sign-in goes as soon as someone signs in again.
    onSignedIn(() => engine.queue.kick());
    return engine;
  } catch (error) {
    console.warn('The offline engine did not start; running online only', error);
    return null;
  }
}

function WithEngine(props: { engine: OfflineEngine | null; children: ReactNode }) {
  if (props.engine === null) return props.children;
  return <OfflineEngineProvider engine={props.engine}>{props.children}</OfflineEngineProvider>;
}

void initI18n()
  .then(() => startEngine())
  .then((engine) =>
    root.render(
      <StrictMode>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <QueryClientProvider client={engine?.queryClient ?? createFieldQueryClient()}>
            <WithEngine engine={engine}>
              <SnackbarProvider
                maxSnack={3}
                autoHideDuration={UI.toastDurationMs}
                anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
                Components={TOAST_COMPONENTS}
              >
                <NoticeOutlet />
                <AppUpdatePrompt />
                <SessionProvider>
                  {engine !== null && <ExpiredDraftsDialog />}
                  <RouterProvider router={router} />
                </SessionProvider>
              </SnackbarProvider>
            </WithEngine>
          </QueryClientProvider>
        </ThemeProvider>
      </StrictMode>,
    ),
  );
