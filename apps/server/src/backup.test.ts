// Backups taken while writes are in flight (docs/operations.md): the embedded install's
// `npm run backup` and `npm run restore` on the built commands, and the PostgreSQL drill
// run as the document writes it. Each restored database must start a server and hold
// every write acknowledged before the backup began.

import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/connection.js';
import { availableDialects } from './test/databases.js';
import type { ServerProcess, TestDatabase } from './test/server-process.js';
import { createTestDatabase, startServerProcess } from './test/server-process.js';

const run = promisify(execFile);
const DIST = fileURLToPath(new URL('../dist/cli/', import.meta.url));
const OPERATIONS = fileURLToPath(new URL('../../../docs/operations.md', import.meta.url));
const CALLS = '/api/field_communication/phoneCalls';
const WRITES = 200;
const PHOTO = Buffer.from('backup test photo bytes');

interface Session {
  auth: Record<string, string>;
  home: string;
  staff: string;
}

async function signIn(url: string): Promise<Session> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'manager@example.com', password: 'demo-password' }),
  });
  expect(login.status).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const auth = { authorization: `Bearer ${accessToken}` };
  const homes = (await (
    await fetch(`${url}/api/field_homes/listActive`, { headers: auth })
  ).json()) as { id: string; 'Construction Staff': string[] }[];
  const home = homes.find((h) => h['Construction Staff'].length > 0);
  const staff = home?.['Construction Staff'][0];
  if (home === undefined || staff === undefined) throw new Error('no home with staff');
  return { auth, home: home.id, staff };
}

/**
 * Sends WRITES phone calls at once and, once `after` of them are acknowledged, runs
 * `backup`. Returns the calls acknowledged before the backup began, and all of them.
 */
async function backupUnderWrites(
  url: string,
  session: Session,
  backup: () => Promise<unknown>,
  after = 50,
): Promise<{ before: string[]; acknowledged: string[] }> {
  const ids = Array.from({ length: WRITES }, () => randomUUID());
  const acknowledged: string[] = [];
  const answers = ids.map(async (id, i) => {
    const response = await fetch(`${url}${CALLS}/submit`, {
      method: 'POST',
      headers: { ...session.auth, 'content-type': 'application/json', 'idempotency-key': id },
      body: JSON.stringify({
        id,
        Home: session.home,
        Staff: session.staff,
        Date: '2026-11-27',
        Notes: `call ${i}`,
        Voicemail: false,
      }),
    });
    await response.text();
    if (response.status === 201) acknowledged.push(id);
    return response.status;
  });
  const deadline = Date.now() + 60_000;
  while (acknowledged.length < after && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const before = [...acknowledged];
  await backup();
  const statuses = await Promise.all(answers);
  expect(statuses.filter((s) => s !== 201)).toEqual([]);
  // Some writes were still on their way while the backup ran, or the test proves little.
  expect(before.length).toBeLessThan(WRITES);
  return { before, acknowledged };
}

async function storedCalls(where: { dataDir: string; databaseUrl?: string }): Promise<Set<string>> {
  const database = openDatabase(where);
  try {
    const rows = await database.db
      .selectFrom('records')
      .select('id')
      .where('kind', '=', 'phoneCalls')
      .execute();
    return new Set(rows.map((r) => r.id));
  } finally {
    await database.db.destroy();
  }
}

/** The commands' environment: the embedded database, no secret of the test run's. */
const embedded = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => name !== 'DATABASE_URL' && name !== 'JWT_SECRET'),
);

