// Worker requests (docs/decisions.md): a job handed to a Web Worker times out after 60 s
// and is tried again up to 3 times, waiting 500 ms, 1 s, then 1.5 s between tries. A try
// that ends in a worker the browser could not run or that never answered is tried again;
// an answer that says the job itself failed is not (it would fail the same way).

import { WORKER_REQUEST, workerRetryDelayMs } from '@field/domain';

/** The worker answered that the job failed: trying again would not help. */
export class WorkerJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkerJobError';
  }
}

/**
 * The browser could not load the worker's script: offline before the whole app was on the
 * device, or a server that did not answer. Tried again, as any try whose worker did not run.
 */
export class WorkerStartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkerStartError';
  }
}

class WorkerTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`The worker did not answer within ${Math.round(timeoutMs / 1000)} s`);
    this.name = 'WorkerTimeoutError';
  }
}

export interface WorkerRequestOptions {
  timeoutMs?: number;
  retries?: number;
  delayMs?: (retry: number) => number;
}

/**
 * Runs `attempt` (one worker, one try; it must stop its worker when `signal` aborts) until
 * it answers, at most 1 + retries times. Rejects with the last try's error.
 */
export async function runWorkerRequest<T>(
  attempt: (signal: AbortSignal, tryNumber: number) => Promise<T>,
  options: WorkerRequestOptions = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? WORKER_REQUEST.timeoutMs;
  const retries = options.retries ?? WORKER_REQUEST.retries;
  const delayMs = options.delayMs ?? workerRetryDelayMs;
  for (let tryNumber = 0; ; tryNumber += 1) {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new WorkerTimeoutError(timeoutMs));
      }, timeoutMs);
    });
    try {
      return await Promise.race([attempt(controller.signal, tryNumber), timedOut]);
    } catch (error) {
      if (error instanceof WorkerJobError || tryNumber >= retries) throw error;
      console.warn(`Worker request failed, trying again (${tryNumber + 1} of ${retries})`, error);
    } finally {
      clearTimeout(timer);
    }
    await new Promise<void>((resolve) => setTimeout(resolve, delayMs(tryNumber + 1)));
  }
}
