// Drafts in a form, with the real engine over fake-indexeddb: autosave after a quiet
// period (one autosave row per home and form), nothing saved by opening, at once when the
// page is hidden or the form closes, the offer on the next opening (resume, discard), none
// left after submit, and "Save draft" falling back to local storage with the spec's message.

import 'fake-indexeddb/auto';
import { StrictMode, useState } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@field/domain';
import { createApiClient } from '../api/client';
import { createCircuitBreaker } from '../api/circuit-breaker';
import type { DraftRow } from '../offline/database';
import type { OfflineEngine } from '../offline/engine';
import { startOfflineEngine } from '../offline/engine';
import { OfflineEngineProvider } from '../offline/react';
import { DraftOffer } from '../ui/draft-offer';
import { initI18n } from '../ui/i18n';
import type { FormDraftOptions } from './form-draft';
import { useFormDraft } from './form-draft';
import ToastHost from '../ui/toast-host';

interface Values extends Record<string, unknown> {
  notes: string;
  photos: string[];
}

type Extra = Partial<Pick<FormDraftOptions<Values>, 'autosaveDelayMs' | 'timeouts'>> & {
  /** Device file id the Add photo button puts in the form. */
  photo?: string;
  /** The form edits a stored record: disabled until Load puts its values in. */
  record?: string;
};

/** A walk form as a screen would write it: notes, photos, Save draft, Submit. */
function WalkForm(props: Extra) {
  const [values, setValues] = useState<Values>({ notes: '', photos: [] });
  const [enabled, setEnabled] = useState(props.record === undefined);
  const draft = useFormDraft({
    homeRID: 'home-1',
    homeID: '101',
    address: '1 Test Street',
    formTitle: 'Closing walk',
    title: 'Closing walk, 1 Test Street',
    values,
    files: values.photos,
    enabled,
    autosaveDelayMs: props.autosaveDelayMs ?? 50,
    ...(props.timeouts === undefined ? {} : { timeouts: props.timeouts }),
  });
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <DraftOffer
        offer={draft.offer}
        onResume={() => setValues(draft.resume())}
        onDismiss={draft.dismiss}
      />
      <label>
        Notes
        <input
          value={values.notes}
          onChange={(event) => setValues({ ...values, notes: event.target.value })}
        />
      </label>
      {props.record !== undefined && (
        <button
          type="button"
          onClick={() => {
            setValues({ notes: props.record ?? '', photos: [] });
            setEnabled(true);
          }}
        >
          Load
        </button>
      )}
      {props.photo !== undefined && (
        <button type="button" onClick={() => setValues({ ...values, photos: [props.photo ?? ''] })}>
          Add photo
        </button>
      )}
      <button type="button" onClick={() => void draft.saveNow()}>
        Save draft
      </button>
      <button type="button" onClick={() => void draft.clear()}>
        Submit
      </button>
      <output data-testid="last-saved">{draft.lastSaved === undefined ? 'never' : 'saved'}</output>
    </form>
  );
}

let engine: OfflineEngine;
let n = 0;

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  n += 1;
  localStorage.clear();
  engine = await startOfflineEngine({
    dbName: `form-draft-test-${n}`,
    client: createApiClient({ fetch: () => Promise.reject(new TypeError('offline')) }),
    breaker: createCircuitBreaker(),
  });
  engine.queue.stop();
});
afterEach(() => {
  cleanup();
  engine.stop();
});

function open(props: Extra = {}) {
  return render(
    <StrictMode>
      <OfflineEngineProvider engine={engine}>
        <ToastHost />
        <WalkForm {...props} />
      </OfflineEngineProvider>
    </StrictMode>,
  );
}

const notes = () => screen.getByLabelText<HTMLInputElement>('Notes');
const type = (text: string) => fireEvent.change(notes(), { target: { value: text } });
const stored = () => engine.drafts.list({ homeRID: 'home-1', formTitle: 'Closing walk' });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function storedNotes(): Promise<Array<{ notes: unknown; autosave: boolean }>> {
  return (await stored()).map((d: DraftRow) => ({ notes: d.data['notes'], autosave: d.autosave }));
}

