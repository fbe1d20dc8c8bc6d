// What the log may say of a request: its method and URL without the secrets a URL can
// carry (a reset or invitation link's token, a notification stream's ticket, a provider's
// code and state), by the domain's rule that telemetry also follows. At LOG_LEVEL=debug
// every request is logged, the web app's pages too, and a reset link's page URL holds a
// password in all but name (docs/decisions.md, Security review findings).

import type { FastifyRequest } from 'fastify';
import { redactUrl } from '@field/domain';

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
