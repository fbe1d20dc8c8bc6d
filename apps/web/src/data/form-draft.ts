// Drafts in a form (docs/offline.md, Drafts): autosave while typing (after a short quiet, at least
// every few seconds while typing goes on, and at once when the page is hidden, closed or the form
// unmounts), "Save draft" by hand, the newest earlier draft offered (never forced) when the form
// opens, and the form's drafts cleared after submit.

import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { DRAFTS, MESSAGES } from '@field/domain';
import type { DraftRow } from '../offline/database';
import type { DraftInput, DraftStore } from '../offline/drafts';
import { DraftError } from '../offline/drafts';
import { useOptionalOfflineEngine, useSessionUserId } from '../offline/react';
import { belongsTo } from '../offline/session-user';
import { toast } from '../lib/toast';

/** Quiet time before an autosave. */
const AUTOSAVE_DELAY_MS = 1_000;
/** While typing goes on, an autosave still happens after this many quiet periods. */
const MAX_WAIT_FACTOR = 5;

export interface FormDraftOptions<T extends Record<string, unknown>> {
  homeRID: string;
  homeID: string;
  address: string;
  /** The form's name; drafts are per home and form title. */
  formTitle: string;
  /** The draft's own title, shown in draft lists. */
  title: string;
  values: T;
  /**
   * Autosave and the offer run only while true. The values at the moment it becomes true
   * are the form's starting point: set it once they are loaded, so opening makes no draft.
   */
  enabled: boolean;
  /** Device file ids the values reference (photos chosen in the form); a draft keeps them. */
  files?: readonly string[];
  /** Quiet time before an autosave (tests shorten it). */
  autosaveDelayMs?: number;
  /** Save timeouts instead of the domain's 30 s / 10 s (tests). */
  timeouts?: { saveMs?: number; autosaveMs?: number };
}

export interface FormDraft<T extends Record<string, unknown>> {
  /** The newest draft of this home and form from before it opened, not yet resumed or dismissed. */
  offer: DraftRow | undefined;
  /** The offered draft's values; the offer is taken. Throws when there is no offer. */
  resume: () => T;
  /** Deletes the offered draft. */
  dismiss: () => Promise<void>;
  /** "Save draft": 30 s timeout; a fallback or failure is shown as a toast. Never throws. */
  saveNow: () => Promise<void>;
  /**
   * After submit: deletes the drafts this form saved or resumed and the autosaves of its
   * home and form; no autosave follows until `enabled` goes false and true again.
   */
  clear: () => Promise<void>;
  /** When this form last saved a draft (autosave or by hand). */
  lastSaved: number | undefined;
  /** A save (autosave or by hand) is running. */
  saving: boolean;
}

interface SaveState {
  lastSaved: number | undefined;
  saving: boolean;
}

type Notice = 'saved' | 'timedOut' | 'failed' | 'deleteFailed';

/**
 * The form's draft session, outside React: what was written, what is waiting to be
 * autosaved, the form's starting values. The hook feeds it renders and page events.
 */
class FormDraftSession {
  private store: DraftStore | null = null;
  private pending: { timer: ReturnType<typeof setTimeout>; input: DraftInput } | undefined;
  /** When the oldest unsaved change was made (for the max wait). */
  private pendingSince = 0;
  private readonly inflight = new Set<Promise<unknown>>();
  /** Keys this form saved or resumed: never offered back to it, deleted by clear(). */
  private readonly own = new Set<string>();
  /** The manual draft being edited (saved by hand, or resumed), updated in place. */
  private manualKey: string | undefined;
  private latest: { input: DraftInput; serialized: string } | undefined;
  private baseline: string | undefined;
  private dirty = false;
  private armed = false;
  private autosaveFailed = false;
  private running = 0;
  private state: SaveState = { lastSaved: undefined, saving: false };
  private readonly listeners = new Set<() => void>();
  private timing = {
    delayMs: AUTOSAVE_DELAY_MS,
    saveMs: DRAFTS.saveTimeoutMs,
    autosaveMs: DRAFTS.autosaveTimeoutMs,
  };

  constructor(private readonly notify: (notice: Notice, message?: string) => void) {}

