import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@field/domain';
import type { FieldDatabase } from './database';
import { openFieldDatabase } from './database';
import type { DraftInput } from './drafts';
import { addMonths, createDraftStore, draftExpiry, isDraftExpired } from './drafts';
import { createFileStore, createIndexedDbBlobStore } from './files';

let db: FieldDatabase;
let counter = 0;
let now = Date.UTC(2026, 0, 31, 12);

beforeEach(() => {
  counter += 1;
  db = openFieldDatabase(`drafts-test-${counter}`);
  now = Date.UTC(2026, 0, 31, 12);
  localStorage.clear();
});

const input = (notes: string, formTitle = 'Phone call'): DraftInput => ({
  homeRID: 'h1',
  homeID: '1',
  address: '1 Test Street',
  formTitle,
  title: `${formTitle} draft`,
  data: { notes },
});

describe('expiry rules', () => {
  it('adds calendar months, clamping to the month end', () => {
    expect(new Date(addMonths(Date.UTC(2026, 0, 31), 1)).toISOString()).toBe(
      '2026-02-28T00:00:00.000Z',
    );
    expect(new Date(addMonths(Date.UTC(2026, 10, 15), 3)).toISOString()).toBe(
      '2027-02-15T00:00:00.000Z',
    );
  });

  it('no expiry means creation + 3 months; expired when the expiry is not after now', () => {
    const creationTime = Date.UTC(2026, 0, 10);
    const expiry = Date.UTC(2026, 3, 10);
    expect(draftExpiry({ creationTime, expirationTime: null })).toBe(expiry);
    expect(isDraftExpired({ creationTime, expirationTime: null }, expiry - 1)).toBe(false);
    expect(isDraftExpired({ creationTime, expirationTime: null }, expiry)).toBe(true);
    expect(isDraftExpired({ creationTime, expirationTime: 5 }, 4)).toBe(false);
    expect(isDraftExpired({ creationTime, expirationTime: 5 }, 5)).toBe(true);
  });
});

describe('draft store', () => {
  it('saves, loads, lists, clears and deletes in bulk', async () => {
    const drafts = createDraftStore(db, { now: () => now });
    const { draft } = await drafts.save(input('one'));
    expect(draft.key.startsWith('h1:Phone call:')).toBe(true);
    expect(draft.expirationTime).toBe(addMonths(now, 3));
    expect(await drafts.load(draft.key)).toMatchObject({ data: { notes: 'one' } });
    now += 1;
    const second = await drafts.save(input('two', 'Punch item'));
    expect((await drafts.list()).map((d) => d.data['notes'])).toEqual(['two', 'one']);
    await drafts.clear(draft.key);
    expect(await drafts.load(draft.key)).toBeUndefined();
    const third = await drafts.save(input('three'));
    await drafts.deleteMany([second.draft.key, third.draft.key]);
    expect(await drafts.list()).toEqual([]);
  });

  it('an autosave replaces older autosaves of the same home and form, not manual saves', async () => {
    const drafts = createDraftStore(db, { now: () => now });
    const manual = await drafts.save(input('manual'));
    await drafts.save(input('auto 1'), { autosave: true });
    await drafts.save(input('auto 2'), { autosave: true });
    await drafts.save(input('other form'), { autosave: true, key: undefined });
    await drafts.save(input('auto other form', 'Punch item'), { autosave: true });
    const notes = (await drafts.list()).map((d) => d.data['notes']).sort();
    expect(notes).toEqual(['auto other form', 'manual', 'other form']);
    const phone = (await drafts.list({ formTitle: 'Phone call' })).filter((d) => d.autosave);
    expect(phone).toHaveLength(1);
    expect(phone[0]?.data['notes']).toBe('other form');
    expect(await drafts.load(manual.draft.key)).toBeDefined();
    expect((await drafts.list({ formTitle: 'Punch item' })).map((d) => d.data['notes'])).toEqual([
      'auto other form',
    ]);
  });

  it('lists expired drafts and extends by 1 month (default) or N', async () => {
    const drafts = createDraftStore(db, { now: () => now });
    const old = await drafts.save(input('old'));
    const created = now;
    now = addMonths(created, 3); // expiry equals now: expired
    expect((await drafts.listExpired()).map((d) => d.key)).toEqual([old.draft.key]);
    const extended = await drafts.extend(old.draft.key);
    expect(extended).toBe(addMonths(now, 1));
    expect(await drafts.listExpired()).toEqual([]);
    const fresh = await drafts.save(input('fresh'));
    const expiry = fresh.draft.expirationTime ?? 0;
    expect(await drafts.extend(fresh.draft.key, 2)).toBe(addMonths(expiry, 2));
  });

  it('saving under an existing key updates it, keeping its creation and expiry', async () => {
    const drafts = createDraftStore(db, { now: () => now });
    const first = await drafts.save(input('v1'));
    const extended = await drafts.extend(first.draft.key, 2);
    now += 1000;
    const second = await drafts.save(input('v2'), { key: first.draft.key });
    expect(second.draft).toMatchObject({
      key: first.draft.key,
      creationTime: first.draft.creationTime,
      expirationTime: extended,
      data: { notes: 'v2' },
    });
    expect(await drafts.list()).toHaveLength(1);
  });

  it('falls back to local storage when the save times out', async () => {
    const drafts = createDraftStore(db, { now: () => now });
    // A database that takes 200 ms to write a draft.
    let slow = true;
    db.use({
      stack: 'dbcore',
      name: 'slow-drafts',
      create: (down) => ({
        ...down,
        table: (name) => {
          const table = down.table(name);
          return {
            ...table,
            mutate: async (request) => {
              if (slow && name === 'drafts') await new Promise((r) => setTimeout(r, 200));
              return table.mutate(request);
            },
          };
        },
      }),
    });
    const result = await drafts.save(input('slow'), { timeoutMs: 50 });
    expect(result).toMatchObject({ fallback: true, message: MESSAGES.saveTimedOut });
    expect(result.draft.fallback).toBe(true);
    const stored = localStorage.getItem(`field-app-draft:${result.draft.key}`);
    expect(stored).not.toBeNull();
    expect(await drafts.load(result.draft.key)).toBeDefined();
    slow = false;
    await new Promise((r) => setTimeout(r, 250));
    expect(await drafts.recoverFallbacks()).toBe(1);
    expect((await drafts.list()).map((d) => d.fallback)).toEqual([false]);
  });
});

