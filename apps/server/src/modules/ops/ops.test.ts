// What the people who run the app read (docs/operations.md): /metrics after a known mix of
// requests holds their counts; it answers its token only, and is not there without one;
// /api/health/ready says which part fails.

import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDialects } from '../../test/databases.js';
import { insertFixture } from '../../test/fixture.js';
import type { ApiClient, TestServer } from '../../test/test-server.js';
import { TEST_PASSWORD, getTestServer, groupScope } from '../../test/test-server.js';

const TOKEN = 'metrics-token-of-the-test-run';
const SUBMIT = '/field_communication/phoneCalls/submit';

/** One sample's value from Prometheus's text format, 0 when the sample is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-z_:]+)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (match?.[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (wanted.every((pair) => present.includes(pair))) return Number(match[3]);
  }
  return 0;
}

describe.each(await availableDialects())('metrics and readiness on %s', (dialect) => {
  let server: TestServer;
  let manager: ApiClient;
  let managerEmail: string;
  beforeAll(async () => {
    server = await getTestServer(dialect, { env: { METRICS_TOKEN: TOKEN } });
    await insertFixture(server);
    const created = await server.createUser({ scopes: [groupScope('manager')] });
    manager = server.client(created.token);
    managerEmail = created.email;
  });
  afterAll(() => server.close());

  const scrape = (authorization?: string) =>
    fetch(`${server.url}/metrics`, {
      headers: authorization === undefined ? {} : { authorization },
    });
  const call = (notes: string) => ({
    Home: 'h3',
    Staff: 'emp-1',
    Date: '2026-11-27T08:00:00.000Z',
    Notes: notes,
    Voicemail: false,
  });

  it('counts requests, sign-in failures, conflicts, replays and batches', async () => {
    const before = await (await scrape(`Bearer ${TOKEN}`)).text();
    const count = (text: string, name: string, labels?: Record<string, string>) =>
      sample(text, name, labels) - sample(before, name, labels);

    for (let i = 0; i < 3; i += 1) expect((await manager.get('/health')).status).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      const wrong = await server.client(undefined).post('/auth/login', {
        email: managerEmail,
        password: `${TEST_PASSWORD} wrong`,
      });
      expect(wrong.status).toBe(401);
    }
    // A write sent twice under one key: the second gets the stored answer.
    const first = await manager.post<{ id: string; updatedAt: string }>(SUBMIT, call('once'), {
      'idempotency-key': 'metrics-replay',
    });
    expect(first.status).toBe(201);
    const again = await manager.post(SUBMIT, call('once'), { 'idempotency-key': 'metrics-replay' });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    // Two edits from the same base: the second is a conflict.
    const base = { updatedAt: first.body.updatedAt, fields: { Notes: 'once', Voicemail: false } };
    const patch = `/field_communication/phoneCalls/update?id=${first.body.id}`;
    expect((await manager.patch(patch, { Notes: 'one', Voicemail: false, base })).status).toBe(200);
    expect((await manager.patch(patch, { Notes: 'two', Voicemail: false, base })).status).toBe(409);
    const batch = await manager.post('/batch', {
      writes: ['a', 'b', 'c'].map((key) => ({
        key: `metrics-${key}`,
        method: 'POST',
        path: `/api${SUBMIT}`,
        body: call(key),
      })),
    });
    expect(batch.status).toBe(200);

    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    const health = { method: 'GET', route: '/api/health', status: '200' };
    expect(count(text, 'field_http_requests_total', health)).toBe(3);
    expect(count(text, 'field_sign_in_failures_total', { reason: 'credentials' })).toBe(2);
    expect(count(text, 'field_write_replays_total')).toBe(1);
    expect(
      count(text, 'field_conflicts_total', { route: '/api/field_communication/phoneCalls/update' }),
    ).toBe(1);
    expect(count(text, 'field_batch_writes_count')).toBe(1);
    expect(count(text, 'field_batch_writes_sum')).toBe(3);
    const timed = { method: 'GET', route: '/api/health', le: '+Inf' };
    expect(count(text, 'field_http_request_duration_seconds_bucket', timed)).toBe(3);
    expect(sample(text, 'field_db_query_duration_seconds_count')).toBeGreaterThan(0);
    expect(sample(text, 'field_notification_streams')).toBe(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    if (dialect === 'postgres') expect(text).toContain('field_db_pool_connections{state="idle"}');
    // Routes by pattern: no record id among the labels.
    expect(text).not.toContain(first.body.id);
  });

  it('answers its token only', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape('Bearer not-the-token')).status).toBe(401);
    const wrong = await scrape(`Bearer ${TOKEN}x`);
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain('field_http_requests_total');
  });

  it('is ready when the database and the file store answer, and says which part fails', async () => {
    const ready = await fetch(`${server.url}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', database: 'ok', files: 'ok' });

    // The files folder replaced by a file: uploads could not be stored.
    const folder = path.join(server.dataDir, 'files');
    await rm(folder, { recursive: true, force: true });
    await writeFile(folder, 'not a folder');
    try {
      const failing = await fetch(`${server.url}/api/health/ready`);
      expect(failing.status).toBe(503);
      expect(await failing.json()).toMatchObject({
        status: 'unavailable',
        database: 'ok',
        files: 'failing',
      });
    } finally {
      await rm(folder, { force: true });
      await mkdir(folder);
    }
  });
});

describe('metrics without METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer('sqlite');
  });
  afterAll(() => server.close());

  it('are not served', async () => {
    const response = await fetch(`${server.url}/metrics`, {
      headers: { authorization: 'Bearer ' },
    });
    expect(await response.text()).not.toContain('field_http_requests_total');
  });
});
