// `npm run restore -w apps/server -- ARCHIVE`: puts a backup of `npm run backup` back into
// DATA_DIR on a stopped server (storage/backup.ts); what it replaces is moved aside.

import path from 'node:path';
import { loadConfig } from '../config.js';
import { runAsProgram } from '../seed/program.js';
import { restoreBackup } from '../storage/backup.js';

/**
 * This command signs nothing: a stand-in secret keeps loadConfig from making DATA_DIR's
 * own (config.ts), which would then be taken for the install's.
 */
const SIGNS_NOTHING = 'x'.repeat(32);

const USAGE = `Usage: npm run restore -w apps/server -- ARCHIVE

  ARCHIVE   a file written by npm run backup

Stop the server first. Configuration comes from the environment (DATA_DIR). The database,
files and secret it replaces are moved to DATA_DIR/before-restore-<date and time>/.`;

async function run(args: string[]): Promise<void> {
  const [archive] = args;
  if (archive === undefined || archive.startsWith('-') || args.length > 1) {
    console.log(USAGE);
    if (!args.includes('--help') && !args.includes('-h')) process.exitCode = 1;
    return;
  }
  const config = loadConfig({ ...process.env, JWT_SECRET: SIGNS_NOTHING });
  if (config.databaseUrl !== undefined) {
    throw new Error('DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/operations.md)');
  }
  const summary = await restoreBackup({ dataDir: config.dataDir, archive: path.resolve(archive) });
  console.log(
    [
      `Restored the backup of ${summary.createdAt} into ${config.dataDir}.`,
      summary.keptAs === undefined
        ? 'There was no data there before.'
        : `What was there before is in ${summary.keptAs}.`,
      'Start the server: it migrates the restored database if it is older than this version.',
    ].join('\n'),
  );
}

runAsProgram(import.meta.url, run, 'Restore failed');
