// Benchmark: the closing-walk PDF of a 30-item, 20-photo walk made on the device in
// headless Chromium through the web app's makeWalkPdf (module Web Worker), next to the time
// the same page takes to read that walk's records (the walk rows and its items) from the
// device database (Dexie over IndexedDB). Prints the time, the ratio, and the longest
// main-thread task while the PDF is made. Aim (issue 10): no main-thread task over 100 ms.
//
// The app exposes nothing for this: the bench bundles the app's own modules
// (lib/pdf/make-pdf.ts, offline/database.ts) with Vite's JS API into a
// temporary folder and serves it from a small static server on 127.0.0.1.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPage, launchChromium, serveStatic } from './browser.js';

const ITEMS = 30;
const PHOTOS = 20;
const RUNS = Number(process.env['BENCH_PDF_RUNS'] ?? 3);
const WEB_SRC = fileURLToPath(new URL('../../apps/web/src/', import.meta.url));

const ENTRY = `
import { makeWalkPdf } from ${JSON.stringify(path.join(WEB_SRC, 'lib/pdf/make-pdf.ts'))};
import { openFieldDatabase } from ${JSON.stringify(path.join(WEB_SRC, 'offline/database.ts'))};
window.bench = { makeWalkPdf, openFieldDatabase };
`;

interface RunFigures {
  readMs: number;
  photosReadMs: number;
  pdfMs: number;
  pdfBytes: number;
  /** The bytes start with %PDF-. */
  isPdf: boolean;
  /** The PDF, base64, of the run asked to keep it (BENCH_PDF_OUT), else ''. */
  pdf: string;
  longTasks: number[];
  longestGapMs: number;
}

