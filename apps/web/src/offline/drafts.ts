// Drafts of forms (docs/offline.md, Drafts): saved by hand or as autosave (an autosave replaces
// older autosaves of the same home and form), loaded, cleared, deleted in bulk, expiring 3 months
// after creation unless extended. A save that times out (30 s, 10 s for an autosave) is kept in
// local storage instead, flagged `fallback`. A draft holds a reference to each device file it names
// (a photo chosen in the form), so the file outlives a reload.

import { DRAFTS, MESSAGES } from '@field/domain';
import type { DraftRow, FieldDatabase } from './database';
import type { FileStore } from './files';

export interface DraftInput {
  homeRID: string;
  homeID: string;
  address: string;
  formTitle: string;
  title: string;
  data: DraftRow['data'];
  /** Ids of device files (`files` store) the data refers to; the draft keeps them alive. */
  files?: readonly string[];
}

export interface SaveDraftOptions {
  autosave?: boolean;
  /** The key of the draft being edited, so a manual save updates it in place. */
  key?: string;
  /** Overrides the save timeout (tests). */
  timeoutMs?: number;
}

export interface SaveDraftResult {
  draft: DraftRow;
  /** Saved to local storage because the database did not answer in time. */
  fallback: boolean;
  /** The text to show the user when the save fell back. */
  message?: string;
}

export class DraftError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'DraftError';
  }
}

const FALLBACK_PREFIX = 'field-app-draft:';

/** Adds calendar months in UTC, keeping the day where the month has it (Jan 31 + 1 → Feb 28). */
export function addMonths(time: number, months: number): number {
  const date = new Date(time);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.getTime();
}

/** A draft's expiry; one without gets creation + 3 months. */
export function draftExpiry(draft: Pick<DraftRow, 'creationTime' | 'expirationTime'>): number {
  return draft.expirationTime ?? addMonths(draft.creationTime, DRAFTS.expiryMonths);
}

/** Expired when the expiry is not after now. */
export function isDraftExpired(
  draft: Pick<DraftRow, 'creationTime' | 'expirationTime'>,
  now: number = Date.now(),
): boolean {
  return !(draftExpiry(draft) > now);
}

