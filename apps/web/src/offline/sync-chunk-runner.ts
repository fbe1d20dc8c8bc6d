// Where a sync chunk's answers are turned into stored homes: in the sync worker when the
// browser runs one (the main thread only fetches and hands over the bytes), else on the
// main thread in slices (tests in jsdom, a browser that would not start the worker). The
// worker is tried once per engine with a greeting; it takes over only after answering, so
// no chunk's bytes are ever handed to a worker that cannot run.

import { parseJsonInSlices } from '../api/json-slices';
import type { HomeStore } from './home-store';
import type { ChunkAnswers, ChunkKept, ChunkWrite } from './sync-chunk';
import { storeChunk } from './sync-chunk';

export type ChunkToWorker =
  | { type: 'hello' }
  | { type: 'chunk'; id: number; dbName: string; answers: ChunkAnswers; write: ChunkWrite }
  | { type: 'schedules'; id: number; bodies?: ArrayBuffer[]; error?: string }
  | { type: 'abort'; id: number };

export type ChunkFromWorker =
  | { type: 'ready' }
  | { type: 'schedules'; id: number; jobIds: string[] }
  | { type: 'done'; id: number; kept: ChunkKept }
  | { type: 'failed'; id: number; aborted: boolean; message: string };

export interface ChunkRunner {
  /**
   * Stores a chunk from its answers (their bytes are handed over: the caller must not use
   * them after); asks `fetchSchedules` for the schedules of the chunk's jobs when they come
   * too. Rejects with an AbortError once `signal` aborts and nothing more is being written.
   */
  store(
    answers: ChunkAnswers,
    fetchSchedules: (jobIds: string[]) => Promise<ArrayBuffer[]>,
    write: ChunkWrite,
    signal: AbortSignal,
  ): Promise<ChunkKept>;
  stop(): void;
}

/** How long the worker has to answer its greeting before the main thread does the work. */
const HELLO_TIMEOUT_MS = 5000;

const decoder = new TextDecoder();
const parseOnPage = (bytes: ArrayBuffer): Promise<unknown> =>
  parseJsonInSlices(decoder.decode(bytes));

function aborted(): DOMException {
  return new DOMException('Aborted', 'AbortError');
}

/** The chunk's work on this thread, into the page's own home store. */
export function createPageChunkRunner(store: Pick<HomeStore, 'putSynced'>): ChunkRunner {
  return {
    store: (answers, fetchSchedules, write, signal) =>
      storeChunk(store, answers, fetchSchedules, write, parseOnPage, signal),
    stop: () => undefined,
  };
}

type MakeWorker = () => Worker;

const makeSyncWorker: MakeWorker = () =>
  new Worker(new URL('./sync-chunk.worker.ts', import.meta.url), { type: 'module' });

/**
 * The sync worker for the database `dbName`, or the page's own runner where no worker
 * answers.
 */
export function createChunkRunner(
  dbName: string,
  store: Pick<HomeStore, 'putSynced'>,
  makeWorker: MakeWorker | null = typeof Worker === 'undefined' ? null : makeSyncWorker,
): ChunkRunner {
  const page = createPageChunkRunner(store);
  if (makeWorker === null) return page;
  let worker: Worker | null = null;
  const pending = new Map<
    number,
    {
      resolve: (kept: ChunkKept) => void;
      reject: (error: unknown) => void;
      onSchedules: (jobIds: string[]) => void;
    }
  >();
  let nextId = 1;

  const failAll = (message: string): void => {
    for (const job of pending.values()) job.reject(new Error(message));
    pending.clear();
  };

  const ready = new Promise<boolean>((resolve) => {
    try {
      worker = makeWorker();
    } catch {
      resolve(false);
      return;
    }
    const timer = setTimeout(() => resolve(false), HELLO_TIMEOUT_MS);
    worker.onmessage = (event: MessageEvent<ChunkFromWorker>) => {
      const message = event.data;
      if (message.type === 'ready') {
        clearTimeout(timer);
        resolve(true);
        return;
      }
      const job = pending.get(message.id);
      if (job === undefined) return;
      if (message.type === 'schedules') {
        job.onSchedules(message.jobIds);
        return;
      }
      pending.delete(message.id);
      if (message.type === 'done') job.resolve(message.kept);
      else job.reject(message.aborted ? aborted() : new Error(message.message));
    };
    worker.onerror = (event) => {
      // Handled here: the page's own error reporting need not see it too.
      event.preventDefault();
      clearTimeout(timer);
      resolve(false);
      failAll(`The sync worker failed: ${event.message || 'it could not start'}`);
    };
    worker.postMessage({ type: 'hello' } satisfies ChunkToWorker);
  });

  function inWorker(
    running: Worker,
    answers: ChunkAnswers,
    fetchSchedules: (jobIds: string[]) => Promise<ArrayBuffer[]>,
    write: ChunkWrite,
    signal: AbortSignal,
  ): Promise<ChunkKept> {
    const id = nextId;
    nextId += 1;
    const post = (message: ChunkToWorker, transfer: Transferable[] = []): void =>
      running.postMessage(message, transfer);
    return new Promise<ChunkKept>((resolve, reject) => {
      const onAbort = (): void => post({ type: 'abort', id });
      signal.addEventListener('abort', onAbort, { once: true });
      const settle =
        <T>(then: (value: T) => void) =>
        (value: T): void => {
          signal.removeEventListener('abort', onAbort);
          then(value);
        };
      pending.set(id, {
        resolve: settle(resolve),
        reject: settle(reject),
        onSchedules: (jobIds) => {
          fetchSchedules(jobIds).then(
            (bodies) => post({ type: 'schedules', id, bodies }, bodies),
            (error: unknown) =>
              post({
                type: 'schedules',
                id,
                error: error instanceof Error ? error.message : String(error),
              }),
          );
        },
      });
      post({ type: 'chunk', id, dbName, answers, write }, [...answers.bodies]);
    });
  }

  return {
    async store(answers, fetchSchedules, write, signal) {
      if (signal.aborted) throw aborted();
      const running = (await ready) ? worker : null;
      if (running === null) return page.store(answers, fetchSchedules, write, signal);
      return inWorker(running, answers, fetchSchedules, write, signal);
    },
    stop() {
      failAll('The sync worker stopped');
      worker?.terminate();
      worker = null;
    },
  };
}
