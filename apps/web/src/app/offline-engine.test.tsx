// The engine starts when a signed-in screen first needs it, once, and that screen waits for
// it; where it cannot start, the screen still opens (online only) instead of waiting for ever.

import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { OfflineEngine } from '../offline/engine';
import { useOptionalOfflineEngine } from '../offline/engine-context';
import { EngineHost, RequireEngine, createEngineLoader } from './offline-engine';

function Screen() {
  const engine = useOptionalOfflineEngine();
  return <p>{engine === null ? 'screen, online only' : 'screen, with the engine'}</p>;
}

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('the offline engine, started on demand', () => {
  it('is not started by the guest screens, and once for any number of signed-in ones', async () => {
    const started = deferred<OfflineEngine | null>();
    const run = vi.fn(() => started.promise);
    const loader = createEngineLoader(run);
    const { rerender } = render(
      <EngineHost loader={loader}>
        <p>sign-in form</p>
      </EngineHost>,
    );
    expect(run).not.toHaveBeenCalled();

    rerender(
      <EngineHost loader={loader}>
        <RequireEngine fallback={<p>loading</p>}>
          <Screen />
        </RequireEngine>
        <RequireEngine fallback={<p>loading</p>}>
          <Screen />
        </RequireEngine>
      </EngineHost>,
    );
    expect(screen.getAllByText('loading')).toHaveLength(2);
    // Safe for this test: the screen only checks that an engine is there.
    const engine = {} as OfflineEngine;
    await act(async () => {
      started.resolve(engine);
      await started.promise;
    });
    expect(screen.getAllByText('screen, with the engine')).toHaveLength(2);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('opens the screen online only when the engine cannot start', async () => {
    const started = deferred<OfflineEngine | null>();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const loader = createEngineLoader(() => started.promise);
    render(
      <EngineHost loader={loader}>
        <RequireEngine fallback={<p>loading</p>}>
          <Screen />
        </RequireEngine>
      </EngineHost>,
    );
    await act(async () => {
      started.reject(new Error('no IndexedDB here'));
      await started.promise.catch(() => undefined);
    });
    expect(await screen.findByText('screen, online only')).toBeDefined();
    warn.mockRestore();
  });
});
