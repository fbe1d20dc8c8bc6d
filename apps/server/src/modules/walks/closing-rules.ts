// What the server holds a closing walk's writes to (docs/decisions.md, Signed closing
// walks): its `pdfUrl` names a stored file of its own PDF folder, and once signed it
// stays as signed (the domain's closing-walks.ts says what may change).

import { signedWalkRefusal, walkPdfFileOf } from '@field/domain';
import { AppError, badRequest } from '../../http/errors.js';
import type { WriteContext } from '../../http/write-context.js';
import { fileExists } from '../files/stored-files.js';

/** 400 unless a `pdfUrl` sent (other than empty) names a stored PDF of walk `walkId`. */
export async function checkPdfUrl(
  ctx: WriteContext,
  walkId: string,
  pdfUrl: unknown,
): Promise<void> {
  if (pdfUrl === undefined || pdfUrl === '') return;
  const segments = typeof pdfUrl === 'string' ? walkPdfFileOf(walkId, pdfUrl) : undefined;
  if (segments === undefined || !(await fileExists(ctx.trx, segments))) {
    throw badRequest(`Invalid value for "pdfUrl": name a PDF stored for this walk`);
  }
}

/** 409 with the reason when a change to a stored closing walk would alter what was signed. */
export function checkSignedWalk(
  current: Record<string, unknown>,
  changes: Record<string, unknown>,
): void {
  const refusal = signedWalkRefusal(current, changes);
  if (refusal !== undefined) throw new AppError(409, refusal);
}
