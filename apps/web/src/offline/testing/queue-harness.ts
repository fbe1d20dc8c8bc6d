// Test-only: what the write queue's behavioural tests share. `setUpQueueTests(name)` starts
// the real API server for the test file and gives each test a fresh database and a
// recording, fault-injecting network (testing/network.ts); `server`, `db` and `network`
// are live bindings that name the current test's.

import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { ApiClient } from '../../api/client';
import { createApiClient } from '../../api/client';
import type { FieldDatabase } from '../database';
import { openFieldDatabase } from '../database';
import { createDefaultHandlers } from '../mutation-handlers';
import { MutationQueue } from '../mutation-queue';
import type { QueueLock } from '../queue-lock';
import type { TestNetwork } from './network';
import { createTestNetwork } from './network';
import type { RealServer } from './real-server';
import { startRealServer } from './real-server';

// Live bindings: each test's own, set by the hooks below.
export let server: RealServer;
export let db: FieldDatabase;
export let network: TestNetwork;

/** Registers the hooks of a queue test file; `name` keeps its databases apart. */
export function setUpQueueTests(name: string): void {
  let dbCounter = 0;
  beforeAll(async () => {
    server = await startRealServer();
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    dbCounter += 1;
    db = openFieldDatabase(`${name}-${dbCounter}`);
    network = createTestNetwork();
  });
}

/** A lock held by nobody else: each instance acts as its own tab whose lock died with it. */
const ownLock: QueueLock = {
  runExclusive: async (task) => ({ acquired: true, value: await task() }),
};

export function makeClient(): ApiClient {
  const client = createApiClient({
    baseUrl: server.url,
    fetch: (input, init) => network.fetch(input, init),
  });
  client.setToken(server.token);
  return client;
}

type QueueOverrides = Partial<ConstructorParameters<typeof MutationQueue>[0]>;

/** A queue over the test's database and network that sends only when the test asks. */
export function makeQueue(
  overrides: QueueOverrides = {},
  client: ApiClient = makeClient(),
): MutationQueue {
  return new MutationQueue({
    db,
    client,
    handlers: createDefaultHandlers(),
    lock: ownLock,
    isOnline: () => true,
    processOnEnqueue: false,
    backoffMs: () => 0,
    ...overrides,
  });
}

/** A phone call submit whose mutation id (the Idempotency-Key) is the record id too. */
export function call(id: string, notes = 'Called the buyer') {
  return {
    id,
    type: 'phoneCall',
    operation: 'submit',
    data: {
      id,
      Home: 'h1',
      Staff: 'emp-2',
      Date: '2026-11-01T10:00:00.000Z',
      Notes: notes,
      Voicemail: false,
    },
  };
}

export const callsOf = async (): Promise<number> => server.count('phoneCalls');
