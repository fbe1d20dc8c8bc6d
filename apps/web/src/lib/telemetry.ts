// Telemetry for the people who run the app (docs/operations.md, Telemetry): errors, one
// trace per navigation and, in one session of ten, a replay with every text and input
// masked, sent to the server's SENTRY_DSN. The SDK is not part of the first load: after the
// first paint, when the browser is idle, the server's settings are asked for, and the SDK
// is fetched only when they name a DSN. Errors reported before that wait in a short queue.

import { telemetrySettingsSchema, redactUrl } from '@field/domain';

interface Reporter {
  error(error: unknown, tags: Record<string, string>): void;
}

/** Errors reported before the SDK was ready (at most this many are kept). */
const EARLY_LIMIT = 20;
let reporter: Reporter | undefined;
let early: { error: unknown; tags: Record<string, string> }[] | undefined = [];

/**
 * Reports an error: a screen that failed, a write the queue gave up on. `tags` say where,
 * never what was typed (a queued write's type, never its payload).
 */
export function reportError(error: unknown, tags: Record<string, string> = {}): void {
  if (reporter !== undefined) reporter.error(error, tags);
  else if (early !== undefined && early.length < EARLY_LIMIT) early.push({ error, tags });
}

function whenIdle(run: () => void): void {
  // Safari has no requestIdleCallback.
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 5000 });
  else setTimeout(run, 1000);
}

/**
 * Starts telemetry after the first paint, if the server has a DSN. A page opened with a
 * secret in its address (a reset or invitation link) starts none: a replay would carry it.
 */
export function startTelemetryWhenIdle(): void {
  if (redactUrl(window.location.href) !== window.location.href) {
    early = undefined;
    return;
  }
  whenIdle(() => {
    void (async () => {
      const answer = await fetch('/api/telemetry', { credentials: 'omit' });
      const settings = telemetrySettingsSchema.parse(await answer.json());
      if (settings.dsn === null) {
        early = undefined;
        return;
      }
      const { startSdk } = await import('./telemetry-sdk');
      reporter = startSdk({ ...settings, dsn: settings.dsn });
      for (const waiting of early ?? []) reporter.error(waiting.error, waiting.tags);
      early = undefined;
    })().catch(() => {
      // Offline, or no server: this session sends nothing.
      early = undefined;
    });
  });
}
