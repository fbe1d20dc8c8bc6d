// The Web Worker that makes a walk's PDF off the main thread: photos shrunk to the size a
// printed thumbnail needs (and turned upright), then the pure builder. One job per worker.

import { buildWalkPdf } from './walk-pdf';
import type { WalkPdfInput } from './walk-pdf';

export type WalkPdfAnswer = { ok: true; bytes: Uint8Array } | { ok: false; message: string };

/** What this file uses of DedicatedWorkerGlobalScope (the app's lib is DOM, not WebWorker). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<WalkPdfInput>) => void) | null;
  postMessage(message: WalkPdfAnswer, transfer: Transferable[]): void;
}

/** Long edge of a photo in the PDF: a thumbnail ~1.7 in wide stays sharp at 300 dpi and zoomed. */
const PHOTO_EDGE = 1000;
/** Photos up to this size go in as they are (already small, a thumbnail or a scan). */
const KEEP_BYTES = 250_000;

/**
 * A camera photo re-encoded as a JPEG of at most PHOTO_EDGE pixels, upright (the browser
 * applies its EXIF orientation, which the PDF would not). Anything that fails keeps the
 * original bytes: the builder then shows them or says they could not be read.
 */
async function shrinkPhoto(photo: { bytes: Uint8Array; type: string }) {
  if (
    photo.bytes.byteLength <= KEEP_BYTES ||
    typeof createImageBitmap !== 'function' ||
    typeof OffscreenCanvas !== 'function'
  ) {
    return photo;
  }
  try {
    // Copied into a Blob of its own, so the bytes stay a plain ArrayBuffer view.
    const bitmap = await createImageBitmap(new Blob([photo.bytes.slice()], { type: photo.type }));
    const scale = Math.min(1, PHOTO_EDGE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (context === null) {
      bitmap.close();
      return photo;
    }
    // JPEG has no transparency: a PNG's clear parts print white, not black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.82 });
    return { bytes: new Uint8Array(await blob.arrayBuffer()), type: 'image/jpeg' };
  } catch {
    return photo;
  }
}

async function run(input: WalkPdfInput): Promise<WalkPdfAnswer> {
  try {
    const items = [];
    for (const item of input.items) {
      const photos = [];
      for (const photo of item.photos) photos.push(await shrinkPhoto(photo));
      items.push({ ...item, photos });
    }
    return { ok: true, bytes: await buildWalkPdf({ ...input, items }) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

// Safe: this module only ever runs as a dedicated worker (make-walk-pdf.ts starts it).
const scope = self as unknown as WorkerScope;
scope.onmessage = (event) => {
  void run(event.data).then((answer) =>
    scope.postMessage(answer, answer.ok ? [answer.bytes.buffer] : []),
  );
};
