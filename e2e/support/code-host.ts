// A stand-in for the code host's issues API on loopback: `GET /repos/{owner}/{repo}/issues`
// with `state=all`, paged by `per_page` and `page`, with the Link header the real one sends.

import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';

export interface FakeCodeHost {
  url: string;
  /** Paths asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

function fakeIssue(number: number) {
  const milestone =
    number % 3 === 0
      ? null
      : { number: number % 3, title: `Release 2.${number % 3}`, state: 'open' };
  return {
    number,
    title: `Roadmap item ${number}`,
    state: number % 4 === 0 ? 'closed' : 'open',
    html_url: `https://code.example.com/acme/roadmap/issues/${number}`,
    body: null,
    labels: [{ name: number % 2 === 0 ? 'feature' : 'bug', color: 'ededed' }],
    milestone,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-02T00:00:00Z',
    closed_at: number % 4 === 0 ? '2026-01-03T00:00:00Z' : null,
    user: { login: 'someone' },
  };
}

export async function startFakeCodeHost(issueCount: number): Promise<FakeCodeHost> {
  const issues = Array.from({ length: issueCount }, (_, i) => fakeIssue(i + 1));
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(`${url.pathname}${url.search}`);
    if (!/^\/repos\/[^/]+\/[^/]+\/issues$/.test(url.pathname)) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}');
      return;
    }
    const perPage = Number(url.searchParams.get('per_page') ?? '30');
    const page = Number(url.searchParams.get('page') ?? '1');
    const pages = Math.max(1, Math.ceil(issues.length / perPage));
    const link = (p: number) => {
      const next = new URL(url);
      next.searchParams.set('page', String(p));
      return `<http://127.0.0.1:${(server.address() as AddressInfo).port}${next.pathname}${next.search}>`; // Safe: listening.
    };
    const links: string[] = [];
    if (page < pages) links.push(`${link(page + 1)}; rel="next"`, `${link(pages)}; rel="last"`);
    if (page > 1) links.push(`${link(1)}; rel="first"`, `${link(page - 1)}; rel="prev"`);
    res.writeHead(200, {
      'content-type': 'application/json',
      ...(links.length > 0 ? { link: links.join(', ') } : {}),
    });
    res.end(JSON.stringify(issues.slice((page - 1) * perPage, page * perPage)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // Safe: a TCP server listening.
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
