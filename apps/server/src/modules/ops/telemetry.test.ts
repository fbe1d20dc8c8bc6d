// Server telemetry (docs/operations.md, Telemetry) against a local stand-in for Sentry:
// one trace per request named by the route's pattern, one event per fault with the route
// and release, nothing of a request's token; and nothing sent, nor the SDK loaded, without
// SENTRY_DSN.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION } from '@field/domain';
import type { TelemetryReceiver } from '../../test/telemetry-receiver.js';
import { startTelemetryReceiver } from '../../test/telemetry-receiver.js';
import type { TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope } from '../../test/test-server.js';

describe('server telemetry', () => {
  let receiver: TelemetryReceiver;
  let server: TestServer;
  beforeAll(async () => {
    receiver = await startTelemetryReceiver();
    server = await getTestServer('sqlite', {
      env: { SENTRY_DSN: receiver.dsn, SENTRY_ENVIRONMENT: 'test' },
      server: {
        extraApiRoutes: (api) =>
          api.get('/test-fault', () => Promise.reject(new Error('kaboom in a handler'))),
      },
    });
  });
  afterAll(async () => {
    await receiver.close();
  });

  it('sends a trace per request and each fault with its route and release, never a token', async () => {
    const user = await server.createUser({ scopes: [groupScope('manager')] });
    const client = server.client(user.token);
    expect((await client.get('/health')).status).toBe(200);
    expect((await client.get('/field_homes/listActive')).status).toBe(200);
    const fault = await client.get('/test-fault?token=secret-in-a-query');
    expect(fault.status).toBe(500);
    expect(JSON.stringify(fault.body)).not.toContain('kaboom');
    // Closing flushes what is still queued.
    await server.close();

    expect(receiver.traces()).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'GET /api/field_homes/listActive',
        'GET /api/test-fault',
      ]),
    );
    const errors = receiver.items.filter((i) => i.type === 'event');
    expect(errors).toHaveLength(1);
    const event = errors[0]?.json ?? {};
    expect(JSON.stringify(event['exception'])).toContain('kaboom in a handler');
    expect(event['release']).toBe(APP_VERSION);
    expect(event['environment']).toBe('test');
    expect(event['tags']).toMatchObject({ route: '/api/test-fault', method: 'GET' });
    const sent = receiver.raw();
    expect(sent).not.toContain(user.token);
    expect(sent).not.toContain('secret-in-a-query');
    expect(sent).not.toContain(user.email);
  });
});

describe('server telemetry without SENTRY_DSN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer('sqlite');
  });
  afterAll(() => server.close());

  it('tells the web app there is none, and the content policy allows no other origin', async () => {
    const settings = await fetch(`${server.url}/api/telemetry`);
    expect(await settings.json()).toEqual({
      dsn: null,
      environment: 'production',
      release: APP_VERSION,
    });
    expect(settings.headers.get('content-security-policy')).toContain("connect-src 'self';");
  });
});
