/// <reference lib="webworker" />
// The sync worker (issue 11): a chunk's answers arrive here as bytes and are parsed,
// checked, grouped and written to the device database in this thread, so the page's main
// thread never holds tens of megabytes of records, nor the garbage they leave. Dexie tells
// the page's live queries of the writes (across threads, by BroadcastChannel).

import { openFieldDatabase } from './database';
import type { HomeStore } from './home-store';
import { WORKER_STORE_OPTIONS, createHomeStore } from './home-store';
import type { ChunkToWorker, ChunkFromWorker } from './sync-chunk-runner';
import { storeChunk } from './sync-chunk';

declare const self: DedicatedWorkerGlobalScope;

const decoder = new TextDecoder();
const parse = (bytes: ArrayBuffer): Promise<unknown> =>
  Promise.resolve(JSON.parse(decoder.decode(bytes)));

const stores = new Map<string, HomeStore>();
function storeOf(dbName: string): HomeStore {
  let store = stores.get(dbName);
  if (store === undefined) {
    store = createHomeStore(openFieldDatabase(dbName), WORKER_STORE_OPTIONS);
    stores.set(dbName, store);
  }
  return store;
}

interface Job {
  abort: AbortController;
  schedules?: { resolve: (bodies: ArrayBuffer[]) => void; reject: (error: Error) => void };
}
const jobs = new Map<number, Job>();

function answer(message: ChunkFromWorker): void {
  self.postMessage(message);
}

async function run(message: Extract<ChunkToWorker, { type: 'chunk' }>): Promise<void> {
  const job: Job = { abort: new AbortController() };
  jobs.set(message.id, job);
  try {
    const kept = await storeChunk(
      storeOf(message.dbName),
      message.answers,
      (jobIds) =>
        new Promise<ArrayBuffer[]>((resolve, reject) => {
          job.schedules = { resolve, reject };
          answer({ type: 'schedules', id: message.id, jobIds });
        }),
      message.write,
      parse,
      job.abort.signal,
    );
    answer({ type: 'done', id: message.id, kept });
  } catch (error) {
    answer({
      type: 'failed',
      id: message.id,
      aborted: job.abort.signal.aborted,
      message: error instanceof Error ? error.message : String(error),
    });
  } finally {
    jobs.delete(message.id);
  }
}

self.onmessage = (event: MessageEvent<ChunkToWorker>) => {
  const message = event.data;
  switch (message.type) {
    case 'hello':
      answer({ type: 'ready' });
      break;
    case 'chunk':
      void run(message);
      break;
    case 'schedules': {
      const waiting = jobs.get(message.id)?.schedules;
      if (message.bodies === undefined) waiting?.reject(new Error(message.error ?? 'failed'));
      else waiting?.resolve(message.bodies);
      break;
    }
    case 'abort': {
      const job = jobs.get(message.id);
      job?.abort.abort();
      job?.schedules?.reject(new DOMException('Aborted', 'AbortError'));
      break;
    }
  }
};
