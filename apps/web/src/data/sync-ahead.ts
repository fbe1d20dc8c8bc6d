// What the sync ahead brings for the signed-in user (offline/sync-ahead.ts runs it): the
// homes they carry (their employee id in a home's Offline Homes, plus homes pinned "Keep
// offline" on this device), every home list they may read, job schedules, employees and
// vendors (differentially), and item photos as thumbnails (always / Wi-Fi only / never).
// And the readiness the screens show: per home and overall.

import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Access, LocalSettings, Resource } from '@field/domain';
import {
  RESOURCES,
  RESOURCE_ACCESS,
  hasAccess,
  homesForMode,
  isMyHome,
  resourceDef,
} from '@field/domain';
import { apiClient } from '../api/client';
import type { HomeSyncRow } from '../offline/database';
import type { OfflineEngine } from '../offline/engine';
import type { StoredRecord, SyncedHome } from '../offline/home-store';
import { useOptionalOfflineEngine } from '../offline/react';
import type { SyncPlan, SyncStatus } from '../offline/sync-ahead';
import { useActiveHomes } from './homes';
import type { ActiveHome } from './homes';
import {
  effectiveTesting,
  getLocalSettings,
  updateLocalSettings,
  useLocalSetting,
} from './local-settings';
import type { PhotoRef } from './punch-items';
import { fetchPhotoThumbnail, photoCacheId } from './punch-items';
import { recordListQuery } from './records';
import { useSession } from './session';

export const PHOTOS_AHEAD = ['always', 'wifi', 'never'] as const;
export type PhotosAhead = (typeof PHOTOS_AHEAD)[number];

const KEEP_OFFLINE = 'keepOffline';
const PHOTOS = 'photosAhead';

/** Homes pinned "Keep offline" on this device. */
export function keptOffline(settings = getLocalSettings()): string[] {
  const value = settings['core-config'][KEEP_OFFLINE];
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
}

/** The homes kept offline as one string (a value that compares equal while unchanged). */
const pinnedKeyOf = (settings: LocalSettings): string => keptOffline(settings).join('\n');

export function setKeepOffline(homeId: string, keep: boolean): void {
  const current = getLocalSettings();
  const kept = keptOffline(current).filter((id) => id !== homeId);
  updateLocalSettings({
    'core-config': { ...current['core-config'], [KEEP_OFFLINE]: keep ? [...kept, homeId] : kept },
  });
}

/** Whether item photos of the user's homes come ahead as thumbnails (default Wi-Fi only). */
export function photosAhead(settings = getLocalSettings()): PhotosAhead {
  const value = settings['core-config'][PHOTOS];
  return PHOTOS_AHEAD.find((mode) => mode === value) ?? 'wifi';
}

export function setPhotosAhead(mode: PhotosAhead): void {
  const current = getLocalSettings();
  updateLocalSettings({ 'core-config': { ...current['core-config'], [PHOTOS]: mode } });
}

interface NetworkInformation {
  type?: string;
  saveData?: boolean;
}

/**
 * Whether photos may come now. Wi-Fi only: on Wi-Fi or a cable, or where the browser does
 * not say which network it is on (desktop browsers), unless the user asked to save data.
 */
export function photosAllowed(mode: PhotosAhead, connection?: NetworkInformation): boolean {
  if (mode === 'never') return false;
  if (mode === 'always') return true;
  const network =
    connection ??
    (typeof navigator === 'undefined'
      ? undefined
      : (navigator as Navigator & { connection?: NetworkInformation }).connection);
  if (network?.saveData === true) return false;
  return network?.type === undefined || network.type === 'wifi' || network.type === 'ethernet';
}

/** The home lists the user may read, and whether job schedules come too. */
export function readableLists(access: Access): { resources: Resource[]; jobSchedules: boolean } {
  const readable = (resource: Resource) =>
    hasAccess(access, RESOURCE_ACCESS[resource].read, 'read');
  return {
    resources: RESOURCES.filter(
      (resource) => resourceDef(resource).lookups.includes('home') && readable(resource),
    ),
    jobSchedules: readable('jobSchedules') && readable('jobs'),
  };
}

/**
 * The homes the user carries: theirs by Offline Homes, then those pinned on this device;
 * only homes they work on (an outsider's home has no records for them: docs/decisions.md,
 * Access by home), and in testing mode only test homes (the server's lists hold no other).
 */
