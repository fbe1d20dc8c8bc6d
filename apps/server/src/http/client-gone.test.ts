// A phone that loses its signal while a large answer is being made (a compressed list, a
// batch's answers) closes the connection before the first byte: that is the field's daily
// weather, not a fault of the server, and must not be logged as one ("request failed" at
// error level, which is what an operator is paged for). A stream that really fails is.
// The answers here are JSON streams that produce nothing until told, served by a route added
// for the test behind the real hooks (compression among them) and error handler.

import net from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@field/domain';
import type { TestServer } from '../test/test-server.js';
import { getTestServer, groupScope } from '../test/test-server.js';

interface LogLine {
  level: number;
  msg: string;
  err?: { message: string };
}

/** Levels of pino, the server's logger. */
const INFO = 30;
const ERROR = 50;

describe('a client that goes away before its answer', () => {
  let server: TestServer;
  let token: string;
  const lines: LogLine[] = [];
  /** The streams the routes answered with, in order. */
  const answers: PassThrough[] = [];

  beforeAll(async () => {
    server = await getTestServer('sqlite', {
      env: { LOG_LEVEL: 'info' },
      server: {
        logStream: { write: (line) => lines.push(JSON.parse(line) as LogLine) },
        extraApiRoutes: (api) => {
          // A POST with a body, as the write queue's batches are: its request is read to
          // the end before the answer starts (a GET's is not, and Node reports it aborted).
          api.post('/test/slow-answer', async (_request, reply) => {
            const answer = new PassThrough();
            answers.push(answer);
            return reply.type('application/json').send(answer);
          });
        },
      },
    });
    token = (await server.createUser({ scopes: [groupScope('manager')] })).token;
  });
  afterAll(() => server.close());

  /** Sends the POST on a connection of its own; resolves once the route has answered. */
  async function openRequest(): Promise<{ socket: net.Socket; answer: PassThrough }> {
    const url = new URL(server.url);
    const count = answers.length;
    const socket = net.connect(Number(url.port), url.hostname);
    socket.write(
      `POST /api/test/slow-answer HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${token}\r\n` +
        'Accept-Encoding: br\r\nContent-Type: application/json\r\nContent-Length: 2\r\n' +
        'Connection: close\r\n\r\n{}',
    );
    await expect.poll(() => answers.length, { timeout: 5000 }).toBe(count + 1);
    const answer = answers[count];
    if (answer === undefined) throw new Error('the route did not answer');
    return { socket, answer };
  }

  it('is noted, not logged as a failed request, whether it closes or resets the connection', async () => {
    for (const close of ['end', 'reset'] as const) {
      const before = lines.length;
      const { socket } = await openRequest();
      if (close === 'end') socket.destroy();
      else socket.resetAndDestroy();
      await expect
        .poll(() => lines.slice(before).map((line) => line.msg), { timeout: 5000 })
        .toContain('client went away before the answer');
      expect(lines.slice(before).filter((line) => line.level >= ERROR)).toEqual([]);
      expect(lines.slice(before).find((line) => line.msg.startsWith('client went'))?.level).toBe(
        INFO,
      );
    }
  });

  it('still logs a stream that fails while the client waits, and answers the catalogue message as plain JSON', async () => {
    const before = lines.length;
    const { socket, answer } = await openRequest();
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    answer.destroy(new Error('the disk went away'));
    await closed;
    const [head = '', body] = Buffer.concat(received).toString('utf8').split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 500 /);
    // Not the brotli stream's encoding: the error's answer is not compressed.
    expect(head).not.toMatch(/^content-encoding:/im);
    expect(head).toMatch(/^content-type: application\/json/im);
    expect(JSON.parse(body ?? '')).toEqual({ error: MESSAGES.unexpectedError });
    // Once by the error handler (the compression plugin logs its failed pipeline too).
    const failed = lines
      .slice(before)
      .filter((line) => line.level >= ERROR && line.msg === 'request failed');
    expect(failed.map((line) => line.err?.message)).toEqual(['the disk went away']);
  });
});
