// Makes a walk's PDF on the device without freezing the page: in a module Web Worker, or,
// where there is no Worker (tests in jsdom), on the main thread in slices.

import { WORKER_REQUEST } from '@field/domain';
import { WorkerJobError, runWorkerRequest } from '../../../lib/worker-request';
import type { WalkPdfInput } from './walk-pdf';
import type { WalkPdfAnswer } from './walk-pdf.worker';

const PDF_TYPE = 'application/pdf';

/** The byte buffers of the photos and signatures, once each, to hand to the worker. */
function transferables(input: WalkPdfInput): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  const add = (bytes: Uint8Array): void => {
    // A SharedArrayBuffer cannot be transferred (it is shared instead).
    if (bytes.buffer instanceof ArrayBuffer && bytes.buffer.byteLength > 0)
      buffers.add(bytes.buffer);
  };
  for (const item of input.items) for (const photo of item.photos) add(photo.bytes);
  for (const signature of input.signatures) add(signature.png);
  return [...buffers];
}

function pdfBlob(bytes: Uint8Array): Blob {
  // Safe: pdf-lib's save() and the worker's answer are views of plain ArrayBuffers.
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: PDF_TYPE });
}

/** The browser would not start a worker at all: not tried again, the slices make the PDF. */
class NoWorkerError extends WorkerJobError {}

/** One try in a new worker; the worker stops when the try ends or `signal` aborts. */
function inWorker(input: WalkPdfInput, signal: AbortSignal): Promise<Blob> {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./walk-pdf.worker.ts', import.meta.url), { type: 'module' });
  } catch (error) {
    return Promise.reject(new NoWorkerError(String(error)));
  }
  return new Promise<Blob>((resolve, reject) => {
    const fail = (message: string): void => {
      worker.terminate();
      reject(new Error(message));
    };
    signal.addEventListener('abort', () => worker.terminate(), { once: true });
    worker.onmessage = (event: MessageEvent<WalkPdfAnswer>) => {
      worker.terminate();
      if (event.data.ok) resolve(pdfBlob(event.data.bytes));
      else reject(new WorkerJobError(`The PDF could not be made: ${event.data.message}`));
    };
    worker.onerror = (event) => {
      // Handled here: the page's own error reporting need not see it too.
      event.preventDefault();
      fail(`The PDF could not be made: ${event.message || 'the PDF worker failed to start'}`);
    };
    worker.onmessageerror = () => fail('The PDF could not be made: its data could not be read');
    try {
      worker.postMessage(input, transferables(input));
    } catch (error) {
      fail(`The PDF could not be made: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
}

/**
 * The worker request's tries (WORKER_REQUEST, docs/product.md "Constants"): up to 3 more
 * after a worker that failed or did not answer in 60 s. Every try but the last hands the
 * worker a copy of the bytes, so the next try still has them; the last hands over the
 * caller's own.
 */
function inWorkerWithRetries(input: WalkPdfInput): Promise<Blob> {
  return runWorkerRequest((signal, tryNumber) =>
    inWorker(tryNumber < WORKER_REQUEST.retries ? withCopiedBytes(input) : input, signal),
  );
}

/** The input with copies of its photo and signature bytes (the rest is copied by postMessage). */
function withCopiedBytes(input: WalkPdfInput): WalkPdfInput {
  return {
    ...input,
    items: input.items.map((item) => ({
      ...item,
      photos: item.photos.map((photo) => ({ ...photo, bytes: photo.bytes.slice() })),
    })),
    signatures: input.signatures.map((signature) => ({
      ...signature,
      png: signature.png.slice(),
    })),
  };
}

async function inSlices(input: WalkPdfInput): Promise<Blob> {
  // Loaded on first use: pdf-lib stays out of the app's start-up code.
  const { buildWalkPdf } = await import('./walk-pdf');
  const bytes = await buildWalkPdf(input, {
    yieldEvery: () => new Promise<void>((resolve) => setTimeout(resolve, 0)),
  });
  return pdfBlob(bytes);
}

/**
 * The walk's PDF (application/pdf). In a browser the photo and signature buffers are
 * transferred to the worker: after the call they are empty, so read them anew for a retry.
 * Rejects with a plain Error when the worker fails.
 */
export function makeWalkPdf(input: WalkPdfInput): Promise<Blob> {
  if (typeof Worker === 'undefined') return inSlices(input);
  return inWorkerWithRetries(input).catch((error: unknown) => {
    // The worker could not even be created (nothing was handed over): slices still work.
    if (error instanceof NoWorkerError) return inSlices(input);
    throw error;
  });
}
