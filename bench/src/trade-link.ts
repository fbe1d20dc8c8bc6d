// The trade's page for the Lighthouse bench (lighthouse.ts): a vendor and its link made on
// the bench's server as staff would (docs/api.md, Trade links), the link read from the
// server's dev outbox, so the page is measured with its items as a trade opens it.

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

async function call(base: string, token: string, method: string, url: string, body: unknown) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${String(response.status)}`);
  return (await response.json()) as Record<string, unknown>;
}

/** The address of a fresh trade link with a few open items, on the server at `base`. */
export async function tradePageUrl(
  base: string,
  dataDir: string,
  password: string,
): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'manager@example.com', password }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const vendor = await call(base, accessToken, 'POST', '/api/field_vendors/submit', {
    Name: `Bench Trade ${String(Date.now())}`,
    Trade: 'Drywall',
    Email: 'bench-trade@example.test',
  });
  const homes = (await (
    await fetch(`${base}/api/field_homes/listActive`, {
      headers: { authorization: `Bearer ${accessToken}` },
    })
  ).json()) as { id: string }[];
  let made = 0;
  for (const home of homes) {
    if (made === 6) break;
    const item = await fetch(`${base}/api/field_walks/item/submit`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        Walk: 'final-punch',
        Category: 'Drywall',
        Location: 'Hall',
        Name: `Crack by the door ${String(made + 1)}`,
        HomeRID: home.id,
        Vendor: vendor['id'],
        'Due Date': '2030-01-15',
      }),
    });
    if (item.ok) made += 1;
  }
  await call(base, accessToken, 'POST', '/api/field_vendors/trade-links', {
    vendorId: vendor['id'],
  });
  const outbox = path.join(dataDir, 'outbox');
  for (let attempt = 0; attempt < 100; attempt += 1) {
    for (const file of await readdir(outbox).catch(() => [])) {
      const text = (await readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, '');
      const link = /\/trade\.html#[\w-]+/.exec(text)?.[0];
      if (link !== undefined) return `${base}${link}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no trade link in the outbox');
}
