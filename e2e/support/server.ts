// Runs the built server (apps/server/dist/main.js) as a child process on a free port with
// a fresh embedded database in a temporary DATA_DIR, serving the built web app, for
// browser tests and screenshots: the server's own process helper, with the web app on.

import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SERVER_MAIN = path.join(REPO_ROOT, 'apps/server/dist/main.js');
export const WEB_INDEX = path.join(REPO_ROOT, 'apps/web/dist/index.html');

export interface RunningServer {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** Extra environment for the server (e.g. a code-host URL for the changelog). */
  env?: Record<string, string>;
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  // Loaded here, not at the top: without a built server the suite must still load far
  // enough to skip with its one line (prerequisites.ts).
  const { startServerProcess } = await import('@field/server/test/server-process');
  const server = await startServerProcess({ serveWebApp: true, env: options.env ?? {} });
  return { url: server.url, dataDir: server.dataDir, stop: () => server.stop() };
}
