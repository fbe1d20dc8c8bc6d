// Test-only: a fetch in front of the real server that records every request and can
// lose a response after the server committed, hang after it committed (a tab closed
// mid-request), fail before sending, or answer on its own (503, 429 with Retry-After).

export interface SentRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: unknown;
  startedAt: number;
  endedAt: number | undefined;
}

/** What to do with one request: undefined passes it through. */
export type Fault =
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
}

let clock = 0;
const tick = (): number => (clock += 1);

export function createTestNetwork(baseFetch: typeof fetch = fetch): TestNetwork {
  const network: TestNetwork = {
    requests: [],
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
      network.requests.push(request);
      const fault = network.fault(request);
      if (fault === 'fail') throw new TypeError('Failed to fetch');
      if (fault === 'hang') return new Promise<Response>(() => undefined);
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
      if (fault === 'commit-then-hang') return new Promise<Response>(() => undefined);
      return new Response(text === '' ? null : text, {
        status: response.status,
        headers: response.headers,
      });
    },
  };
  return network;
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}
