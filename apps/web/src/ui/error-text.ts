import type { TFunction } from 'i18next';
import { WorkerStartError } from '../lib/worker-request';

/** A caught error's text, for a dialog or a toast. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Why a PDF could not be made, in the user's words: its maker is not on the device yet (the
 * worker's script did not load: offline before the app finished downloading), or the error's
 * own text.
 */
export function pdfErrorText(t: TFunction, error: unknown): string {
  return error instanceof WorkerStartError ? t('pdf.notOnDevice') : errorText(error);
}
