// Differential sync of homes, employees and vendors (docs/architecture.md, "How a read travels"):
// the full list every 7 days, otherwise `listUpdatedAfter` from the last sync shifted 5 minutes
// earlier, merged into the cached list; tombstones (`deletedAt`) remove records from the device.

import { SYNC } from '@field/domain';
import type { ApiClient, Parser } from '../api/client';
import { API_PATHS } from '../api/client';
import type { FieldDatabase } from './database';

export interface SyncedRecord {
  id: string;
  updatedAt?: string;
  deletedAt?: string | null;
}

export interface SyncedList {
  name: 'homes' | 'employees' | 'vendors';
  fullPath: string;
  updatedAfterPath: string;
}

export const SYNCED_LISTS = {
  homes: {
    name: 'homes',
    fullPath: API_PATHS.activeHomes,
    updatedAfterPath: API_PATHS.activeHomesUpdatedAfter,
  },
  employees: {
    name: 'employees',
    fullPath: API_PATHS.employees,
    updatedAfterPath: API_PATHS.employeesUpdatedAfter,
  },
  vendors: {
    name: 'vendors',
    fullPath: API_PATHS.vendors,
    updatedAfterPath: API_PATHS.vendorsUpdatedAfter,
  },
} as const satisfies Record<string, SyncedList>;

interface SyncState {
  lastFullSync: number;
  lastUpdate: number;
}

function isSyncState(value: unknown): value is SyncState {
  return (
    typeof value === 'object' &&
    value !== null &&
    'lastFullSync' in value &&
    typeof value.lastFullSync === 'number' &&
    'lastUpdate' in value &&
    typeof value.lastUpdate === 'number'
  );
}

const stateKey = (list: SyncedList): string => `sync:${list.name}`;

export interface SyncOptions<T extends SyncedRecord> {
  client: ApiClient;
  db: FieldDatabase;
  /** Checks the server's list (a zod array schema fits). */
  parser: Parser<T[]>;
  /** The list on the device (the query's cached data); without it the sync is full. */
  current: readonly T[] | undefined;
  now?: () => number;
  signal?: AbortSignal;
}

/** Merges changed records into a list: tombstones leave, others replace or join. */
export function mergeChanges<T extends SyncedRecord>(
  current: readonly T[],
  changes: readonly T[],
): T[] {
  const byId = new Map(current.map((record) => [record.id, record]));
  for (const change of changes) {
    if (change.deletedAt !== undefined && change.deletedAt !== null) byId.delete(change.id);
    else byId.set(change.id, change);
  }
  return [...byId.values()];
}

/** The server time of the newest change a list holds (its records' `updatedAt`). */
function newestChange(records: readonly SyncedRecord[]): number | undefined {
  let newest: number | undefined;
  for (const record of records) {
    const time = record.updatedAt === undefined ? Number.NaN : Date.parse(record.updatedAt);
    if (Number.isFinite(time) && (newest === undefined || time > newest)) newest = time;
  }
  return newest;
}

/**
 * Brings one list up to date; use as the list query's `queryFn`. Changes are asked for
 * since the older of the last sync and the newest record the list on the device holds:
 * the list is stored a moment after the sync time, so a page closed in between comes back
 * with an older list, whose missing changes are then asked for again rather than lost.
 */
export async function syncList<T extends SyncedRecord>(
  list: SyncedList,
  options: SyncOptions<T>,
): Promise<T[]> {
  const now = (options.now ?? (() => Date.now()))();
  const stored = await options.db.metadata.get(stateKey(list));
  const state = isSyncState(stored?.value) ? stored.value : undefined;
  // A list synced whole is long (10,000 homes: 6 MB).
  const requestOptions = {
    long: true,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  };
  const full =
    state === undefined ||
    options.current === undefined ||
    now - state.lastFullSync >= SYNC.fullRefetchMs;

  let result: T[];
  if (full) {
    const records = await options.client.get(list.fullPath, options.parser, requestOptions);
    result = records.filter((r) => r.deletedAt === undefined || r.deletedAt === null);
  } else {
    const held = newestChange(options.current ?? []) ?? state.lastUpdate;
    const from = Math.min(held, state.lastUpdate);
    const since = new Date(from - SYNC.updatedAfterShiftMs).toISOString();
    const changes = await options.client.get(
      `${list.updatedAfterPath}?lastUpdate=${encodeURIComponent(since)}`,
      options.parser,
      requestOptions,
    );
    result = mergeChanges(options.current ?? [], changes);
  }
  const next: SyncState = {
    lastFullSync: full ? now : (state?.lastFullSync ?? now),
    lastUpdate: now,
  };
  await options.db.metadata.put({ key: stateKey(list), value: next });
  return result;
}

/** Forgets the sync times so the next sync of each list is full (sign-out, cache cleared). */
export async function resetSyncState(db: FieldDatabase): Promise<void> {
  await db.metadata.bulkDelete(Object.values(SYNCED_LISTS).map(stateKey));
}
