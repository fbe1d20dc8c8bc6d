// A Server-Sent Events reader over fetch, as an EventSource sees a stream: for tests of
// the notification stream across processes and shutdowns.

interface SseEvent {
  event: string;
  data: unknown;
}

export interface SseReader {
  status: number;
  headers: Headers;
  /** Settles when the server ends the stream (or close() aborts it). */
  ended: Promise<void>;
  /** Whether the server ended the stream (not close()). */
  endedByServer(): boolean;
  /** The next event (after those already taken) that matches, within `ms`. */
  next(match: (e: SseEvent) => boolean, ms?: number): Promise<SseEvent>;
  close(): Promise<void>;
}

export async function openSse(url: string): Promise<SseReader> {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  const events: SseEvent[] = [];
  const waiters: (() => void)[] = [];
  let buffer = '';
  let byServer = false;
  const pump = async (): Promise<void> => {
    if (response.body === null) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
          const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
          if (event !== undefined && data !== undefined) {
            events.push({ event, data: JSON.parse(data) });
            for (const wake of waiters.splice(0)) wake();
          }
          end = buffer.indexOf('\n\n');
        }
      }
      byServer = true;
    } catch {
      // Aborted by close(), or the connection was cut.
    }
  };
  const pumping = response.ok ? pump() : Promise.resolve();
  let seen = 0;
  return {
    status: response.status,
    headers: response.headers,
    ended: pumping,
    endedByServer: () => byServer,
    async next(match, ms = 5000) {
      const deadline = Date.now() + ms;
      for (;;) {
        while (seen < events.length) {
          const event = events[seen];
          seen += 1;
          if (event !== undefined && match(event)) return event;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching event within ${ms} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    async close() {
      controller.abort();
      await pumping;
    },
  };
}
