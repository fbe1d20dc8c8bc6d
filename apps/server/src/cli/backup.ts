// `npm run backup -w apps/server -- [ARCHIVE]`: a backup of the embedded install while the
// server runs (storage/backup.ts): the database, the local files and the kept secret in
// one archive. PostgreSQL and S3 are backed up with their own tools (docs/operations.md).

import path from 'node:path';
import { loadConfig } from '../config.js';
import { runAsProgram } from '../seed/program.js';
import { takeBackup } from '../storage/backup.js';

/**
 * This command signs nothing: a stand-in secret keeps loadConfig from making DATA_DIR's
 * own (config.ts), which would then be taken for the install's.
 */
const SIGNS_NOTHING = 'x'.repeat(32);

const USAGE = `Usage: npm run backup -w apps/server -- [ARCHIVE]

  ARCHIVE   the file to write (default: field-app-backup-<date and time>.tar.gz here)

Configuration comes from the environment (DATA_DIR, FILE_STORAGE). With DATABASE_URL set,
back up PostgreSQL with pg_dump instead: docs/operations.md.`;

async function run(args: string[]): Promise<void> {
  if (args.includes('--help') || args.includes('-h') || args.length > 1) {
    console.log(USAGE);
    if (args.length > 1) process.exitCode = 1;
    return;
  }
  const config = loadConfig({ ...process.env, JWT_SECRET: SIGNS_NOTHING });
  if (config.databaseUrl !== undefined) {
    throw new Error('DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/operations.md)');
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const archive = path.resolve(args[0] ?? `field-app-backup-${stamp}.tar.gz`);
  const summary = await takeBackup({
    dataDir: config.dataDir,
    archive,
    localFiles: config.fileStorage.kind === 'local',
  });
  console.log(
    [
      `Backed up ${config.dataDir} to ${summary.archive}:`,
      `  database ${(summary.databaseBytes / 1024).toFixed(0)} KiB, ${summary.files} files`,
      ...(config.fileStorage.kind === 's3'
        ? ['  files are in S3: keep the bucket versioned (docs/operations.md)']
        : []),
    ].join('\n'),
  );
}

runAsProgram(import.meta.url, run, 'Backup failed');
