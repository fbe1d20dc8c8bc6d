// The circuit breaker around the API client (docs/offline.md, "Circuit breaker and API
// client"): after 5 failed calls in a row (no answer, timeout, 408, 429, 5xx) it opens and
// refuses calls at once; after 30 s of quiet it closes again and says so. The same message
// is not repeated within 5 s.

import { CIRCUIT_BREAKER, MESSAGES, temporaryIssueMessage } from '@field/domain';
import { ApiError } from './errors';

/** What the breaker says when it closes again after being open. */
export const CIRCUIT_RECOVERED_MESSAGE = 'The connection to the server is working again.';

type CircuitState = 'closed' | 'open';

export interface CircuitMessage {
  level: 'info' | 'warning' | 'error';
  message: string;
}

export interface CircuitBreakerOptions {
  failureThreshold?: number;
  resetMs?: number;
  throttleMs?: number;
  now?: () => number;
  /** Whether the device knows it is offline (default: `navigator.onLine` is false). */
  isOffline?: () => boolean;
}

/** Watches every call's outcome and may refuse calls (the circuit breaker fits). */
export interface CallGuard {
  /** Throws (an ApiError) to refuse the call before it is sent. */
  beforeCall(operation: string): void;
  onSuccess(operation: string): void;
  onFailure(operation: string, error: ApiError): void;
}

export interface CircuitBreaker extends CallGuard {
  state(): CircuitState;
  /** Messages to show (toasts); returns an unsubscribe. */
  onMessage(listener: (message: CircuitMessage) => void): () => void;
  /** Called when the breaker closes again after being open. */
  onRecovered(listener: () => void): () => void;
  reset(): void;
}

export function createCircuitBreaker(options: CircuitBreakerOptions = {}): CircuitBreaker {
  const threshold = options.failureThreshold ?? CIRCUIT_BREAKER.failureThreshold;
  const resetMs = options.resetMs ?? CIRCUIT_BREAKER.resetMs;
  const throttleMs = options.throttleMs ?? CIRCUIT_BREAKER.repeatMessageThrottleMs;
  const now = options.now ?? (() => Date.now());
  const isOffline =
    options.isOffline ?? (() => typeof navigator !== 'undefined' && !navigator.onLine);
  const messageListeners = new Set<(message: CircuitMessage) => void>();
  const recoveredListeners = new Set<() => void>();
  const lastShown = new Map<string, number>();
  let failures = 0;
  let state: CircuitState = 'closed';
  let timer: ReturnType<typeof setTimeout> | undefined;

  function say(level: CircuitMessage['level'], message: string): void {
    const at = now();
    const last = lastShown.get(message);
    if (last !== undefined && at - last < throttleMs) return;
    lastShown.set(message, at);
    for (const listener of messageListeners) listener({ level, message });
  }

  function close(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const wasOpen = state === 'open';
    state = 'closed';
    failures = 0;
    if (wasOpen) {
      say('info', CIRCUIT_RECOVERED_MESSAGE);
      for (const listener of recoveredListeners) listener();
    }
  }

  /** Closes after `resetMs` without a new failure. */
  function armReset(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(close, resetMs);
  }

  return {
    beforeCall() {
      if (state === 'open') {
        say('error', MESSAGES.systemUnavailable);
        throw new ApiError(0, MESSAGES.systemUnavailable, { kind: 'circuit-open' });
      }
    },
    onSuccess() {
      if (state === 'closed') failures = 0;
    },
    onFailure(operation: string, error: ApiError) {
      // No answer because the device is offline says nothing about the server: the
      // offline indicator already tells the user, and the writes wait in the queue.
      if (error.kind === 'network' && isOffline()) return;
      if (state === 'open') {
        armReset();
        return;
      }
      failures += 1;
      if (failures >= threshold) {
        state = 'open';
        say('error', MESSAGES.systemIssues);
        armReset();
      } else {
        say('warning', temporaryIssueMessage(operation));
      }
    },
    state: () => state,
    onMessage(listener) {
      messageListeners.add(listener);
      return () => {
        messageListeners.delete(listener);
      };
    },
    onRecovered(listener) {
      recoveredListeners.add(listener);
      return () => {
        recoveredListeners.delete(listener);
      };
    },
    reset: close,
  };
}
