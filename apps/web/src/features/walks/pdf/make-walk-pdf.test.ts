// makeWalkPdf as the walk screen uses it: in jsdom there is no Worker, so the PDF is made
// on the main thread in slices, and the page's timers keep running meanwhile; where the
// worker fails, the caller gets a plain Error it can show.

import { PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeWalkPdf } from './make-walk-pdf';
import { buildTestWalk } from './testing';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}

describe('makeWalkPdf', () => {
  it('makes the PDF without a Worker, letting timers run between slices', async () => {
    expect(typeof Worker).toBe('undefined');
    const input = buildTestWalk({ items: 30, photos: 20 });
    let done = false;
    let ticks = 0;
    const tick = (): void => {
      if (done) return;
      ticks += 1;
      setTimeout(tick, 0);
    };
    setTimeout(tick, 0);

    const blob = await makeWalkPdf(input);
    done = true;

    expect(blob.type).toBe('application/pdf');
    const doc = await PDFDocument.load(await bytesOf(blob));
    expect(doc.getPageCount()).toBeGreaterThan(1);
    // The page's own work ran while the PDF was made, not only after.
    expect(ticks).toBeGreaterThanOrEqual(input.items.length);
  });

  it('rejects with a plain Error when the worker fails, and stops the worker', async () => {
    const terminated = vi.fn();
    class FailingWorker {
      onmessage: ((event: MessageEvent) => void) | null = null;
      onerror: ((event: ErrorEvent) => void) | null = null;
      onmessageerror: (() => void) | null = null;
      postMessage(): void {
        setTimeout(() => {
          const event = new ErrorEvent('error', {
            message: 'Uncaught SyntaxError',
            cancelable: true,
          });
          this.onerror?.(event);
        }, 0);
      }
      terminate = terminated;
    }
    vi.stubGlobal('Worker', FailingWorker);

    const result = makeWalkPdf(buildTestWalk({ items: 2, photos: 2 }));

    await expect(result).rejects.toThrow(/The PDF could not be made: Uncaught SyntaxError/);
    await expect(result).rejects.toBeInstanceOf(Error);
    expect(terminated).toHaveBeenCalled();
  });

  it('gives the worker the photo and signature bytes and returns its PDF', async () => {
    const input = buildTestWalk({ items: 3, photos: 3 });
    const photo = input.items[0]?.photos[0]?.bytes;
    const received: { transfer: Transferable[] }[] = [];
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]); // "%PDF-"
    class AnsweringWorker {
      onmessage: ((event: MessageEvent) => void) | null = null;
      onerror: ((event: ErrorEvent) => void) | null = null;
      onmessageerror: (() => void) | null = null;
      postMessage(_input: unknown, transfer: Transferable[]): void {
        received.push({ transfer });
        setTimeout(
          () => this.onmessage?.(new MessageEvent('message', { data: { ok: true, bytes: pdf } })),
          0,
        );
      }
      terminate(): void {}
    }
    vi.stubGlobal('Worker', AnsweringWorker);

    const blob = await makeWalkPdf(input);

    expect(blob.type).toBe('application/pdf');
    expect(await bytesOf(blob)).toEqual(pdf);
    // Each buffer once: photos and the two signatures, none copied.
    expect(received[0]?.transfer).toContain(photo?.buffer);
    expect(received[0]?.transfer).toContain(input.signatures[1]?.png.buffer);
    expect(new Set(received[0]?.transfer).size).toBe(received[0]?.transfer.length);
  });
});
