import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  ContainerLike,
  RegistrationLike,
  ServiceWorkerUpdates,
  UpdateEnvironment,
  WorkerLike,
} from './service-worker-updates';
import {
  SERVICE_WORKER_URL,
  SKIP_WAITING_MESSAGE,
  UpdateFailedError,
  startServiceWorkerUpdates,
} from './service-worker-updates';

class FakeWorker extends EventTarget implements WorkerLike {
  state: ServiceWorkerState = 'installing';
  readonly messages: unknown[] = [];
  postMessage(message: unknown): void {
    this.messages.push(message);
  }
  moveTo(state: ServiceWorkerState): void {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget implements RegistrationLike {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  updates = 0;
  update(): Promise<unknown> {
    this.updates += 1;
    return Promise.resolve(undefined);
  }
  /** A new version is found, installs and waits. */
  install(worker = new FakeWorker()): FakeWorker {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    this.installing = null;
    this.waiting = worker;
    worker.moveTo('installed');
    return worker;
  }
}

class FakeContainer extends EventTarget implements ContainerLike {
  controller: FakeWorker | null;
  registered: string[] = [];
  failWith: Error | undefined;
  constructor(
    readonly registration: FakeRegistration,
    controlled: boolean,
  ) {
    super();
    this.controller = controlled ? new FakeWorker() : null;
  }
  register(url: string): Promise<RegistrationLike> {
    this.registered.push(url);
    if (this.failWith !== undefined) return Promise.reject(this.failWith);
    return Promise.resolve(this.registration);
  }
  /** What the browser does when `worker` activates for this page. */
  takeOver(worker: FakeWorker): void {
    this.controller = worker;
    worker.moveTo('activated');
    this.dispatchEvent(new Event('controllerchange'));
  }
}

const running: ServiceWorkerUpdates[] = [];

function setup(
  options: { controlled?: boolean; waiting?: boolean; registrationFails?: Error } = {},
) {
  const registration = new FakeRegistration();
  if (options.waiting === true) {
    registration.waiting = new FakeWorker();
    registration.waiting.state = 'installed';
  }
  const container = new FakeContainer(registration, options.controlled ?? true);
  container.failWith = options.registrationFails;
  const calls = {
    reloads: 0,
    registerErrors: [] as unknown[],
    updateErrors: [] as unknown[],
    idleWaits: 0,
  };
  let releaseQueue: (() => void) | undefined;
  let queueBusy = false;
  const env: UpdateEnvironment = {
    container,
    reload: () => {
      calls.reloads += 1;
    },
    whenQueueIdle: async (task) => {
      calls.idleWaits += 1;
      if (queueBusy) await new Promise<void>((resolve) => (releaseQueue = resolve));
      return task();
    },
    onRegisterError: (error) => calls.registerErrors.push(error),
    onUpdateFailed: (error) => calls.updateErrors.push(error),
    isOnline: () => true,
    activationTimeoutMs: 1_000,
    updateCheckIntervalMs: 60_000,
  };
  const updates = startServiceWorkerUpdates(env);
  running.push(updates);
  const states: string[] = [];
  updates.subscribe((state) => states.push(state));
  return {
    registration,
    container,
    updates,
    calls,
    states,
    holdQueue: () => {
      queueBusy = true;
    },
    releaseQueue: () => releaseQueue?.(),
  };
}

/** Lets the registration promise chain settle. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  for (const updates of running.splice(0)) updates.stop();
  vi.useRealTimers();
});

describe('service worker updates', () => {
  it('registers /sw.js and offers nothing on a first install', async () => {
    const { container, registration, updates } = setup({ controlled: false });
    await settle();
    expect(container.registered).toEqual([SERVICE_WORKER_URL]);
    const first = new FakeWorker();
    registration.installing = first;
    registration.dispatchEvent(new Event('updatefound'));
    first.moveTo('installed');
    first.moveTo('activated');
    expect(updates.getState()).toBe('none');
  });

  it('offers a version that was already waiting when the page opened', async () => {
    const { updates } = setup({ waiting: true });
    await settle();
    expect(updates.getState()).toBe('waiting');
  });

  it('offers a new version once it has installed and waits', async () => {
    const { registration, updates, states } = setup();
    await settle();
    expect(updates.getState()).toBe('none');
    registration.install();
    expect(states).toEqual(['waiting']);
  });

  it('reports a failed registration', async () => {
    const { calls, updates } = setup({ registrationFails: new Error('blocked') });
    await settle();
    expect(calls.registerErrors).toEqual([new Error('blocked')]);
    expect(updates.getState()).toBe('none');
  });

  it('Reload waits for the queue, activates the waiting worker and reloads once it controls the page', async () => {
    const { registration, container, updates, calls, holdQueue, releaseQueue } = setup();
    await settle();
    const next = registration.install();
    holdQueue();
    const applied = updates.applyUpdate();
    await settle();
    expect(updates.getState()).toBe('updating');
    // Still sending queued writes: nothing is activated yet.
    expect(next.messages).toEqual([]);
    releaseQueue();
    await settle();
    expect(next.messages).toEqual([SKIP_WAITING_MESSAGE]);
    expect(calls.reloads).toBe(0);
    container.takeOver(next);
    await applied;
    expect(calls.reloads).toBe(1);
    expect(calls.updateErrors).toEqual([]);
  });

  it('reports a new version that does not take control, and hides the prompt', async () => {
    vi.useFakeTimers();
    const { registration, updates, calls } = setup();
    await vi.advanceTimersByTimeAsync(0);
    registration.install();
    const applied = updates.applyUpdate();
    await vi.advanceTimersByTimeAsync(1_000);
    await applied;
    expect(calls.reloads).toBe(0);
    expect(calls.updateErrors).toEqual([
      new UpdateFailedError('The new version did not take control'),
    ]);
    expect(updates.getState()).toBe('none');
  });

  it('reports a new version that turns redundant', async () => {
    const { registration, updates, calls } = setup();
    await settle();
    const next = registration.install();
    const applied = updates.applyUpdate();
    await settle();
    next.moveTo('redundant');
    await applied;
    expect(calls.updateErrors).toEqual([new UpdateFailedError('The new version failed')]);
    expect(calls.reloads).toBe(0);
  });

  it('reports a waiting version that went away before Reload', async () => {
    const { registration, updates, calls } = setup();
    await settle();
    registration.install();
    registration.waiting = null;
    await updates.applyUpdate();
    expect(calls.updateErrors).toEqual([new UpdateFailedError('No new version is waiting')]);
  });

  it('Close keeps this version and does not offer the same one again, but a newer one', async () => {
    const { registration, updates, states } = setup();
    await settle();
    registration.install();
    updates.dismiss();
    expect(updates.getState()).toBe('none');
    await updates.checkForUpdate();
    expect(updates.getState()).toBe('none');
    registration.install();
    expect(states).toEqual(['waiting', 'none', 'waiting']);
  });

  it('offers Reload when another tab activated the new version, and then only reloads', async () => {
    const { registration, container, updates, calls } = setup();
    await settle();
    const next = registration.install();
    registration.waiting = null;
    container.takeOver(next);
    expect(updates.getState()).toBe('waiting');
    await updates.applyUpdate();
    expect(calls.reloads).toBe(1);
    expect(next.messages).toEqual([]);
  });

  it('asks the server for a new version every interval while online', async () => {
    vi.useFakeTimers();
    const { registration } = setup();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(registration.updates).toBe(2);
  });
});
