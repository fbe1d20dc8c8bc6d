// Benchmark: importing 10,000 homes from a CSV (modules/import: parse, classify, apply in
// one transaction through the app's record writes, history and outbox) against the same
// rows inserted by the plain repository (insertMany) in the same run, on the embedded
// SQLite and, when one answers, on PostgreSQL (BENCH_DATABASE_URL, else the local test
// database), each way in a fresh database or schema. Prints time and peak memory (RSS
// above the phase's start) and their ratios, per dialect.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { IMPORT_FIELDS, importDefaults, resolveAccess, suggestMapping } from '@field/domain';
import { buildServer } from '@field/server/app';
import { loadConfig } from '@field/server/config';
import type { DatabaseHandle, Dialect } from '@field/server/db/connection';
import { openDatabase } from '@field/server/db/connection';
import { migrateToLatest } from '@field/server/db/migrations';
import { sortableId } from '@field/server/db/sortable-id';
import { parseImportFile } from '@field/server/modules/import/parse';
// Also brings in the server's `importer` (the import of the assembled server).
import type { ImportCounts } from '@field/server/modules/import/service';
import { RecordRepository } from '@field/server/modules/records/repository';
import { UserRepository } from '@field/server/modules/users/repository';
import { createAdmin } from '@field/server/seed/admin';

const HOMES = Number(process.env['BENCH_IMPORT_HOMES'] ?? 10_000);
const POSTGRES_URL = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

function homesCsv(count: number): string {
  const lines = ['HomeID,Address,Status,KOVA Status,Community,Lot,Plan,Construction Start'];
  for (let i = 0; i < count; i += 1) {
    lines.push(
      `${100000 + i},${i + 1} Bench Street,Framing,Active,Bench Ridge,${i + 1},A,2026-01-05`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Runs `work`, sampling RSS; answers its time and the peak RSS above the start. */
async function measure(work: () => Promise<void>): Promise<{ ms: number; peakMb: number }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const began = performance.now();
  await work();
  const ms = performance.now() - began;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms, peakMb: (peak - start) / (1024 * 1024) };
}

async function runSql(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Whether PostgreSQL answers; says once why not. */
async function postgresAnswers(): Promise<boolean> {
  try {
    await runSql('select 1');
    return true;
  } catch (err) {
    console.log(
      `PostgreSQL not reachable at ${POSTGRES_URL} (${err instanceof Error ? err.message : String(err)}): PostgreSQL run skipped.`,
    );
    return false;
  }
}

interface Fresh {
  dataDir: string;
  database: DatabaseHandle;
  /** Closes the database and removes what was made for it. */
  dispose(): Promise<void>;
}

/** A migrated, empty database: a SQLite file in a temporary folder, or a schema of its own. */
async function freshDatabase(dialect: Dialect): Promise<Fresh> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'field-bench-import-'));
  let database: DatabaseHandle;
  let drop = (): Promise<void> => Promise.resolve();
  if (dialect === 'postgres') {
    const schema = `bench_import_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    await runSql(`create schema ${schema}`);
    drop = () => runSql(`drop schema ${schema} cascade`);
    database = openDatabase({ dataDir, databaseUrl: POSTGRES_URL, pgSchema: schema });
  } else {
    database = openDatabase({ dataDir });
  }
  await migrateToLatest(database);
  return {
    dataDir,
    database,
    dispose: async () => {
      await database.db.destroy();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function plainInsert(dialect: Dialect, text: string) {
  const fresh = await freshDatabase(dialect);
  const { database } = fresh;
  try {
    const records = new RecordRepository(database.db);
    return await measure(async () => {
      const table = parseImportFile(text);
      const rows = table.rows.map((row) => {
        const id = sortableId();
        const data: Record<string, unknown> = { ...importDefaults('homes'), HomeRID: id };
        for (const field of IMPORT_FIELDS.homes) data[field.name] = row[field.name] ?? '';
        return { id, homeRid: id, parentId: null, data };
      });
      await database.db
        .transaction()
        .execute((trx) => records.insertMany(trx, 'homes', rows, new Date().toISOString()));
    });
  } finally {
    await fresh.dispose();
  }
}

async function viaImport(dialect: Dialect, text: string) {
  const fresh = await freshDatabase(dialect);
  const { dataDir, database } = fresh;
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const app = await buildServer({ config, database, outboxSweepMs: 0 });
  try {
    const id = await createAdmin(database.db, {
      email: 'bench@example.test',
      password: 'bench password',
    });
    const users = new UserRepository(database.db);
    const row = await users.findById(id);
    if (row === undefined) throw new Error('bench admin missing');
    const scopes = await users.scopesOf(id);
    const user = { id, sessionId: '', row, scopes, access: resolveAccess(scopes) };
    let counts: ImportCounts | undefined;
    const result = await measure(async () => {
      const table = parseImportFile(text);
      const mapping = suggestMapping('homes', table.columns);
      counts = await app.importer.apply('homes', table, mapping, user);
    });
    const again = await measure(async () => {
      const table = parseImportFile(text);
      await app.importer.apply('homes', table, suggestMapping('homes', table.columns), user);
    });
    return { ...result, counts, againMs: again.ms };
  } finally {
    await app.close();
    await fresh.dispose();
  }
}

interface Result {
  dialect: Dialect;
  plain: { ms: number; peakMb: number };
  imported: Awaited<ReturnType<typeof viaImport>>;
}

function report(text: string, { dialect, plain, imported }: Result): void {
  console.log(
    `\nImport of ${HOMES} homes from CSV (${(text.length / 1e6).toFixed(1)} MB), ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`,
  );
  console.log('way                         ms total   peak RSS MB');
  console.log(
    `plain repository insert  ${plain.ms.toFixed(0).padStart(11)}   ${plain.peakMb.toFixed(1).padStart(11)}`,
  );
  console.log(
    `import (apply, history)  ${imported.ms.toFixed(0).padStart(11)}   ${imported.peakMb.toFixed(1).padStart(11)}`,
  );
  console.log(`import again (no change) ${imported.againMs.toFixed(0).padStart(11)}`);
  console.log(`counts: ${JSON.stringify(imported.counts)}`);
}

const ratios = (r: Result) => ({
  time: r.imported.ms / r.plain.ms,
  memory: r.imported.peakMb / Math.max(r.plain.peakMb, 0.1),
});

async function main(): Promise<void> {
  const text = homesCsv(HOMES);
  const dialects: Dialect[] = (await postgresAnswers()) ? ['sqlite', 'postgres'] : ['sqlite'];
  const results: Result[] = [];
  for (const dialect of dialects) {
    const plain = await plainInsert(dialect, text);
    const imported = await viaImport(dialect, text);
    const result = { dialect, plain, imported };
    report(text, result);
    results.push(result);
  }
  console.log('\nratio import / plain   time   peak memory');
  for (const result of results) {
    const { time, memory } = ratios(result);
    console.log(
      `${result.dialect.padEnd(20)} ${time.toFixed(2).padStart(6)} ${memory.toFixed(2).padStart(13)}`,
    );
  }
}

await main();
