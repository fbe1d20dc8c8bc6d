// Entry point: translations first (loaded on demand), then the providers and the router.
// The offline engine (device database, persisted queries, write queue) is not part of the
// first load: it starts when a signed-in screen needs it or a sign-in is sent
// (app/offline-engine.tsx), and adopts the QueryClient made here.

import { StrictMode, forwardRef, useEffect, useLayoutEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { CustomContentProps } from 'notistack';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import { GUEST_ROUTES, UI } from '@field/domain';
import { createAppRouter } from './app/router';
import { showEngineNotice } from './app/engine-notices';
import { EngineHost, createEngineLoader } from './app/offline-engine';
import { AppUpdatePrompt } from './app/pwa/app-update-prompt';
import { preloadShell } from './app/signed-in-area';
import { createFieldQueryClient } from './offline/query-persister';
import { SessionProvider, onSignedIn, queueClient, refreshForQueue } from './data/session';
import type { EngineNotice, OfflineEngine } from './offline/engine';
import { initI18n } from './ui/i18n';
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
  showEngineNotice(notice, {
    navigate: (path) => void router.navigate(path),
    engine: () => engineLoader.start(),
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

const queryClient = createFieldQueryClient();

/** The engine, or null where the device cannot keep data (the app then runs online only). */
async function startEngine(): Promise<OfflineEngine | null> {
  const { startOfflineEngine } = await import('./offline/engine');
  const engine = await startOfflineEngine({
    queryClient,
    client: queueClient,
    refreshSession: refreshForQueue,
    notify: showNotice,
  });
  // A write that waited on a sign-in goes as soon as someone signs in again.
  onSignedIn(() => engine.queue.kick());
  return engine;
}

const engineLoader = createEngineLoader(startEngine);

// Opened on a signed-in address (a returning user, a reload): the engine and the shell's
// code start loading while the session is restored, not after it. The guest screens go
// without them.
const guestPaths: readonly string[] = GUEST_ROUTES;
if (!guestPaths.includes(window.location.pathname)) {
  void engineLoader.start();
  preloadShell();
}

void initI18n().then(() =>
  root.render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <EngineHost loader={engineLoader}>
            <SnackbarProvider
              maxSnack={3}
              autoHideDuration={UI.toastDurationMs}
              anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
              Components={TOAST_COMPONENTS}
            >
              <NoticeOutlet />
              <AppUpdatePrompt />
              <SessionProvider>
                <RouterProvider router={router} />
              </SessionProvider>
            </SnackbarProvider>
          </EngineHost>
        </QueryClientProvider>
      </ThemeProvider>
    </StrictMode>,
  ),
);