export function carriedHomes(
  homes: readonly ActiveHome[],
  employeeId: string | null,
  pinned: readonly string[],
  testing: boolean,
): string[] {
  const workable = homesForMode(
    homes.filter((home) => home.outsider !== true),
    testing,
  );
  const ids = workable.filter((home) => isMyHome(home, employeeId)).map((home) => home.id);
  const mine = new Set(ids);
  const open = new Set(workable.map((home) => home.id));
  return [...ids, ...pinned.filter((id) => !mine.has(id) && open.has(id))];
}

/** Where an item keeps its photos. */
const PHOTOS_FIELD = 'Photos';

function photosOf(records: readonly StoredRecord[]): PhotoRef[] {
  return records.flatMap((record) => {
    const photos: unknown = record[PHOTOS_FIELD];
    if (!Array.isArray(photos)) return [];
    const items: unknown[] = photos;
    return items.flatMap((item): PhotoRef[] =>
      typeof item === 'object' &&
      item !== null &&
      'collection' in item &&
      typeof item.collection === 'string' &&
      'key' in item &&
      typeof item.key === 'string'
        ? [{ collection: item.collection, key: item.key }]
        : [],
    );
  });
}

/** Thumbnails of the chunk's item photos that are not on the device yet, two at a time. */
async function thumbnailsAhead(
  engine: OfflineEngine,
  homes: readonly SyncedHome[],
  signal: AbortSignal,
): Promise<void> {
  if (!photosAllowed(photosAhead())) return;
  const photos = homes.flatMap((home) => photosOf(home.lists['walkItems'] ?? []));
  if (photos.length === 0) return;
  const ids = photos.map(photoCacheId);
  const have = await engine.db.thumbnails.bulkGet(ids);
  const missing = photos.filter((_photo, index) => have[index] === undefined);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < missing.length && !signal.aborted) {
      const photo = missing[next];
      next += 1;
      if (photo === undefined) continue;
      // One photo that cannot be fetched or drawn never stops the others.
      await fetchPhotoThumbnail(engine, photo, signal).catch(() => false);
    }
  };
  await Promise.all([worker(), worker()]);
}

/**
 * Keeps the sync ahead's plan in step with the session, the homes list and this device's
 * pins. Mount once in the signed-in shell.
 */
export function useSyncAheadPlan(): void {
  const engine = useOptionalOfflineEngine();
  const queryClient = useQueryClient();
  const { user, access } = useSession();
  const { data: homes } = useActiveHomes();
  const pinnedKey = useLocalSetting(pinnedKeyOf);
  const testing = useLocalSetting((settings) => effectiveTesting(settings, access?.demo === true));
  const employeeId = user?.fieldData.airtableId ?? null;
  const userId = user?.id ?? null;

  const plan = useMemo((): SyncPlan | null | undefined => {
    if (engine === null) return undefined;
    if (userId === null || access === null) return null;
    if (homes === undefined) return undefined;
    const pinned = pinnedKey === '' ? [] : pinnedKey.split('\n');
    const lists = readableLists(access);
    const wholeLists = (['employees', 'vendors'] as const)
      .filter((resource) => hasAccess(access, RESOURCE_ACCESS[resource].read, 'read'))
      .map((resource) => ({
        name: resource,
        run: () => queryClient.fetchQuery({ ...recordListQuery(resource, queryClient), staleTime: 0 }),
      }));
    return {
      userId,
      homeIds: carriedHomes(homes, employeeId, pinned, testing),
      ...lists,
      lists: wholeLists,
      afterChunk: (synced, signal) => thumbnailsAhead(engine, synced, signal),
      afterChunkReads: { resource: 'walkItems', field: PHOTOS_FIELD },
    };
  }, [engine, userId, access, homes, employeeId, pinnedKey, testing, queryClient]);

  // The server's lists spanning homes follow the same mode as the homes carried.
  useEffect(() => apiClient.setTesting(testing), [testing]);
  useEffect(() => {
    if (engine === null || plan === undefined) return;
    engine.syncAhead.setPlan(plan);
  }, [engine, plan]);
  useEffect(() => {
    if (engine === null) return undefined;
    return () => engine.syncAhead.setPlan(null);
  }, [engine]);
}

const IDLE: SyncStatus = { state: 'idle', done: 0, total: 0, lastSyncedAt: null };
const noop = () => () => undefined;

