// Test-only: the built API server (apps/server/dist) in a process of its own, on an
// ephemeral port over a fresh embedded database with the demo data, for component tests
// that run under jsdom (whose globals would break the server in the same process).

import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api/client';
import type { OfflineEngine } from '../engine';
import { startOfflineEngine } from '../engine';

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const MAIN = path.join(ROOT, 'apps/server/dist/main.js');
const LISTENING = /Field app listening on (https?:\/\/\S+)/;

export interface ServerProcess {
  url: string;
  /** Signs a demo account in (password `demo-password`) and returns its access token. */
  signIn(email: string): Promise<string>;
  /** An authenticated JSON call of the API (path after `/api`). */
  call(token: string, method: string, apiPath: string, body?: unknown): Promise<unknown>;
  stop(): Promise<void>;
}

function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startServerProcess(): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'field-web-test-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    RATE_LIMIT_SIGN_IN_MAX: '10000',
  };
  for (const name of ['DATABASE_URL', 'SEED_PASSWORD', 'JWT_SECRET', 'PUBLIC_URL'])
    delete env[name];
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = async (): Promise<void> => {
    child.kill('SIGTERM');
    await stopped(child);
    await rm(dataDir, { recursive: true, force: true });
  };
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const read = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      const match = LISTENING.exec(output);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(match[1].replace(/\/$/, ''));
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', () => reject(new Error(`server exited:\n${output}`)));
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  const call = async (token: string, method: string, apiPath: string, body?: unknown) => {
    const response = await fetch(`${url}/api${apiPath}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await response.json()) as unknown;
  };
  return {
    url,
    async signIn(email) {
      const response = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'demo-password' }),
      });
      const answer = (await response.json()) as { accessToken?: unknown };
      if (typeof answer.accessToken !== 'string') throw new Error(`sign-in failed for ${email}`);
      return answer.accessToken;
    },
    call,
    stop,
  };
}

/**
 * Sends the app's own-origin calls (`/api/...` through the app's client) to this server,
 * signed in with `token`; returns the undo.
 */
export function routeAppTo(server: ServerProcess, token: string): () => void {
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) =>
    realFetch(
      typeof input === 'string' && input.startsWith('/') ? server.url + input : input,
      init,
    );
  apiClient.setToken(token);
  return () => {
    globalThis.fetch = realFetch;
    apiClient.setToken(null);
  };
}

let engines = 0;

/** A running offline engine on a fresh device database, for one test. */
export function startTestEngine(userId: string): Promise<OfflineEngine> {
  engines += 1;
  return startOfflineEngine({
    dbName: `component-test-${engines}`,
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    client: apiClient,
    currentUser: () => userId,
  });
}
