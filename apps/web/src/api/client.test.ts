import { describe, expect, it } from 'vitest';
import { anyJson, createApiClient } from './client';

/** An answer whose body arrives in the given pieces, as a slow network delivers it. */
function chunked(pieces: Uint8Array[]): typeof fetch {
  return () =>
    Promise.resolve(
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            for (const piece of pieces) controller.enqueue(piece);
            controller.close();
          },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      ),
    );
}

describe('API client reading a long answer', () => {
  it('reads an answer that arrives in pieces, a character split across two of them', async () => {
    const bytes = new TextEncoder().encode(
      JSON.stringify([{ Address: '12 Río Lane' }, { Address: '€ 3 Oak' }]),
    );
    // Cut inside the two bytes of "í" and the three of "€".
    const cuts = [0, bytes.indexOf(0xc3) + 1, bytes.indexOf(0xe2) + 2, bytes.length];
    const pieces = cuts.slice(1).map((end, i) => bytes.slice(cuts[i], end));
    const client = createApiClient({ fetch: chunked(pieces) });
    await expect(client.get('/api/homes', anyJson, { long: true })).resolves.toEqual([
      { Address: '12 Río Lane' },
      { Address: '€ 3 Oak' },
    ]);
  });

  it('reads a long list that arrives in many pieces whole and in order', async () => {
    const homes = Array.from({ length: 4000 }, (_, i) => ({ id: `h${i}`, Address: `${i} Elm` }));
    const bytes = new TextEncoder().encode(JSON.stringify(homes));
    const pieces: Uint8Array[] = [];
    for (let at = 0; at < bytes.length; at += 4096) pieces.push(bytes.slice(at, at + 4096));
    const client = createApiClient({ fetch: chunked(pieces) });
    await expect(client.get('/api/homes', anyJson, { long: true })).resolves.toEqual(homes);
  });

  it('gives the bytes of an answer that arrives in pieces, whole and in order', async () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ lists: ['Río', 'Élan', '€'] }));
    const pieces = [bytes.slice(0, 5), bytes.slice(5, 17), bytes.slice(17)];
    const client = createApiClient({ fetch: chunked(pieces) });
    const answer = await client.postBytes('/api/lookups', { ids: ['h1'] });
    expect([...new Uint8Array(answer)]).toEqual([...bytes]);
  });
});
