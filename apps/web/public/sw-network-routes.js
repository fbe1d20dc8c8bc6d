/* global self */
// Imported by the generated service worker (vite.config.ts, workbox.importScripts).
//
// API calls go straight to the network, past this worker: it keeps no API answers (the
// offline engine keeps them in IndexedDB), so waking it for each call only adds a start-up
// on the way, and a call it sees counts as its work in progress: a slow or stalled one held
// up a new version's takeover after Reload. Chromium's static routing (InstallEvent
// addRoutes) does this without starting the worker; where a browser lacks it, the worker
// sees the calls and passes them on as before.
self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function') return;
  event.waitUntil(
    event
      .addRoutes({ condition: { urlPattern: { pathname: '/api/*' } }, source: 'network' })
      .catch((error) => console.warn('API calls still pass through the service worker', error)),
  );
});
