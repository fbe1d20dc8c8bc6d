// The Web Worker that makes the app's PDFs off the main thread (a closing walk's, a punch
// list's): photos shrunk to the size a printed thumbnail needs (and turned upright), then
// the job's pure builder. One job per worker.

import type { PdfPhoto } from './pdf-layout';
import { buildPunchListPdf } from './punch-list-pdf';
import type { PunchListPdfInput } from './punch-list-pdf';
import { buildWalkPdf } from './walk-pdf';
import type { WalkPdfInput } from './walk-pdf';

/** A PDF to make: which builder, and its input. */
export type PdfJob =
  { kind: 'walk'; input: WalkPdfInput } | { kind: 'punch-list'; input: PunchListPdfInput };

export type PdfAnswer = { ok: true; bytes: Uint8Array } | { ok: false; message: string };

/** What this file uses of DedicatedWorkerGlobalScope (the app's lib is DOM, not WebWorker). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<PdfJob>) => void) | null;
  postMessage(message: PdfAnswer, transfer: Transferable[]): void;
}

/**
 * Long edge of a photo in each PDF: a walk's thumbnail ~1.7 in wide, a punch list's ~1.1 in,
 * each sharp at 300 dpi and zoomed.
 */
const PHOTO_EDGE: Record<PdfJob['kind'], number> = { walk: 1000, 'punch-list': 640 };
/** Photos up to this size go in as they are (already small, a thumbnail or a scan). */
const KEEP_BYTES = 250_000;

/**
 * A camera photo re-encoded as a JPEG of at most `edge` pixels, upright (the browser
 * applies its EXIF orientation, which the PDF would not). Anything that fails keeps the
 * original bytes: the builder then shows them or says they could not be read.
 */
async function shrinkPhoto(photo: PdfPhoto, edge: number): Promise<PdfPhoto> {
  const size = photo instanceof Blob ? photo.size : photo.bytes.byteLength;
  if (
    size <= KEEP_BYTES ||
    typeof createImageBitmap !== 'function' ||
    typeof OffscreenCanvas !== 'function'
  ) {
    return photo;
  }
  try {
    // Copied into a Blob of its own, so the bytes stay a plain ArrayBuffer view.
    const bitmap = await createImageBitmap(
      photo instanceof Blob ? photo : new Blob([photo.bytes.slice()], { type: photo.type }),
    );
    const scale = Math.min(1, edge / Math.max(bitmap.width, bitmap.height));
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

/** The items with their photos shrunk, one photo at a time (a camera's bytes are large). */
async function withShrunkPhotos<Item extends { photos: PdfPhoto[] }>(
  items: readonly Item[],
  edge: number,
): Promise<Item[]> {
  const shrunk: Item[] = [];
  for (const item of items) {
    const photos: PdfPhoto[] = [];
    for (const photo of item.photos) photos.push(await shrinkPhoto(photo, edge));
    shrunk.push({ ...item, photos });
  }
  return shrunk;
}

async function build(job: PdfJob): Promise<Uint8Array> {
  const edge = PHOTO_EDGE[job.kind];
  switch (job.kind) {
    case 'walk':
      return buildWalkPdf({ ...job.input, items: await withShrunkPhotos(job.input.items, edge) });
    case 'punch-list':
      return buildPunchListPdf({
        ...job.input,
        items: await withShrunkPhotos(job.input.items, edge),
      });
  }
}

async function run(job: PdfJob): Promise<PdfAnswer> {
  try {
    return { ok: true, bytes: await build(job) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

// Safe: this module only ever runs as a dedicated worker (make-pdf.ts starts it).
const scope = self as unknown as WorkerScope;
scope.onmessage = (event) => {
  void run(event.data).then((answer) =>
    scope.postMessage(answer, answer.ok ? [answer.bytes.buffer] : []),
  );
};
