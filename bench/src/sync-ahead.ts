// Benchmark (issue 11): the device store of homes' records and the sync ahead, in headless
// Chromium, each figure as a ratio to a baseline measured in the same run.
//
// 1. Store, with the builder's homes of the 10,000-home demo company (`seed --homes
//    10000`: about 2,800 homes and 180,000 records): the app's home store writing the
//    first sync (createHomeStore().putSynced, chunks of 500 homes as the sync passes them)
//    against writing the same data as one stringified blob, and against one IndexedDB row
//    per record (Dexie bulkPut, the other peer); one edit persisted; a cold open of one
//    home's screen (a fresh page reading through the app's query persister, offline)
//    against the indexed read of that home's records from the row-per-record table.
// 2. App, against the real server seeded with 10,000 homes and the built web app: a
//    builder signs in; time until the sync says ready offline and the longest main-thread
//    task meanwhile; then the home picker over all 10,000 homes, the slowest keystroke by
//    the Event Timing API. Three sign-ins (BENCH_SYNC_APP_RUNS), each in a fresh Chromium
//    driven without DevTools' network agent (cdp-page.ts), medians printed. The keys are
//    typed twice: in that browser, whose headless frame clock presents a frame on its own
//    16.7 ms beat (a bare search field's keys then take 16–32 ms), and in one started with
//    UNTIMED_FRAMES, which presents each frame as soon as it is drawn, so that a key's
//    duration is the page's own work to the frame that shows it (a bare field's under 16).
//
// Aims: first sync ≤ 2× the blob write with no task over 100 ms; an edit ≤ 10 ms; cold open
// ≤ 2× the indexed read; slowest keystroke ≤ 16 ms. Needs `npm run build` first (part 2
// serves apps/web/dist). BENCH_SYNC_PEER=0 skips the row-per-record
// peer (about 20 s); BENCH_SYNC_STORE=0 or BENCH_SYNC_APP=0 skips part 1 or 2.

import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import type { Resource } from '@field/domain';
import { LOOKUPS, RESOURCES, resourceDef } from '@field/domain';
import { generateDemoData } from '@field/server/seed/demo-data';
import { buildPage, launchChromium, serveStatic, webRequire } from './browser.js';
import { CdpPage } from './cdp-page.js';

const HOMES = Number(process.env['BENCH_SYNC_HOMES'] ?? 10_000);
const RUNS = Number(process.env['BENCH_SYNC_RUNS'] ?? 5);
const PEER = process.env['BENCH_SYNC_PEER'] !== '0';
const APP = process.env['BENCH_SYNC_APP'] !== '0';
const STORE = process.env['BENCH_SYNC_STORE'] !== '0';
/** Sign-ins of part 2, each in a fresh browser (their long tasks vary from run to run). */
const APP_RUNS = Number(process.env['BENCH_SYNC_APP_RUNS'] ?? 3);
/** The blob write of the store part, the baseline the app's time to "ready" is put against. */
let blobMs: number | undefined;
const EMPLOYEE = 'emp-002'; // builder@example.com
const BUILDER = 'builder@example.com';
const PASSWORD = 'bench-password';
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const WEB_SRC = path.join(REPO, 'apps/web/src/');

