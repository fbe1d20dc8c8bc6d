// Benchmark: 1,000 queued writes drained by the web app's write queue in Chromium
// (parallel batches of 5, each one POST /api/batch request, idempotency keys, in-flight
// marks), next to the same writes sent one by one from the same page (the way a plain
// background-sync queue replays).
// Both against the real server on the embedded database, in one run. Aim
// (docs/performance.md): the queue at least 4x the one-by-one rate, none lost or doubled.

import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@field/server/config';
import { openDatabase } from '@field/server/db/connection';
import { migrateToLatest } from '@field/server/db/migrations';
import { buildServer } from '@field/server/app';
import { seedDemoData } from '@field/server/seed/seed';
import { launchChromium } from './browser.js';

const WRITES = Number(process.env['BENCH_WRITES'] ?? 1000);
const PASSWORD = 'bench-password';
const CALLS = '/api/field_communication/phoneCalls';

interface PhoneCallData {
  id: string;
  Home: string;
  Staff: string;
  Date: string;
  Notes: string;
  Voicemail: boolean;
}

function calls(home: string, staff: string, label: string): PhoneCallData[] {
  return Array.from({ length: WRITES }, (_, i) => ({
    id: randomUUID(),
    Home: home,
    Staff: staff,
    Date: '2026-11-22',
    Notes: `${label} call ${i}`,
    Voicemail: i % 2 === 0,
  }));
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'field-bench-queue-'));
const database = openDatabase({ dataDir });
try {
  await migrateToLatest(database);
  await seedDemoData(database.db, { password: PASSWORD, homes: 150 });
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_PASSWORD: PASSWORD,
    RATE_LIMIT_SIGN_IN_MAX: '10000',
  });
  const app = await buildServer({ config, database });
  const base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
  const browser = await launchChromium();
  try {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'manager@example.com', password: PASSWORD }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string }; // Checked by use.
    const auth = { authorization: `Bearer ${accessToken}` };
    const homes = (await (
      await fetch(`${base}/api/field_homes/listActive`, { headers: auth })
    ).json()) as { id: string; 'Construction Staff': string[] }[];
    const home = homes.find((h) => h['Construction Staff'].length > 0);
    const staff = home?.['Construction Staff'][0];
    if (home === undefined || staff === undefined) throw new Error('no home with staff');
    const countCalls = async (): Promise<number> =>
      (
        (await (
          await fetch(`${base}${CALLS}/listByHome?homeId=${home.id}`, { headers: auth })
        ).json()) as unknown[]
      ).length;

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill('manager@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/homes/overview');

    // Baseline: the same writes, one request after the other, from the same page.
    const before = await countCalls();
    const oneByOneMs = await page.evaluate(
      async ({ writes, token, url }) => {
        const start = performance.now();
        for (const data of writes) {
          const response = await fetch(url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${token}`,
              'idempotency-key': data.id,
            },
            body: JSON.stringify(data),
          });
          if (!response.ok) throw new Error(`one by one: ${response.status}`);
        }
        return performance.now() - start;
      },
      {
        writes: calls(home.id, staff, 'direct'),
        token: accessToken,
        url: `${base}${CALLS}/submit`,
      },
    );
    const afterDirect = await countCalls();

    // The queue: the writes stored offline as the app stores them, then drained.
    await context.setOffline(true);
    await page.evaluate(
      async (writes) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open('field-app-db');
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error ?? new Error('no database'));
        });
        const tx = db.transaction('mutations', 'readwrite');
        const store = tx.objectStore('mutations');
        const now = Date.now();
        writes.forEach((data, i) =>
          store.add({
            id: crypto.randomUUID(),
            type: 'phoneCall',
            operation: 'submit',
            data,
            queryKeys: [],
            timestamp: now + i,
            retryCount: 0,
            status: 'pending',
            recordKeys: [`phoneCall:${data.id}`],
            inFlight: false,
            nextAttemptAt: 0,
          }),
        );
        await new Promise<void>((resolve, reject) => {
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error ?? new Error('store failed'));
        });
        db.close();
      },
      calls(home.id, staff, 'queued'),
    );
    await context.setOffline(false);
    const drain = await page.evaluate(async (total) => {
      const count = async (): Promise<number> => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open('field-app-db');
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error ?? new Error('no database'));
        });
        const n = await new Promise<number>((resolve, reject) => {
          const request = db.transaction('mutations').objectStore('mutations').count();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error('count failed'));
        });
        db.close();
        return n;
      };
      const online = performance.now();
      let first: number | undefined;
      for (;;) {
        const left = await count();
        if (first === undefined && left < total) first = performance.now();
        if (left === 0) break;
        if (performance.now() - online > 600_000) throw new Error(`${left} writes never drained`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const end = performance.now();
      return { fromOnlineMs: end - online, drainingMs: end - (first ?? online) };
    }, WRITES);
    const afterQueue = await countCalls();

    const direct = afterDirect - before;
    const queued = afterQueue - afterDirect;
    const rate = (n: number, ms: number): number => (n * 1000) / ms;
    console.log(`\n${WRITES} phone call writes against the local server, Chromium`);
    console.log('way                       writes/s   ms total   arrived');
    console.log(
      `one by one (baseline)   ${rate(WRITES, oneByOneMs).toFixed(0).padStart(10)} ${oneByOneMs.toFixed(0).padStart(10)} ${String(direct).padStart(9)}`,
    );
    console.log(
      `write queue (draining)  ${rate(WRITES, drain.drainingMs).toFixed(0).padStart(10)} ${drain.drainingMs.toFixed(0).padStart(10)} ${String(queued).padStart(9)}`,
    );
    console.log(
      `  from back online      ${rate(WRITES, drain.fromOnlineMs).toFixed(0).padStart(10)} ${drain.fromOnlineMs.toFixed(0).padStart(10)}   (includes the 1 s reconnect debounce)`,
    );
    console.log(
      `ratio queue / one by one: ${(oneByOneMs / drain.drainingMs).toFixed(2)} (aim >= 4, docs/performance.md); lost or doubled: ${WRITES - queued}`,
    );
  } finally {
    await browser.close();
    await app.close();
  }
} finally {
  await database.db.destroy();
  await rm(dataDir, { recursive: true, force: true });
}