  configure(timing: { delayMs: number; saveMs: number; autosaveMs: number }): void {
    this.timing = timing;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): SaveState => this.state;

  private setState(change: Partial<SaveState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }

  /** The form opened (or was enabled): its current values are the starting point. */
  start(store: DraftStore | null): void {
    this.store = store;
    this.baseline = this.latest?.serialized;
    this.dirty = false;
    this.armed = store !== null;
  }

  /** The form closed, was disabled or moved to another home: keep what was typed. */
  stop(): void {
    this.flush();
    this.armed = false;
  }

  isOwn(key: string): boolean {
    return this.own.has(key);
  }

  /** A render's values: autosave after a quiet period once they differ from the start. */
  change(input: DraftInput, serialized: string): void {
    if (this.latest?.serialized === serialized) {
      this.latest = { input, serialized };
      return;
    }
    this.latest = { input, serialized };
    if (!this.armed) return;
    if (!this.dirty && serialized === this.baseline) return;
    this.dirty = true;
    const { delayMs } = this.timing;
    const now = Date.now();
    if (this.pending === undefined) this.pendingSince = now;
    else clearTimeout(this.pending.timer);
    const wait = Math.max(0, Math.min(delayMs, this.pendingSince + delayMs * MAX_WAIT_FACTOR - now));
    this.pending = { timer: setTimeout(() => this.flush(), wait), input };
  }

  /** Saves the waiting autosave now (page hidden or closing, form unmounting). */
  flush(): void {
    const pending = this.pending;
    if (pending === undefined) return;
    clearTimeout(pending.timer);
    this.pending = undefined;
    void this.autosave(pending.input);
  }

  private cancel(): void {
    if (this.pending !== undefined) clearTimeout(this.pending.timer);
    this.pending = undefined;
  }

  private track<R>(work: Promise<R>): Promise<R> {
    this.inflight.add(work);
    this.running += 1;
    this.setState({ saving: true });
    return work.finally(() => {
      this.inflight.delete(work);
      this.running -= 1;
      this.setState({ saving: this.running > 0 });
    });
  }

  private async autosave(input: DraftInput): Promise<void> {
    const store = this.store;
    if (store === null) return;
    try {
      const result = await this.track(
        store.save(input, { autosave: true, timeoutMs: this.timing.autosaveMs }),
      );
      this.own.add(result.draft.key);
      this.autosaveFailed = false;
      this.setState({ lastSaved: Date.now() });
    } catch {
      // Said once, not on every keystroke that follows.
      if (!this.autosaveFailed) this.notify('failed');
      this.autosaveFailed = true;
    }
  }

  async saveNow(): Promise<void> {
    const store = this.store;
    const input = this.latest?.input;
    if (store === null || input === undefined) {
      this.notify('failed');
      return;
    }
    this.cancel();
    try {
      const result = await this.track(
        store.save(input, {
          ...(this.manualKey === undefined ? {} : { key: this.manualKey }),
          timeoutMs: this.timing.saveMs,
        }),
      );
      this.manualKey = result.draft.key;
      this.own.add(result.draft.key);
      this.dirty = true;
      this.setState({ lastSaved: Date.now() });
      if (result.fallback) this.notify('timedOut', result.message);
      else this.notify('saved');
    } catch (error) {
      this.notify('failed', error instanceof DraftError ? error.message : undefined);
    }
  }

  /** The user took a draft: later saves by hand update it; its values are the new start. */
  resumed(draft: DraftRow): void {
    this.cancel();
    this.own.add(draft.key);
    if (!draft.autosave) this.manualKey = draft.key;
    this.baseline = JSON.stringify(draft.data);
    this.dirty = false;
  }

  async clear(homeRID: string, formTitle: string, user: string | null): Promise<void> {
    this.cancel();
    this.armed = false;
    const store = this.store;
    if (store === null) return;
    // A save still running would otherwise land after the delete.
    await Promise.allSettled([...this.inflight]);
    const drafts = await store.list({ homeRID, formTitle });
    const keys = drafts
      .filter((d) => belongsTo(d.author, user) && (d.autosave || this.own.has(d.key)))
      .map((d) => d.key);
    await store.deleteMany(keys);
    this.manualKey = undefined;
  }

