// Build and dev server of the web app. In development the API runs separately on
// port 8080 (`npm start`), so /api is proxied there; in production the server
// serves apps/web/dist itself.
//
// The build also writes the service worker (/sw.js) and the web app manifest: the shell and
// every lazy screen are precached so the app opens offline on any route, and a new version
// waits until the user accepts it (src/app/pwa). API data is not the service worker's: the
// offline engine keeps it in IndexedDB (docs/decisions.md, "Service worker").
//
// Every text file is also written brotli- and gzip-compressed next to itself (x.js.br,
// x.js.gz), at the highest levels, once per build: the server sends whichever the browser
// accepts without compressing on each request (apps/server/src/http/static.ts). The
// manifest (dist/.vite/manifest.json) lists what each entry and route loads, for the size
// budget (e2e/first-load.test.ts, docs/performance.md).

import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { readFileSync } from 'node:fs';
import { constants } from 'node:zlib';
import en from './src/locales/en/guest.json' with { type: 'json' };
import trade from './src/locales/en/trade.json' with { type: 'json' };

const THEME_COLOUR = '#17466e';

/**
 * index.html's first paint (shown before any script runs) says the app's name and "Loading…"
 * in the guest screens' English texts (src/locales/en/guest.json) and shows the logo of
 * public/favicon.svg, each kept in its one place.
 */
export function firstPaintTexts(): Plugin {
  const logo = readFileSync(new URL('./public/favicon.svg', import.meta.url), 'utf8')
    .trim()
    .replace('<svg ', '<svg aria-hidden="true" focusable="false" ');
  return {
    name: 'field-first-paint',
    transformIndexHtml: (html) =>
      html
        .replaceAll('%app.name%', en.app.name)
        .replaceAll('%app.loading%', en.app.loading)
        .replaceAll('%app.logo%', logo)
        .replaceAll('%trade.title%', trade.title)
        .replaceAll('%trade.loading%', trade.loading),
  };
}

/** Every text file written brotli- and gzip-compressed next to itself (see the top). */
export function precompressed(): Plugin[] {
  return [
    compression({
      include: /\.(?:js|mjs|css|html|json|webmanifest|svg|txt)$/,
      exclude: /\.vite\//,
      // Below this a compressed file saves less than its own headers cost.
      threshold: 1024,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
  ];
}

export default defineConfig({
  plugins: [
    react(),
    firstPaintTexts(),
    precompressed(),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      // src/app/pwa registers the worker itself (only in production builds).
      injectRegister: false,
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      // public/ files (favicon, icons) are precached by globPatterns below; listing them here
      // too would add every one twice.
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'Field App',
        short_name: 'Field App',
        description:
          'Track homes under construction and record walks, inspections and notes in the field.',
        lang: 'en',
        theme_color: THEME_COLOUR,
        background_color: '#ffffff',
        display: 'standalone',
        orientation: 'any',
        start_url: '/homes/overview',
        scope: '/',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        // The shell and all lazy route chunks, so a screen never opened online still opens
        // offline. The English translation file is a JS chunk and comes along.
        globPatterns: ['**/*.{js,css,html,svg,png,json,woff2}'],
        // Part of the worker itself, not a file of the app (public/sw-network-routes.js).
        // The telemetry SDK is fetched only where the server names a DSN, and only online
        // (src/lib/telemetry.ts): precaching it would cost every install its 85 kB.
        globIgnores: ['**/node_modules/**/*', 'sw-network-routes.js', '**/telemetry-sdk-*.js'],
        importScripts: ['/sw-network-routes.js'],
        navigateFallback: '/index.html',
        // The trade's page (trade.html) is an entry of its own, never the app's shell.
        navigateFallbackDenylist: [/^\/api(?:\/|$)/, /^\/trade\.html/],
        // No runtime caching: API answers live in the offline engine's IndexedDB, where
        // they are versioned, expire and are cleared on sign-out; a second copy in Cache
        // Storage would outlive all of that.
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        // A new version waits for the user's Reload (prompt), and the first one does not
        // take over the page it was installed from: that page keeps the files it started
        // with until the next navigation.
        skipWaiting: false,
        clientsClaim: false,
      },
    }),
  ],
  build: {
    outDir: 'dist',
    // index.html preloads what the entry imports; a lazy chunk's imports are left to the
    // browser's module loader rather than a <link rel="modulepreload"> added per file when
    // the chunk is asked for: each link cost main-thread time (~2 ms at 4x CPU, ~50 links for
    // a signed-in first screen), where the service worker's cache, the usual case, answers
    // at once anyway (docs/performance.md).
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    emptyOutDir: true,
    manifest: true,
    // The first-load file is ~670 KB before compression; its gzip size is what counts and
    // e2e/first-load.test.ts holds it to a budget.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the entry loads before it runs, as one file rather than ~20 (many of them a
          // few hundred bytes shared with lazy screens): each file a page asks for costs
          // main-thread time before the first paint (docs/performance.md). Lazy screens' code
          // is not in it.
          groups: [{ name: 'first-load', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
});
