// What the browser benches share: Debian's Chromium with the flags of a quiet headless run,
// bench-only pages bundled by the web app's own Vite, and a small static file server for them.

import { createReadStream } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** The web app's packages (Vite, Dexie...), resolved from where the web app resolves them. */
export const webRequire = createRequire(
  fileURLToPath(new URL('../../apps/web/package.json', import.meta.url)),
);

/** The part of Vite's API the benches use. */
interface ViteBuild {
  build(config: {
    root: string;
    configFile: false;
    logLevel: 'error';
    build: { outDir: string; emptyOutDir: boolean; minify: boolean };
  }): Promise<unknown>;
}

/** A page of one module, for `buildPage`. */
export interface BenchPage {
  title: string;
  /** The module's source; it may import the app's files by absolute path. */
  entry: string;
  /** Its file name: `.ts` where it imports the app's TypeScript. */
  entryFile: string;
  /** Markup before the script (a root element to render into). */
  body?: string;
}

/**
 * Writes the page into `dir` and bundles it, minified, with the web app's Vite; returns the
 * folder built (dir/dist). Build warnings are left out: the libraries' "use client" lines
 * and the PDF code's chunk sizes are known (docs/decisions.md).
 */
export async function buildPage(dir: string, page: BenchPage): Promise<string> {
  const vite = (await import(pathToFileURL(webRequire.resolve('vite')).href)) as ViteBuild; // Checked by use.
  await writeFile(path.join(dir, page.entryFile), page.entry);
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
      '<meta name="viewport" content="width=device-width, initial-scale=1">' +
      `<title>${page.title}</title></head><body>${page.body ?? ''}` +
      `<script type="module" src="./${page.entryFile}"></script></body></html>`,
  );
  const outDir = path.join(dir, 'dist');
  await vite.build({
    root: dir,
    configFile: false,
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, minify: true },
  });
  return outDir;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
};

/** Serves the files below `root` on a free local port (index.html at `/`). */
export function serveStatic(root: string): Promise<{ base: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const file = path.join(root, url.pathname === '/' ? 'index.html' : url.pathname);
    if (!file.startsWith(root)) {
      response.writeHead(403).end();
      return;
    }
    stat(file).then(
      () => {
        response.writeHead(200, {
          'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        });
        createReadStream(file).pipe(response);
      },
      () => response.writeHead(404).end(),
    );
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo; // A TCP server's address.
      resolve({
        base: `http://127.0.0.1:${port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
