// Makes the app's PDFs on the device without freezing the page: in a module Web Worker
// (pdf.worker.ts), or, where there is no Worker (tests in jsdom), on the main thread in
// slices.

import { WORKER_REQUEST } from '@field/domain';
import { WorkerJobError, WorkerStartError, runWorkerRequest } from '../worker-request';
import type { PdfPhoto } from './pdf-layout';
import type { PunchListPdfInput } from './punch-list-pdf';
import type { WalkPdfInput } from './walk-pdf';
import type { PdfAnswer, PdfJob } from './pdf.worker';

const PDF_TYPE = 'application/pdf';

/** The byte arrays of the job's photos and signatures. */
function byteArrays(job: PdfJob): Uint8Array[] {
  // A Blob goes by reference: nothing to transfer or copy.
  const photos = job.input.items.flatMap((item) =>
    item.photos.flatMap((photo) => (photo instanceof Blob ? [] : [photo.bytes])),
  );
  if (job.kind === 'walk') return [...photos, ...job.input.signatures.map((s) => s.png)];
  return photos;
}

/** The byte buffers of the photos and signatures, once each, to hand to the worker. */
function transferables(job: PdfJob): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const bytes of byteArrays(job)) {
    // A SharedArrayBuffer cannot be transferred (it is shared instead).
    if (bytes.buffer instanceof ArrayBuffer && bytes.buffer.byteLength > 0)
      buffers.add(bytes.buffer);
  }
  return [...buffers];
}

function pdfBlob(bytes: Uint8Array): Blob {
  // Safe: pdf-lib's save() and the worker's answer are views of plain ArrayBuffers.
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: PDF_TYPE });
}

/** The browser would not start a worker at all: not tried again, the slices make the PDF. */
class NoWorkerError extends WorkerJobError {}

/** One try in a new worker; the worker stops when the try ends or `signal` aborts. */
function inWorker(job: PdfJob, signal: AbortSignal): Promise<Blob> {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./pdf.worker.ts', import.meta.url), { type: 'module' });
  } catch (error) {
    return Promise.reject(new NoWorkerError(String(error)));
  }
  return new Promise<Blob>((resolve, reject) => {
    const fail = (message: string): void => {
      worker.terminate();
      reject(new Error(message));
    };
    signal.addEventListener('abort', () => worker.terminate(), { once: true });
    worker.onmessage = (event: MessageEvent<PdfAnswer>) => {
      worker.terminate();
      if (event.data.ok) resolve(pdfBlob(event.data.bytes));
      else reject(new WorkerJobError(`The PDF could not be made: ${event.data.message}`));
    };
    worker.onerror = (event) => {
      // Handled here: the page's own error reporting need not see it too.
      event.preventDefault();
      // An error without a message: the worker's script did not load.
      if (!event.message) {
        worker.terminate();
        reject(new WorkerStartError('The PDF could not be made: the PDF worker failed to start'));
        return;
      }
      fail(`The PDF could not be made: ${event.message}`);
    };
    worker.onmessageerror = () => fail('The PDF could not be made: its data could not be read');
    try {
      worker.postMessage(job, transferables(job));
    } catch (error) {
      fail(`The PDF could not be made: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
}

/** The job with copies of its photo and signature bytes (the rest is copied by postMessage). */
function withCopiedBytes(job: PdfJob): PdfJob {
  const items = <Item extends { photos: PdfPhoto[] }>(list: readonly Item[]): Item[] =>
    list.map((item) => ({
      ...item,
      photos: item.photos.map((photo) =>
        photo instanceof Blob ? photo : { ...photo, bytes: photo.bytes.slice() },
      ),
    }));
  if (job.kind === 'punch-list') {
    return { kind: job.kind, input: { ...job.input, items: items(job.input.items) } };
  }
  return {
    kind: job.kind,
    input: {
      ...job.input,
      items: items(job.input.items),
      signatures: job.input.signatures.map((signature) => ({
        ...signature,
        png: signature.png.slice(),
      })),
    },
  };
}

/**
 * The worker request's tries (WORKER_REQUEST, docs/product.md "Constants"): up to 3 more
 * after a worker that failed or did not answer in 60 s. Every try but the last hands the
 * worker a copy of the bytes, so the next try still has them; the last hands over the
 * caller's own.
 */
function inWorkerWithRetries(job: PdfJob): Promise<Blob> {
  return runWorkerRequest((signal, tryNumber) =>
    inWorker(tryNumber < WORKER_REQUEST.retries ? withCopiedBytes(job) : job, signal),
  );
}

async function inSlices(job: PdfJob): Promise<Blob> {
  const options = {
    yieldEvery: () => new Promise<void>((resolve) => setTimeout(resolve, 0)),
  };
  // Loaded on first use: pdf-lib stays out of the app's start-up code.
  switch (job.kind) {
    case 'walk': {
      const { buildWalkPdf } = await import('./walk-pdf');
      return pdfBlob(await buildWalkPdf(job.input, options));
    }
    case 'punch-list': {
      const { buildPunchListPdf } = await import('./punch-list-pdf');
      return pdfBlob(await buildPunchListPdf(job.input, options));
    }
  }
}

/**
 * The job's PDF (application/pdf). In a browser the photo and signature buffers are
 * transferred to the worker: after the call they are empty, so read them anew for a retry.
 * Rejects with a plain Error when the worker fails.
 */
function makePdf(job: PdfJob): Promise<Blob> {
  if (typeof Worker === 'undefined') return inSlices(job);
  return inWorkerWithRetries(job).catch((error: unknown) => {
    // The worker could not even be created (nothing was handed over): slices still work.
    if (error instanceof NoWorkerError) return inSlices(job);
    throw error;
  });
}

/** A closing walk's PDF (walk-pdf.ts). */
export function makeWalkPdf(input: WalkPdfInput): Promise<Blob> {
  return makePdf({ kind: 'walk', input });
}

/** A punch list's PDF (punch-list-pdf.ts). */
export function makePunchListPdf(input: PunchListPdfInput): Promise<Blob> {
  return makePdf({ kind: 'punch-list', input });
}
