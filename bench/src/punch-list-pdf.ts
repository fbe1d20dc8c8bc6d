// Benchmark: a trade's punch list PDF, 200 items over 20 homes with 100 camera photos, made
// on the device in headless Chromium as the "Lists to send" button makes it: the photos
// opened as files of the device's store (OPFS), then the app's
// makePunchListPdf (the PDF worker). Beside it, in the same page and run, the closing-walk
// PDF of the walk bench (30 items, 20 photos) through makeWalkPdf. Prints both times, their
// ratio, and the longest main-thread task while the punch list is made. Aim (issue 33): no
// main-thread task over 100 ms.
//
// Bundles the app's own modules (lib/pdf/make-pdf.ts, the PDFs' words)
// with Vite's JS API into a temporary folder, served from 127.0.0.1.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPage, launchChromium, serveStatic } from './browser.js';

const ITEMS = 200;
const PHOTOS = 100;
const HOMES = 20;
const WALK_ITEMS = 30;
const WALK_PHOTOS = 20;
const RUNS = Number(process.env['BENCH_PDF_RUNS'] ?? 3);
const WEB_SRC = fileURLToPath(new URL('../../apps/web/src/', import.meta.url));
const src = (file: string): string => JSON.stringify(path.join(WEB_SRC, file));

const ENTRY = `
import { makePunchListPdf, makeWalkPdf } from ${src('lib/pdf/make-pdf.ts')};
import { i18n, initI18n } from ${src('ui/i18n.ts')};
import { punchListWords } from ${src('features/items/lists/punch-list-words.ts')};
import { walkPdfWords } from ${src('features/walks/pdf/walk-pdf-words.ts')};
await initI18n();
window.bench = {
  makePunchListPdf,
  makeWalkPdf,
  punchListWords: punchListWords(i18n.t),
  walkPdfWords: walkPdfWords(i18n.t),
};
`;

interface RunFigures {
  photosReadMs: number;
  listMs: number;
  listBytes: number;
  walkMs: number;
  isPdf: boolean;
  /** The punch list, base64, of the run asked to keep it (BENCH_PDF_OUT), else ''. */
  pdf: string;
  /** Long tasks while the punch list was made (photos read, input built, PDF made). */
  longTasks: number[];
  /** Of them, those that began while the photos were read. */
  longTasksWhileReading: number;
  /** When each began after the start, and how long it took (`start+duration` ms). */
  taskTimes: string[];
  longestGapMs: number;
}