type StoredRecord = Record<string, unknown> & { id: string };
interface SyncedHome {
  homeId: string;
  lists: Record<string, StoredRecord[]>;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const ms = (value: number): string => `${value.toFixed(1)} ms`;
const ratio = (value: number, base: number): string => `${(value / base).toFixed(2)}×`;

/** The builder's homes as a first sync brings them: every list a builder reads. */
function builderHomes(): { homes: SyncedHome[]; records: number; resources: string[] } {
  const data = generateDemoData({ homes: HOMES });
  const carried = new Set<string>();
  for (const set of data.recordSets) {
    if (set.kind !== 'homes') continue;
    for (const home of set.records) {
      const offline = home.data['Offline Homes'];
      if (Array.isArray(offline) && offline.includes(EMPLOYEE)) carried.add(home.id);
    }
  }
  // A builder reads every list but manager walks (the builder group's scopes).
  const resources: Resource[] = RESOURCES.filter(
    (r) => resourceDef(r).lookups.includes('home') && r !== 'managerWalk',
  );
  const homes = new Map<string, SyncedHome>(
    [...carried].map((homeId) => [
      homeId,
      { homeId, lists: Object.fromEntries([...resources, 'jobSchedules'].map((r) => [r, []])) },
    ]),
  );
  const homeOfJob = new Map<string, string>();
  let records = 0;
  const api = (record: (typeof data.recordSets)[number]['records'][number]): StoredRecord => ({
    ...record.data,
    id: record.id,
    createdAt: '2026-11-01T12:00:00.000Z',
    updatedAt: '2026-11-01T12:00:00.000Z',
    deletedAt: null,
  });
  for (const set of data.recordSets) {
    if (!resources.includes(set.kind)) continue;
    for (const record of set.records) {
      const home = record.homeRid === null ? undefined : homes.get(record.homeRid);
      if (home === undefined) continue;
      home.lists[set.kind]?.push(api(record));
      records += 1;
      if (set.kind === 'jobs') {
        const rid = record.data['JobRID'];
        homeOfJob.set(typeof rid === 'string' ? rid : record.id, home.homeId);
      }
    }
  }
  const schedules = data.recordSets.find((set) => set.kind === 'jobSchedules');
  for (const record of schedules?.records ?? []) {
    const rid = record.data['JobRID'];
    const homeId = typeof rid === 'string' ? homeOfJob.get(rid) : undefined;
    const home = homeId === undefined ? undefined : homes.get(homeId);
    if (home === undefined) continue;
    home.lists['jobSchedules']?.push(api(record));
    records += 1;
  }
  return { homes: [...homes.values()], records, resources: [...resources, 'jobSchedules'] };
}

// ---------------------------------------------------------------------------------------
// Part 1: the store in a page of its own (the app's modules bundled with Vite)

const entry = (dexie: string): string => `
import Dexie from ${JSON.stringify(dexie)};
import { openFieldDatabase } from ${JSON.stringify(path.join(WEB_SRC, 'offline/database.ts'))};
import { WORKER_STORE_OPTIONS, createHomeStore } from ${JSON.stringify(path.join(WEB_SRC, 'offline/home-store.ts'))};
import { createFieldQueryPersister } from ${JSON.stringify(path.join(WEB_SRC, 'offline/query-persister.ts'))};
import { createFieldQueryClient } from ${JSON.stringify(path.join(WEB_SRC, 'offline/query-client.ts'))};
window.bench = { Dexie, openFieldDatabase, createHomeStore, WORKER_STORE_OPTIONS, createFieldQueryClient, createFieldQueryPersister };
`;

interface Timed {
  ms: number;
  longestTask: number;
}

/** What the bench's bundle puts on `window.bench` (the app's modules; typed loosely here). */
interface PageTable {
  where(index: string): { equals(value: unknown[]): { toArray(): Promise<unknown[]> } };
}
interface BenchWindow {
  bench: {
    Dexie: {
      new (name: string): {
        version(n: number): { stores(schema: Record<string, string>): unknown };
        table(name: string): PageTable;
      };
      delete(name: string): Promise<void>;
    };
    openFieldDatabase(name: string): unknown;
    createHomeStore(db: unknown, options?: unknown): { persisterFn: unknown };
    WORKER_STORE_OPTIONS: unknown;
    createFieldQueryPersister(db: unknown, options: { homeLists: unknown }): unknown;
    createFieldQueryClient(persister: unknown): {
      fetchQuery(options: {
        queryKey: unknown[];
        queryFn: () => Promise<unknown>;
      }): Promise<unknown>;
    };
  };
  homes?: SyncedHome[];
}

async function storeFigures(browser: Browser, base: string, home: SyncedHome, resources: string[]) {
  const page = await browser.newPage();
  await page.goto(base);
  await page.waitForFunction(() => 'bench' in window);
  await page.evaluate(async () => {
    const w = window as unknown as BenchWindow;
    w.homes = (await (await fetch('/homes.json')).json()) as SyncedHome[];
    for (const name of ['bench-blob', 'bench-rows', 'field-app-db-bench'])
      await w.bench.Dexie.delete(name);
  });

  /** Runs `work` in the page, timing it and its longest main-thread task. */
  const timed = (work: string, arg: unknown): Promise<Timed> =>
    page.evaluate(
      async ({ work, arg }) => {
        const tasks: Array<[number, number]> = [];
        const observer = new PerformanceObserver((list) => {
          for (const e of list.getEntries()) tasks.push([e.startTime, e.duration]);
        });
        observer.observe({ type: 'longtask' });
        await new Promise((resolve) => setTimeout(resolve, 200));
        // Safe: the bench's own code, written below.
        // eslint-disable-next-line @typescript-eslint/no-implied-eval
        const run = new Function('w', 'arg', `return (async () => { ${work} })();`) as (
          w: unknown,
          arg: unknown,
        ) => Promise<void>;
        const start = performance.now();
        await run(window, arg);
        const end = performance.now();
        await new Promise((resolve) => setTimeout(resolve, 300));
        observer.disconnect();
        const inside = tasks.filter(([s]) => s >= start - 1 && s <= end).map(([, d]) => d);
        return { ms: end - start, longestTask: Math.max(0, ...inside) };
      },
      { work, arg },
    );

  // The blob and the home store alternate, each into a fresh database; medians are kept.
  const blobs: Timed[] = [];
  const oursRuns: Timed[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    blobs.push(
      await timed(
        `await w.bench.Dexie.delete('bench-blob');
         const db = new w.bench.Dexie('bench-blob'); db.version(1).stores({ kv: 'key' });
         await db.kv.put({ key: 'cache', value: JSON.stringify(w.homes) }); db.close();`,
        null,
      ),
    );
    oursRuns.push(
      await timed(
        `const db = w.bench.openFieldDatabase('field-app-db-bench');
         await db.homeRecords.clear(); await db.homeSync.clear();
         // As the sync worker writes (its slices: WORKER_STORE_OPTIONS).
         const store = w.bench.createHomeStore(db, w.bench.WORKER_STORE_OPTIONS);
         const at = Date.now();
         // As the sync pass does: every summary in one read, then the chunks.
         const previous = new Map((await store.summaries()).map((row) => [row.homeId, row]));
         for (let i = 0; i < w.homes.length; i += 500)
           await store.putSynced(w.homes.slice(i, i + 500), { at, resources: arg, previous });
         await store.flush(); db.close();`,
        resources,
      ),
    );
  }
  const middle = (runs: Timed[]): Timed => ({
    ms: median(runs.map((r) => r.ms)),
    longestTask: Math.max(...runs.map((r) => r.longestTask)),
  });
  const blob = middle(blobs);
  const ours = middle(oursRuns);
  const rows = PEER
    ? await timed(
        `const db = new w.bench.Dexie('bench-rows');
         db.version(1).stores({ records: '[resource+id], [resource+homeId]' });
         const flat = [];
         for (const h of w.homes) for (const [resource, list] of Object.entries(h.lists))
           for (const r of list) flat.push({ resource, id: r.id, homeId: h.homeId, data: r });
         await db.records.bulkPut(flat); db.close();`,
        null,
      )
    : undefined;
  const edits: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const edit = await timed(
      `const db = w.bench.openFieldDatabase('field-app-db-bench'); await db.open();
       const store = w.bench.createHomeStore(db);
       const start = performance.now();
       await store.apply({ resource: 'walkItems', homeId: arg.homeId }, (records) =>
         records.map((r, i) => (i === 0 ? { ...r, Status: 'Complete', n: arg.n } : r)));
       w.editMs = performance.now() - start; db.close();`,
      { homeId: home.homeId, n: i },
    );
    edits.push(edit.ms);
    // The timing around includes opening the database; the edit's own time is kept.
    edits[edits.length - 1] = await page.evaluate(
      () => (window as unknown as { editMs: number }).editMs,
    );
  }

