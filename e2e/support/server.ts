// Runs the built server (apps/server/dist/main.js) as a child process on a free port with
// a fresh embedded database in a temporary DATA_DIR, for browser tests and screenshots.
// Not apps/server's test/server-process.ts: that is only importable once the server is
// built, and this file must load without a build (the suite then skips with one line) and
// under Vite's runnerImport for the screenshot scripts, which allows no later import().

import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SERVER_MAIN = path.join(REPO_ROOT, 'apps/server/dist/main.js');
export const WEB_INDEX = path.join(REPO_ROOT, 'apps/web/dist/index.html');

const LISTENING = /Field app listening on (https?:\/\/\S+)/;
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

export interface RunningServer {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  dataDir: string;
  stop(): Promise<void>;
  /**
   * Kills the server process (SIGKILL: no graceful close, requests in progress are cut)
   * and starts it again on the same database and port; `downMs` between the two.
   */
  restart(downMs?: number): Promise<void>;
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export interface ServerOptions {
  /** Extra environment for the server (e.g. a code-host URL for the changelog). */
  env?: Record<string, string>;
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'field-e2e-'));
  // A clean environment for the server: the embedded database in dataDir, the default
  // seed password, whatever the developer's shell has set.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // The demo accounts, whatever PUBLIC_URL or SEED_DEMO the developer's shell has set.
    SEED_DEMO: 'true',
    // Every test signs in from 127.0.0.1, dozens of times a minute; the per-address limit
    // has tests of its own on the server.
    RATE_LIMIT_SIGN_IN_MAX: '10000',
  };
  for (const name of ['DATABASE_URL', 'SEED_PASSWORD', 'WEB_DIST', 'JWT_SECRET']) {
    delete env[name];
  }
  Object.assign(env, options.env);

  const launch = async (): Promise<{ child: ChildProcess; url: string }> => {
    const child = spawn(process.execPath, [SERVER_MAIN], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let ready = false;
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`server did not start within ${START_TIMEOUT_MS} ms`)),
          START_TIMEOUT_MS,
        );
        const onData = (chunk: Buffer): void => {
          if (ready) return;
          output += chunk.toString('utf8');
          const match = LISTENING.exec(output);
          if (match?.[1] !== undefined) {
            clearTimeout(timer);
            resolve(match[1].replace(/\/$/, ''));
          }
        };
        child.stdout?.on('data', onData);
        child.stderr?.on('data', (chunk: Buffer) => {
          if (!ready) output += chunk.toString('utf8');
        });
        child.once('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
        child.once('exit', (code, signal) => {
          clearTimeout(timer);
          reject(
            new Error(`server exited early (code ${code ?? 'none'}, signal ${signal ?? 'none'})`),
          );
        });
      });
      // From here on the server's warnings and errors go to the test run's stderr, which
      // also keeps the pipes drained.
      ready = true;
      child.stdout?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
      child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
      return { child, url };
    } catch (error) {
      await kill(child);
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`${reason}\n--- server output ---\n${output}`);
    }
  };

  let current: ChildProcess | undefined;
  const stop = async (): Promise<void> => {
    if (current !== undefined) await kill(current);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const started = await launch();
    current = started.child;
    const url = started.url;
    const restart = async (downMs = 0): Promise<void> => {
      if (current !== undefined) await kill(current, 'SIGKILL');
      current = undefined;
      if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs));
      env['PORT'] = new URL(url).port;
      current = (await launch()).child;
    };
    return { url, dataDir, stop, restart };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function kill(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
    child.kill('SIGKILL');
    await waitForExit(child, STOP_TIMEOUT_MS);
  }
}
