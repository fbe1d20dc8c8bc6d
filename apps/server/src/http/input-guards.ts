// Guards in front of every route, for inputs no route can take and that would otherwise
// fail deep inside as a 500:
// - a JSON body nested deeper than MAX_JSON_DEPTH (5,000 deep cost deep recursion further
//   on); the parser is Fastify's own (prototype-poisoning checks and all) behind the check;
// - a NUL character in the URL (`%00`) or in a JSON string (`\u0000`): PostgreSQL text
//   cannot hold one, and no field of the API means one.

import type { FastifyInstance } from 'fastify';
import { MESSAGES, jsonTooDeepMessage } from '@field/domain';
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
function nestsDeeperThan(text: string, maxDepth: number): boolean {
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

/** `\u0000` as a JSON escape (not an escaped backslash followed by `u0000`). */
const JSON_NUL = /(?<!\\)(?:\\\\)*\\u0000/i;

/** The default `application/json` parser behind the depth and NUL checks; `%00` refused. */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    done(/%00/.test(request.url) ? new AppError(400, MESSAGES.nulCharacter) : undefined);
  });
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new AppError(400, jsonTooDeepMessage(MAX_JSON_DEPTH)), undefined);
      return;
    }
    if (text.includes('\\') && JSON_NUL.test(text)) {
      done(new AppError(400, MESSAGES.nulCharacter), undefined);
      return;
    }
    // Fastify's default JSON parser is the callback kind: it answers through `done`.
    void parse(request, text, done);
  });
}
