import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, temporaryIssueMessage } from '@field/domain';
import type { CircuitMessage } from './circuit-breaker';
import { CIRCUIT_RECOVERED_MESSAGE, createCircuitBreaker } from './circuit-breaker';
import { ApiError, createApiClient, anyJson } from './client';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const failing =
  (status: number): typeof fetch =>
  () =>
    Promise.resolve(new Response(JSON.stringify({ error: 'down' }), { status }));

describe('circuit breaker around the API client', () => {
  it('neither counts nor announces calls that failed because the device is offline', async () => {
    const breaker = createCircuitBreaker({ isOffline: () => true });
    const messages: CircuitMessage[] = [];
    breaker.onMessage((m) => messages.push(m));
    const client = createApiClient({
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      guard: breaker,
    });
    for (let i = 0; i < 8; i += 1) {
      await expect(client.get('/api/x', anyJson)).rejects.toMatchObject({
        status: 0,
        kind: 'network',
      });
    }
    expect(breaker.state()).toBe('closed');
    expect(messages).toEqual([]);
  });

  it('opens after 5 failures, refuses calls, recovers after 30 s of quiet', async () => {
    const breaker = createCircuitBreaker({ now: () => Date.now() });
    const messages: CircuitMessage[] = [];
    breaker.onMessage((m) => messages.push(m));
    const recovered = vi.fn();
    breaker.onRecovered(recovered);
    let status = 503;
    const fetchCalls = vi.fn((): Promise<Response> =>
      Promise.resolve(new Response(JSON.stringify({ ok: true, error: 'down' }), { status })),
    );
    const client = createApiClient({ fetch: fetchCalls, guard: breaker });

    for (let i = 0; i < 5; i += 1) {
      await expect(client.get('/api/x', anyJson)).rejects.toMatchObject({ status: 503 });
    }
    expect(breaker.state()).toBe('open');
    expect(messages).toEqual([
      { level: 'warning', message: temporaryIssueMessage('GET /api/x') },
      { level: 'error', message: MESSAGES.systemIssues },
    ]);
    await expect(client.get('/api/x', anyJson)).rejects.toMatchObject({
      kind: 'circuit-open',
      message: MESSAGES.systemUnavailable,
    });
    expect(fetchCalls).toHaveBeenCalledTimes(5);

    status = 200;
    vi.advanceTimersByTime(29_999);
    expect(breaker.state()).toBe('open');
    vi.advanceTimersByTime(1);
    expect(breaker.state()).toBe('closed');
    expect(recovered).toHaveBeenCalledTimes(1);
    expect(messages.at(-1)).toEqual({ level: 'info', message: CIRCUIT_RECOVERED_MESSAGE });
    await expect(client.get('/api/x', anyJson)).resolves.toMatchObject({ ok: true });
  });

  it('throttles a repeated message to once per 5 s', () => {
    const breaker = createCircuitBreaker();
    const messages: CircuitMessage[] = [];
    breaker.onMessage((m) => messages.push(m));
    const error = new ApiError(503, 'down');
    breaker.onFailure('GET /a', error);
    breaker.onFailure('GET /a', error);
    vi.advanceTimersByTime(4_999);
    breaker.onFailure('GET /a', error);
    expect(messages).toHaveLength(1);
    vi.advanceTimersByTime(1);
    breaker.onSuccess('GET /a');
    breaker.onFailure('GET /a', error);
    expect(messages).toHaveLength(2);
  });

  it('counts only failures that retrying can fix; a 4xx answer is the server working', async () => {
    const breaker = createCircuitBreaker();
    const client = createApiClient({ fetch: failing(400), guard: breaker });
    for (let i = 0; i < 6; i += 1) {
      await expect(client.get('/api/x', anyJson)).rejects.toMatchObject({ status: 400 });
    }
    expect(breaker.state()).toBe('closed');
    const down = createApiClient({
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      guard: breaker,
    });
    for (let i = 0; i < 5; i += 1) {
      await expect(down.get('/api/x', anyJson)).rejects.toMatchObject({ status: 0 });
    }
    expect(breaker.state()).toBe('open');
  });
});

describe('API client', () => {
  it('reads Retry-After and times out', async () => {
    const client = createApiClient({
      fetch: () =>
        Promise.resolve(
          new Response(JSON.stringify({ error: 'slow down' }), {
            status: 429,
            headers: { 'Retry-After': '3' },
          }),
        ),
    });
    await expect(client.post('/api/x', {}, anyJson)).rejects.toMatchObject({
      status: 429,
      retryAfterMs: 3000,
      message: 'slow down',
    });

    const hanging = createApiClient({
      timeoutMs: 1000,
      fetch: (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('Aborted', 'AbortError')),
          );
        }),
    });
    const call = hanging.get('/api/x', anyJson);
    const check = expect(call).rejects.toMatchObject({ status: 0, kind: 'timeout' });
    await vi.advanceTimersByTimeAsync(1000);
    await check;
  });
});
