// Content types of stored files: a strict MIME pattern of visible ASCII on upload (a line
// break, or a quoted character above U+00FF, in a type once made every later download of
// the file fail: a header holds no such character), and on download a type and a
// Content-Disposition that never let a stored file run as a page of this origin.

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
// A quoted value: visible ASCII and spaces, no quote or backslash.
const PARAMETER = `[ \\t]*;[ \\t]*${TOKEN}=(?:${TOKEN}|"[\\x20\\x21\\x23-\\x5b\\x5d-\\x7e]*")`;
const MIME_TYPE = new RegExp(`^${TOKEN}/${TOKEN}(?:${PARAMETER})*$`);

const MAX_CONTENT_TYPE_LENGTH = 200;
export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

export function isValidContentType(value: string): boolean {
  return value.length <= MAX_CONTENT_TYPE_LENGTH && MIME_TYPE.test(value);
}

// Images every browser shows and none runs script from: the only types shown inline.
const INLINE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']);

// Types served as stored (always as a download unless inline above). Anything else, and
// above all HTML, SVG, XML and script, is served as plain bytes.
const KEPT = new Set([
  ...INLINE,
  'image/bmp',
  'image/heic',
  'image/heif',
  'image/tiff',
  'application/pdf',
  'application/zip',
  'application/json',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'text/plain',
  'text/csv',
]);
const KEPT_PREFIXES = ['audio/', 'video/', 'application/vnd.openxmlformats-officedocument.'];

function essence(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

/** `filename` (quoted, plain ASCII) and `filename*` (RFC 8187, UTF-8) of a download. */
function dispositionOf(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export interface ServedHeaders {
  'content-type': string;
  'content-disposition': string;
  'x-content-type-options': 'nosniff';
}

/** The headers a stored file is served with, whatever its stored type says. */
export function servedHeaders(storedType: string, fileName: string): ServedHeaders {
  const type = essence(storedType);
  const kept =
    isValidContentType(storedType) &&
    (KEPT.has(type) || KEPT_PREFIXES.some((prefix) => type.startsWith(prefix)));
  return {
    'content-type': kept ? storedType : DEFAULT_CONTENT_TYPE,
    'content-disposition': dispositionOf(
      kept && INLINE.has(type) ? 'inline' : 'attachment',
      fileName,
    ),
    'x-content-type-options': 'nosniff',
  };
}
