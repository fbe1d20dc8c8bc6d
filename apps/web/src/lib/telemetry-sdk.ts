// The telemetry SDK (Sentry's browser SDK), fetched only when the server names a DSN
// (lib/telemetry.ts). What it sends is scrubbed here: no request headers, cookies or bodies,
// no query secrets in any address, every text and input of a replay masked, media blocked.

import {
  browserTracingIntegration,
  captureException,
  init,
  replayIntegration,
} from '@sentry/browser';
import type { Breadcrumb, ErrorEvent } from '@sentry/browser';
import { NOTHING_COLLECTED, TELEMETRY, redactUrl } from '@field/domain';

const URL_KEYS = ['url', 'from', 'to'] as const;

function scrubBreadcrumb(breadcrumb: Breadcrumb): Breadcrumb | null {
  // What the console said may hold anything the app logged: records, answers.
  if (breadcrumb.category === 'console') return null;
  const data = breadcrumb.data;
  if (data !== undefined) {
    for (const key of URL_KEYS) {
      if (typeof data[key] === 'string') data[key] = redactUrl(data[key]);
    }
  }
  return breadcrumb;
}

function scrubEvent(event: ErrorEvent): ErrorEvent {
  if (event.request !== undefined) {
    event.request = event.request.url === undefined ? {} : { url: redactUrl(event.request.url) };
  }
  delete event.user;
  event.tags = { ...event.tags, route: window.location.pathname };
  return event;
}

export function startSdk(settings: { dsn: string; environment: string; release: string }): {
  error(error: unknown, tags: Record<string, string>): void;
} {
  init({
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release,
    tracesSampleRate: TELEMETRY.traceSampleRate,
    replaysSessionSampleRate: TELEMETRY.replaySampleRate,
    replaysOnErrorSampleRate: 0,
    // Trace headers only for the app's own API; nothing is sent to other servers anyway.
    tracePropagationTargets: [/^\/api\//],
    dataCollection: NOTHING_COLLECTED,
    integrations: [
      // A trace per load and per navigation, its path in url.path (no query: no secret).
      browserTracingIntegration({
        // The notification stream never ends: as a span it would hold every trace open.
        shouldCreateSpanForRequest: (url) => !url.includes('/api/notifications/stream'),
      }),
      replayIntegration({ maskAllText: true, maskAllInputs: true, blockAllMedia: true }),
    ],
    beforeBreadcrumb: scrubBreadcrumb,
    beforeSend: scrubEvent,
  });
  return {
    error: (error, tags) => captureException(error, { tags }),
  };
}
