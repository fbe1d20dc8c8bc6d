// Benchmark: the trade's page on a cold load (docs/performance.md; docs/decisions.md, The
// trade's own link). Its JavaScript, gzip bytes counted from the build as
// e2e/first-load.test.ts counts the app's: trade.html's entry and every chunk it imports,
// beside the signed-in app's first load (index.html's entry and its imports) of the same
// build. The aim: at most half. Needs `npm run build` first.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIST = process.env['BENCH_WEB_DIST'] ?? path.join(ROOT, 'apps/web/dist');
const AIM = 0.5;

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const readManifest = (name: string): Manifest =>
  JSON.parse(readFileSync(path.join(DIST, '.vite', name), 'utf8')) as Manifest; // Vite's own format.

/** The files an entry loads before it runs: itself and its static imports, transitively. */
function loadedWith(manifest: Manifest, key: string): string[] {
  const files = new Set<string>();
  const visit = (name: string): void => {
    const chunk = manifest[name];
    if (chunk === undefined || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return [...files];
}

const gzipBytes = (files: readonly string[]): number =>
  files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length,
    0,
  );

const app = loadedWith(readManifest('manifest.json'), 'index.html');
const trade = loadedWith(readManifest('trade-manifest.json'), 'trade.html');
if (app.length === 0 || trade.length === 0) throw new Error('no entry in the build manifests');
const appBytes = gzipBytes(app);
const tradeBytes = gzipBytes(trade);
const ratio = tradeBytes / appBytes;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
console.log(
  'The trade page’s JavaScript beside the signed-in app’s first load (gzip, from the build)',
);
console.log(`  signed-in app first load: ${String(app.length)} files, ${kb(appBytes)} KB`);
console.log(`  trade page:               ${String(trade.length)} files, ${kb(tradeBytes)} KB`);
console.log(
  `  ratio: ${ratio.toFixed(2)} (aim at most ${AIM.toFixed(2)}) ${ratio <= AIM ? 'met' : 'NOT MET'}`,
);
if (ratio > AIM) process.exitCode = 1;
