// `npm run import -w apps/server -- FILE [--entity E] [--mapping M.json] [--dry-run] [--as EMAIL]`:
// imports a CSV of homes, employees or vendors into the configured database, the way the
// admin screen and the API do (modules/import): it builds the server (without listening)
// and drives its import, so the writes go through the same history and outbox.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ClassifiedRow, ImportEntity, ImportMapping } from '@field/domain';
import {
  ADMIN_SCOPE,
  detectImportEntity,
  importCounts,
  importMappingSchema,
  isImportEntity,
  resolveAccess,
  suggestMapping,
} from '@field/domain';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrations.js';
import type { AuthUser } from '../http/auth.js';
import { errorAnswer } from '../http/errors.js';
import { parseImportFile } from '../modules/import/parse.js';
import type { ImportCounts } from '../modules/import/service.js';
import { UserRepository } from '../modules/users/repository.js';
import { runAsProgram } from '../seed/program.js';

const USAGE = `Usage: npm run import -w apps/server -- FILE [options]

  FILE              a CSV file (comma, semicolon or tab); its first line names the columns
  --entity E        homes, employees or vendors; by default read off the headings
  --mapping M.json  which column fills each field: {"HomeID": "Home #", "Plan": null, ...};
                    by default the mapping last chosen for the entity, else the headings'
  --dry-run         print what would change (counts and invalid rows), change nothing
  --as EMAIL        the admin account the history names (default: the first admin)

Configuration comes from the environment (DATA_DIR, DATABASE_URL).`;

interface ImportArgs {
  file: string;
  entity: string | undefined;
  mapping: string | undefined;
  dryRun: boolean;
  as: string | undefined;
}

function parseImportArgs(argv: readonly string[]): ImportArgs | undefined {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        entity: { type: 'string' },
        mapping: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        as: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (err) {
    throw new Error(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help) return undefined;
  const [file, ...rest] = positionals;
  if (file === undefined || rest.length > 0) throw new Error(`Name one file.\n\n${USAGE}`);
  // Relative to where the command was typed (runAsProgram).
  const from = (name: string): string => path.resolve(name);
  return {
    file: from(file),
    entity: values.entity,
    mapping: values.mapping === undefined ? undefined : from(values.mapping),
    dryRun: values['dry-run'],
    as: values.as,
  };
}

/** The admin account the import writes as: the one named, else the first admin. */
async function importingUser(users: UserRepository, email: string | undefined): Promise<AuthUser> {
  const admins = (await users.listWithScopes()).filter(({ row, scopes }) =>
    email === undefined
      ? scopes.some((s) => s.value === ADMIN_SCOPE)
      : row.email.toLowerCase() === email.toLowerCase(),
  );
  const found = admins[0];
  if (found === undefined) {
    throw new Error(
      email === undefined
        ? 'No admin account: make one with npm run create-admin -w apps/server, or pass --as'
        : `No account ${email}`,
    );
  }
  const access = resolveAccess(found.scopes);
  if (!access.admin) throw new Error(`${found.row.email} is not an admin`);
  // No session: the command line signs nothing in.
  return { id: found.row.id, sessionId: '', row: found.row, scopes: found.scopes, access };
}

async function mappingFrom(path: string): Promise<ImportMapping> {
  const parsed = importMappingSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
  if (!parsed.success) throw new Error(`${path}: expected {"Field": "Column" or null, ...}`);
  return parsed.data;
}

function report(
  entity: ImportEntity,
  counts: ImportCounts,
  rows: readonly ClassifiedRow[],
  verb: string,
): void {
  console.log(
    `${entity}: ${counts.new} new, ${counts.changed} changed, ${counts.unchanged} unchanged, ` +
      `${counts.invalid} invalid (${verb})`,
  );
  const invalid = rows.filter((row) => row.status === 'invalid');
  for (const row of invalid.slice(0, 20)) {
    console.log(`  line ${row.line}: ${row.reasons.join('; ')}`);
  }
  if (invalid.length > 20) console.log(`  ... and ${invalid.length - 20} more invalid rows`);
}

async function importWith(app: FastifyInstance, args: ImportArgs, users: UserRepository) {
  const table = parseImportFile(await readFile(args.file, 'utf8'));
  const entity = args.entity ?? detectImportEntity(table.columns);
  if (!isImportEntity(entity)) {
    throw new Error(`Say what the file holds: --entity homes, employees or vendors`);
  }
  const mapping =
    args.mapping === undefined
      ? suggestMapping(entity, table.columns, await app.importer.mappings.last(entity))
      : await mappingFrom(args.mapping);
  const { rows } = await app.importer.classify(entity, table, mapping);
  if (args.dryRun) {
    report(entity, importCounts(rows), rows, 'dry run: nothing changed');
    return;
  }
  const user = await importingUser(users, args.as);
  let shown = -1;
  const counts = await app.importer.apply(entity, table, mapping, user, (done, total) => {
    const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
    if (tenth > shown) console.log(`  writing: ${done} of ${total}`);
    shown = tenth;
  });
  await app.importer.mappings.remember(entity, mapping, new Date().toISOString());
  report(entity, counts, rows, 'applied');
}

async function run(argv: readonly string[]): Promise<void> {
  const args = parseImportArgs(argv);
  if (args === undefined) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  await migrateToLatest(database);
  const app = await buildServer({ config, database, outboxSweepMs: 0 });
  try {
    await importWith(app, args, new UserRepository(database.db));
  } catch (error) {
    // The API's refusals (a bad file, a missing column) read the same here.
    const answer = errorAnswer(error);
    throw answer.fault ? error : new Error(answer.body.error);
  } finally {
    await app.close();
    await database.db.destroy();
  }
}

runAsProgram(import.meta.url, run, 'Import failed');
