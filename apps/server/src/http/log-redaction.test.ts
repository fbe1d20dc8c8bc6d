// At LOG_LEVEL=debug every request is logged: a reset link's token, a stream ticket and a
// provider's code never reach the log (log-redaction.ts), over real HTTP.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../test/test-server.js';
import { getTestServer, groupScope } from '../test/test-server.js';

describe('the debug log', () => {
  let server: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    server = await getTestServer('sqlite', {
      env: { LOG_LEVEL: 'debug' },
      server: { logStream: { write: (line) => lines.push(line) } },
    });
  });
  afterAll(() => server.close());

  it('logs the pages and calls asked for, never the secrets in their URLs', async () => {
    const me = await server.createUser({ scopes: [groupScope('builder')] });
    const ticket = (
      await server.client(me.token).post<{ ticket: string }>('/notifications/stream-ticket')
    ).body.ticket;
    const secrets = ['reset-secret-0123456789abcdef', ticket, 'provider-code-42', 'state-99'];
    await fetch(`${server.url}/reset-password?token=${secrets[0]}`);
    await fetch(`${server.url}/invitation?lang=en&Token=${secrets[0]}`);
    const stream = new AbortController();
    const opened = await fetch(`${server.url}/api/notifications/stream?ticket=${ticket}`, {
      signal: stream.signal,
    });
    expect(opened.status).toBe(200);
    stream.abort();
    await fetch(
      `${server.url}/api/auth/providers/google/callback?code=${secrets[2]}&state=${secrets[3]}`,
    );

    const log = lines.join('\n');
    expect(log).toContain('/reset-password?token=[redacted]');
    expect(log).toContain('/invitation?lang=en&Token=[redacted]');
    expect(log).toContain('/api/notifications/stream?ticket=[redacted]');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