/** The sync ahead's state, live (idle where the engine did not start). */
export function useSyncStatus(): SyncStatus {
  const engine = useOptionalOfflineEngine();
  const subscribe = useCallback(
    (listener: () => void) => (engine === null ? noop() : engine.syncAhead.subscribe(listener)),
    [engine],
  );
  const status = useCallback(() => (engine === null ? IDLE : engine.syncAhead.status()), [engine]);
  return useSyncExternalStore(subscribe, status);
}

export interface HomeReadiness {
  home: ActiveHome | undefined;
  homeId: string;
  /** Every list the user reads is on the device from a pass of the sync. */
  ready: boolean;
  pinned: boolean;
  summary: HomeSyncRow | undefined;
}

export interface Readiness {
  /** Undefined while loading. */
  homes: HomeReadiness[] | undefined;
  readyCount: number;
  records: number;
  bytes: number;
  /** Every carried home is ready (and there is at least one). */
  allReady: boolean;
  /**
   * When the carried homes were last synced, overall: the oldest sync of the homes that
   * have one (each carried home is at least this fresh), from the same summaries as the
   * rows; null only when no carried home was ever synced.
   */
  lastSyncedAt: number | null;
}

const LOADING: Readiness = {
  homes: undefined,
  readyCount: 0,
  records: 0,
  bytes: 0,
  allReady: false,
  lastSyncedAt: null,
};

/** Readiness of the carried homes (in the plan's order) from their stored summaries. */
export function readinessOf(
  ids: readonly string[],
  summaries: readonly HomeSyncRow[],
  access: Access,
  homes: readonly ActiveHome[],
  pinned: readonly string[],
): Readiness {
  const lists = readableLists(access);
  const needed = [...lists.resources, ...(lists.jobSchedules ? ['jobSchedules'] : [])];
  const byId = new Map(summaries.map((row) => [row.homeId, row]));
  const homeById = new Map(homes.map((home) => [home.id, home]));
  const pins = new Set(pinned);
  const rows = ids.map((homeId): HomeReadiness => {
    const summary = byId.get(homeId);
    const synced = summary?.resources.split(',') ?? [];
    const ready =
      summary !== undefined &&
      summary.syncedAt > 0 &&
      needed.every((resource) => synced.includes(resource));
    return { home: homeById.get(homeId), homeId, ready, pinned: pins.has(homeId), summary };
  });
  const readyCount = rows.filter((row) => row.ready).length;
  const times = rows.flatMap((row) =>
    row.summary !== undefined && row.summary.syncedAt > 0 ? [row.summary.syncedAt] : [],
  );
  return {
    homes: rows,
    readyCount,
    records: rows.reduce((sum, row) => sum + (row.summary?.records ?? 0), 0),
    bytes: rows.reduce((sum, row) => sum + (row.summary?.bytes ?? 0), 0),
    allReady: rows.length > 0 && readyCount === rows.length,
    lastSyncedAt: times.length === 0 ? null : Math.min(...times),
  };
}

/**
 * The homes the user carries (carriedHomes: the homes they work, and those pinned here),
 * with the active homes and the pins; ids undefined while the homes load.
 */
export function useCarriedHomes() {
  const { user, access } = useSession();
  const { data: homes } = useActiveHomes();
  const pinnedKey = useLocalSetting(pinnedKeyOf);
  const testing = useLocalSetting((settings) => effectiveTesting(settings, access?.demo === true));
  const employeeId = user?.fieldData.airtableId ?? null;
  const pinned = useMemo(() => (pinnedKey === '' ? [] : pinnedKey.split('\n')), [pinnedKey]);
  const ids = useMemo(
    () => (homes === undefined ? undefined : carriedHomes(homes, employeeId, pinned, testing)),
    [homes, employeeId, pinned, testing],
  );
  return { ids, homes, pinned };
}

/** Readiness of every carried home, from the home store's summaries (live). */
export function useReadiness(): Readiness {
  const engine = useOptionalOfflineEngine();
  const { access } = useSession();
  const { ids, homes, pinned } = useCarriedHomes();
  const summaries = useLiveQuery(
    async () => (engine === null || ids === undefined ? [] : engine.homeStore.summaries(ids)),
    [engine, ids],
  );
  return useMemo((): Readiness => {
    if (ids === undefined || summaries === undefined || access === null) return LOADING;
    return readinessOf(ids, summaries, access, homes ?? [], pinned);
  }, [ids, summaries, access, homes, pinned]);
}
