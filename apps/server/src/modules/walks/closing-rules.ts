// What the server holds a closing walk's writes to (docs/decisions.md, Signed closing
// walks): its `pdfUrl` names a stored file of its own PDF folder, and once signed it
// stays as signed (the domain's closing-walks.ts says what may change); a change after
// signing is a new walk that amends it (docs/decisions.md, Amending a signed walk).

import {
  amendmentNumberOf,
  amendmentRefusal,
  signedWalkRefusal,
  walkPdfFileOf,
} from '@field/domain';
import { AppError, badRequest } from '../../http/errors.js';
import type { WriteContext } from '../../http/write-context.js';
import { fileExists } from '../files/stored-files.js';
import type { RouteDeps } from '../records/deps.js';
import { storedData } from '../records/record-writes.js';

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

/**
 * The amendment fields the server sets on a new closing walk `id` of `homeRid`: for one
 * that amends a walk (`amends`), the next number of that walk's chain; none otherwise (an
 * `amendment` a client sends is never taken). 400 or 409 when the walk named may not be
 * amended (the domain's `amendmentRefusal`).
 */
export async function amendmentFields(
  ctx: WriteContext,
  deps: RouteDeps,
  walk: { id: string; homeRid: string; input: Record<string, unknown> },
): Promise<{ amendment?: number }> {
  const amends = walk.input['amends'];
  if (typeof amends !== 'string') return {};
  // Two devices amending the same walk at once: the second waits here for the first to
  // commit, then finds its amendment and is refused (one chain, never a fork).
  await deps.records.hold(ctx.trx, 'closing', amends);
  const row = await deps.records.find(ctx.trx, 'closing', amends);
  const amended =
    row === undefined || row.deleted_at !== null ? undefined : { ...storedData(row), id: row.id };
  const others = (await deps.records.listOfHome(ctx.trx, 'closing', walk.homeRid))
    .filter((other) => other.id !== walk.id)
    .map(storedData);
  const refusal = amendmentRefusal(
    amended,
    { type: walk.input['type'], home: walk.homeRid },
    others,
  );
  if (refusal !== undefined) throw new AppError(refusal.status, refusal.message);
  return { amendment: amendmentNumberOf(amended ?? {}) + 1 };
}
