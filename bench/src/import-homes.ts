// Benchmark: importing 10,000 homes from a CSV (modules/import: parse, classify, apply in
// one transaction through the app's record writes, history and outbox) against the same
// rows inserted by the plain repository (insertMany) in the same run, on the embedded
// SQLite. Prints time and peak memory (RSS above the phase's start) and their ratios.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IMPORT_FIELDS, importDefaults, resolveAccess, suggestMapping } from '@field/domain';
import { buildServer } from '@field/server/app';
import { loadConfig } from '@field/server/config';
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

async function freshDatabase() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'field-bench-import-'));
  const database = openDatabase({ dataDir });
  await migrateToLatest(database);
  return { dataDir, database };
}

async function plainInsert(text: string) {
  const { dataDir, database } = await freshDatabase();
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
    await database.db.destroy();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function viaImport(text: string) {
  const { dataDir, database } = await freshDatabase();
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
    await database.db.destroy();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const text = homesCsv(HOMES);
  const plain = await plainInsert(text);
  const imported = await viaImport(text);
  console.log(`\nImport of ${HOMES} homes from CSV (${(text.length / 1e6).toFixed(1)} MB), SQLite`);
  console.log('way                         ms total   peak RSS MB');
  console.log(
    `plain repository insert  ${plain.ms.toFixed(0).padStart(11)}   ${plain.peakMb.toFixed(1).padStart(11)}`,
  );
  console.log(
    `import (apply, history)  ${imported.ms.toFixed(0).padStart(11)}   ${imported.peakMb.toFixed(1).padStart(11)}`,
  );
  console.log(`import again (no change) ${imported.againMs.toFixed(0).padStart(11)}`);
  console.log(`counts: ${JSON.stringify(imported.counts)}`);
  console.log(
    `ratio import / plain: time ${(imported.ms / plain.ms).toFixed(2)}, peak memory ${(imported.peakMb / Math.max(plain.peakMb, 0.1)).toFixed(2)}`,
  );
}

await main();
