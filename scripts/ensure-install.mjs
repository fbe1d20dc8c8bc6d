// Installs the workspace's dependencies when they are missing or older than the lock
// file, so `npm start` and `npm test` work on a fresh clone with nothing but Node.js.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function checkNodeVersion() {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(
      `Node.js ${process.versions.node} is too old: the field app needs 20.19 or newer.`,
    );
    process.exit(1);
  }
}

const MARKER = path.join(root, 'node_modules', '.package-lock.json');
/** Written once the packages' own build scripts (better-sqlite3's compile) have run. */
const SCRIPTS_MARKER = path.join(root, 'node_modules', '.field-scripts-done');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Whether `file` exists and is no older than the lock file. */
function currentWith(file) {
  const lock = path.join(root, 'package-lock.json');
  if (!existsSync(file)) return false;
  if (!existsSync(lock)) return true;
  return statSync(file).mtimeMs >= statSync(lock).mtimeMs;
}

/**
 * Installs the packages when they are missing or older than the lock file, without their
 * build scripts: those (better-sqlite3 compiled from source, about 70 s on two cores, most
 * of an install) run apart in `buildPackages`, so `npm test` can type-check and lint beside
 * the compile.
 */
export function ensurePackages() {
  checkNodeVersion();
  if (currentWith(MARKER)) return;
  const args = [
    existsSync(path.join(root, 'package-lock.json')) ? 'ci' : 'install',
    '--ignore-scripts',
    // The audit is one more request to the registry and installs nothing; the funding note
    // is noise in the test log.
    '--no-audit',
    '--no-fund',
  ];
  console.log(
    `Installing dependencies (npm ${args.join(' ')}); the first time takes a few minutes...`,
  );
  const result = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('Installing dependencies failed; see the npm output above.');
    process.exit(result.status ?? 1);
  }
}

/**
 * `npm rebuild`: the install scripts `ensurePackages` left out; resolves whether they ran.
 * SQLite's C is compiled at -O2, as Debian compiles its own, not better-sqlite3's -O3: a
 * quarter less compile; the embedded database's lookups and updates as fast, its inserts
 * about 6 % slower (docs/decisions.md). A CFLAGS of the caller's own is kept.
 */
export function buildPackages() {
  if (currentWith(SCRIPTS_MARKER)) return Promise.resolve(true);
  console.log('Building the packages that compile on install (npm rebuild)...');
  return new Promise((resolve) => {
    const child = spawn(npm, ['rebuild', '--no-audit', '--no-fund'], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, CFLAGS: process.env['CFLAGS'] ?? '-O2' },
    });
    child.once('error', () => resolve(false));
    child.once('exit', (code) => {
      if (code === 0) writeFileSync(SCRIPTS_MARKER, '');
      else console.error('Building the packages failed; see the npm output above.');
      resolve(code === 0);
    });
  });
}

/** Everything installed and built, before `npm start` goes on. */
export async function ensureInstall() {
  ensurePackages();
  if (!(await buildPackages())) process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) await ensureInstall();