describe('npm run backup and npm run restore (embedded database)', () => {
  const folders: string[] = [];
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });
  const cli = (name: string, args: string[], dataDir: string) =>
    run(process.execPath, [path.join(DIST, `${name}.js`), ...args], {
      env: { ...embedded, DATA_DIR: dataDir, INIT_CWD: tmpdir() },
    }).then(
      (done) => ({ code: 0, out: done.stdout + done.stderr }),
      (failed: { code: number; stdout: string; stderr: string }) => ({
        code: failed.code,
        out: failed.stdout + failed.stderr,
      }),
    );

  // Three servers started and 200 writes: minutes on a loaded two-core machine.
  it(
    'backs up while 200 writes are in flight; the restore starts and holds every acknowledged write and file',
    { timeout: 180_000 },
    async () => {
      const work = await mkdtemp(path.join(tmpdir(), 'field-backup-'));
      folders.push(work);
      const archive = path.join(work, 'backup.tar.gz');
      const live = await startServerProcess();
      servers.push(live);
      const session = await signIn(live.url);
      const upload = await fetch(`${live.url}/api/files/walkItems/backup-item/photo.png`, {
        method: 'POST',
        headers: { ...session.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ data: PHOTO.toString('base64'), contentType: 'image/png' }),
      });
      expect(upload.status).toBe(201);

      let backupRun = { code: -1, out: '' };
      const { before, acknowledged } = await backupUnderWrites(live.url, session, async () => {
        backupRun = await cli('backup', [archive], live.dataDir);
      });
      expect(backupRun.code, backupRun.out).toBe(0);
      expect(backupRun.out).toMatch(/database \d+ KiB, 1 files/);
      // The archive holds every record: its owner alone reads it.
      expect((await stat(archive)).mode & 0o077).toBe(0);

      // Refused while the live server holds its database.
      const refused = await cli('restore', [archive], live.dataDir);
      expect(refused.code).toBe(1);
      expect(refused.out).toContain('stop the server before restoring');

      const target = path.join(work, 'restored');
      const restored = await cli('restore', [archive], target);
      expect(restored.code, restored.out).toBe(0);
      expect(restored.out).toContain('There was no data there before.');

      const stored = await storedCalls({ dataDir: target });
      for (const id of before) expect(stored.has(id), `call ${id} acknowledged before`).toBe(true);
      const sent = new Set(acknowledged);
      const later = await storedCalls({ dataDir: live.dataDir });
      // Nothing in the backup that the live database does not hold.
      for (const id of stored) expect(later.has(id) || !sent.has(id)).toBe(true);

      const again = await startServerProcess({ env: { DATA_DIR: target } });
      servers.push(again);
      // The restored database answers the same account, and its files.
      const back = await signIn(again.url);
      const photo = await fetch(`${again.url}/api/files/walkItems/backup-item/photo.png`, {
        headers: back.auth,
      });
      expect(photo.status).toBe(200);
      expect(Buffer.from(await photo.arrayBuffer())).toEqual(PHOTO);
      await again.stop();

      // A second restore keeps what it replaces.
      const second = await cli('restore', [archive], target);
      expect(second.code, second.out).toBe(0);
      expect(second.out).toMatch(/What was there before is in .*before-restore-/);
      const kept = (await readdir(target)).filter((name) => name.startsWith('before-restore-'));
      expect(kept).toHaveLength(1);
      expect(await readdir(path.join(target, kept[0] ?? ''))).toContain('field-app.sqlite');
    },
  );

  it('says what is wrong with a file that is not a backup', async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'field-backup-'));
    folders.push(work);
    const notBackup = path.join(work, 'photo.tar.gz');
    await run('tar', ['-czf', notBackup, '-C', path.dirname(OPERATIONS), 'operations.md']);
    const answer = await cli('restore', [notBackup], path.join(work, 'data'));
    expect(answer.code).toBe(1);
    expect(answer.out).toContain('is not a backup of this app');
  });
});

const drill = (await availableDialects()).includes('postgres') ? describe : describe.skip;

drill('the PostgreSQL drill of docs/operations.md', () => {
  const databases: TestDatabase[] = [];
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
    for (const database of databases) await database.drop();
  });

  it(
    'dumps while 200 writes are in flight; the restored database starts and holds every acknowledged write',
    { timeout: 180_000 },
    async () => {
      const document = await readFile(OPERATIONS, 'utf8');
      const script = /<!-- drill:[^>]*-->\s*```sh\n([\s\S]*?)```/.exec(document)?.[1];
      expect(script, 'the drill block of docs/operations.md').toBeDefined();
      const source = await createTestDatabase();
      const target = await createTestDatabase();
      databases.push(source, target);
      const live = await startServerProcess({ databaseUrl: source.url });
      servers.push(live);
      const session = await signIn(live.url);
      const dump = path.join(live.dataDir, 'field-app.dump');

      const { before } = await backupUnderWrites(live.url, session, () =>
        run('bash', ['-euc', script ?? ''], {
          env: { ...process.env, DATABASE_URL: source.url, RESTORE_URL: target.url, DUMP: dump },
        }),
      );

      const again = await startServerProcess({ databaseUrl: target.url });
      servers.push(again);
      await signIn(again.url);
      const stored = await storedCalls({ dataDir: again.dataDir, databaseUrl: target.url });
      for (const id of before) expect(stored.has(id), `call ${id} acknowledged before`).toBe(true);
    },
  );
});