describe('useFormDraft', () => {
  it('saves nothing when a form is only opened', async () => {
    open();
    await pause(400);
    expect(await stored()).toEqual([]);
    expect(screen.getByTestId('last-saved').textContent).toBe('never');
    expect(screen.queryByTestId('draft-offer')).toBeNull();
  });

  it('saves nothing when a form opens on a stored record, until the user changes it', async () => {
    open({ record: 'Notes on the server' });
    fireEvent.click(screen.getByRole('button', { name: 'Load' }));
    expect(notes().value).toBe('Notes on the server');
    await pause(400);
    expect(await stored()).toEqual([]);
    type('Notes on the server, amended');
    await waitFor(async () =>
      expect(await storedNotes()).toEqual([
        { notes: 'Notes on the server, amended', autosave: true },
      ]),
    );
  });

  it('autosaves after a quiet period, each autosave replacing the last', async () => {
    open();
    type('Cracked tile');
    await waitFor(async () =>
      expect(await storedNotes()).toEqual([{ notes: 'Cracked tile', autosave: true }]),
    );
    await waitFor(() => expect(screen.getByTestId('last-saved').textContent).toBe('saved'));
    type('Cracked tile in the hall');
    await waitFor(async () =>
      expect(await storedNotes()).toEqual([{ notes: 'Cracked tile in the hall', autosave: true }]),
    );
  });

  it('saves at once when the page is hidden or closed, without waiting for the quiet', async () => {
    open({ autosaveDelayMs: 60_000 });
    type('Typed just before the tab was killed');
    await pause(100);
    expect(await stored()).toEqual([]);
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    await waitFor(async () =>
      expect(await storedNotes()).toEqual([
        { notes: 'Typed just before the tab was killed', autosave: true },
      ]),
    );
    type('Then the phone locked');
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    try {
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
      await waitFor(async () =>
        expect(await storedNotes()).toEqual([{ notes: 'Then the phone locked', autosave: true }]),
      );
    } finally {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    }
  });

  it('offers the draft when the form opens again; resume fills the form', async () => {
    const first = open({ autosaveDelayMs: 60_000 });
    type('Paint scuff by the door');
    // Leaving the form keeps what was typed.
    first.unmount();
    await waitFor(async () => expect(await stored()).toHaveLength(1));
    const saved = (await stored()).map((d) => d.key);

    open();
    const offer = await screen.findByTestId('draft-offer');
    expect(offer.textContent).toContain(
      'A draft of this form from a moment ago is saved on this device.',
    );
    // Offered, not forced: the form starts empty.
    expect(notes().value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    expect(notes().value).toBe('Paint scuff by the door');
    expect(screen.queryByTestId('draft-offer')).toBeNull();
    // Resuming alone writes nothing new.
    await pause(300);
    expect((await stored()).map((d) => d.key)).toEqual(saved);
  });

  it('discarding the offer deletes the draft', async () => {
    const first = open({ autosaveDelayMs: 60_000 });
    type('Not wanted');
    first.unmount();
    await waitFor(async () => expect(await stored()).toHaveLength(1));

    open();
    await screen.findByTestId('draft-offer');
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(async () => expect(await stored()).toEqual([]));
    expect(screen.queryByTestId('draft-offer')).toBeNull();
    expect(notes().value).toBe('');
  });

  it('leaves no draft after submit, and autosaves nothing after it', async () => {
    open();
    type('Final notes');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByText('Draft saved on this device');
    type('Final notes, checked');
    await waitFor(async () =>
      expect((await storedNotes()).map((d) => d.autosave).sort()).toEqual([false, true]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(async () => expect(await stored()).toEqual([]));
    type('The form stays open after submit');
    await pause(400);
    expect(await stored()).toEqual([]);
  });

  it('"Save draft" updates its own draft in place', async () => {
    open({ autosaveDelayMs: 60_000 });
    type('First');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(async () => expect(await storedNotes()).toEqual([{ notes: 'First', autosave: false }]));
    type('Second');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(async () =>
      expect(await storedNotes()).toEqual([{ notes: 'Second', autosave: false }]),
    );
  });

  it('"Save draft" on a database that does not answer in time falls back and says so', async () => {
    // A database that takes 400 ms to write a draft.
    engine.db.use({
      stack: 'dbcore',
      name: 'slow-drafts',
      create: (down) => ({
        ...down,
        table: (name) => {
          const table = down.table(name);
          return {
            ...table,
            mutate: async (request) => {
              if (name === 'drafts') await pause(400);
              return table.mutate(request);
            },
          };
        },
      }),
    });
    open({ autosaveDelayMs: 60_000, timeouts: { saveMs: 50 } });
    type('Saved while the database hangs');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByText(MESSAGES.saveTimedOut);
    const kept = Object.keys(localStorage).filter((key) => key.startsWith('field-app-draft:'));
    expect(kept).toHaveLength(1);
    // The kept copy is found like any other draft.
    expect((await storedNotes()).map((d) => d.notes)).toEqual(['Saved while the database hangs']);
    await pause(500); // Let the late write finish before the engine stops.
  });

  it('a draft keeps the photo chosen in the form until it is cleared', async () => {
    const photo = await engine.files.add({ blob: new Blob(['jpeg']), name: 'tile.jpg' });
    open({ photo: photo.id });
    fireEvent.click(screen.getByRole('button', { name: 'Add photo' }));
    await waitFor(async () => expect(await stored()).toHaveLength(1));
    // The form lets go of its own copy (it was reloaded): the draft still holds the photo.
    await engine.files.release(photo.id);
    expect(await (await engine.files.read(photo.id)).text()).toBe('jpeg');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(async () => expect(await stored()).toEqual([]));
    await waitFor(async () => expect(await engine.db.files.get(photo.id)).toBeUndefined());
  });
});