describe('files a draft names', () => {
  async function setup() {
    const files = createFileStore(db, createIndexedDbBlobStore(db));
    const drafts = createDraftStore(db, { now: () => now, files });
    // A photo chosen in a form: stored with the form's own reference, which it then lets go.
    const photo = await files.add({ blob: new Blob(['jpeg bytes']), name: 'photo.jpg' });
    return { files, drafts, photo };
  }
  const withPhoto = (notes: string, fileId: string): DraftInput => ({
    ...input(notes),
    data: { notes, photos: [fileId] },
    files: [fileId],
  });

  it('keeps a photo while a draft holds it, through the form letting go of it', async () => {
    const { files, drafts, photo } = await setup();
    const saved = await drafts.save(withPhoto('with photo', photo.id), { autosave: true });
    await files.release(photo.id);
    expect(await (await files.read(photo.id)).text()).toBe('jpeg bytes');
    // The next autosave replaces the first; the photo stays, held once.
    now += 1;
    await drafts.save(withPhoto('still with photo', photo.id), { autosave: true });
    expect(await drafts.load(saved.draft.key)).toBeUndefined();
    expect((await files.get(photo.id)).refCount).toBe(1);
    const [latest] = await drafts.list();
    await drafts.clear(latest?.key ?? '');
    await expect(files.read(photo.id)).rejects.toThrow(MESSAGES.fileNotFound);
  });

  it('lets go of a photo when an autosave without it replaces the one with it', async () => {
    const { files, drafts, photo } = await setup();
    await drafts.save(withPhoto('with photo', photo.id), { autosave: true });
    await files.release(photo.id);
    await drafts.save(input('photo removed'), { autosave: true });
    await expect(files.get(photo.id)).rejects.toThrow(MESSAGES.fileNotFound);
  });

  it('deleting drafts in bulk (the expired-drafts dialog) lets go of their photos', async () => {
    const { files, drafts, photo } = await setup();
    const one = await drafts.save(withPhoto('one', photo.id));
    const two = await drafts.save(withPhoto('two', photo.id));
    expect((await files.get(photo.id)).refCount).toBe(3);
    await drafts.deleteMany([one.draft.key, two.draft.key]);
    expect((await files.get(photo.id)).refCount).toBe(1);
  });

  it('a draft naming a file that is gone is still saved', async () => {
    const { drafts } = await setup();
    const result = await drafts.save(withPhoto('lost photo', 'no-such-file'));
    expect(await drafts.load(result.draft.key)).toMatchObject({ data: { notes: 'lost photo' } });
  });
});
