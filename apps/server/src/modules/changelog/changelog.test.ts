// The release roadmap against a local stand-in for the code host: every page read by the
// Link header, pull requests left out, grouped by state and milestone, cached in the
// database and served from there (with a message) when the host cannot be reached.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangelogAnswer } from '@field/domain';
import { changelogAnswerSchema } from '@field/domain';
import { availableDialects } from '../../test/databases.js';
import type { ApiClient, TestServer } from '../../test/test-server.js';
import { getTestServer, groupScope } from '../../test/test-server.js';
import { ChangelogService, groupIssues, toChangelogIssue } from './service.js';

const OWNER = 'acme';
const REPO = 'roadmap';
const ITEMS = 260; // 250 issues and 10 pull requests: three pages of 100.

const MILESTONES = [
  { number: 2, title: 'v2.2', state: 'open', description: 'Later', due_on: '2027-02-01T00:00:00Z' },
  { number: 1, title: 'v2.1', state: 'open', description: null, due_on: '2026-12-01T00:00:00Z' },
];

function hostItem(n: number): Record<string, unknown> {
  return {
    id: 1000 + n,
    number: n,
    title: `Item ${n}`,
    state: n % 4 === 0 ? 'closed' : 'open',
    html_url: `https://code.example/${OWNER}/${REPO}/issues/${n}`,
    body: n === 1 ? 'x'.repeat(3000) : `Body ${n}`,
    labels: n % 5 === 0 ? [{ name: 'bug', color: 'd73a4a' }, 'plain'] : [],
    milestone: n % 3 === 2 ? null : MILESTONES[n % 3],
    user: { login: 'dev' },
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-02-01T00:00:00Z',
    closed_at: n % 4 === 0 ? new Date(Date.UTC(2026, 2, 1) + n * 60_000).toISOString() : null,
    ...(n % 26 === 0 ? { pull_request: { url: 'https://code.example/pr' } } : {}),
  };
}

/** Answers `GET /repos/{owner}/{repo}/issues` like the code host, 100 (or per_page) a page. */
async function startCodeHost() {
  const requests: { url: string; authorization: string | undefined }[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push({ url: url.pathname + url.search, authorization: req.headers.authorization });
    if (url.pathname !== `/repos/${OWNER}/${REPO}/issues`) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Not Found' }));
      return;
    }
    const perPage = Number(url.searchParams.get('per_page') ?? '30');
    const page = Number(url.searchParams.get('page') ?? '1');
    const pages = Math.ceil(ITEMS / perPage);
    const items = Array.from({ length: ITEMS }, (_, i) => hostItem(ITEMS - i)).slice(
      (page - 1) * perPage,
      page * perPage,
    );
    const link = (p: number): string => {
      const next = new URL(url);
      next.host = req.headers.host ?? '';
      next.searchParams.set('page', String(p));
      return next.toString();
    };
    const links: string[] = [];
    if (page < pages) links.push(`<${link(page + 1)}>; rel="next"`, `<${link(pages)}>; rel="last"`);
    if (page > 1) links.push(`<${link(1)}>; rel="first"`, `<${link(page - 1)}>; rel="prev"`);
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      ...(links.length > 0 ? { link: links.join(', ') } : {}),
    });
    res.end(JSON.stringify(items));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // Safe: a TCP server listening.
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('grouping', () => {
  it('orders milestones by due date with none last, and drops pull requests', () => {
    const issues = Array.from({ length: 12 }, (_, i) => toChangelogIssue(hostItem(i + 1)));
    expect(issues.filter((i) => i === undefined)).toEqual([]);
    expect(toChangelogIssue(hostItem(26))).toBeUndefined();
    expect(toChangelogIssue({ title: 'no number' })).toBeUndefined();
    const groups = groupIssues(issues.flatMap((i) => i ?? []));
    expect(groups.map((g) => [g.state, g.count])).toEqual([
      ['open', 9],
      ['closed', 3],
    ]);
    const open = groups[0];
    expect(open?.milestones.map((m) => m.milestone?.title ?? null)).toEqual(['v2.1', 'v2.2', null]);
    expect(open?.milestones[0]?.issues.map((i) => i.number)).toEqual([10, 7, 1]);
    expect(groups[1]?.milestones.flatMap((m) => m.issues.map((i) => i.number))).toEqual([4, 12, 8]);
  });
});

