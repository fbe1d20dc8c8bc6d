// Makes a walk's PDF on the device without freezing the page: in a module Web Worker, or,
// where there is no Worker (tests in jsdom), on the main thread in slices.

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

function inWorker(input: WalkPdfInput): Promise<Blob> {
  const worker = new Worker(new URL('./walk-pdf.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<Blob>((resolve, reject) => {
    const fail = (message: string): void => {
      worker.terminate();
      reject(new Error(message));
    };
    worker.onmessage = (event: MessageEvent<WalkPdfAnswer>) => {
      worker.terminate();
      if (event.data.ok) resolve(pdfBlob(event.data.bytes));
      else reject(new Error(`The PDF could not be made: ${event.data.message}`));
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
  try {
    return inWorker(input);
  } catch {
    // The worker could not even be created (nothing was handed over): slices still work.
    return inSlices(input);
  }
}
