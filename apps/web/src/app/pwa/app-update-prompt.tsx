// The app update state (docs/product.md, States): when a new version waits, a prompt offers Reload
// or Close, with the messages of docs/product.md (Messages) when registering or updating fails and
// a warning when the prompt is closed. Registers the service worker in production builds only, and
// only where the browser has service workers, once the page is interactive. The prompt's own code
// (update-prompt-view.tsx) loads only when a new version waits.

import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '@field/domain';
import { toast } from '../../lib/toast';
import type { ServiceWorkerUpdates, UpdateState } from './service-worker-updates';

const UpdatePromptView = lazy(() =>
  import('./update-prompt-view').then((m) => ({ default: m.UpdatePromptView })),
);

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

/**
 * Starts the updates for this page once it is interactive, or resolves undefined where there
 * is no service worker to run. Their code (and the write queue's lock it waits on) is
 * fetched only then: nothing of it is in the first load.
 */
async function startForThisPage(): Promise<ServiceWorkerUpdates | undefined> {
  if (!import.meta.env.PROD) return undefined;
  // Absent in old browsers, some private modes and on plain http away from localhost.
  if (!('serviceWorker' in navigator)) return undefined;
  await pageInteractive();
  const [{ startServiceWorkerUpdates }, { whenQueueIdle }] = await Promise.all([
    import('./service-worker-updates'),
    import('./queue-idle'),
  ]);
  return startServiceWorkerUpdates({
    container: navigator.serviceWorker,
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
  // The prompt's code loads when a version first waits and stays, so closing still slides.
  const [shown, setShown] = useState(false);

  useEffect(() => {
    let unmounted = false;
    let stop = (): void => undefined;
    startForThisPage()
      .then((started) => {
        if (started === undefined) return;
        if (unmounted) {
          started.stop();
          return;
        }
        updates.current = started;
        const unsubscribe = started.subscribe((next) => {
          setState(next);
          if (next !== 'none') setShown(true);
        });
        stop = () => {
          unsubscribe();
          started.stop();
        };
      })
      .catch((error: unknown) => console.error('The service worker could not be started', error));
    return () => {
      unmounted = true;
      stop();
      updates.current = undefined;
    };
  }, []);

  const reload = () => void updates.current?.applyUpdate();
  const close = () => {
    updates.current?.dismiss();
    toast(t('appUpdate.closedWarning'), 'warning');
  };

  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePromptView state={state} onReload={reload} onClose={close} />
    </Suspense>
  );
}
