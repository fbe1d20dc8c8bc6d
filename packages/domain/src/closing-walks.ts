// A closing walk is final once signed (docs/decisions.md, Signed closing walks): what the
// buyer and the staff member signed is what stays. Its signatures are written once each;
// once both have signed (or its PDF is named) nothing of it changes but naming its PDF,
// once; and its PDF is a file of that walk's own folder, never any other address. A change
// after signing is a new walk, an amendment, that names the walk it amends (`amends`) and
// takes the next number (`amendment`, the server's): the signed one stays as it was
// (docs/decisions.md, Amending a signed walk).

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

/** Whether a closing walk is final: both have signed, or its PDF is named. */
export function isFinalWalk(walk: Readonly<Record<string, unknown>>): boolean {
  return isSignedByBoth(walk) || hasPdf(walk);
}

/** The id of the walk a closing walk amends; undefined for one that amends none. */
export function amendsOf(walk: Readonly<Record<string, unknown>>): string | undefined {
  const amends = walk['amends'];
  return typeof amends === 'string' && amends !== '' ? amends : undefined;
}

/** A closing walk's amendment number: 0 for the signed original, then 1, 2, ... */
export function amendmentNumberOf(walk: Readonly<Record<string, unknown>>): number {
  const number = walk['amendment'];
  return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : 0;
}

/**
 * Why a new closing walk that amends `amended` is refused (status and message), or
 * undefined when it may be made: the amended walk must exist, be of the same home and type,
 * be final (an unsigned walk is changed itself), and have no other amendment yet (the
 * latest of a chain is amended, so the chain never forks). `others` are the home's
 * closing walks other than the new one.
 */
export function amendmentRefusal(
  amended: Readonly<Record<string, unknown>> | undefined,
  input: { readonly type: unknown; readonly home: unknown },
  others: readonly Readonly<Record<string, unknown>>[],
): { status: 400 | 409; message: string } | undefined {
  if (
    amended === undefined ||
    amended['type'] !== input.type ||
    (amended['HomeRID'] ?? amended['selectedHome']) !== input.home
  ) {
    return {
      status: 400,
      message: 'Invalid value for "amends": name a closing walk of the same home and type',
    };
  }
  if (!isFinalWalk(amended)) return { status: 409, message: MESSAGES.amendsUnsignedWalk };
  if (others.some((walk) => amendsOf(walk) === amended['id'])) {
    return { status: 409, message: MESSAGES.amendedAlready };
  }
  return undefined;
}

/**
 * The walks of `walkId`'s chain, oldest first: the signed original, then each amendment
 * in turn. Just the walk when it amends none and none amends it.
 */
export function amendmentChain<W extends Readonly<Record<string, unknown>> & { id: string }>(
  walks: readonly W[],
  walkId: string,
): W[] {
  const byId = new Map(walks.map((walk) => [walk.id, walk]));
  let first = byId.get(walkId);
  if (first === undefined) return [];
  const seen = new Set([first.id]);
  for (let back = amendsOf(first); back !== undefined && !seen.has(back);) {
    const earlier = byId.get(back);
    if (earlier === undefined) break;
    seen.add(back);
    first = earlier;
    back = amendsOf(earlier);
  }
  const chain = [first];
  for (let last: W | undefined = first; last !== undefined;) {
    const current: W = last;
    last = walks.find((walk) => amendsOf(walk) === current.id && !chain.includes(walk));
    if (last !== undefined) chain.push(last);
  }
  return chain;
}

/**
 * The ids of the walks an amendment stands in for: whatever reads "the closing walk of a
 * home" takes the latest amendment, and these stay reachable as what was signed.
 */
export function supersededWalks(walks: readonly Readonly<Record<string, unknown>>[]): Set<string> {
  return new Set(walks.flatMap((walk) => amendsOf(walk) ?? []));
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