  // Cold opens: a fresh page each time, nothing of the database open yet.
  const cold = async (kind: 'indexed' | 'ours'): Promise<number> => {
    await page.reload();
    await page.waitForFunction(() => 'bench' in window);
    return page.evaluate(
      async ({ kind, homeId }) => {
        const w = window as unknown as BenchWindow;
        const start = performance.now();
        if (kind === 'indexed') {
          const db = new w.bench.Dexie('bench-rows');
          db.version(1).stores({ records: '[resource+id], [resource+homeId]' });
          const rows = await db
            .table('records')
            .where('[resource+homeId]')
            .equals(['walkItems', homeId])
            .toArray();
          if (rows.length === 0) throw new Error('no rows');
        } else {
          const db = w.bench.openFieldDatabase('field-app-db-bench');
          const homeStore = w.bench.createHomeStore(db);
          const persister = w.bench.createFieldQueryPersister(db, {
            homeLists: homeStore.persisterFn,
          });
          const client = w.bench.createFieldQueryClient(persister);
          const data = await client.fetchQuery({
            queryKey: ['/api/field_walks/item', 'listByHome', homeId],
            queryFn: () => Promise.reject(new Error('offline')),
          });
          if (!Array.isArray(data) || data.length === 0) throw new Error('no records');
        }
        return performance.now() - start;
      },
      { kind, homeId: home.homeId },
    );
  };
  const indexedReads: number[] = [];
  const ourOpens: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    if (PEER) indexedReads.push(await cold('indexed'));
    ourOpens.push(await cold('ours'));
  }
  await page.close();
  return {
    blob,
    rows,
    ours,
    editMs: median(edits),
    indexedRead: PEER ? median(indexedReads) : undefined,
    coldOpen: median(ourOpens),
  };
}