function draftKey(homeRID: string, formTitle: string, id: string = crypto.randomUUID()) {
  return `${homeRID}:${formTitle}:${id}`;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

function isDraftRow(value: unknown): value is DraftRow {
  return (
    typeof value === 'object' &&
    value !== null &&
    'key' in value &&
    typeof value.key === 'string' &&
    'creationTime' in value &&
    typeof value.creationTime === 'number'
  );
}

function fallbackDrafts(): DraftRow[] {
  const store = storage();
  if (store === undefined) return [];
  const drafts: DraftRow[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const name = store.key(i);
    if (name === null || !name.startsWith(FALLBACK_PREFIX)) continue;
    try {
      const parsed: unknown = JSON.parse(store.getItem(name) ?? 'null');
      if (isDraftRow(parsed)) drafts.push(parsed);
    } catch {
      // A damaged entry is skipped, not fatal.
    }
  }
  return drafts;
}

function removeFallback(key: string): void {
  storage()?.removeItem(FALLBACK_PREFIX + key);
}

export interface DraftStoreOptions {
  now?: () => number;
  /**
   * The device's files. With it a stored draft holds a reference to each file it names and
   * gives it back when it is replaced or deleted; without it drafts hold no files.
   */
  files?: Pick<FileStore, 'release'>;
}

/** The draft operations over the device database (and its local-storage fallback). */
export function createDraftStore(db: FieldDatabase, options: DraftStoreOptions = {}) {
  const now = options.now ?? (() => Date.now());
  const fileStore = options.files;

  /**
   * Gives back the references of drafts that are gone. After the transaction, because
   * the bytes may live outside IndexedDB; a failure only leaves a file longer than needed.
   */
  async function releaseFiles(gone: ReadonlyArray<DraftRow | undefined>): Promise<void> {
    if (fileStore === undefined) return;
    for (const id of gone.flatMap((draft) => draft?.files ?? [])) {
      await fileStore.release(id).catch((error: unknown) => {
        console.warn('Releasing a file a draft held failed', error);
      });
    }
  }

  /**
   * Stores the draft (after `replaceAutosaves`, older autosaves of its home and form go),
   * in the same transaction taking a reference to each of its files that exists, then
   * releases what the replaced drafts held. `keepDates` keeps the creation and expiry of
   * the draft under the same key.
   */
  async function write(
    draft: DraftRow,
    how: { keepDates: boolean; replaceAutosaves: boolean },
  ): Promise<DraftRow> {
    const { files: wanted, ...row } = draft;
    const { stored, replaced } = await db.transaction('rw', db.drafts, db.files, async () => {
      const existing = await db.drafts.get(draft.key);
      const held: string[] = [];
      if (fileStore !== undefined) {
        for (const id of new Set(wanted ?? [])) {
          const file = await db.files.get(id);
          if (file === undefined) continue; // Gone already: nothing to keep alive.
          await db.files.update(id, { refCount: file.refCount + 1 });
          held.push(id);
        }
      }
      const stored: DraftRow = {
        ...row,
        ...(held.length === 0 ? {} : { files: held }),
        ...(how.keepDates && existing !== undefined
          ? { creationTime: existing.creationTime, expirationTime: existing.expirationTime }
          : {}),
      };
      const replaced = existing === undefined ? [] : [existing];
      if (how.replaceAutosaves && stored.autosave) {
        const older = await db.drafts
          .where('[homeRID+formTitle]')
          .equals([stored.homeRID, stored.formTitle])
          .filter((d) => d.autosave && d.key !== stored.key)
          .toArray();
        await db.drafts.bulkDelete(older.map((d) => d.key));
        replaced.push(...older);
      }
      await db.drafts.put(stored);
      return { stored, replaced };
    });
    await releaseFiles(replaced);
    return stored;
  }

  /** Deletes drafts by key, then releases the files they held. */
  async function remove(keys: readonly string[]): Promise<void> {
    const gone = await db.transaction('rw', db.drafts, async () => {
      const rows = await db.drafts.bulkGet([...keys]);
      await db.drafts.bulkDelete([...keys]);
      return rows;
    });
    for (const key of keys) removeFallback(key);
    await releaseFiles(gone);
  }

  const store = {
    /**
     * Saves a draft. A timeout keeps it in local storage and answers `fallback: true` with
     * `Save operation timed out. Please try again later.`; other failures throw DraftError
     * (`Failed to save draft`).
     */
    async save(input: DraftInput, saveOptions: SaveDraftOptions = {}): Promise<SaveDraftResult> {
      const autosave = saveOptions.autosave ?? false;
      const created = now();
      const key = saveOptions.key ?? draftKey(input.homeRID, input.formTitle);
      // Nothing is read before the timer starts: a database that hangs must not hang this.
      const { files, ...fields } = input;
      const draft: DraftRow = {
        key,
        ...fields,
        ...(files === undefined || files.length === 0 ? {} : { files: [...files] }),
        creationTime: created,
        expirationTime: addMonths(created, DRAFTS.expiryMonths),
        fallback: false,
        autosave,
      };
      const limit =
        saveOptions.timeoutMs ?? (autosave ? DRAFTS.autosaveTimeoutMs : DRAFTS.saveTimeoutMs);
      let outcome: DraftRow | 'timeout';
      try {
        outcome = await withTimeout(
          write(draft, { keepDates: true, replaceAutosaves: true }),
          limit,
        );
      } catch (error) {
        throw new DraftError(MESSAGES.saveDraftFailed, error);
      }
      if (outcome !== 'timeout') {
        removeFallback(key);
        return { draft: outcome, fallback: false };
      }
      const fallback: DraftRow = { ...draft, fallback: true };
      try {
        storage()?.setItem(FALLBACK_PREFIX + key, JSON.stringify(fallback));
      } catch (error) {
        throw new DraftError(MESSAGES.saveDraftFailed, error);
      }
      return { draft: fallback, fallback: true, message: MESSAGES.saveTimedOut };
    },

    /** A draft by key, from the database or the local-storage fallback. */
    async load(key: string): Promise<DraftRow | undefined> {
      try {
        const stored = await db.drafts.get(key);
        return stored ?? fallbackDrafts().find((d) => d.key === key);
      } catch (error) {
        throw new DraftError(MESSAGES.loadDraftFailed, error);
      }
    },

    /** Every draft (optionally of one home / form), newest first. */
    async list(filter: { homeRID?: string; formTitle?: string } = {}): Promise<DraftRow[]> {
      try {
        const stored = await db.drafts.toArray();
        const keys = new Set(stored.map((d) => d.key));
        return [...stored, ...fallbackDrafts().filter((d) => !keys.has(d.key))]
          .filter(
            (d) =>
              (filter.homeRID === undefined || d.homeRID === filter.homeRID) &&
              (filter.formTitle === undefined || d.formTitle === filter.formTitle),
          )
          .sort((a, b) => b.creationTime - a.creationTime);
      } catch (error) {
        throw new DraftError(MESSAGES.retrieveDraftsFailed, error);
      }
    },

    /** Drafts whose expiry is not after now, for the expired-drafts dialog. */
    async listExpired(): Promise<DraftRow[]> {
      const at = now();
      return (await store.list()).filter((d) => isDraftExpired(d, at));
    },

    /** Removes one draft (after its form was submitted, or on Clear). */
    async clear(key: string): Promise<void> {
      try {
        await remove([key]);
      } catch (error) {
        throw new DraftError(MESSAGES.clearDraftFailed, error);
      }
    },

    /** Removes many drafts at once. */
    async deleteMany(keys: readonly string[]): Promise<void> {
      try {
        await remove(keys);
      } catch (error) {
        throw new DraftError(MESSAGES.deleteDraftsFailed, error);
      }
    },

    /**
     * Extends the expiry by `months` (default 1): from the current expiry, or from now
     * when that has passed (so an extended draft is never still expired).
     */
    async extend(key: string, months: number = DRAFTS.defaultExtensionMonths): Promise<number> {
      try {
        const draft = await db.drafts.get(key);
        if (draft === undefined) throw new Error(`No draft ${key}`);
        const base = Math.max(draftExpiry(draft), now());
        const expirationTime = addMonths(base, months);
        await db.drafts.update(key, { expirationTime });
        return expirationTime;
      } catch (error) {
        throw new DraftError(MESSAGES.extendDraftFailed, error);
      }
    },

    /** Moves drafts saved to local storage back into the database once it answers. */
    async recoverFallbacks(): Promise<number> {
      const drafts = fallbackDrafts();
      for (const draft of drafts) {
        // A fallback holds no files; stored, it takes them (the late write may have too).
        await write({ ...draft, fallback: false }, { keepDates: false, replaceAutosaves: false });
        removeFallback(draft.key);
      }
      return drafts.length;
    },
  };
  return store;
}

export type DraftStore = ReturnType<typeof createDraftStore>;
