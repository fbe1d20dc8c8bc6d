// The path rule of stored files (docs/api.md, Files): `collection/key...`, each segment
// letters, digits, '.', '_' and '-', none empty or only dots, within the widths of the
// files table. The files API checks the paths it is called with by it, and a record's
// file references (`uploadedFiles`, `Photos`) are checked by the same rule, so a record
// never names a path the API would refuse.

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

// The widths of the files table's columns (collection, key, owner_id).
const MAX_COLLECTION = 100;
const MAX_KEY = 400;
const MAX_USER_ID = 64;

/** The folder of a user's own files (`users/{id}/profilePicture`). */
export const USER_FOLDER = 'users';

/** The API path of the files (`/api/files/{collection}/{key}`). */
export const FILES_API_PATH = '/api/files';

export interface FilePath {
  collection: string;
  key: string;
  segments: string[];
}

/**
 * Splits and checks `collection/key...` (a folder: `minSegments` 1); undefined when the
 * path breaks the rule.
 */
export function parseFilePath(raw: string, minSegments = 2): FilePath | undefined {
  const segments = raw.split('/');
  const [collection = '', ...rest] = segments;
  const key = rest.join('/');
  const valid =
    segments.length >= minSegments &&
    segments.every((s) => SEGMENT.test(s) && !/^\.+$/.test(s)) &&
    collection.length <= MAX_COLLECTION &&
    key.length <= MAX_KEY &&
    !(collection === USER_FOLDER && (segments[1]?.length ?? 0) > MAX_USER_ID);
  return valid ? { collection, key, segments } : undefined;
}

/** Whether a file reference (`{collection, key}`) names a path the files API takes. */
export function isValidFileRef(ref: { collection: string; key: string }): boolean {
  return (
    !ref.collection.includes('/') && parseFilePath(`${ref.collection}/${ref.key}`) !== undefined
  );
}