// ---------------------------------------------------------------------------------------
// Part 2: the app against the real server with 10,000 homes

async function startSeededServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'field-bench-sync-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    SEED_PASSWORD: PASSWORD,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    RATE_LIMIT_SIGN_IN_MAX: '10000',
  };
  for (const name of ['DATABASE_URL', 'WEB_DIST', 'JWT_SECRET', 'PUBLIC_URL']) delete env[name];
  const seed = spawn(
    process.execPath,
    [path.join(REPO, 'apps/server/dist/seed/cli.js'), '--homes', String(HOMES)],
    { cwd: REPO, env, stdio: 'ignore' },
  );
  await new Promise<void>((resolve, reject) => {
    seed.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`seed exited ${code}`)),
    );
  });
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(REPO, 'apps/server/dist/main.js')],
    {
      cwd: REPO,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start\n${output}`)), 60_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      const match = /Field app listening on (https?:\/\/\S+)/.exec(output);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(match[1].replace(/\/$/, ''));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code})\n${output}`)));
  });
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A long animation frame: its start, duration, and the time of scripts and of style and layout in it. */
type Frame = [
  start: number,
  duration: number,
  scripts: number,
  styleAndLayout: number,
  longestScripts: string[],
];

/** Records every long task and long animation frame of each document from its start. */
const WATCH_LONG_TASKS = `(() => {
  performance.setResourceTimingBufferSize(5000);
  const tasks = [];
  const frames = [];
  window.benchTasks = tasks;
  window.benchFrames = frames;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  // What a long task was: the app's scripts, or the browser's own work (style, layout,
  // reading a response body) with no script in it.
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      frames.push([
        e.startTime,
        e.duration,
        e.scripts.reduce((sum, script) => sum + script.duration, 0),
        e.styleAndLayoutStart > 0 ? e.startTime + e.duration - e.styleAndLayoutStart : 0,
        [...e.scripts]
          .sort((a, b) => b.duration - a.duration)
          .slice(0, 3)
          .map((script) => Math.round(script.duration) + ' ms ' + script.invokerType + ' ' + script.invoker + ' ' + (script.sourceFunctionName || '(anonymous)') + ' ' + script.sourceURL.replace(location.origin, '') + ':' + script.sourceCharPosition),
      ]);
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
})()`;

