// Data backup (docs/offline.md, Data backup): the device's unsent writes and its drafts as one JSON
// file the user downloads, and can import again on this or another device. Imported writes keep
// their ids, so one that already reached the server is answered from its idempotency key instead of
// landing twice. A write keeps its author through the file, so it is still sent only under that
// user's session.

import type { QueuedMutation } from '@field/domain';
import { MESSAGES, draftSchema, queuedMutationSchema } from '@field/domain';
import type { DraftRow, FieldDatabase, MutationRow } from './database';
import { recordKeysOf } from './mutation-handlers';
import { belongsTo } from './session-user';

const BACKUP_FORMAT = 'field-app-backup/1';

interface Backup {
  mutations: Array<QueuedMutation & { author?: string }>;
  drafts: DraftRow[];
}

/** The `author` of a stored or read item, when it is a string. */
function authorOf(value: unknown): { author?: string } {
  return typeof value === 'object' &&
    value !== null &&
    'author' in value &&
    typeof value.author === 'string'
    ? { author: value.author }
    : {};
}

/** Checks the file with the domain's schemas (the web app has no schema library of its own). */
function parseBackup(text: string): Backup {
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || !('format' in parsed)) {
    throw new Error('Not a backup file');
  }
  if (parsed.format !== BACKUP_FORMAT) throw new Error('Unknown backup format');
  const mutations =
    'mutations' in parsed && Array.isArray(parsed.mutations) ? parsed.mutations : [];
  const drafts = 'drafts' in parsed && Array.isArray(parsed.drafts) ? parsed.drafts : [];
  return {
    mutations: mutations.map((m: unknown) => ({
      ...queuedMutationSchema.parse(m),
      ...authorOf(m),
    })),
    drafts: drafts.map((d: unknown) => {
      const autosave =
        typeof d === 'object' && d !== null && 'autosave' in d && d.autosave === true;
      return { ...draftSchema.parse(d), autosave, ...authorOf(d) };
    }),
  };
}

class BackupError extends Error {
  constructor(cause: unknown) {
    super(MESSAGES.backupFailed, { cause });
    this.name = 'BackupError';
  }
}

export interface ExportOptions {
  /**
   * Only this user's writes and drafts (theirs or without an author), e.g. at sign-out; by
   * default everything on the device.
   */
  user?: string | null;
}

/** The file name to offer a backup under: `field-app-backup-<date>.json`. */
export function backupFileName(now: Date = new Date()): string {
  return `field-app-backup-${now.toISOString().slice(0, 10)}.json`;
}

/** The backup as a JSON Blob (offer it as `field-app-backup-<date>.json`). */
export async function exportBackup(
  db: FieldDatabase,
  now: Date = new Date(),
  options: ExportOptions = {},
): Promise<Blob> {
  try {
    const [allMutations, allDrafts] = await Promise.all([
      db.mutations.orderBy('timestamp').toArray(),
      db.drafts.toArray(),
    ]);
    const { user } = options;
    const mutations =
      user === undefined ? allMutations : allMutations.filter((m) => belongsTo(m.author, user));
    const drafts =
      user === undefined ? allDrafts : allDrafts.filter((d) => belongsTo(d.author, user));
    const backup = {
      format: BACKUP_FORMAT,
      createdAt: now.toISOString(),
      // Only the spec's fields of a queued write (and its author); the rest is rebuilt on import.
      mutations: mutations.map((m) => ({ ...queuedMutationSchema.parse(m), ...authorOf(m) })),
      drafts,
    };
    return new Blob([JSON.stringify(backup, null, 2)], { type: 'application/json' });
  } catch (error) {
    throw new BackupError(error);
  }
}

/** Adds the backup's writes (those not queued already) and drafts; answers the counts. */
export async function importBackup(
  db: FieldDatabase,
  text: string,
): Promise<{ mutations: number; drafts: number }> {
  try {
    const backup = parseBackup(text);
    return await db.transaction('rw', db.mutations, db.drafts, async () => {
      const known = new Set(await db.mutations.toCollection().primaryKeys());
      const fresh: MutationRow[] = backup.mutations
        .filter((m) => !known.has(m.id))
        .map((m) => {
          const data =
            typeof m.data === 'object' && m.data !== null
              ? // Safe: a non-null object read field by field by recordKeysOf.
                (m.data as Record<string, unknown>)
              : {};
          return {
            ...m,
            recordKeys: recordKeysOf(m.type, data),
            inFlight: false,
            nextAttemptAt: 0,
          };
        });
      await db.mutations.bulkAdd(fresh);
      await db.drafts.bulkPut(backup.drafts);
      return { mutations: fresh.length, drafts: backup.drafts.length };
    });
  } catch (error) {
    throw new BackupError(error);
  }
}
