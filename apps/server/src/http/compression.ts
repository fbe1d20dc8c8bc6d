// Answers compressed on the fly with @fastify/compress: brotli (quality 4, its recommended
// speed for dynamic answers) or gzip, whichever the client accepts, when the body is at
// least 1 KB and of a text type. List answers are large and repetitive JSON, so they
// shrink several times over. The built web app is not compressed here: its files come
// precompressed from the build (static.ts). Never compressed: the notification stream
// (an event stream, written past Fastify's hooks), images and other binary downloads
// (already compressed), and anything for a client that does not ask.

import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Smaller answers gain less than a compressed stream's own overhead. */
const COMPRESS_MIN_BYTES = 1024;

/** JSON, text (not event streams), JavaScript, CSS, SVG and XML. */
const COMPRESSIBLE = /^text\/(?!event-stream)|[/+]json(?:;|$)|javascript|[/+]xml(?:;|$)/;

/** Registers compression for every route registered after it. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_MIN_BYTES,
    customTypes: COMPRESSIBLE,
    // Request bodies are never compressed by our clients; inflating them would let a small
    // upload grow past the body limit.
    globalDecompression: false,
  });
}