/** A long task with what its frame (one or more tasks before a paint) spent on scripts and on style and layout. */
function describeTask([start, duration]: [number, number], frames: readonly Frame[]): string {
  const frame = frames.find(([at, length]) => at <= start + 1 && start < at + length);
  if (frame === undefined) return String(Math.round(duration));
  return `${Math.round(duration)} (its frame of ${Math.round(frame[1])} ms: scripts ${Math.round(frame[2])}, style and layout ${Math.round(frame[3])}${frame[4].length > 0 ? `; ${frame[4].join(', ')}` : ''})`;
}

interface KeyTiming {
  name: string;
  duration: number;
  start: number;
  processing: number;
  delay: number;
}

const KEYS = [...'2100 meadowlark', ...Array.from({ length: 6 }, () => 'Backspace')];

/**
 * Types "2100 meadowlark" key by key, then six backspaces, into the field `field` (a page
 * script giving the element), and returns the key events of 16 ms or more (Event Timing
 * API): from the key to the frame that shows it.
 */
async function typeKeys(page: CdpPage, field: string): Promise<KeyTiming[]> {
  await page.evaluate(`(() => {
    const events = [];
    window.benchEvents = events;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        events.push({
          name: e.name,
          duration: e.duration,
          start: e.startTime,
          processing: e.processingEnd - e.processingStart,
          delay: e.processingStart - e.startTime,
        });
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: false });
  })()`);
  await page.click(field);
  await page.typeKeys(KEYS, 150);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const events = await page.evaluate<KeyTiming[]>('window.benchEvents');
  return events.filter((e) =>
    ['keydown', 'keyup', 'keypress', 'input', 'beforeinput'].includes(e.name),
  );
}

/** The first element matching `selector` whose text is `text`, as a page script. */
const withText = (selector: string, text: string): string =>
  `[...document.querySelectorAll(${JSON.stringify(selector)})].find((e) => e.textContent.trim() === ${JSON.stringify(text)})`;

/**
 * Chromium flags for a frame clock that does not wait for a display's beat: a frame is
 * presented as soon as it is drawn. Used only to time keys (docs/performance.md).
 */
const UNTIMED_FRAMES = ['--disable-gpu-vsync', '--disable-frame-rate-limit'] as const;

interface AppFigures {
  overviewMs: number;
  readyMs: number;
  longest: number;
  over100: string[];
  homes: string | null;
  batchCalls: number;
  slowestKey: number;
  slowKeys: number;
  slowestBareKey: number;
  slowestKeyWork: number;
}

/**
 * One builder's sign-in, sync and home picker in a fresh browser against `server`, its
 * Chromium started with `extraArgs`.
 */
