// Helpers of the company-setup browser test: a PostgreSQL database of its own (created empty,
// dropped after), what the server holds counted straight from it, the admin's import screen
// driven file by file, and the invitation link read from the dev outbox.

import { randomBytes } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { existsSync, watch } from 'node:fs';
import pg from 'pg';
import type { Locator, Page } from 'playwright-core';
import { choose } from './select.js';

/** The PostgreSQL the server tests use (apps/server/src/test/databases.ts). */
const POSTGRES_URL = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

async function run<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Why PostgreSQL cannot be used (it does not answer), or undefined when it can. */
export async function postgresProblem(): Promise<string | undefined> {
  try {
    await run(POSTGRES_URL, 'select 1');
    return undefined;
  } catch (error) {
    return `PostgreSQL does not answer at ${POSTGRES_URL} (${error instanceof Error ? error.message : String(error)}); set TEST_DATABASE_URL or start it`;
  }
}

export interface FreshDatabase {
  /** The connection string of the new, empty database. */
  url: string;
  drop(): Promise<void>;
}

/** A new empty database beside the test one: the server migrates it as a first install. */
export async function createDatabase(): Promise<FreshDatabase> {
  const name = `e2e_company_${randomBytes(5).toString('hex')}`;
  await run(POSTGRES_URL, `create database ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await run(POSTGRES_URL, `drop database if exists ${name} with (force)`);
    },
  };
}

/** What a repeated import must leave alone: every record (with its version and time) and
 * every history row, counted and fingerprinted. */
export interface Holdings {
  records: Record<string, number>;
  history: number;
  fingerprint: string;
}

export async function holdings(url: string): Promise<Holdings> {
  const kinds = await run<{ kind: string; count: string }>(
    url,
    'select kind, count(*) as count from records group by kind order by kind',
  );
  const [history] = await run<{ count: string }>(
    url,
    'select count(*) as count from record_history',
  );
  const [print] = await run<{ md5: string | null }>(
    url,
    `select md5(string_agg(concat_ws(':', kind, id, version::text, updated_at::text,
       coalesce(deleted_at::text, ''), data::text), '|' order by kind, id)) as md5 from records`,
  );
  return {
    records: Object.fromEntries(kinds.map((row) => [row.kind, Number(row.count)])),
    history: Number(history?.count ?? 0),
    fingerprint: print?.md5 ?? '',
  };
}

/** The record ids of the homes, by HomeID. */
export async function homeIds(url: string): Promise<Map<string, string>> {
  const rows = await run<{ id: string; home: string }>(
    url,
    `select id, (data::json)->>'HomeID' as home from records where kind = 'homes'`,
  );
  return new Map(rows.map((row) => [row.home, row.id]));
}

/** The phone calls stored with these notes (deleted ones left out). */
export async function callsWithNotes(url: string, notes: string): Promise<number> {
  const [row] = await run<{ count: string }>(
    url,
    `select count(*) as count from records
      where kind = 'phoneCalls' and deleted_at is null and (data::json)->>'Notes' = $1`,
    [notes],
  );
  return Number(row?.count ?? 0);
}

export interface ImportStep {
  /** The toggle's label: Homes, Employees or Vendors. */
  entity: string;
  file: string;
  /** Columns the admin maps by hand: field label to the file's heading. */
  map?: Record<string, string>;
}

/**
 * Imports one file through Administration / Import as an admin does: what the file holds,
 * the file, the columns, the preview; then `apply` clicks Apply and waits for the result.
 * Returns the preview's chip texts (e.g. "3 new").
 */
export async function importThroughScreen(
  page: Page,
  base: string,
  step: ImportStep,
  expect: { chip: string; apply: boolean },
): Promise<string> {
  await page.goto(`${base}/admin/import`);
  const kinds = page.getByRole('group', { name: 'What the file holds' });
  await kinds.getByRole('button', { name: step.entity }).click();
  await kinds.getByRole('button', { name: step.entity, pressed: true }).waitFor();
  await page.locator('input[type="file"]').setInputFiles(step.file);
  await page.getByRole('heading', { name: /^Columns \(/ }).waitFor();
  for (const [field, heading] of Object.entries(step.map ?? {})) {
    const select = page.getByRole('combobox', { name: new RegExp(`^${field}`) });
    if ((await select.textContent())?.includes(heading) === true) continue;
    await choose(select, page.getByRole('option', { name: heading, exact: true }));
  }
  const preview = page.getByRole('heading', { name: 'Preview' }).locator('..');
  await preview.getByRole('button', { name: expect.chip, exact: true }).waitFor();
  const chips = await preview.getByRole('button', { pressed: false }).allTextContents();
  if (expect.apply) {
    await preview.getByRole('button', { name: /^Apply \d+ change/ }).click();
    await preview
      .getByRole('status')
      .filter({ hasText: /^Imported:/ })
      .waitFor({ timeout: 60_000 });
  }
  return chips.filter((text) => /^\d+ (new|changed|unchanged|invalid)$/.test(text)).join(', ');
}

/** An access token of an account, signed in through the API. */
export async function tokenOf(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { accessToken?: unknown }; // Checked on the next line.
  if (typeof body.accessToken !== 'string') throw new Error(`no token for ${email}`);
  return body.accessToken;
}

/**
 * Applies a file through the API as a scheduled job does (the mapping the server remembers,
 * as `columns` offers it) and returns the counts of its `done` event.
 */
export async function applyThroughApi(
  base: string,
  token: string,
  entity: string,
  file: string,
): Promise<unknown> {
  const text = await readFile(file, 'utf8');
  const call = (step: string, body: unknown) =>
    fetch(`${base}/api/admin/import/${entity}/${step}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const columns = (await (await call('columns', { text })).json()) as { mapping?: unknown }; // Read below.
  const stream = await (await call('apply', { text, mapping: columns.mapping })).text();
  const done = /event: done\ndata: (.*)\n/.exec(stream)?.[1];
  if (done === undefined) throw new Error(`the import of ${entity} did not finish: ${stream}`);
  return JSON.parse(done) as unknown;
}

/** The Apply button of the import screen's preview. */
export function applyButton(page: Page): Locator {
  return page.getByRole('button', { name: /^Apply \d+ change/ });
}

function decodeMail(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function invitationIn(outbox: string, email: string): Promise<string | undefined> {
  const files = (await readdir(outbox).catch(() => [])).sort().reverse();
  for (const file of files) {
    const text = decodeMail(await readFile(path.join(outbox, file), 'utf8').catch(() => ''));
    if (!text.includes(email)) continue;
    const link = /https?:\/\/[^\s"<>]+\/invitation\?token=[\w-]+/.exec(text)?.[0];
    if (link !== undefined) return link;
  }
  return undefined;
}

/**
 * The invitation link mailed to `email`, read from the dev outbox (DATA_DIR/outbox): at
 * once when the mail is there, else when the folder next changes (the mail is written after
 * the answer), within `timeoutMs`.
 */
export async function invitationLink(
  dataDir: string,
  email: string,
  timeoutMs = 30_000,
): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // Watch first, then look: a mail written between the two still wakes the wait. Before
    // the first mail the outbox is not there yet: its parent, the data folder, changes.
    const folder = existsSync(outbox) ? outbox : dataDir;
    let stop = (): void => undefined;
    const changed = new Promise<void>((resolve) => {
      const watcher = watch(folder, () => resolve());
      const timer = setTimeout(resolve, Math.max(1, deadline - Date.now()));
      stop = () => {
        clearTimeout(timer);
        watcher.close();
      };
    });
    try {
      const found = await invitationIn(outbox, email);
      if (found !== undefined) return found;
      if (Date.now() >= deadline) throw new Error(`no invitation mail for ${email} in ${outbox}`);
      await changed;
    } finally {
      stop();
    }
  }
}
