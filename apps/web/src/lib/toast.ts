// The toast store: a toast closes after 5 s, except the save errors, which stay until
// dismissed. notistack and its host (ui/toast-host.tsx) load with the first toast, not with
// the first screen (/login shows none): a toast asked for earlier waits for the host and
// is shown in order. A toast the app closes itself stays long enough to be read.

import type { OptionsObject, SnackbarKey, SnackbarMessage } from 'notistack';
import { UI } from '@field/domain';

export type ToastKind = 'default' | 'success' | 'error' | 'warning' | 'info';

/** What the mounted host gives: notistack's enqueue and close. */
export interface ToastFunctions {
  enqueueSnackbar: (message: SnackbarMessage, options: OptionsObject) => void;
  closeSnackbar: (key?: SnackbarKey) => void;
}

let wanted = false;
const wantedListeners = new Set<() => void>();
let hostMounted: (notistack: ToastFunctions) => void = () => undefined;
const host = new Promise<ToastFunctions>((resolve) => {
  hostMounted = resolve;
});
/** When each toast with a key was handed to the host, for closeToastOnceRead. */
const shownAt = new Map<SnackbarKey, number>();

/** Whether a toast was asked for: the app then mounts the host (ui/toast-host.tsx). */
export function toastsWanted(): boolean {
  return wanted;
}

export function onToastsWanted(listener: () => void): () => void {
  wantedListeners.add(listener);
  return () => {
    wantedListeners.delete(listener);
  };
}

/** Called by the mounted host: the toasts asked for so far are shown. */
export function toastHostMounted(notistack: ToastFunctions): void {
  hostMounted(notistack);
}

/** A toast with notistack's options (an action, a key to close it by). */
export function showToast(message: SnackbarMessage, options: OptionsObject = {}): void {
  if (!wanted) {
    wanted = true;
    for (const listener of wantedListeners) listener();
  }
  void host.then(({ enqueueSnackbar }) => {
    if (options.key !== undefined) shownAt.set(options.key, Date.now());
    enqueueSnackbar(message, options);
  });
}

/** Closes one toast, or every toast without a key. */
export function closeToast(key?: SnackbarKey): void {
  void host.then(({ closeSnackbar }) => closeSnackbar(key));
}

/**
 * Closes the toast shown with `key` once it has been up for UI.toastMinShownMs ("Syncing your
 * changes…" when the replay ends): closed at once, a quick replay's toast never finished
 * opening. Shown again with the same key meanwhile, the new one stays.
 */
export function closeToastOnceRead(key: SnackbarKey): void {
  void host.then(({ closeSnackbar }) => {
    const shown = shownAt.get(key);
    const close = (): void => {
      if (shownAt.get(key) !== shown) return;
      shownAt.delete(key);
      closeSnackbar(key);
    };
    const wait = shown === undefined ? 0 : shown + UI.toastMinShownMs - Date.now();
    if (wait > 0) setTimeout(close, wait);
    else close();
  });
}

export function toast(message: string, kind: ToastKind = 'default'): void {
  showToast(message, { variant: kind });
}

/** A toast that stays until the user closes it (Error saving data / Error updating data). */
export function persistentToast(message: string, kind: ToastKind = 'error'): void {
  showToast(message, { variant: kind, persist: true });
}
