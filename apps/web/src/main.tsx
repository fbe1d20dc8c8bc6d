// Entry point: the guest screens' texts first, then the providers and the router.
// The offline engine (device database, persisted queries, write queue) is not part of the
// first load: it starts when a signed-in screen needs it or a sign-in is sent
// (app/offline-engine.tsx), and adopts the app's QueryClient, which loads with it or with the
// signed-in shell (offline/query-provider.tsx): not with the guest screens.

import { StrictMode, Suspense, startTransition, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { GUEST_ROUTES } from '@field/domain';
import { createAppRouter } from './app/router';
import { EngineHost, createEngineLoader } from './app/offline-engine';
import { AppUpdatePrompt } from './app/pwa/app-update-prompt';
import { preloadShell } from './app/signed-in-area';
import { SessionProvider, onSignedIn, queueClient, refreshForQueue } from './data/session';
import { startFirstRefresh } from './data/session-api';
import type { EngineNotice, OfflineEngine } from './offline/engine';
import { startTelemetryWhenIdle } from './lib/telemetry';
import { yieldToMain } from './lib/yield-to-main';
import { initGuestTexts, loadAppTexts } from './ui/i18n';
import { lazyOrNothing } from './ui/lazy-or-nothing';
import { theme } from './ui/theme';
import { closeToastOnceRead, onToastsWanted, toastsWanted } from './lib/toast';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

const root = createRoot(container);
/** Made after the modules' evaluation (below); a notice's button navigates only later. */
let router: ReturnType<typeof createAppRouter> | undefined;

/** The notices shown so far, one after another: a later one may close an earlier one. */
let notices: Promise<void> = Promise.resolve();

/**
 * The engine's notices as toasts; their code (and the backup's) is fetched with the engine.
 * A notice is shown even where the app's texts could not be fetched (its buttons' labels
 * would then read as their keys): a failed write's error must reach the user.
 */
function showNotice(notice: EngineNotice): void {
  notices = notices
    .then(() =>
      Promise.all([import('./app/engine-notices'), loadAppTexts().catch(() => undefined)]),
    )
    .then(([{ showEngineNotice }]) =>
      showEngineNotice(notice, {
        navigate: (path) => void router?.navigate(path),
        engine: () => engineLoader.start(),
      }),
    )
    .catch((error: unknown) => console.error('The notice could not be shown', notice, error));
}

/**
 * Closes the notice shown with `key` (EngineNotice.key), once what came before is shown and
 * it has been up long enough to be read.
 */
function dismissNotice(key: string): void {
  notices = notices.then(() => closeToastOnceRead(key));
}

// A host whose code cannot be fetched shows no toasts rather than failing the page.
const ToastHost = lazyOrNothing(
  () => import('./ui/toast-host').then((m) => m.default),
  'The toasts',
);

/** The toasts' host, mounted (and its code loaded) once a first toast is asked for. */
function ToastOutlet() {
  const wanted = useSyncExternalStore(onToastsWanted, toastsWanted);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}

/** The engine, or null where the device cannot keep data (the app then runs online only). */
async function startEngine(): Promise<OfflineEngine | null> {
  // Notices and toasts come most often offline: their code is fetched with the engine's,
  // while the user is signed in and (usually) online, not when the first one is due.
  for (const preload of [
    import('./app/engine-notices'),
    import('./ui/toast-host'),
    loadAppTexts(),
  ]) {
    preload.catch(() => undefined);
  }
  const [{ startOfflineEngine }, { fieldQueryClient }] = await Promise.all([
    import('./offline/engine'),
    import('./offline/query-client'),
  ]);
  const engine = await startOfflineEngine({
    queryClient: fieldQueryClient(),
    client: queueClient,
    refreshSession: refreshForQueue,
    notify: showNotice,
    dismiss: dismissNotice,
  });
  // A write that waited on a sign-in goes as soon as someone signs in again.
  onSignedIn(() => engine.queue.kick());
  return engine;
}

const engineLoader = createEngineLoader(startEngine);

/**
 * What follows the modules' evaluation, in tasks of its own with a yield between each, so the
 * page can paint and take input in between rather than in one long task (docs/performance.md):
 * the session's first refresh, the start of the engine's and the shell's downloads, the router
 * (its first match starts the screen's download) and the first render.
 */
async function start(): Promise<void> {
  // Is there a session? Asked now, so its round trip overlaps the loading of the code below.
  startFirstRefresh();
  await yieldToMain();
  // Opened on a signed-in address (a returning user, a reload): the engine and the shell's
  // code start loading while the session is restored, not after it. The guest screens go
  // without them.
  const guestPaths: readonly string[] = GUEST_ROUTES;
  if (!guestPaths.includes(window.location.pathname)) {
    void engineLoader.start();
    preloadShell();
    await yieldToMain();
  }
  const appRouter = createAppRouter();
  router = appRouter;
  await Promise.all([initGuestTexts(), yieldToMain()]);
  // The first render as a transition: React draws it in slices that let the browser paint
  // and take input between them, not as one long task.
  startTransition(() =>
    root.render(
      <StrictMode>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <EngineHost loader={engineLoader}>
            <ToastOutlet />
            <AppUpdatePrompt />
            <SessionProvider>
              <RouterProvider router={appRouter} />
            </SessionProvider>
          </EngineHost>
        </ThemeProvider>
      </StrictMode>,
    ),
  );
  startTelemetryWhenIdle();
}

void start();
