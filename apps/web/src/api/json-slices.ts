// A big JSON list parsed a slice at a time (issue 11): one `JSON.parse` of the 10,000-home
// list (megabytes of text) held the main thread for over 100 ms after sign-in. The text is
// scanned for the list's top-level elements (strings and nesting followed, so a comma
// inside a value never splits it), and each slice of elements is parsed on its own, the
// main thread yielding in between. Anything that is not a plain list is parsed in one go.

import { budgetedYield } from '../lib/yield-to-main';

/** Texts shorter than this are parsed in one go (a task of a few milliseconds). */
const SLICED_JSON_MIN = 512 * 1024;
/** About this much text per slice (scanning and parsing it takes a millisecond or two). */
const SLICE_CHARS = 32 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * The value of a JSON text, parsed in slices when it is a long list; throws as JSON.parse
 * does on a malformed text.
 */
export async function parseJsonInSlices(
  text: string,
  sliceChars: number = SLICE_CHARS,
  minLength: number = SLICED_JSON_MIN,
): Promise<unknown> {
  const first = text.trimStart();
  const start = text.length - first.length;
  if (text.length < minLength || first.charCodeAt(0) !== OPEN_BRACKET) return JSON.parse(text);
  const items: unknown[] = [];
  const pause = budgetedYield();
  let depth = 0;
  let inString = false;
  let sliceStart = start + 1;
  let end = -1;
  for (let i = start + 1; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i += 1;
      else if (code === QUOTE) inString = false;
      continue;
    }
    if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACE || code === OPEN_BRACKET) depth += 1;
    else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      if (depth === 0) {
        end = i;
        break;
      }
      depth -= 1;
    } else if (code === COMMA && depth === 0 && i - sliceStart >= sliceChars) {
      // Safe: JSON.parse of a list gives a list.
      items.push(...(JSON.parse(`[${text.slice(sliceStart, i)}]`) as unknown[]));
      sliceStart = i + 1;
      await pause();
    }
  }
  if (end < 0 || text.slice(end + 1).trim() !== '') return JSON.parse(text);
  const rest = text.slice(sliceStart, end);
  if (rest.trim() !== '') items.push(...(JSON.parse(`[${rest}]`) as unknown[]));
  return items;
}
