// The JSON body parser of the whole server: Fastify's own (prototype-poisoning checks and
// all) behind a nesting limit. No body of the API nests deeper than a few levels; a body
// nested thousands deep cost deep recursion further on (a 500), so it is a 400 before it
// is parsed.

import type { FastifyInstance } from 'fastify';
import { jsonTooDeepMessage } from '@field/domain';
import { AppError } from './errors.js';

/** The deepest nesting of objects and arrays a JSON body may have. */
export const MAX_JSON_DEPTH = 64;

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/** The index just past the string that opens at `start` (a quote), or text.length. */
function skipString(text: string, start: number): number {
  let at = start + 1;
  for (;;) {
    const quote = text.indexOf('"', at);
    if (quote === -1) return text.length;
    let backslashes = 0;
    for (let i = quote - 1; i > start && text.charCodeAt(i) === BACKSLASH; i--) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    at = quote + 1;
  }
}

/**
 * Whether JSON text nests objects and arrays deeper than `maxDepth`. One pass over the
 * text, strings skipped with indexOf (a 30 MB base64 upload is one string), no parsing:
 * malformed text is left to the parser to refuse.
 */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let at = 0;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) {
      at = skipString(text, at);
      continue;
    }
    if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      depth++;
      if (depth > maxDepth) return true;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      depth--;
    }
    at++;
  }
  return false;
}

/** Replaces the default `application/json` parser with the same one behind the depth limit. */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new AppError(400, jsonTooDeepMessage(MAX_JSON_DEPTH)), undefined);
      return;
    }
    // Fastify's default JSON parser is the callback kind: it answers through `done`.
    void parse(request, text, done);
  });
}