const dir = await mkdtemp(path.join(tmpdir(), 'field-bench-punch-list-'));
try {
  const outDir = await buildPage(dir, {
    title: 'punch list pdf bench',
    entry: ENTRY,
    entryFile: 'entry.ts',
  });
  const { base, close } = await serveStatic(outDir);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(base);
    await page.waitForFunction(() => 'bench' in window);

    // The device after a sync: camera-sized photos (2400x1800 JPEG with detail) in the file
    // store, as the walk bench keeps them.
    // The device after a sync: camera-sized photos (2400x1800 JPEG with detail) as files in
    // the origin private file system, where the app keeps them in Chromium (offline/files.ts).
    const photoBytes = await page.evaluate(async (photos) => {
      const root = await navigator.storage.getDirectory();
      let total = 0;
      for (let n = 0; n < photos; n += 1) {
        const canvas = new OffscreenCanvas(2400, 1800);
        const g = canvas.getContext('2d');
        if (g === null) throw new Error('no 2d context');
        const sky = g.createLinearGradient(0, 0, 0, 1800);
        sky.addColorStop(0, `hsl(${(n * 37) % 360} 60% 70%)`);
        sky.addColorStop(1, `hsl(${(n * 37 + 90) % 360} 40% 35%)`);
        g.fillStyle = sky;
        g.fillRect(0, 0, 2400, 1800);
        for (let k = 0; k < 900; k += 1) {
          g.fillStyle = `hsl(${(k * 53 + n * 11) % 360} ${30 + (k % 50)}% ${20 + (k % 60)}%)`;
          g.fillRect((k * 997) % 2400, (k * 613) % 1800, 10 + (k % 140), 10 + ((k * 7) % 90));
        }
        const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
        total += blob.size;
        const file = await root.getFileHandle(`photo-${n}.jpg`, { create: true });
        const writable = await file.createWritable();
        await writable.write(blob);
        await writable.close();
      }
      return total;
    }, PHOTOS);

    const makeOnce = (keep: boolean): Promise<RunFigures> =>
      page.evaluate(
        async ({ keep, items, photos, homes, walkItems, walkPhotos }) => {
          const bench = (window as unknown as BenchWindow).bench;
          const root = await navigator.storage.getDirectory();
          /** Photo names per item: uneven counts (2, 0, 1, 0, 3...) until `total` are used. */
          const photoIds = (count: number, total: number): string[][] => {
            let used = 0;
            return Array.from({ length: count }, (_, i) => {
              const mine = Math.min(total - used, [2, 0, 1, 0, 3][i % 5] ?? 0);
              const ids = Array.from({ length: mine }, (__, p) => `photo-${used + p}.jpg`);
              used += mine;
              return ids;
            });
          };
          // As the app reads them (data/photo-bytes.ts): each a File of the device's store,
          // whose bytes only the PDF worker reads.
          const readPhotos = async (ids: string[][]): Promise<Blob[][]> => {
            const read: Blob[][] = [];
            for (const list of ids) {
              const photos: Blob[] = [];
              for (const id of list) photos.push(await (await root.getFileHandle(id)).getFile());
              read.push(photos);
            }
            return read;
          };

          const longTasks: number[] = [];
          const taskStarts: number[] = [];
          const observer = new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) {
              longTasks.push(entry.duration);
              taskStarts.push(entry.startTime);
            }
          });
          observer.observe({ type: 'longtask' });
          let longestGapMs = 0;
          let last = performance.now();
          let pulsing = true;
          const pulse = (): void => {
            const now = performance.now();
            longestGapMs = Math.max(longestGapMs, now - last);
            last = now;
            if (pulsing) setTimeout(pulse, 4);
          };
          setTimeout(pulse, 4);

          // The trade's punch list, as the button makes it.
          const listStart = performance.now();
          const listPhotos = await readPhotos(photoIds(items, photos));
          const photosReadMs = performance.now() - listStart;
          const photosReadAt = performance.now();
          const locations = ['Kitchen', 'Garage', 'Primary bath', 'Exterior', 'Hall', ''];
          const list = await bench.makePunchListPdf({
            words: bench.punchListWords,
            company: 'Field App',
            appVersion: '2.0.7 (bench)',
            title: 'Punch list',
            subject: 'Tam Tile Co',
            fields: [
              ['Trade', 'Tile'],
              ['Phone', '(555) 010-4455'],
            ],
            items: listPhotos.map((itemPhotos, i) => ({
              home: `${100 + (i % homes)} Juniper Ridge Ln`,
              location: locations[i % locations.length] ?? '',
              name: `Tile item ${i + 1}: grout gap at the joint by the door`,
              walk: 'Final punch',
              category: 'Tile',
              trade: 'Tam Tile Co',
              priority: i % 7 === 0 ? 'High' : '',
              status: i % 6 === 5 ? 'Ready for review' : 'Outstanding',
              due: i % 3 === 0 ? '2026-01-20' : null,
              overdue: i % 3 === 0,
              photos: itemPhotos,
            })),
            generatedAt: new Date().toISOString(),
          });
          const listMs = performance.now() - listStart;
          pulsing = false;
          await new Promise((resolve) => setTimeout(resolve, 60));
          observer.disconnect();

          // The walk bench's PDF in the same page, for the ratio.
          const walkPhotos_ = await readPhotos(photoIds(walkItems, walkPhotos));
          const walkStart = performance.now();
          await bench.makeWalkPdf({
            words: bench.walkPdfWords,
            company: 'Field App',
            appVersion: '2.0.7 (bench)',
            home: { address: '1418 Juniper Ridge Ln', homeId: 'H-2291', homeRid: 'R-88310' },
            walk: { id: 'walk-bench', title: 'Final punch walk', date: '2026-11-10', notes: '' },
            staff: [{ label: 'Walked by', name: 'Sam Super' }],
            checklist: [],
            items: walkPhotos_.map((itemPhotos, i) => ({
              name: `Punch item ${i + 1}`,
              category: 'Doors',
              location: 'Garage',
              status: 'Outstanding',
              photos: itemPhotos,
            })),
            signatures: [],
            generatedAt: new Date().toISOString(),
          });
          const walkMs = performance.now() - walkStart;

          const bytes = new Uint8Array(await list.arrayBuffer());
          let binary = '';
          for (let i = 0; keep && i < bytes.length; i += 0x8000) {
            binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
          }
          return {
            photosReadMs,
            listMs,
            listBytes: list.size,
            walkMs,
            isPdf: bytes.subarray(0, 5).every((b, i) => b === '%PDF-'.charCodeAt(i)),
            pdf: keep ? btoa(binary) : '',
            longTasks,
            longTasksWhileReading: taskStarts.filter((t) => t < photosReadAt).length,
            taskTimes: taskStarts.map(
              (t, i) => `${(t - listStart).toFixed(0)}+${(longTasks[i] ?? 0).toFixed(0)}`,
            ),
            longestGapMs,
          };
        },
        {
          keep,
          items: ITEMS,
          photos: PHOTOS,
          homes: HOMES,
          walkItems: WALK_ITEMS,
          walkPhotos: WALK_PHOTOS,
        },
      );

    const out = process.env['BENCH_PDF_OUT'];
    const runs: RunFigures[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      runs.push(await makeOnce(out !== undefined && run === RUNS - 1));
    }
    if (!runs.every((r) => r.isPdf)) throw new Error('makePunchListPdf did not return a PDF');
    const median = (values: number[]): number => {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted[Math.floor(sorted.length / 2)] ?? 0;
    };
    const listMs = median(runs.map((r) => r.listMs));
    const walkMs = median(runs.map((r) => r.walkMs));
    const longest = Math.max(0, ...runs.flatMap((r) => r.longTasks));
    const last = runs[runs.length - 1];
    console.log(
      `\nTrade's punch list PDF on the device: ${ITEMS} items over ${HOMES} homes, ${PHOTOS} camera photos (${(photoBytes / 1e6).toFixed(1)} MB of JPEG); Chromium, median of ${RUNS}`,
    );
    console.log(
      `open its ${PHOTOS} photo files (OPFS)                              ${median(
        runs.map((r) => r.photosReadMs),
      )
        .toFixed(1)
        .padStart(8)} ms`,
    );
    console.log(
      `punch list PDF, photos read + made (makePunchListPdf, Web Worker) ${listMs.toFixed(1).padStart(8)} ms   ${((last?.listBytes ?? 0) / 1e6).toFixed(2)} MB`,
    );
    console.log(
      `walk PDF of the walk bench (${WALK_ITEMS} items, ${WALK_PHOTOS} photos, makeWalkPdf)          ${walkMs.toFixed(1).padStart(8)} ms`,
    );
    console.log(`ratio punch list / walk PDF: ${(listMs / walkMs).toFixed(2)}x`);
    console.log(
      `main thread while making the punch list: longest long task ${longest > 0 ? `${longest.toFixed(0)} ms` : 'none (no task >= 50 ms)'}, ` +
        `${runs.reduce((n, r) => n + r.longTasks.length, 0)} long tasks in ${RUNS} runs (${runs.reduce((n, r) => n + r.longTasksWhileReading, 0)} while reading the photos), longest 4 ms-timer gap ${Math.max(...runs.map((r) => r.longestGapMs)).toFixed(0)} ms`,
    );
    console.log(
      `long tasks (ms after the start + duration): ${runs.map((r) => r.taskTimes.join(' ') || '-').join(' | ')}; the list took ${runs.map((r) => r.listMs.toFixed(0)).join(' | ')} ms`,
    );
    console.log(`aim met (no main-thread task over 100 ms): ${longest <= 100 ? 'yes' : 'no'}`);
    if (out !== undefined && last !== undefined) {
      await writeFile(out, Buffer.from(last.pdf, 'base64'));
      console.log(`punch list PDF of the last run written to ${out}`);
    }
  } finally {
    await browser.close();
    await close();
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}

interface BenchWindow {
  bench: {
    makePunchListPdf: (input: unknown) => Promise<Blob>;
    makeWalkPdf: (input: unknown) => Promise<Blob>;
    punchListWords: unknown;
    walkPdfWords: unknown;
  };
}
