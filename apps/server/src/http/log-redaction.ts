// What the log may say of a request: its method and URL without the secrets a URL can
// carry (a reset or invitation link's token, a notification stream's ticket, a provider's
// code and state). At LOG_LEVEL=debug every request is logged, the web app's pages too, and
// a reset link's page URL holds a password in all but name (docs/decisions.md, Security
// review findings).

import type { FastifyRequest } from 'fastify';

/** Query parameters whose values never reach a log. */
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

/** The URL with the values of secret query parameters replaced. */
function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed name is logged as it came.
      }
      return SECRET_PARAMETERS.has(decoded.toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, mark)}?${query}`;
}

/** Fastify's request serializer, with the URL redacted. */
export function requestForLog(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}
