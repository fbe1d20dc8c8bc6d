// Helpers of the fault-scenario browser tests: many queued writes written straight into the
// device database (copies of one the app queued itself), a quota that runs out on demand,
// and a TCP proxy that cuts connections at random from a seed.

import net from 'node:net';
import type { Page } from 'playwright-core';

/**
 * Adds `count` copies of the oldest queued write to the device's queue, each a new phone
 * call (own mutation id, record id and notes `${prefix} ${n}`), in one transaction. The app
 * queued the template itself, so the rows have the shape and author it writes; the engine
 * picks them up on its next pass.
 */
export async function cloneQueuedWrite(page: Page, count: number, prefix: string): Promise<void> {
  await page.evaluate(
    async ({ count: copies, prefix: notes }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('field-app-db');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error('open failed'));
      });
      try {
        await new Promise<void>((resolve, reject) => {
          const transaction = db.transaction('mutations', 'readwrite');
          const store = transaction.objectStore('mutations');
          const all = store.getAll();
          all.onsuccess = () => {
            const rows = all.result as Array<Record<string, unknown>>;
            const byTime = [...rows].sort(
              (a, b) => Number(a['timestamp']) - Number(b['timestamp']),
            );
            const template = byTime[0];
            if (template === undefined) {
              reject(new Error('no queued write to copy'));
              return;
            }
            const data = template['data'] as Record<string, unknown>;
            const recordId = String(data['id']);
            let timestamp = Number(byTime[byTime.length - 1]?.['timestamp'] ?? Date.now());
            for (let n = 1; n <= copies; n += 1) {
              const id = crypto.randomUUID();
              timestamp += 1;
              const keys = Array.isArray(template['recordKeys']) ? template['recordKeys'] : [];
              store.add({
                ...template,
                id: crypto.randomUUID(),
                data: { ...data, id, Notes: `${notes} ${n}` },
                recordKeys: keys.map((key) => String(key).replace(recordId, id)),
                timestamp,
                retryCount: 0,
                status: 'pending',
                inFlight: false,
                nextAttemptAt: 0,
              });
            }
          };
          transaction.oncomplete = () => resolve();
          transaction.onerror = () => reject(transaction.error ?? new Error('write failed'));
        });
      } finally {
        db.close();
      }
    },
    { count, prefix },
  );
}

/**
 * From now on (until `quotaRestored`) every add or put to the device database fails the
 * way a full disk does: a QuotaExceededError from IndexedDB. Deletes and reads still work.
 */
export async function exhaustQuota(page: Page): Promise<void> {
  await page.evaluate(() => {
    const marks = window as unknown as { quotaFull?: boolean; quotaPatched?: boolean };
    marks.quotaFull = true;
    if (marks.quotaPatched === true) return;
    marks.quotaPatched = true;
    const proto = IDBObjectStore.prototype;
    const full = (): void => {
      if (marks.quotaFull === true) {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
    };
    const { add, put } = Object.getOwnPropertyDescriptors(proto);
    const addValue: unknown = add?.value;
    const putValue: unknown = put?.value;
    if (typeof addValue !== 'function' || typeof putValue !== 'function') return;
    proto.add = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      full();
      return Reflect.apply(
        addValue,
        this,
        key === undefined ? [value] : [value, key],
      ) as IDBRequest<IDBValidKey>;
    };
    proto.put = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      full();
      return Reflect.apply(
        putValue,
        this,
        key === undefined ? [value] : [value, key],
      ) as IDBRequest<IDBValidKey>;
    };
  });
}

export async function quotaRestored(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { quotaFull?: boolean }).quotaFull = false;
  });
}

/** A small seeded PRNG (mulberry32): the same seed gives the same cuts. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FlakyProxy {
  /** http://127.0.0.1:<port>, the origin the browser uses. */
  url: string;
  /** Starts cutting: every `tickMs` a draw decides to cut connections or go down a while. */
  startChaos(): void;
  /** Stops cutting and comes back up for good. */
  calm(): void;
  stats(): { connections: number; cut: number; outages: number; refused: number };
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of `target` that, once chaos starts, cuts open connections and
 * refuses new ones for short outages, drawn from `seed` (print it; the same seed replays
 * the same sequence of decisions).
 */
export async function startFlakyProxy(target: string, seed: number): Promise<FlakyProxy> {
  const upstream = new URL(target);
  const random = seededRandom(seed);
  const open = new Set<{ client: net.Socket; server: net.Socket }>();
  const counts = { connections: 0, cut: 0, outages: 0, refused: 0 };
  let down = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const cut = (pair: { client: net.Socket; server: net.Socket }): void => {
    open.delete(pair);
    pair.client.resetAndDestroy();
    pair.server.destroy();
    counts.cut += 1;
  };

  const proxy = net.createServer((client) => {
    counts.connections += 1;
    if (down) {
      counts.refused += 1;
      client.resetAndDestroy();
      return;
    }
    const server = net.connect(Number(upstream.port), upstream.hostname);
    const pair = { client, server };
    open.add(pair);
    const close = (): void => {
      open.delete(pair);
      client.destroy();
      server.destroy();
    };
    client.on('error', close).on('close', close);
    server.on('error', close).on('close', close);
    client.pipe(server);
    server.pipe(client);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address();
  if (address === null || typeof address === 'string') throw new Error('proxy has no port');

  const tickMs = 500;
  const tick = (): void => {
    const draw = random();
    if (down) {
      // An outage lasts 1-4 s (2-8 ticks on average).
      if (draw < 0.35) down = false;
    } else if (draw < 0.06) {
      // Goes down: every open connection is cut and new ones are refused.
      down = true;
      counts.outages += 1;
      for (const pair of [...open]) cut(pair);
    } else if (draw < 0.36) {
      // Cuts one open connection (a request may be half sent or half answered).
      const pairs = [...open];
      const victim = pairs[Math.floor(random() * pairs.length)];
      if (victim !== undefined) cut(victim);
    }
    timer = setTimeout(tick, tickMs);
  };

  return {
    url: `http://127.0.0.1:${address.port}`,
    startChaos() {
      if (timer === undefined) timer = setTimeout(tick, tickMs);
    },
    calm() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      down = false;
    },
    stats: () => ({ ...counts }),
    async close() {
      if (timer !== undefined) clearTimeout(timer);
      for (const pair of [...open]) cut(pair);
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}
