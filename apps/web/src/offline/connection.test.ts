import 'fake-indexeddb/auto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@field/domain';
import { createApiClient } from '../api/client';
import type { SyncNotice } from './connection';
import { healthProbe, startConnectionMonitor } from './connection';
import { openFieldDatabase } from './database';
import type { HandlerRegistry } from './mutation-handlers';
import { PermanentMutationError } from './mutation-handlers';
import { MutationQueue } from './mutation-queue';
import { ENGINE_TEXTS } from './texts';

function setup(name: string, send: () => Promise<unknown>, probe?: () => Promise<boolean>) {
  const db = openFieldDatabase(name);
  const handlers: HandlerRegistry = new Map([['phoneCall:delete', { send }]]);
  let online = false;
  const queue = new MutationQueue({
    db,
    client: createApiClient(),
    handlers,
    isOnline: () => online,
    processOnEnqueue: false,
    lock: { runExclusive: async (task) => ({ acquired: true, value: await task() }) },
  });
  const target = new EventTarget();
  const notices: SyncNotice[] = [];
  const monitor = startConnectionMonitor({
    queue,
    notify: (n) => notices.push(n),
    target,
    ...(probe === undefined ? {} : { probe }),
    doc: {
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      visibilityState: 'visible',
    },
    initialOnline: false,
  });
  const goOnline = () => {
    online = true;
    target.dispatchEvent(new Event('online'));
  };
  const setOnline = (value: boolean) => {
    online = value;
  };
  return { db, queue, notices, monitor, goOnline, setOnline };
}

describe('connection monitor', () => {
  it('replays the queue 1 s after the connection returns and reports success', async () => {
    const send = vi.fn(() => Promise.resolve({}));
    const { queue, notices, monitor, goOnline } = setup('connection-test-1', send);
    await queue.enqueue({ type: 'phoneCall', operation: 'delete', data: { id: 'a' } });
    const wentOnline = Date.now();
    goOnline();
    expect(monitor.isOnline()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(send).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(Date.now() - wentOnline).toBeGreaterThanOrEqual(1000);
    await vi.waitFor(() =>
      expect(notices).toEqual([
        { kind: 'syncing', message: ENGINE_TEXTS.syncing },
        { kind: 'sync-ended' },
        { kind: 'synced', message: ENGINE_TEXTS.syncSucceeded },
      ]),
    );
    monitor.stop();
  });

  it("waits its 1 s and reports syncing and success when the server's health check answers at once", async () => {
    // The app's monitor checks the server when the browser says online; that check found
    // the server and replayed the queue at once, so the debounced replay found nothing
    // and the user was never told the changes had gone.
    const send = vi.fn(() => Promise.resolve({}));
    const { queue, notices, monitor, goOnline } = setup('connection-test-4', send, () =>
      Promise.resolve(true),
    );
    await queue.enqueue({ type: 'phoneCall', operation: 'delete', data: { id: 'a' } });
    goOnline();
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(send).not.toHaveBeenCalled();
    await vi.waitFor(() =>
      expect(notices).toEqual([
        { kind: 'syncing', message: ENGINE_TEXTS.syncing },
        { kind: 'sync-ended' },
        { kind: 'synced', message: ENGINE_TEXTS.syncSucceeded },
      ]),
    );
    expect(send).toHaveBeenCalledTimes(1);
    monitor.stop();
  });

  it('reports syncing and success when a sign-in sent the queue before the replay was due', async () => {
    // A page reopened offline has no access token: the sign-in that comes back with the
    // connection sends the queue at once (main.tsx), before the 1 s replay, which found
    // nothing left and said nothing.
    const send = vi.fn(() => Promise.resolve({}));
    const { queue, notices, monitor, goOnline } = setup('connection-test-5', send);
    await queue.enqueue({ type: 'phoneCall', operation: 'delete', data: { id: 'a' } });
    goOnline();
    await queue.process();
    expect(send).toHaveBeenCalledTimes(1);
    // The replay is due 1 s after the connection returns: waitFor's own second is too short.
    await vi.waitFor(
      () =>
        expect(notices).toEqual([
          { kind: 'syncing', message: ENGINE_TEXTS.syncing },
          { kind: 'sync-ended' },
          { kind: 'synced', message: ENGINE_TEXTS.syncSucceeded },
        ]),
      { timeout: 5000 },
    );
    monitor.stop();
  });

  it('reports a failed write with the Mutation Queue message', async () => {
    const { queue, notices, monitor, setOnline } = setup('connection-test-2', () =>
      Promise.reject(new PermanentMutationError('Invalid value')),
    );
    await queue.enqueue({ type: 'phoneCall', operation: 'delete', data: { id: 'a' } });
    setOnline(true);
    await monitor.syncNow();
    expect(notices.at(-1)).toEqual({ kind: 'sync-failed', message: MESSAGES.syncFailed });
    monitor.stop();
  });

  it('ends "Syncing…" when the replay sends nothing and reports nothing more', async () => {
    // A write parked as a conflict, or left for a later retry, ends the pass without a
    // success or a failure to report: "Syncing your changes…" stood over the conflict's
    // panel on a phone until it timed out.
    const send = vi.fn(() => Promise.reject(new Error('socket hang up')));
    const { queue, notices, monitor, setOnline } = setup('connection-test-6', send);
    await queue.enqueue({ type: 'phoneCall', operation: 'delete', data: { id: 'a' } });
    setOnline(true);
    const result = await monitor.syncNow();
    expect(result).toMatchObject({ sent: 0, failed: 0, pending: 1 });
    expect(notices).toEqual([
      { kind: 'syncing', message: ENGINE_TEXTS.syncing },
      { kind: 'sync-ended' },
    ]);
    monitor.stop();
  });

  it('checks the server at once: a network without the server counts as offline', async () => {
    const db = openFieldDatabase('connection-test-3');
    const queue = new MutationQueue({ db, client: createApiClient(), handlers: new Map() });
    const monitor = startConnectionMonitor({
      queue,
      probe: () => Promise.resolve(false),
      target: new EventTarget(),
      doc: {
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        visibilityState: 'visible',
      },
      initialOnline: true,
    });
    await vi.waitFor(() => expect(monitor.isOnline()).toBe(false));
    monitor.stop();
  });

  it('a health check the server never answers counts as offline after its time limit', async () => {
    // A server that answers /api/health only when told to: a stalled request must not
    // leave the app waiting for ever (nor hold up a new version's takeover).
    let answer = false;
    const server = createServer((request, response) => {
      if (answer && request.url === '/api/health') response.end('{"status":"ok"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const started = Date.now();
      await expect(healthProbe(base, 300)()).resolves.toBe(false);
      expect(Date.now() - started).toBeLessThan(3000);
      answer = true;
      await expect(healthProbe(base, 3000)()).resolves.toBe(true);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