async function appFigures(
  serverUrl: string,
  extraArgs: readonly string[] = [],
): Promise<AppFigures> {
  const page = await CdpPage.launch(1440, 900, extraArgs);
  try {
    await page.beforeEachDocument(WATCH_LONG_TASKS);
    await page.goto(`${serverUrl}/login`);
    await page.click(`document.querySelector('input[type=email]')`);
    await page.insertText(BUILDER);
    await page.click(`document.querySelector('input[type=password]')`);
    await page.insertText(PASSWORD);
    // BENCH_SYNC_PROFILE=file: a CPU profile of the page from the sign-in to "ready offline",
    // for Chromium's DevTools (build the web app with `--minify false` to read its names).
    const profile = process.env['BENCH_SYNC_PROFILE'];
    if (profile !== undefined) {
      await page.send('Profiler.enable');
      await page.send('Profiler.setSamplingInterval', { interval: 500 });
      await page.send('Profiler.start');
    }
    const clickedAt = await page.evaluate<number>('performance.now()');
    const start = Date.now();
    await page.click(withText('button', 'Sign in'));
    await page.waitFor(`location.pathname === '/homes/overview'`);
    const overviewMs = Date.now() - start;
    await page.waitFor(
      `document.querySelector('[data-testid="readiness-summary"][data-ready="true"]')`,
      300_000,
    );
    const readyMs = Date.now() - start;
    if (profile !== undefined) {
      const { profile: taken } = (await page.send('Profiler.stop')) as { profile: unknown };
      await writeFile(profile, JSON.stringify(taken));
    }
    // From the sign-in on (the sign-in page's own first load is another issue's).
    const { benchTasks, benchFrames } = await page.evaluate<{
      benchTasks: Array<[number, number]>;
      benchFrames: Frame[];
    }>('({ benchTasks: window.benchTasks, benchFrames: window.benchFrames })');
    const longTasks = benchTasks.filter(([startTime]) => startTime >= clickedAt);
    const tasks = longTasks.map(([, duration]) => duration);
    const homes = await page.evaluate<string | null>(
      `document.querySelector('[data-testid="readiness-summary"]').textContent`,
    );
    const batchCalls = await page.evaluate<number>(
      `performance.getEntriesByType('resource').filter((e) => e.name.includes(${JSON.stringify(`/${LOOKUPS.home.batch.path}`)})).length`,
    );

    // The home picker over every home, typed key by key.
    await page.click(`document.querySelector('[data-testid="home-picker"]')`);
    await page.click(withText('button', 'All homes'));
    await page.waitFor(`document.querySelector('[data-testid="home-picker-list"]')`);
    const keyEvents = await typeKeys(
      page,
      `document.querySelector('[role="dialog"] input[type="search"]')`,
    );
    // The same keys typed into a bare search field in the same browser: what a key costs
    // with no app at all (headless Chromium's software frames present a key in 16–32 ms).
    await page.goto(
      `data:text/html,${encodeURIComponent('<label>Search <input type="search" autocomplete="off"></label>')}`,
    );
    const bareKeys = await typeKeys(page, `document.querySelector('input')`);
    if (process.env['BENCH_SYNC_TASKS'] !== undefined) {
      // Each slow key: its input delay (a task running when it came) and its handlers' time.
      console.log(
        keyEvents
          .map(
            (e) =>
              `${e.name} at ${Math.round(e.start)}: ${Math.round(e.duration)} ms (delay ${Math.round(e.delay)}, handlers ${Math.round(e.processing)})`,
          )
          .join('\n'),
      );
    }
    return {
      overviewMs,
      readyMs,
      longest: Math.max(0, ...tasks),
      over100: longTasks
        .filter(([, duration]) => duration > 100)
        .map((task) => describeTask(task, benchFrames)),
      homes,
      batchCalls,
      slowestKey: Math.max(0, ...keyEvents.map((e) => e.duration)),
      slowKeys: keyEvents.length,
      slowestBareKey: Math.max(0, ...bareKeys.map((e) => e.duration)),
      // A key's own main-thread time: waiting for a task in progress, then its handlers.
      slowestKeyWork: Math.max(0, ...keyEvents.map((e) => e.delay + e.processing)),
    };
  } finally {
    await page.close();
  }
}

// ---------------------------------------------------------------------------------------

const dir = await mkdtemp(path.join(tmpdir(), 'field-bench-sync-ahead-'));
const browser = await launchChromium();
try {
  if (STORE) await storePart();
  if (APP) await appPart();
} finally {
  await browser.close();
  await rm(dir, { recursive: true, force: true });
}