  async dismiss(draft: DraftRow): Promise<void> {
    try {
      await this.store?.clear(draft.key);
    } catch (error) {
      this.notify('deleteFailed', error instanceof DraftError ? error.message : undefined);
    }
  }
}

/** Drafts for one form of one home (see the top of the file). */
export function useFormDraft<T extends Record<string, unknown>>(
  options: FormDraftOptions<T>,
): FormDraft<T> {
  const { t } = useTranslation();
  const engine = useOptionalOfflineEngine();
  const store = engine?.drafts ?? null;
  const user = useSessionUserId();
  const { homeRID, homeID, address, formTitle, title, values, enabled, files } = options;
  const delayMs = options.autosaveDelayMs ?? AUTOSAVE_DELAY_MS;
  const saveMs = options.timeouts?.saveMs ?? DRAFTS.saveTimeoutMs;
  const autosaveMs = options.timeouts?.autosaveMs ?? DRAFTS.autosaveTimeoutMs;

  const [session] = useState(
    () =>
      new FormDraftSession((notice, message) => {
        switch (notice) {
          case 'saved':
            toast(t('formDraft.saved'), 'success');
            break;
          case 'timedOut':
            toast(message ?? MESSAGES.saveTimedOut, 'warning');
            break;
          case 'failed':
            toast(message ?? MESSAGES.saveDraftFailed, 'error');
            break;
          case 'deleteFailed':
            toast(message ?? MESSAGES.clearDraftFailed, 'error');
            break;
        }
      }),
  );
  useEffect(() => {
    session.configure({ delayMs, saveMs, autosaveMs });
  }, [session, delayMs, saveMs, autosaveMs]);
  const saveState = useSyncExternalStore(session.subscribe, session.snapshot);

  const serialized = JSON.stringify(values);
  // Declared before the session effect: on the render that enables the form, the values
  // are recorded first and become the starting point.
  useEffect(() => {
    session.change(
      {
        homeRID,
        homeID,
        address,
        formTitle,
        title,
        data: values,
        ...(files === undefined ? {} : { files }),
      },
      serialized,
    );
  }, [session, serialized, values, homeRID, homeID, address, formTitle, title, files]);

  const [offered, setOffered] = useState<{ scope: string; draft: DraftRow } | undefined>();
  const scope = `${homeRID}\u0000${formTitle}`;
  useEffect(() => {
    if (!enabled) return undefined;
    session.start(store);
    let live = true;
    store
      ?.list({ homeRID, formTitle })
      .then((drafts) => {
        const draft = drafts.find((d) => belongsTo(d.author, user) && !session.isOwn(d.key));
        if (live && draft !== undefined) setOffered({ scope, draft });
      })
      .catch(() => undefined);
    const onHide = (): void => {
      if (document.visibilityState === 'hidden') session.flush();
    };
    const onPageHide = (): void => session.flush();
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      live = false;
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onHide);
      session.stop();
    };
  }, [session, store, enabled, homeRID, formTitle, scope, user]);

  const offer = enabled && offered?.scope === scope ? offered.draft : undefined;

  const resume = useCallback((): T => {
    if (offer === undefined) throw new Error('There is no draft to resume');
    session.resumed(offer);
    setOffered(undefined);
    // Safe: the draft was saved from this form's values (same home and form title).
    return offer.data as T;
  }, [offer, session]);

  const dismiss = useCallback(async (): Promise<void> => {
    if (offer === undefined) return;
    setOffered(undefined);
    await session.dismiss(offer);
  }, [offer, session]);

  const saveNow = useCallback(() => session.saveNow(), [session]);

  const clear = useCallback(async (): Promise<void> => {
    setOffered(undefined);
    try {
      await session.clear(homeRID, formTitle, user);
    } catch (error) {
      toast(error instanceof DraftError ? error.message : MESSAGES.clearDraftFailed, 'error');
    }
  }, [session, homeRID, formTitle, user]);

  return {
    offer,
    resume,
    dismiss,
    saveNow,
    clear,
    lastSaved: saveState.lastSaved,
    saving: saveState.saving,
  };
}
