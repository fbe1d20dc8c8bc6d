// The trade page's calls (docs/api.md, Trade links): the link's token from the address's
// fragment (never sent to a server by the browser, nor in a Referer), in its own header.

import type { TradeLinkRefusal, TradeView } from '@field/domain';

/** The header the server reads the token from (the domain's TRADE_TOKEN_HEADER). */
const TOKEN_HEADER = 'x-trade-token';

export type Loaded =
  | { kind: 'view'; view: TradeView }
  | { kind: 'refused'; reason: TradeLinkRefusal }
  | { kind: 'failed'; tooMany: boolean };

export const tokenOfPage = (): string => decodeURIComponent(location.hash.replace(/^#/, ''));

const headers = (token: string): Record<string, string> => ({ [TOKEN_HEADER]: token });

async function refusalOf(response: Response): Promise<TradeLinkRefusal | undefined> {
  if (response.status !== 401 && response.status !== 410) return undefined;
  const body = (await response.json().catch(() => ({}))) as { reason?: unknown };
  const reason = body.reason;
  return reason === 'expired' || reason === 'revoked' ? reason : 'invalid';
}

export async function loadItems(token: string): Promise<Loaded> {
  if (token === '') return { kind: 'refused', reason: 'invalid' };
  try {
    const response = await fetch('/api/trade/items', { headers: headers(token) });
    const refused = await refusalOf(response);
    if (refused !== undefined) return { kind: 'refused', reason: refused };
    if (!response.ok) return { kind: 'failed', tooMany: response.status === 429 };
    return { kind: 'view', view: (await response.json()) as TradeView }; // The server's shape.
  } catch {
    return { kind: 'failed', tooMany: false };
  }
}

/** A photo's bytes as an object URL (an <img> cannot send the token itself). */
export async function loadPhoto(token: string, item: string, key: string): Promise<string> {
  const query = `item=${encodeURIComponent(item)}&key=${encodeURIComponent(key)}`;
  const response = await fetch(`/api/trade/photo?${query}`, { headers: headers(token) });
  if (!response.ok) throw new Error(String(response.status));
  return URL.createObjectURL(await response.blob());
}

/** What sending "ready for review" came to. */
export type Sent = 'sent' | 'failed' | TradeLinkRefusal;

export async function markReady(
  token: string,
  item: string,
  body: { note: string; photo: { data: string; contentType: string } },
): Promise<Sent> {
  try {
    const response = await fetch(`/api/trade/items/${encodeURIComponent(item)}/ready`, {
      method: 'POST',
      headers: { ...headers(token), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const refused = await refusalOf(response);
    if (refused !== undefined) return refused;
    return response.ok ? 'sent' : 'failed';
  } catch {
    return 'failed';
  }
}

/** Longest side of a photo sent on a weak network: a phone's 12 MP shrinks to ~300 kB. */
const MAX_SIDE = 1600;

/** The picked photo as base64 JPEG, scaled down to MAX_SIDE. */
export async function photoData(file: File): Promise<{ data: string; contentType: string }> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const url = canvas.toDataURL('image/jpeg', 0.82);
  return { data: url.slice(url.indexOf(',') + 1), contentType: 'image/jpeg' };
}