async function storePart(): Promise<void> {
  const { homes, records, resources } = builderHomes();
  const outDir = await buildPage(dir, {
    title: 'sync bench',
    entry: entry(webRequire.resolve('dexie')),
    entryFile: 'entry.ts',
  });
  const json = JSON.stringify(homes);
  await writeFile(path.join(outDir, 'homes.json'), json);
  // A home with a typical number of items: the screen opened cold.
  const withItems = homes
    .filter((h) => (h.lists['walkItems']?.length ?? 0) > 0)
    .sort((a, b) => (a.lists['walkItems']?.length ?? 0) - (b.lists['walkItems']?.length ?? 0));
  const home = withItems[Math.floor(withItems.length / 2)];
  if (home === undefined) throw new Error('no home with items');
  const { base, close } = await serveStatic(outDir);
  const store = await storeFigures(browser, base, home, resources);
  await close();

  console.log(
    `\nSync ahead: the builder's ${homes.length} homes of ${HOMES}, ${records} records, ` +
      `${(json.length / 1e6).toFixed(1)} MB as JSON (headless Chromium)`,
  );
  console.log(
    `  one blob written (baseline):      ${ms(store.blob.ms)}, longest task ${ms(store.blob.longestTask)}`,
  );
  if (store.rows !== undefined) {
    console.log(
      `  one row per record (peer):        ${ms(store.rows.ms)} = ${ratio(store.rows.ms, store.blob.ms)} the blob, longest task ${ms(store.rows.longestTask)}`,
    );
  }
  console.log(
    `  home store, first sync written:   ${ms(store.ours.ms)} = ${ratio(store.ours.ms, store.blob.ms)} the blob (aim ≤ 2×), longest task ${ms(store.ours.longestTask)} (in the app a task of the sync worker's thread, not the page's: the page's are part 2's)`,
  );
  console.log(`  one edit persisted:               ${ms(store.editMs)} (aim ≤ 10 ms)`);
  if (store.indexedRead !== undefined) {
    console.log(
      `  cold open of one home's items:    ${ms(store.coldOpen)} = ${ratio(store.coldOpen, store.indexedRead)} the indexed read of its ${home.lists['walkItems']?.length ?? 0} items (${ms(store.indexedRead)}; aim ≤ 2×)`,
    );
  } else {
    console.log(`  cold open of one home's items:    ${ms(store.coldOpen)}`);
  }

  blobMs = store.blob.ms;
}

async function appPart(): Promise<void> {
  const server = await startSeededServer();
  try {
    const runs: AppFigures[] = [];
    const untimed: AppFigures[] = [];
    for (let run = 0; run < APP_RUNS; run += 1) {
      runs.push(await appFigures(server.url));
      untimed.push(await appFigures(server.url, UNTIMED_FRAMES));
    }
    const mid = (pick: (figures: AppFigures) => number): number => median(runs.map(pick));
    console.log(
      `\nThe app with ${HOMES} homes, a builder signing in (real server, built web app; ${APP_RUNS} runs, medians; each in a fresh browser without DevTools' network agent)`,
    );
    console.log(`  sign-in to the overview:          ${mid((r) => r.overviewMs)} ms`);
    const readyMs = mid((r) => r.readyMs);
    console.log(
      `  sign-in to "ready offline":       ${readyMs} ms (${runs[0]?.homes ?? ''}; ${runs[0]?.batchCalls ?? 0} batch calls)${blobMs === undefined ? '' : ` = ${ratio(readyMs, blobMs)} the blob write`}`,
    );
    // Long tasks are those of 50 ms or more: "under 50" when a run had none.
    const taskMs = (value: number): string => (value === 0 ? 'under 50 ms' : ms(value));
    console.log(
      `  longest main-thread task from the sign-in on: ${taskMs(mid((r) => r.longest))} (aim ≤ 100 ms); each run: ${runs.map((r) => taskMs(r.longest)).join(', ')}`,
    );
    runs.forEach((r, index) => {
      if (r.over100.length > 0)
        console.log(`    run ${index + 1}, over 100 ms: ${r.over100.join(', ')}`);
    });
    // Event Timing counts only events of 16 ms or more: "under 16" when none was.
    const keyMs = (value: number): string => (value === 0 ? 'under 16 ms' : ms(value));
    const key = mid((r) => r.slowestKey);
    const bare = mid((r) => r.slowestBareKey);
    console.log(
      `  home picker, slowest keystroke:   ${keyMs(key)}${bare === 0 ? '' : ` = ${ratio(key, bare)} the bare field's`}; a bare search field's slowest ${keyMs(bare)} (same keys, same browser); the key's own main-thread time (delay + handlers) at most ${ms(Math.max(...runs.map((r) => r.slowestKeyWork)))}`,
    );
    const slowest = (pick: (figures: AppFigures) => number): string =>
      keyMs(median(untimed.map(pick)));
    console.log(
      `  the same, frames presented when drawn: ${slowest((r) => r.slowestKey)} (aim ≤ 16 ms); a bare search field's ${slowest((r) => r.slowestBareKey)}; each run: ${untimed.map((r) => keyMs(r.slowestKey)).join(', ')}`,
    );
  } finally {
    await server.stop();
  }
}
