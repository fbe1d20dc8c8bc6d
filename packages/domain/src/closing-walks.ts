// A closing walk is final once signed (docs/decisions.md, Signed closing walks): what the
// buyer and the staff member signed is what stays. Its signatures are written once each;
// once both have signed (or its PDF is named) nothing of it changes but naming its PDF,
// once; and its PDF is a file of that walk's own folder, never any other address.

import { changedFields } from './conflicts.js';
import type { Signature } from './entities.js';
import { SIGNATURE_ROLES } from './entities.js';
import { FILES_API_PATH, parseFilePath } from './file-paths.js';
import { MESSAGES } from './messages.js';
import { WALK_PDF_COLLECTION } from './resources.js';

const signaturesOf = (walk: Readonly<Record<string, unknown>>): Signature[] =>
  Array.isArray(walk['signatures']) ? (walk['signatures'] as Signature[]) : []; // Safe: stored through signatureSchema.

const hasPdf = (walk: Readonly<Record<string, unknown>>): boolean =>
  typeof walk['pdfUrl'] === 'string' && walk['pdfUrl'] !== '';

/** Whether both the buyer and the staff member have signed the walk. */
export function isSignedByBoth(walk: Readonly<Record<string, unknown>>): boolean {
  const signatures = signaturesOf(walk);
  return SIGNATURE_ROLES.every((role) => signatures.some((s) => s.role === role));
}

/**
 * The file a `pdfUrl` names when it is one file of the walk's own PDF folder
 * (`/api/files/walkPdfs/{walkId}/{fileId}`, as the web app's `fileApiPath` makes it); undefined for
 * anything else (another walk's file, another address, a script).
 */
export function walkPdfFileOf(walkId: string, pdfUrl: string): string[] | undefined {
  const start = `${FILES_API_PATH}/`;
  if (!pdfUrl.startsWith(start)) return undefined;
  const file = parseFilePath(pdfUrl.slice(start.length), 3);
  const [collection, folder] = file?.segments ?? [];
  if (file === undefined || file.segments.length !== 3) return undefined;
  return collection === WALK_PDF_COLLECTION && folder === walkId ? file.segments : undefined;
}

/**
 * Why a change to a stored closing walk is refused (its message), or undefined when it
 * may apply: a change of a final walk other than naming its first PDF, or a signature
 * given before and now changed or taken away.
 */
export function signedWalkRefusal(
  current: Readonly<Record<string, unknown>>,
  changes: Readonly<Record<string, unknown>>,
): string | undefined {
  const changed = changedFields(current, { ...current, ...changes });
  if (isSignedByBoth(current) || hasPdf(current)) {
    const allowed = hasPdf(current) ? [] : ['pdfUrl'];
    return changed.every((field) => allowed.includes(field))
      ? undefined
      : MESSAGES.closingWalkSigned;
  }
  if (!changed.includes('signatures')) return undefined;
  const after = signaturesOf(changes);
  const kept = signaturesOf(current).every((given) =>
    after.some((s) => changedFields(given, s).length === 0),
  );
  return kept ? undefined : MESSAGES.signatureGiven;
}
