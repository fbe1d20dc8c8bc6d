// The import command, run as an operator runs it (built, in a process of its own) against
// a fresh embedded database: a dry run changes nothing, an import writes records and their
// history as the admin named, and the same file again changes nothing.

import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/connection.js';
import { openDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrations.js';
import { createAdmin } from '../seed/admin.js';

const COMMAND = fileURLToPath(new URL('../../dist/cli/import.js', import.meta.url));
const run = promisify(execFile);
// The embedded database of DATA_DIR, whatever the suite's own environment names.
const environment = { ...process.env };
delete environment['DATABASE_URL'];

describe('npm run import', () => {
  let dataDir: string;
  let database: DatabaseHandle;
  let adminId: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'field-import-cli-'));
    database = openDatabase({ dataDir });
    await migrateToLatest(database);
    adminId = await createAdmin(database.db, {
      email: 'ops@example.test',
      password: 'a long admin password',
    });
    await writeFile(
      path.join(dataDir, 'vendors.csv'),
      'Vendor,Trade,Phone\nAcme,Drywall,555-0100\nBest,Paint,\n,Roofing,\n',
    );
  });
  afterAll(async () => {
    await database.db.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  const importFile = async (...args: string[]) => {
    const { stdout } = await run(process.execPath, [COMMAND, ...args], {
      cwd: dataDir,
      env: { ...environment, DATA_DIR: dataDir, INIT_CWD: dataDir },
    });
    return stdout;
  };
  const vendorCount = async () =>
    (await database.db.selectFrom('records').select('id').where('kind', '=', 'vendors').execute())
      .length;
  const historyOf = () =>
    database.db.selectFrom('record_history').select(['user_id', 'operation']).execute();

  it('previews with --dry-run, reads the entity off the headings, and names invalid rows', async () => {
    const out = await importFile('vendors.csv', '--dry-run');
    expect(out).toContain('vendors: 2 new, 0 changed, 0 unchanged, 1 invalid (dry run');
    expect(out).toContain('line 4: Name is empty');
    expect(await vendorCount()).toBe(0);
  });

  it('imports as the admin, with history, and the same file again changes nothing', async () => {
    const out = await importFile('vendors.csv', '--as', 'ops@example.test');
    expect(out).toContain('vendors: 2 new, 0 changed, 0 unchanged, 1 invalid (applied)');
    expect(await vendorCount()).toBe(2);
    expect(await historyOf()).toEqual([
      { user_id: adminId, operation: 'create' },
      { user_id: adminId, operation: 'create' },
    ]);
    const again = await importFile('vendors.csv');
    expect(again).toContain('vendors: 0 new, 0 changed, 2 unchanged, 1 invalid (applied)');
    expect(await historyOf()).toHaveLength(2);
  });

  it('says what is wrong with a file it cannot read', async () => {
    await writeFile(path.join(dataDir, 'empty.csv'), '');
    await expect(importFile('empty.csv')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Import failed: The file is empty') as unknown,
    });
  });
});
