// Registers /sw.js and turns its life cycle into what the update prompt needs: a new
// version is waiting, the user chose Reload (finish sending queued writes, activate the
// waiting worker, reload once it controls the page), or the user closed the prompt.
// Framework-free and driven through small interfaces so it is tested without a browser.

/** The parts of a ServiceWorker this module uses. */
export interface WorkerLike extends EventTarget {
  readonly state: ServiceWorkerState;
  postMessage(message: unknown): void;
}

/** The parts of a ServiceWorkerRegistration this module uses. */
export interface RegistrationLike extends EventTarget {
  readonly installing: WorkerLike | null;
  readonly waiting: WorkerLike | null;
  update(): Promise<unknown>;
}

/** The parts of navigator.serviceWorker this module uses. */
export interface ContainerLike extends EventTarget {
  readonly controller: WorkerLike | null;
  register(url: string, options?: RegistrationOptions): Promise<RegistrationLike>;
}

/** none: nothing to offer; waiting: offer Reload or Close; updating: Reload was chosen. */
export type UpdateState = 'none' | 'waiting' | 'updating';

export interface UpdateEnvironment {
  container: ContainerLike;
  reload: () => void;
  /** Runs `task` while no tab is sending queued writes (see queue-idle.ts). */
  whenQueueIdle: <T>(task: () => Promise<T>) => Promise<T>;
  onRegisterError: (error: unknown) => void;
  onUpdateFailed: (error: unknown) => void;
  isOnline?: () => boolean;
  /** How long the waiting worker has to take control after Reload. */
  activationTimeoutMs?: number;
  /** How often a long-open page asks the server for a new version. */
  updateCheckIntervalMs?: number;
}

export interface ServiceWorkerUpdates {
  getState(): UpdateState;
  subscribe(listener: (state: UpdateState) => void): () => void;
  /** Reload: activate the waiting version and reload; failures go to onUpdateFailed. */
  applyUpdate(): Promise<void>;
  /** Close: keep this version; the same waiting version is not offered again on this page. */
  dismiss(): void;
  /** Asks the server whether /sw.js changed. */
  checkForUpdate(): Promise<void>;
  stop(): void;
}

export const SERVICE_WORKER_URL = '/sw.js';
export const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const;
const ACTIVATION_TIMEOUT_MS = 10_000;
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

export class UpdateFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UpdateFailedError';
  }
}

export function startServiceWorkerUpdates(env: UpdateEnvironment): ServiceWorkerUpdates {
  const { container } = env;
  const isOnline = env.isOnline ?? (() => navigator.onLine);
  const listeners = new Set<(state: UpdateState) => void>();
  const cleanups: Array<() => void> = [];
  let state: UpdateState = 'none';
  let registration: RegistrationLike | undefined;
  let stopped = false;
  /** The version the user closed the prompt for. */
  let dismissed: WorkerLike | null = null;
  /** Another tab activated the new version: this page runs old code under a new worker. */
  let takenOverElsewhere = false;
  /** This page asked for the switch and reloads when it happens. */
  let switching = false;

  const setState = (next: UpdateState): void => {
    if (state === next) return;
    state = next;
    for (const listener of listeners) listener(next);
  };

  const listen = (target: EventTarget, type: string, handler: () => void): void => {
    target.addEventListener(type, handler);
    cleanups.push(() => target.removeEventListener(type, handler));
  };

  /** A worker waiting while an older one controls this page is a new version. */
  const offerIfWaiting = (): void => {
    const waiting = registration?.waiting ?? null;
    if (stopped || state !== 'none' || waiting === null || waiting === dismissed) return;
    if (container.controller === null) return;
    setState('waiting');
  };

  const watchInstalling = (): void => {
    const worker = registration?.installing;
    if (worker === null || worker === undefined) return;
    listen(worker, 'statechange', () => {
      if (worker.state === 'installed') offerIfWaiting();
    });
  };

  // Without clients.claim a first install never changes this page's controller, so a change
  // of a controlled page is always a new version.
  const controlledAtStart = container.controller !== null;
  listen(container, 'controllerchange', () => {
    if (switching || !controlledAtStart) return;
    // The new version took over from another tab's Reload. Offer Reload here too, which
    // then only reloads.
    takenOverElsewhere = true;
    if (state === 'none' && dismissed === null) setState('waiting');
  });

  void (async () => {
    try {
      const registered = await container.register(SERVICE_WORKER_URL, { scope: '/' });
      if (stopped) return;
      registration = registered;
      listen(registered, 'updatefound', watchInstalling);
      watchInstalling();
      offerIfWaiting();
    } catch (error) {
      if (!stopped) env.onRegisterError(error);
    }
  })();

  const interval = setInterval(() => {
    if (isOnline()) void checkForUpdate();
  }, env.updateCheckIntervalMs ?? UPDATE_CHECK_INTERVAL_MS);
  cleanups.push(() => clearInterval(interval));

  async function checkForUpdate(): Promise<void> {
    try {
      await registration?.update();
    } catch (error) {
      // Offline or the server is down: the next check tries again.
      console.info('Checking for a new version failed', error);
    }
  }

  /** Resolves when a new worker controls the page; rejects if it fails or takes too long. */
  function waitForControl(worker: WorkerLike): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const done = (error?: Error): void => {
        clearTimeout(timer);
        container.removeEventListener('controllerchange', onControl);
        worker.removeEventListener('statechange', onState);
        if (error === undefined) resolve();
        else reject(error);
      };
      const onControl = (): void => done();
      const onState = (): void => {
        if (worker.state === 'redundant') done(new UpdateFailedError('The new version failed'));
      };
      const timer = setTimeout(
        () => done(new UpdateFailedError('The new version did not take control')),
        env.activationTimeoutMs ?? ACTIVATION_TIMEOUT_MS,
      );
      container.addEventListener('controllerchange', onControl);
      worker.addEventListener('statechange', onState);
    });
  }

  async function applyUpdate(): Promise<void> {
    if (state !== 'waiting') return;
    setState('updating');
    try {
      // The lock is held until the page goes away, so no pass starts here in between.
      await env.whenQueueIdle(async () => {
        if (!takenOverElsewhere) {
          const waiting = registration?.waiting ?? null;
          if (waiting === null) throw new UpdateFailedError('No new version is waiting');
          switching = true;
          const controlled = waitForControl(waiting);
          waiting.postMessage(SKIP_WAITING_MESSAGE);
          await controlled;
        }
        if (!stopped) env.reload();
      });
    } catch (error) {
      switching = false;
      setState('none');
      env.onUpdateFailed(error);
    }
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    applyUpdate,
    dismiss() {
      if (state !== 'waiting') return;
      dismissed = registration?.waiting ?? container.controller;
      setState('none');
    },
    checkForUpdate,
    stop() {
      stopped = true;
      for (const cleanup of cleanups.splice(0)) cleanup();
      listeners.clear();
    },
  };
}
