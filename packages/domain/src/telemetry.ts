// What leaves for telemetry, and what never does (docs/operations.md, Telemetry): the
// settings the web app reads from the server, and the rule that takes secrets out of a URL
// (a reset or invitation link's token, a stream ticket, a provider's code and state). The
// server's log uses the same rule.

import { z } from './zod.js';

/** `GET /telemetry`: where the web app sends errors, traces and replays; dsn null: nowhere. */
export const telemetrySettingsSchema = z.object({
  dsn: z.nullable(z.string()),
  environment: z.string(),
  release: z.string(),
});
export type TelemetrySettings = z.infer<typeof telemetrySettingsSchema>;

/**
 * What the telemetry SDKs may collect of users and requests on their own: nothing (no user,
 * cookies, headers, bodies or query strings). Both the server and the web app pass it.
 */
export const NOTHING_COLLECTED = {
  userInfo: false,
  cookies: false,
  httpHeaders: false,
  httpBodies: [] as never[],
  urlQueryParams: false,
};

/** Query parameters whose values never reach a log or a telemetry server. */
const SECRET_PARAMETERS = new Set([
  'token',
  'ticket',
  'code',
  'state',
  'password',
  'access_token',
  'id_token',
]);
const REDACTED = '[redacted]';

/** The URL (or path with its query) with the values of secret query parameters replaced. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const hash = url.indexOf('#', mark);
  const end = hash === -1 ? url.length : hash;
  const query = url
    .slice(mark + 1, end)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed name stays as it came.
      }
      return SECRET_PARAMETERS.has(decoded.toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, mark)}?${query}${url.slice(end)}`;
}
