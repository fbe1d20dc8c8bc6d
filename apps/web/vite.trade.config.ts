// The trade's page (trade.html, src/trade; docs/decisions.md, The trade's own link): a build
// of its own, after the app's (`npm run build`), into the same dist/. So it shares no chunk
// with the app (the app's first load stays one file) and takes none of the app's code: a
// phone on a weak network downloads React and the page, nothing else. No service worker:
// the trade has no account and nothing to keep offline.

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstPaintTexts, precompressed } from './vite.config.js';

export default defineConfig({
  plugins: [react(), firstPaintTexts(), precompressed()],
  // The app's build copied public/ already.
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    // The app's manifest (.vite/manifest.json) stays as the app's build wrote it.
    manifest: '.vite/trade-manifest.json',
    rolldownOptions: { input: { trade: 'trade.html' } },
  },
});