const dir = await mkdtemp(path.join(tmpdir(), 'field-bench-walk-pdf-'));
try {
  const outDir = await buildPage(dir, {
    title: 'walk pdf bench',
    entry: ENTRY,
    entryFile: 'entry.ts',
  });
  const { base, close } = await serveStatic(outDir);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(base);
    await page.waitForFunction(() => 'bench' in window);

    // The device as a superintendent's would be after a walk: the home's walk rows and items
    // in the persisted query cache, the photos' bytes in the files store, signatures drawn.
    const photoBytes = await page.evaluate(
      async ({ items, photos }) => {
        const { openFieldDatabase } = (window as unknown as BenchWindow).bench;
        const db = openFieldDatabase('field-app-db-bench');
        await db.cache.clear();
        await db.metadata.clear();
        const walkId = 'walk-bench';
        const walks = Array.from({ length: 12 }, (_, i) => ({
          id: i === 0 ? walkId : `walk-${i}`,
          Home: 'home-1',
          Type: i === 0 ? 'finalPunch' : 'preDrywall',
          Date: `2026-11-${String(10 + i).padStart(2, '0')}T14:05:00.000Z`,
          Staff: ['user-super'],
          Notes: `Walk ${i} notes. `.repeat(20),
          Checklist: Array.from({ length: 24 }, (__, n) => ({
            section: n < 10 ? 'Exterior' : 'Interior',
            label: `Checklist line ${n + 1} about siding, trim, doors and paint`,
            result: ['pass', 'fail', 'na', null][n % 4],
            note: n % 5 === 0 ? 'Scuff by the light switch' : '',
          })),
        }));
        const photoIds: string[] = [];
        const allItems = Array.from({ length: items * 2 }, (_, i) => {
          const mine = i < items;
          const count = mine
            ? Math.min(Math.max(0, photos - photoIds.length), [5, 3, 1, 4, 2][i % 5] ?? 1)
            : 0;
          const ids = Array.from({ length: count }, (__, p) => `photo-${i}-${p}`);
          photoIds.push(...ids);
          return {
            id: `item-${i}`,
            Home: 'home-1',
            Walk: mine ? walkId : 'walk-3',
            Name: `Punch item ${i + 1}: door rubs at the head, needs re-hanging`,
            Category: ['Doors', 'Paint', 'Drywall', 'Flooring'][i % 4],
            Location: ['Garage', 'Kitchen', 'Primary bedroom', 'Hall bath'][i % 4],
            Status: i % 3 === 0 ? 'Completed' : 'Open',
            Photos: ids,
          };
        });
        const row = (key: string, data: unknown) => ({
          key,
          value: {
            buster: 'v4',
            queryHash: key,
            queryKey: JSON.parse(key) as unknown,
            state: { data, dataUpdatedAt: Date.now(), status: 'success' },
          },
          updatedAt: Date.now(),
        });
        await db.cache.bulkPut([
          row('["records","walks","home-1"]', walks),
          row('["records","punchItems","home-1"]', allItems),
        ]);
        // Camera-sized photos (2400x1800 JPEG with detail), kept as the IndexedDB file store keeps them.
        let total = 0;
        for (const [n, id] of photoIds.entries()) {
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
          await db.metadata.put({
            key: `blob:walk-items/${id}.jpg`,
            value: { type: 'image/jpeg', bytes: await blob.arrayBuffer() },
          });
        }
        db.close();
        return total;
      },
      { items: ITEMS, photos: PHOTOS },
    );
    const workerLoadedEarly = requests.some((url) => url.includes('pdf.worker'));

    const makeOnce = (inWorker: boolean, keep = false): Promise<RunFigures> =>
      page.evaluate(
        async ({ inWorker, keep }) => {
          const { openFieldDatabase, makeWalkPdf } = (window as unknown as BenchWindow).bench;
          const longTasks: number[] = [];
          const observer = new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) longTasks.push(entry.duration);
          });
          observer.observe({ type: 'longtask' });

          // The walk's records, read as a screen opened offline reads them.
          const db = openFieldDatabase('field-app-db-bench');
          const readStart = performance.now();
          const [walksRow, itemsRow] = await db.cache.bulkGet([
            '["records","walks","home-1"]',
            '["records","punchItems","home-1"]',
          ]);
          type Walk = {
            id: string;
            Date: string;
            Notes: string;
            Checklist: {
              section: string;
              label: string;
              result: 'pass' | 'fail' | 'na' | null;
              note: string;
            }[];
          };
          type Item = {
            Walk: string;
            Name: string;
            Category: string;
            Location: string;
            Status: string;
            Photos: string[];
          };
          const dataOf = <T>(row: typeof walksRow): T =>
            (row?.value as { state: { data: T } }).state.data;
          const walk = dataOf<Walk[]>(walksRow).find((w) => w.id === 'walk-bench');
          const items = dataOf<Item[]>(itemsRow).filter((item) => item.Walk === 'walk-bench');
          const readMs = performance.now() - readStart;
          if (walk === undefined) throw new Error('walk not found');

          const photosStart = performance.now();
          const photoRows = await db.metadata.bulkGet(
            items.flatMap((item) => item.Photos.map((id) => `blob:walk-items/${id}.jpg`)),
          );
          const photoBytes = new Map(
            photoRows.map((row) => [
              row?.key ?? '',
              new Uint8Array((row?.value as { bytes: ArrayBuffer }).bytes),
            ]),
          );
          const photosReadMs = performance.now() - photosStart;
          db.close();

          const signature = async (seed: number): Promise<Uint8Array> => {
            const canvas = new OffscreenCanvas(600, 200);
            const g = canvas.getContext('2d');
            if (g === null) throw new Error('no 2d context');
            g.lineWidth = 3;
            g.beginPath();
            for (let x = 20; x < 580; x += 4)
              g.lineTo(x, 100 + Math.sin(x / (15 + seed)) * 50 * Math.sin(x / 180));
            g.stroke();
            return new Uint8Array(
              await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer(),
            );
          };
          const sections = [...new Set(walk.Checklist.map((line) => line.section))];
          const input = {
            company: 'Field App',
            appVersion: '2.0.7 (bench)',
            home: {
              address: '1418 Juniper Ridge Ln, Austin, TX 78745',
              homeId: 'H-2291',
              homeRid: 'R-88310',
            },
            walk: { id: walk.id, title: 'Final punch walk', date: walk.Date, notes: walk.Notes },
            staff: [{ label: 'Walked by', name: 'Sam Super' }],
            checklist: sections.map((title) => ({
              title,
              lines: walk.Checklist.filter((line) => line.section === title).map((line) => ({
                label: line.label,
                result: line.result,
                note: line.note,
              })),
            })),
            items: items.map((item) => ({
              name: item.Name,
              category: item.Category,
              location: item.Location,
              status: item.Status,
              photos: item.Photos.map((id) => ({
                bytes: photoBytes.get(`blob:walk-items/${id}.jpg`) ?? new Uint8Array(),
                type: 'image/jpeg',
              })),
            })),
            signatures: [
              {
                label: 'Buyer',
                name: 'Jordan Buyer',
                signedAt: new Date().toISOString(),
                png: await signature(1),
              },
              {
                label: 'Superintendent',
                name: 'Sam Super',
                signedAt: new Date().toISOString(),
                png: await signature(2),
              },
            ],
            generatedAt: new Date().toISOString(),
          };

          // The main thread's own pulse: the longest wait between 4 ms timers.
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

          // Without a Worker, makeWalkPdf falls back to slices on this thread.
          const worker = window.Worker;
          if (!inWorker) Reflect.set(window, 'Worker', undefined);
          const pdfStart = performance.now();
          const blob = await makeWalkPdf(input).finally(() =>
            Reflect.set(window, 'Worker', worker),
          );
          const pdfMs = performance.now() - pdfStart;
          pulsing = false;
          await new Promise((resolve) => setTimeout(resolve, 60));
          observer.disconnect();
          const bytes = new Uint8Array(await blob.arrayBuffer());
          // Only the kept run's PDF becomes a string: the garbage would weigh on later runs.
          let binary = '';
          for (let i = 0; keep && i < bytes.length; i += 0x8000) {
            binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
          }
          return {
            readMs,
            photosReadMs,
            pdfMs,
            pdfBytes: blob.size,
            isPdf: bytes.subarray(0, 5).every((b, i) => b === '%PDF-'.charCodeAt(i)),
            pdf: keep ? btoa(binary) : '',
            longTasks,
            longestGapMs,
          };
        },
        { inWorker, keep },
      );
    const runs: RunFigures[] = [];
    const out = process.env['BENCH_PDF_OUT'];
    for (let run = 0; run < RUNS; run += 1) {
      runs.push(await makeOnce(true, out !== undefined && run === RUNS - 1));
    }
    const sliced = await makeOnce(false);
    const workerLoaded = requests.some((url) => url.includes('pdf.worker'));

    const median = (values: number[]): number => {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted[Math.floor(sorted.length / 2)] ?? 0;
    };
    const longest = Math.max(0, ...runs.flatMap((r) => r.longTasks));
    const readMs = median(runs.map((r) => r.readMs));
    const pdfMs = median(runs.map((r) => r.pdfMs));
    const last = runs[runs.length - 1];
    console.log(
      `\nClosing-walk PDF on the device: ${ITEMS} items, ${PHOTOS} camera photos (${(photoBytes / 1e6).toFixed(1)} MB of JPEG), 2 signatures; Chromium, median of ${RUNS}`,
    );
    console.log(
      `read the walk's records from IndexedDB (walk rows + items)  ${readMs.toFixed(1).padStart(8)} ms`,
    );
    console.log(
      `read its 20 photos' bytes from IndexedDB                     ${median(
        runs.map((r) => r.photosReadMs),
      )
        .toFixed(1)
        .padStart(8)} ms`,
    );
    console.log(
      `make the PDF (makeWalkPdf, Web Worker)                        ${pdfMs.toFixed(1).padStart(8)} ms   ${((last?.pdfBytes ?? 0) / 1e6).toFixed(2)} MB`,
    );
    if (![...runs, sliced].every((r) => r.isPdf)) {
      throw new Error('makeWalkPdf did not return a PDF');
    }
    if (out !== undefined && last !== undefined) {
      await writeFile(out, Buffer.from(last.pdf, 'base64'));
      console.log(`PDF of the last run written to ${out}`);
    }
    console.log(`ratio PDF / records read: ${(pdfMs / readMs).toFixed(0)}x`);
    console.log(
      `main thread while making it: longest long task ${longest > 0 ? `${longest.toFixed(0)} ms` : 'none (no task >= 50 ms)'}, ` +
        `${runs.reduce((n, r) => n + r.longTasks.length, 0)} long tasks in ${RUNS} runs, longest 4 ms-timer gap ${Math.max(...runs.map((r) => r.longestGapMs)).toFixed(0)} ms (aim: no task over 100 ms)`,
    );
    console.log(
      `worker chunk requested before the first PDF: ${workerLoadedEarly ? 'yes' : 'no'}; after: ${workerLoaded ? 'yes' : 'no'}`,
    );
    console.log(
      `for comparison, no Worker (slices on the main thread, photos not shrunk): ${sliced.pdfMs.toFixed(0)} ms, ` +
        `${(sliced.pdfBytes / 1e6).toFixed(2)} MB, longest long task ${Math.max(0, ...sliced.longTasks).toFixed(0)} ms, ` +
        `${sliced.longTasks.length} long tasks`,
    );
    console.log(`aim met (no main-thread task over 100 ms): ${longest <= 100 ? 'yes' : 'no'}`);
  } finally {
    await browser.close();
    await close();
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}

interface BenchWindow {
  bench: {
    makeWalkPdf: (input: unknown) => Promise<Blob>;
    openFieldDatabase: (name: string) => BenchDatabase;
  };
}

/** The tables of the device database the bench touches (see apps/web/src/offline/database.ts). */
interface BenchTable<Row> {
  clear(): Promise<void>;
  put(row: Row): Promise<unknown>;
  bulkPut(rows: Row[]): Promise<unknown>;
  bulkGet(keys: string[]): Promise<(Row | undefined)[]>;
}

interface BenchDatabase {
  cache: BenchTable<{ key: string; value: unknown; updatedAt: number }>;
  metadata: BenchTable<{ key: string; value: unknown }>;
  close(): void;
}
