// Signing out on a shared device: what the user has not sent yet (writes queued, in flight
// or failed, and drafts), and the clearing that follows, so the next user sees nothing of
// theirs. Everything that can be fetched again goes: the persisted query cache, the sync
// times of homes / employees / vendors, the homes' records (home store), the in-memory
// QueryClient, and files and thumbnails no kept write or draft refers to. The user's
// unsent writes and drafts go too, unless they chose to keep them: then they stay tagged
// with their author, hidden from other users and sent only when that author signs in
// again.

import type { QueryClient } from '@tanstack/react-query';
import type { DraftRow, FieldDatabase, MutationRow } from './database';
import { resetSyncState } from './differential-sync';
import type { DraftStore } from './drafts';
import type { FileStore } from './files';
import type { HomeStore } from './home-store';
import type { FieldQueryPersister } from './query-persister';
import { belongsTo } from './session-user';

/** The parts of the engine sign-out touches. */
export interface DeviceData {
  db: FieldDatabase;
  drafts: DraftStore;
  files: FileStore;
  persister: FieldQueryPersister;
  /** Where homes' records are kept; without it its two stores are emptied directly. */
  homeStore?: Pick<HomeStore, 'clear'>;
  queryClient: QueryClient;
}

export interface UnsentWork {
  /** Pending, in flight or failed, oldest first. */
  writes: MutationRow[];
  drafts: DraftRow[];
}

/** The user's writes not on the server yet and their drafts (theirs, or without an author). */
export async function unsentWork(
  device: Pick<DeviceData, 'db' | 'drafts'>,
  user: string | null,
): Promise<UnsentWork> {
  // Drafts a slow database pushed to local storage count (and are cleared) too.
  await device.drafts.recoverFallbacks().catch(() => 0);
  const [writes, drafts] = await Promise.all([
    device.db.mutations.orderBy('timestamp').toArray(),
    device.db.drafts.toArray(),
  ]);
  return {
    writes: writes.filter((row) => belongsTo(row.author, user)),
    drafts: drafts.filter((draft) => belongsTo(draft.author, user)),
  };
}

export interface ClearOptions {
  /** Who is signing out. */
  user: string | null;
  /** Keep their unsent writes and drafts (tagged with `user`) instead of deleting them. */
  keepUnsent: boolean;
}

/** Every string inside a stored value (ids of device files hide in writes and drafts). */
function collectStrings(value: unknown, into: string[], depth = 0): void {
  if (depth > 64) return;
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) {
    for (const item of value) collectStrings(item, into, depth + 1);
  } else if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) collectStrings(item, into, depth + 1);
  }
}

/**
 * Clears the device for the next user (see the top of the file). The user's own writes and
 * drafts are tagged (kept) or deleted; other users' kept ones are left as they are.
 */
export async function clearDeviceForSignOut(
  device: DeviceData,
  options: ClearOptions,
): Promise<void> {
  const { db } = device;
  const { user } = options;
  await device.drafts.recoverFallbacks().catch(() => 0);

  await db.transaction('rw', db.mutations, db.drafts, async () => {
    const writes = (await db.mutations.toArray()).filter((row) => belongsTo(row.author, user));
    const drafts = (await db.drafts.toArray()).filter((draft) => belongsTo(draft.author, user));
    if (options.keepUnsent && user !== null) {
      await db.mutations.bulkUpdate(
        writes.map((row) => ({ key: row.id, changes: { author: user, inFlight: false } })),
      );
      await db.drafts.bulkUpdate(
        drafts.map((draft) => ({ key: draft.key, changes: { author: user } })),
      );
    } else {
      await db.mutations.bulkDelete(writes.map((row) => row.id));
      await db.drafts.bulkDelete(drafts.map((draft) => draft.key));
    }
  });

  // Reads: what is on screen and what is stored, and the sync times (the next user's lists
  // are fetched in full).
  await device.queryClient.cancelQueries();
  device.queryClient.clear();
  await device.persister.clear();
  if (device.homeStore === undefined) {
    await db.transaction('rw', db.homeRecords, db.homeSync, async () => {
      await db.homeRecords.clear();
      await db.homeSync.clear();
    });
  } else {
    await device.homeStore.clear();
  }
  await resetSyncState(db);

  await removeUnreferencedFiles(device);
}

/** Deletes files (record, thumbnail, bytes) and thumbnails no queued write or draft names. */
async function removeUnreferencedFiles(device: DeviceData): Promise<void> {
  const { db } = device;
  const strings: string[] = [];
  for (const row of await db.mutations.toArray()) collectStrings(row.data, strings);
  for (const draft of await db.drafts.toArray()) collectStrings(draft.data, strings);
  const referenced = (id: string): boolean => strings.some((text) => text.includes(id));

  const files = await db.files.toArray();
  const gone = files.filter((file) => !referenced(file.id));
  const kept = new Set(files.filter((file) => referenced(file.id)).map((file) => file.id));
  await db.transaction('rw', db.files, db.thumbnails, async () => {
    await db.files.bulkDelete(gone.map((file) => file.id));
    const thumbnails = await db.thumbnails.toCollection().primaryKeys();
    await db.thumbnails.bulkDelete(thumbnails.filter((id) => !kept.has(id)));
  });
  for (const file of gone) {
    await device.files.blobs.remove(file.opfsPath).catch((error: unknown) => {
      console.warn('Removing a file from the device failed', error);
    });
  }
}
