// The built web app as the server serves it. Files come precompressed from the build
// (x.js.br and x.js.gz next to x.js): a browser that accepts brotli gets the .br file, one
// that accepts only gzip the .gz, anyone else the file itself, with `Vary: Accept-Encoding`
// so no cache mixes them up. Hashed assets (/assets/*, workbox-<hash>.js) never change
// under their name and are cached for a year; everything else (index.html, sw.js, the
// manifest, icons) is revalidated on every use, so a new version is seen at once.
// A route of the app answers index.html; a missing file a 404, never index.html.

import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { MESSAGES } from '@field/domain';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * A path the web app's router answers: not the API, not a file. A missing script or image
 * must be a 404, never index.html, or a stale page loading an old chunk after a deploy
 * would run HTML as JavaScript.
 */
export function isAppRoute(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !last.includes('.');
}

/** A file whose name carries a hash of its content (Vite's assets, Workbox's runtime). */
function isHashedAsset(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return pathname.startsWith('/assets/') || /^\/workbox-[0-9a-f]{8,}\.js$/.test(pathname);
}

function setCacheHeaders(reply: FastifyReply): void {
  void reply.header('cache-control', isHashedAsset(reply.request.url) ? IMMUTABLE : REVALIDATE);
}

/** Serves `webDist` when it holds a build; returns whether it does. */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: 'index.html',
      preCompressed: true,
      // The compressed copies are found through the original's name; they have no URL.
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: setCacheHeaders,
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (hasWeb && request.method === 'GET' && isAppRoute(request.url)) {
      return reply.sendFile('index.html');
    }
    return reply.code(404).send({ error: MESSAGES.routeNotFound });
  });
  return hasWeb;
}
