// Test-only: a fetch in front of the real server that records every request and can
// lose a response after the server committed, hang after it committed (a tab closed
// mid-request), fail before sending, or answer on its own (503, 429 with Retry-After).
// A batch request (`POST /api/batch`) is recorded as the writes it carries, each with its
// own fate: a made-up answer replaces that write's answer (the rest go to the server),
// and a lost, failed or hanging write takes the whole request with it, as it would.

import type { BatchedWrite } from '@field/domain';
import { API_PATHS } from '../../api/client';

export interface SentRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: unknown;
  startedAt: number;
  endedAt: number | undefined;
}

/** What to do with one request: undefined passes it through. */
type Fault =
  | undefined
  | 'lose-response'
  | 'fail'
  | 'hang'
  | 'commit-then-hang'
  | { respond: () => Response }
  | { delayMs: number };

export interface TestNetwork {
  fetch: typeof fetch;
  requests: SentRequest[];
  /** Decides the fate of each request; replace it per test. */
  fault: (request: SentRequest) => Fault;
  /** Requests sent with this idempotency key. */
  sentWithKey(key: string): SentRequest[];
  /** The number of writes of each batch request, in order. */
  batches: number[];
}

const never = (): Promise<Response> => new Promise<Response>(() => undefined);

let clock = 0;
const tick = (): number => (clock += 1);

export function createTestNetwork(baseFetch: typeof fetch = fetch): TestNetwork {
  const network: TestNetwork = {
    requests: [],
    batches: [],
    fault: () => undefined,
    sentWithKey: (key) => network.requests.filter((r) => r.idempotencyKey === key),
    fetch: async (input, init) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      );
      const headers = new Headers(init?.headers);
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const request: SentRequest = {
        method: init?.method ?? 'GET',
        path: url.pathname + url.search,
        idempotencyKey: headers.get('Idempotency-Key') ?? undefined,
        body,
        startedAt: tick(),
        endedAt: undefined,
      };
      if (request.method === 'POST' && url.pathname === API_PATHS.batch) {
        return sendBatch(url, headers, body);
      }
      network.requests.push(request);
      const fault = network.fault(request);
      if (fault === 'fail') throw new TypeError('Failed to fetch');
      if (fault === 'hang') return never();
      if (typeof fault === 'object' && 'respond' in fault) {
        request.endedAt = tick();
        return fault.respond();
      }
      if (typeof fault === 'object' && 'delayMs' in fault) {
        await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
      }
      // Node's fetch gets plain values: jsdom's AbortSignal is not the one it accepts.
      const response = await baseFetch(url.href, {
        method: request.method,
        headers: Object.fromEntries(headers.entries()),
        ...(typeof init?.body === 'string' ? { body: init.body } : {}),
      });
      const text = await response.text();
      request.endedAt = tick();
      if (fault === 'lose-response') throw new TypeError('Failed to fetch');
      // The server has it; the page dies before the answer arrives.
      if (fault === 'commit-then-hang') return never();
      return new Response(text === '' ? null : text, {
        status: response.status,
        headers: response.headers,
      });
    },
  };

  async function sendBatch(url: URL, headers: Headers, body: unknown): Promise<Response> {
    const writes = (body as { writes: BatchedWrite[] }).writes; // Safe: the queue's own body.
    network.batches.push(writes.length);
    const sent = writes.map((write): SentRequest => ({
      method: write.method,
      path: write.path,
      idempotencyKey: write.key,
      body: write.body,
      startedAt: tick(),
      endedAt: undefined,
    }));
    network.requests.push(...sent);
    const faults = sent.map((request) => network.fault(request));
    if (faults.includes('fail')) throw new TypeError('Failed to fetch');
    if (faults.includes('hang')) return never();
    const delay = Math.max(
      0,
      ...faults.map((f) => (typeof f === 'object' && 'delayMs' in f ? f.delayMs : 0)),
    );
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    const madeUp = faults.map((f) =>
      typeof f === 'object' && 'respond' in f ? f.respond() : undefined,
    );
    const toServer = writes.filter((_write, index) => madeUp[index] === undefined);
    let served: unknown[] = [];
    if (toServer.length > 0) {
      const response = await baseFetch(url.href, {
        method: 'POST',
        headers: Object.fromEntries(headers.entries()),
        body: JSON.stringify({ writes: toServer }),
      });
      const text = await response.text();
      if (!response.ok)
        return new Response(text, { status: response.status, headers: response.headers });
      served = (JSON.parse(text) as { results: unknown[] }).results; // Safe: the server's answer.
    }
    const ended = tick();
    for (const request of sent) request.endedAt = ended;
    if (faults.includes('lose-response')) throw new TypeError('Failed to fetch');
    if (faults.includes('commit-then-hang')) return never();
    const results: unknown[] = [];
    for (const [index, write] of writes.entries()) {
      const own = madeUp[index];
      if (own === undefined) {
        results.push(served.shift());
        continue;
      }
      const retryAfter = own.headers.get('Retry-After');
      results.push({
        key: write.key,
        status: own.status,
        body: (await own.json()) as unknown,
        ...(retryAfter === null ? {} : { retryAfter: Number(retryAfter) }),
      });
    }
    return jsonResponse(200, { results });
  }

  return network;
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}