describe.each(await availableDialects())('changelog on %s', (dialect) => {
  let host: Awaited<ReturnType<typeof startCodeHost>>;
  let server: TestServer;
  let client: ApiClient;

  beforeAll(async () => {
    host = await startCodeHost();
    server = await getTestServer(dialect, {
      env: {
        CHANGELOG_REPOSITORY: `${OWNER}/${REPO}`,
        CHANGELOG_API_URL: host.url,
        CHANGELOG_TOKEN: 'test-token',
        CHANGELOG_REFRESH_SECONDS: '1',
      },
    });
    client = server.client((await server.createUser({ scopes: [groupScope('builder')] })).token);
  });
  afterAll(async () => {
    await host.stop();
    await server.close();
  });

  it('needs a signed-in user', async () => {
    expect((await server.client().get('/changelog')).status).toBe(401);
  });

  it('reads every page, leaves out pull requests, groups and caches them', async () => {
    const answer = await client.get<ChangelogAnswer>('/changelog');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      repository: 'acme/roadmap',
      status: 'fresh',
      total: 250,
    });
    expect(answer.body.message).toBeUndefined();
    expect(changelogAnswerSchema.safeParse(answer.body).error).toBeUndefined();
    expect(Date.parse(answer.body.fetchedAt ?? '')).toBeLessThanOrEqual(Date.now());

    const paths = host.requests.map((r) => r.url);
    expect(paths).toHaveLength(3);
    expect(paths[0]).toBe('/repos/acme/roadmap/issues?state=all&per_page=100');
    expect(paths.slice(1)).toEqual([
      '/repos/acme/roadmap/issues?state=all&per_page=100&page=2',
      '/repos/acme/roadmap/issues?state=all&per_page=100&page=3',
    ]);
    for (const request of host.requests) expect(request.authorization).toContain('test-token');

    const [open, closed] = answer.body.groups;
    expect(open?.state).toBe('open');
    expect(closed?.state).toBe('closed');
    expect((open?.count ?? 0) + (closed?.count ?? 0)).toBe(250);
    const numbers = answer.body.groups.flatMap((g) =>
      g.milestones.flatMap((m) => m.issues.map((i) => i.number)),
    );
    expect(new Set(numbers).size).toBe(250);
    expect(numbers.some((n) => n % 26 === 0)).toBe(false);
    expect(open?.milestones.map((m) => m.milestone?.title ?? null)).toEqual(['v2.1', 'v2.2', null]);
    const first = open?.milestones[0]?.issues.at(-1);
    expect(first).toMatchObject({
      number: 1,
      state: 'open',
      url: 'https://code.example/acme/roadmap/issues/1',
      author: 'dev',
      milestone: { number: 1, title: 'v2.1', dueOn: '2026-12-01T00:00:00Z' },
    });
    expect(first?.body).toHaveLength(2001);

    // Within the refresh interval the cached copy answers; the host is not asked again.
    const again = await client.get<ChangelogAnswer>('/changelog');
    expect(again.body.fetchedAt).toBe(answer.body.fetchedAt);
    expect(host.requests).toHaveLength(3);
  });

  it('serves the cached copy with a message when the host cannot be reached', async () => {
    const before = await client.get<ChangelogAnswer>('/changelog');
    await host.stop();
    await new Promise((resolve) => setTimeout(resolve, 1100));

    const stale = await client.get<ChangelogAnswer>('/changelog');
    expect(stale.status).toBe(200);
    expect(stale.body).toMatchObject({ status: 'stale', total: 250 });
    expect(stale.body.fetchedAt).toBe(before.body.fetchedAt);
    expect(stale.body.message).toBe(
      `The release roadmap could not be refreshed from the code host; showing the copy saved ${before.body.fetchedAt}.`,
    );
    expect(stale.body.groups).toEqual(before.body.groups);
    expect(changelogAnswerSchema.safeParse(stale.body).error).toBeUndefined();

    // The copy lives in the database: a new process (a new service) serves it too.
    const restarted = new ChangelogService(
      server.db,
      {
        repository: 'acme/roadmap',
        apiUrl: host.url,
        token: undefined,
        refreshSeconds: 600,
      },
      server.app.log,
    );
    expect(await restarted.answer()).toMatchObject({ status: 'fresh', total: 250 });
  });

  it('says so when nothing was ever fetched and the host is down', async () => {
    const service = new ChangelogService(
      server.db,
      { repository: 'acme/other', apiUrl: host.url, token: undefined, refreshSeconds: 600 },
      server.app.log,
    );
    expect(await service.answer()).toEqual({
      repository: 'acme/other',
      status: 'unavailable',
      fetchedAt: null,
      message:
        'The release roadmap could not be loaded from the code host. Please try again later.',
      total: 0,
      groups: [],
    });
  });
});

describe('changelog without a repository', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer('sqlite');
  });
  afterAll(() => server.close());

  it('answers 200 with a message and no groups', async () => {
    const client = server.client((await server.createUser({ scopes: [] })).token);
    const answer = await client.get<ChangelogAnswer>('/changelog');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      repository: null,
      status: 'not_configured',
      fetchedAt: null,
      message: 'The release roadmap is not set up on this server yet.',
      total: 0,
      groups: [],
    });
  });
});
