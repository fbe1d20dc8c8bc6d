// makeWalkPdf as the walk screen uses it: in jsdom there is no Worker, so the PDF is made
// on the main thread in slices, and the page's timers keep running meanwhile; where the
// worker fails, the caller gets a plain Error it can show.

import { PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeWalkPdf } from '../../../lib/pdf/make-pdf';
import { WorkerStartError } from '../../../lib/worker-request';
import { pdfErrorText } from '../../../ui/error-text';
import { i18n, initI18n } from '../../../ui/i18n';
import { buildTestWalk } from './testing';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
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

  it('tries a failing worker 3 more times, 500 ms, 1 s and 1.5 s apart, then rejects with a plain Error', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const terminated = vi.fn();
    const started: number[] = [];
    class FailingWorker {
      onmessage: ((event: MessageEvent) => void) | null = null;
      onerror: ((event: ErrorEvent) => void) | null = null;
      onmessageerror: (() => void) | null = null;
      postMessage(): void {
        started.push(Date.now());
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
    const settled = expect(result).rejects.toThrow(
      /The PDF could not be made: Uncaught SyntaxError/,
    );
    await vi.runAllTimersAsync();
    await settled;

    await expect(result).rejects.toBeInstanceOf(Error);
    expect(started).toHaveLength(4);
    const gaps = started.slice(1).map((time, index) => time - (started[index] ?? 0));
    expect(gaps).toEqual([500, 1000, 1500]);
    expect(terminated).toHaveBeenCalledTimes(4);
  });

  it('says the PDF maker is not on the device yet when the worker script does not load', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let started = 0;
    // Offline before the app finished downloading: the browser cannot fetch the worker's
    // script and fires an error event without a message.
    class UnloadableWorker {
      onmessage: ((event: MessageEvent) => void) | null = null;
      onerror: ((event: Event) => void) | null = null;
      onmessageerror: (() => void) | null = null;
      postMessage(): void {
        started += 1;
        setTimeout(() => this.onerror?.(new Event('error', { cancelable: true })), 0);
      }
      terminate(): void {
        // Nothing runs.
      }
    }
    vi.stubGlobal('Worker', UnloadableWorker);

    const result = makeWalkPdf(buildTestWalk({ items: 1, photos: 0 }));
    const settled = expect(result).rejects.toBeInstanceOf(WorkerStartError);
    await vi.runAllTimersAsync();
    await settled;
    expect(started).toBe(4);

    vi.useRealTimers();
    await initI18n();
    const error = await result.catch((caught: unknown) => caught);
    expect(pdfErrorText(i18n.t, error)).toMatch(/not on this device yet.*Connect to the internet/);
    expect(pdfErrorText(i18n.t, new Error('bad photo'))).toBe('bad photo');
  });

  it('gives up on a worker that does not answer in 60 s and tries a new one', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]);
    const workers: { terminated: boolean }[] = [];
    class SlowThenAnsweringWorker {
      onmessage: ((event: MessageEvent) => void) | null = null;
      onerror: ((event: ErrorEvent) => void) | null = null;
      onmessageerror: (() => void) | null = null;
      terminated = false;
      constructor() {
        workers.push(this);
      }
      postMessage(): void {
        // The first worker hangs; the second answers at once.
        if (workers.length === 1) return;
        setTimeout(
          () => this.onmessage?.(new MessageEvent('message', { data: { ok: true, bytes: pdf } })),
          0,
        );
      }
      terminate(): void {
        this.terminated = true;
      }
    }
    vi.stubGlobal('Worker', SlowThenAnsweringWorker);

    const result = makeWalkPdf(buildTestWalk({ items: 1, photos: 1 }));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(workers).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1 + 500);
    await vi.advanceTimersByTimeAsync(1);
    const blob = await result;

    expect(await bytesOf(blob)).toEqual(pdf);
    expect(workers).toHaveLength(2);
    expect(workers[0]?.terminated).toBe(true);
  });

  it('does not try again when the worker answers that the PDF could not be made', async () => {
    const created = vi.fn();
    class RefusingWorker {
      onmessage: ((event: MessageEvent) => void) | null = null;
      onerror: ((event: ErrorEvent) => void) | null = null;
      onmessageerror: (() => void) | null = null;
      constructor() {
        created();
      }
      postMessage(): void {
        setTimeout(
          () =>
            this.onmessage?.(
              new MessageEvent('message', { data: { ok: false, message: 'bad photo' } }),
            ),
          0,
        );
      }
      terminate(): void {}
    }
    vi.stubGlobal('Worker', RefusingWorker);

    await expect(makeWalkPdf(buildTestWalk({ items: 1, photos: 1 }))).rejects.toThrow(
      'The PDF could not be made: bad photo',
    );
    expect(created).toHaveBeenCalledTimes(1);
  });

  it('gives the worker the photo and signature bytes and returns its PDF', async () => {
    const input = buildTestWalk({ items: 3, photos: 3 });
    const first = input.items[0]?.photos[0];
    const photo = first instanceof Blob ? undefined : first?.bytes;
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
    // Each buffer once: photos and the two signatures. The first try hands over copies (a
    // retry needs the bytes), so the caller's own are still there.
    const transfer = received[0]?.transfer ?? [];
    expect(transfer.length).toBeGreaterThanOrEqual(3);
    expect(new Set(transfer).size).toBe(transfer.length);
    expect(transfer).not.toContain(photo?.buffer);
    expect(photo?.byteLength).toBeGreaterThan(0);
  });
});
