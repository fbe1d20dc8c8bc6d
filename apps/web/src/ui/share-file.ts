// Hands a file made on the device to the phone's share sheet (Web Share, files level 2)
// where the browser can share it, else offers it as a download.

import { downloadFile } from './download-file';

/** Resolves once shared or offered; rejects with the share's AbortError when cancelled. */
export async function shareFile(file: File): Promise<void> {
  const data = { files: [file], title: file.name };
  if (typeof navigator.share !== 'function' || navigator.canShare?.(data) === false) {
    downloadFile(file, file.name);
    return;
  }
  await navigator.share(data);
}

/** Whether this browser has a share sheet at all (the share button shows only then). */
export function canShareFiles(): boolean {
  return typeof navigator.share === 'function';
}
