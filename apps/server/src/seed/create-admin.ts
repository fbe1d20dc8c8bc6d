// `node apps/server/dist/seed/create-admin.js --email you@example.com [--first-name A]
// [--last-name B]`: migrates the configured database and makes an admin account. The
// password comes from ADMIN_PASSWORD, else from standard input (typed hidden, or piped).

import { parseArgs } from 'node:util';
import { MIN_ADMIN_PASSWORD_LENGTH, loadConfig } from '../config.js';
import { openDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrations.js';
import { createAdmin } from './admin.js';
import { runAsProgram } from './program.js';

const USAGE = `Usage: node apps/server/dist/seed/create-admin.js --email ADDRESS [--first-name NAME] [--last-name NAME]

  Makes an admin account in the configured database (DATA_DIR, DATABASE_URL).
  The password (at least ${MIN_ADMIN_PASSWORD_LENGTH} characters) comes from ADMIN_PASSWORD, or is read
  from standard input: typed (hidden), or piped as the first line.`;

export interface CreateAdminArgs {
  email: string;
  firstName: string | undefined;
  lastName: string | undefined;
  help: boolean;
}

/** Reads the command line; throws an Error with a message fit for the operator. */
export function parseCreateAdminArgs(argv: readonly string[]): CreateAdminArgs {
  let values;
  try {
    values = parseArgs({
      args: [...argv],
      options: {
        email: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (err) {
    throw new Error(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
  }
  if (!values.help && (values.email === undefined || values.email.trim() === '')) {
    throw new Error(`--email is required\n\n${USAGE}`);
  }
  return {
    email: values.email ?? '',
    firstName: values['first-name'],
    lastName: values['last-name'],
    help: values.help,
  };
}

/** A terminal: read one line without echoing it. */
function readHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  process.stdout.write(prompt);
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let line = '';
    const done = (result: string | Error): void => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      process.stdout.write('\n');
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const onData = (chunk: string): void => {
      for (const c of chunk) {
        if (c === '\r' || c === '\n') return done(line);
        if (c === '\u0003') return done(new Error('cancelled'));
        if (c === '\u007f' || c === '\b') line = line.slice(0, -1);
        else line += c;
      }
    };
    input.on('data', onData);
  });
}

/** Piped: the first line of standard input. */
async function readFirstLine(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env['ADMIN_PASSWORD'];
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  if (process.stdin.isTTY) {
    const first = await readHidden('Password: ');
    const again = await readHidden('Password again: ');
    if (first !== again) throw new Error('The two passwords differ');
    return first;
  }
  return readFirstLine();
}

async function run(argv: readonly string[]): Promise<void> {
  const args = parseCreateAdminArgs(argv);
  if (args.help) {
    console.log(USAGE);
    return;
  }
  // Through `npm run -w apps/server`, a relative DATA_DIR means the folder npm ran in.
  const initCwd = process.env['INIT_CWD'];
  if (initCwd !== undefined && initCwd !== '') process.chdir(initCwd);
  // ADMIN_PASSWORD alone is this command's input, not the start-up admin pair.
  const config = loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
  const password = await readPassword();
  if (password.length < MIN_ADMIN_PASSWORD_LENGTH) {
    throw new Error(`The admin password must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`);
  }
  const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await migrateToLatest(database);
    await createAdmin(database.db, {
      email: args.email,
      password,
      ...(args.firstName === undefined ? {} : { firstName: args.firstName }),
      ...(args.lastName === undefined ? {} : { lastName: args.lastName }),
    });
    console.log(`Created the admin account ${args.email.trim().toLowerCase()}.`);
  } finally {
    await database.db.destroy();
  }
}

// Runs only as a program, so the argument parser can be imported by tests.
runAsProgram(import.meta.url, run, 'Creating the admin failed');
