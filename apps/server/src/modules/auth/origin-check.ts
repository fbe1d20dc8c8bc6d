// Login CSRF, second line: a browser names the page a request comes from in `Origin`, and
// a page elsewhere cannot forge it. Under /api/auth/ a request whose Origin is present
// and is not this app (PUBLIC_URL, or the host the browser addressed) is refused. The
// provider callback is exempt: a provider posts it from its own origin, and the state
// cookie binds it instead.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '@field/domain';
import { AppError } from '../../http/errors.js';
import { CALLBACK_ROUTE } from './provider-routes.js';

const AUTH_PREFIX = '/api/auth/';

function sameApp(origin: string, request: FastifyRequest, publicOrigin: string): boolean {
  if (origin === publicOrigin) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false; // `null` (sandboxed pages, some redirects) or garbage
  }
  // The host the browser addressed: a cross-site page cannot choose it. Behind a trusted
  // proxy request.host is the forwarded one.
  return host === request.host || host === request.headers.host;
}

export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  const callback = `/api${CALLBACK_ROUTE}`;
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    const origin = request.headers.origin;
    if (
      route === undefined ||
      !route.startsWith(AUTH_PREFIX) ||
      route === callback ||
      origin === undefined ||
      sameApp(origin, request, publicOrigin)
    ) {
      done();
      return;
    }
    done(new AppError(403, MESSAGES.crossOriginRefused));
  });
}
