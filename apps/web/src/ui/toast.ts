// Toasts of section 8: close after 5 s, except the save errors, which stay until dismissed.

import { closeSnackbar, enqueueSnackbar } from 'notistack';

export type ToastKind = 'default' | 'success' | 'error' | 'warning' | 'info';

export function toast(message: string, kind: ToastKind = 'default'): void {
  enqueueSnackbar(message, { variant: kind });
}

/** A toast that stays until the user closes it (Error saving data / Error updating data). */
export function persistentToast(message: string, kind: ToastKind = 'error'): void {
  enqueueSnackbar(message, { variant: kind, persist: true });
}

export function dismissToasts(): void {
  closeSnackbar();
}
