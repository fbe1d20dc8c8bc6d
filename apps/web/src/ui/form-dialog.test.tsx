// A save the device cannot keep shows the spec's message in the form's dialog, and nothing
// is kept behind the user's back: a write whose store stayed busy past the critical lock
// timeout (`Critical operation delayed, please retry.`), and a photo the device refused
// (`Failed to save your data, please retry.`). Real queue and file store, fake IndexedDB.

import 'fake-indexeddb/auto';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../api/client';
import type { FieldDatabase } from '../offline/database';
import { openFieldDatabase } from '../offline/database';
import type { BlobStore } from '../offline/files';
import { createFileStore, createIndexedDbBlobStore } from '../offline/files';
import { createDefaultHandlers } from '../offline/mutation-handlers';
import { MutationQueue } from '../offline/mutation-queue';
import { FormDialog, useDialogSave } from './form-dialog';
import { initI18n } from './i18n';

let counter = 0;
let db: FieldDatabase;

afterEach(() => {
  db.close();
});

function freshDb(): FieldDatabase {
  counter += 1;
  db = openFieldDatabase(`form-dialog-test-${counter}`);
  return db;
}

/**
 * Keeps a read-write transaction on `store` busy (another tab's long write) until the
 * returned release is called; resolves once it holds the store.
 */
async function holdStore(database: FieldDatabase, store: string): Promise<() => void> {
  await database.open();
  const tx = database.backendDB().transaction(store, 'readwrite');
  const objects = tx.objectStore(store);
  let held = true;
  await new Promise<void>((resolve) => {
    const spin = (): void => {
      resolve();
      if (held) objects.count().onsuccess = spin;
    };
    objects.count().onsuccess = spin;
  });
  return () => {
    held = false;
  };
}

function SaveDialog({ save }: { save: () => Promise<void> }) {
  const [open, setOpen] = useState(true);
  const dialog = useDialogSave(() => setOpen(false));
  if (!open) return <p>saved</p>;
  return (
    <FormDialog
      id="test-form"
      title="New note"
      error={dialog.error}
      saveDisabled={dialog.saving}
      onSubmit={() => void dialog.run(save)}
      onClose={() => setOpen(false)}
    >
      <input aria-label="Text" />
    </FormDialog>
  );
}

describe('a save the device cannot keep', () => {
  beforeAll(initI18n);

  it('says the critical operation was delayed when the write store stays busy, and queues nothing', async () => {
    const database = freshDb();
    const queue = new MutationQueue({
      db: database,
      client: createApiClient({ fetch: () => Promise.reject(new Error('offline')) }),
      handlers: createDefaultHandlers(),
      isOnline: () => false,
      processOnEnqueue: false,
      criticalLockTimeoutMs: 50,
    });
    const release = await holdStore(database, 'mutations');
    render(
      <SaveDialog
        save={async () => {
          await queue.enqueue({
            type: 'note',
            operation: 'submit',
            data: { id: 'n1', HomeRID: 'h1', Text: 'kept?' },
          });
        }}
      />,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Critical operation delayed, please retry.',
    );
    release();
    // The write the user is told to retry was not stored as well.
    expect(await database.mutations.count()).toBe(0);
  });

  it('says the data could not be saved when the device refuses a photo, and keeps no bytes', async () => {
    const database = freshDb();
    const inner = createIndexedDbBlobStore(database);
    const written: string[] = [];
    const refusing: BlobStore = {
      ...inner,
      write: async (path, blob) => {
        written.push(path);
        await inner.write(path, blob);
        throw new DOMException('The disk is not writable', 'UnknownError');
      },
    };
    const files = createFileStore(database, refusing);
    render(
      <SaveDialog
        save={async () => {
          await files.add({ blob: new Blob(['jpeg'], { type: 'image/jpeg' }), name: 'a.jpg' });
        }}
      />,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to save your data, please retry.',
    );
    expect(await database.files.count()).toBe(0);
    expect(await inner.read(written[0] ?? '')).toBeUndefined();
  });
});
