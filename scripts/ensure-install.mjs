// Installs the workspace's dependencies when they are missing or older than the lock
// file, so `npm start` and `npm test` work on a fresh clone with nothing but Node.js.

import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
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

const LOCK = path.join(root, 'package-lock.json');
const MARKER = path.join(root, 'node_modules', '.package-lock.json');
/** Written once the packages' own build scripts (better-sqlite3's compile) have run. */
const SCRIPTS_MARKER = path.join(root, 'node_modules', '.field-scripts-done');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Whether `file` exists and is no older than the lock file. */
function currentWith(file) {
  if (!existsSync(file)) return false;
  if (!existsSync(LOCK)) return true;
  return statSync(file).mtimeMs >= statSync(LOCK).mtimeMs;
}

/**
 * Runs a command; resolves its exit code (-1 when it could not start) and, when `quiet`,
 * its output, kept to be printed only if it fails.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, quiet?: boolean, env?: NodeJS.ProcessEnv }} options
 * @returns {Promise<{ code: number, output: string }>}
 */
function run(command, args, { cwd, quiet = false, env = process.env }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd,
      env,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
    });
    /** @type {Buffer[]} */
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.once('error', (error) => resolve({ code: -1, output: error.message }));
    child.once('close', (code) =>
      resolve({ code: code ?? -1, output: Buffer.concat(output).toString('utf8') }),
    );
  });
}

/**
 * SQLite's C is compiled at -O2, as Debian compiles its own, not better-sqlite3's -O3: a
 * quarter less compile; the embedded database's lookups and updates as fast, its inserts
 * about 6 % slower (docs/decisions.md). A CFLAGS of the caller's own is kept.
 */
const BUILD_ENV = { ...process.env, CFLAGS: process.env['CFLAGS'] ?? '-O2' };

/**
 * The lock file's packages that build on install (better-sqlite3, compiled from source: its
 * prebuilt binaries are out of reach here), each with what the lock pins of it.
 * @returns {{ where: string, name: string, version: string, integrity: string | undefined }[]}
 */
function packagesThatBuild() {
  if (!existsSync(LOCK)) return [];
  /** @type {{ packages?: Record<string, { version?: string, integrity?: string, hasInstallScript?: boolean }> }} */
  const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
  return Object.entries(lock.packages ?? {}).flatMap(([where, entry]) => {
    const name = where.replace(/^(?:.*\/)?node_modules\//, '');
    if (entry.hasInstallScript !== true || entry.version === undefined || name === where) {
      return [];
    }
    return [{ where, name, version: entry.version, integrity: entry.integrity }];
  });
}

/**
 * Compiles the packages that build on install from their own tarballs, in a scratch folder,
 * while `npm ci` installs the rest: the compile is one process on one core, which the
 * server's tests wait for, and side by side with the install the two end sooner than one
 * after the other (docs/decisions.md, "How `npm test` installs and isolates"). Resolves the
 * scratch folder, with each package built in `<name>/`, or why a step failed: `npm
 * rebuild` then builds them in place, as it would have anyway.
 * @param {{ where: string, name: string, version: string, integrity: string | undefined }[]} packages
 * @returns {Promise<{ scratch: string } | { failed: string }>}
 */
async function compileAhead(packages) {
  const scratch = mkdtempSync(path.join(tmpdir(), 'field-packages-'));
  try {
    for (const { name, version, integrity } of packages) {
      const into = path.join(scratch, 'tarball');
      mkdirSync(into);
      const quiet = { cwd: into, quiet: true };
      if (
        (await run(npm, ['pack', `${name}@${version}`, '--pack-destination', into], quiet)).code !==
        0
      ) {
        throw new Error(`npm pack ${name}@${version} failed`);
      }
      const [tarball] = readdirSync(into).filter((file) => file.endsWith('.tgz'));
      if (tarball === undefined) throw new Error(`npm pack ${name}@${version} wrote no tarball`);
      // The registry's tarball must be the one the lock pins.
      const digest = createHash('sha512')
        .update(readFileSync(path.join(into, tarball)))
        .digest('base64');
      if (!(integrity ?? '').split(/\s+/).includes(`sha512-${digest}`)) {
        throw new Error(`${name}@${version} is not the tarball the lock file pins`);
      }
      if ((await run('tar', ['-xzf', tarball], quiet)).code !== 0) throw new Error(`tar failed`);
      const dir = path.join(scratch, name);
      mkdirSync(path.dirname(dir), { recursive: true });
      renameSync(path.join(into, 'package'), dir);
      rmSync(into, { recursive: true, force: true });
      // The package's own install script, as npm runs it (node-gyp on its PATH).
      const options = { cwd: dir, quiet: true, env: BUILD_ENV };
      if ((await run(npm, ['run', 'install', '--no-audit', '--no-fund'], options)).code !== 0) {
        throw new Error(`${name}'s install script failed`);
      }
    }
    return { scratch };
  } catch (error) {
    rmSync(scratch, { recursive: true, force: true });
    return { failed: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * `npm ci` (or `npm install` without a lock) without the packages' build scripts; exits
 * the process when it fails.
 */
async function installPackages() {
  const args = [
    existsSync(LOCK) ? 'ci' : 'install',
    '--ignore-scripts',
    // The audit is one more request to the registry and installs nothing; the funding note
    // is noise in the test log.
    '--no-audit',
    '--no-fund',
  ];
  console.log(
    `Installing dependencies (npm ${args.join(' ')}); the first time takes a few minutes...`,
  );
  if ((await run(npm, args, { cwd: root })).code !== 0) {
    console.error('Installing dependencies failed; see the npm output above.');
    process.exit(1);
  }
}

/**
 * `npm rebuild`: the install scripts the install left out, run in place; resolves whether
 * they ran.
 */
async function rebuildPackages() {
  console.log('Building the packages that compile on install (npm rebuild)...');
  const { code } = await run(npm, ['rebuild', '--no-audit', '--no-fund'], {
    cwd: root,
    env: BUILD_ENV,
  });
  if (code === 0) writeFileSync(SCRIPTS_MARKER, '');
  else console.error('Building the packages failed; see the npm output above.');
  return code === 0;
}

/**
 * Puts what each package's install script built beside the install (node-gyp's `build/`)
 * into the package npm ci installed from the same tarball; false when one has none.
 * @param {string} scratch
 * @param {{ where: string, name: string }[]} packages
 */
function placeBuilds(scratch, packages) {
  try {
    for (const { where, name } of packages) {
      cpSync(path.join(scratch, name, 'build'), path.join(root, where, 'build'), {
        recursive: true,
      });
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * Installs the packages when they are missing or older than the lock file, and builds those
 * that compile on install, each at most once (a marker file in node_modules says the
 * compile finished, so an interrupted one runs again). `installed` resolves once the
 * packages are in place, without their builds; `built` whether the builds are done too, so
 * a caller can type-check and lint beside the compile.
 * @returns {{ installed: Promise<void>, built: Promise<boolean> }}
 */
export function preparePackages() {
  checkNodeVersion();
  if (currentWith(MARKER)) {
    const installed = Promise.resolve();
    return {
      installed,
      built: currentWith(SCRIPTS_MARKER) ? Promise.resolve(true) : rebuildPackages(),
    };
  }
  const packages = packagesThatBuild();
  if (packages.length > 0) {
    console.log(`Compiling ${packages.map((p) => p.name).join(', ')} beside the install...`);
  }
  // Without a lock file nothing pins the tarballs: `npm rebuild` builds them in place.
  const ahead = !existsSync(LOCK)
    ? 'in place'
    : packages.length === 0
      ? undefined
      : compileAhead(packages);
  const installed = installPackages();
  const built = Promise.all([ahead, installed]).then(([compiled]) => {
    if (compiled === 'in place') return rebuildPackages();
    if (compiled === undefined) {
      writeFileSync(SCRIPTS_MARKER, '');
      return true;
    }
    if ('failed' in compiled) {
      console.log(`The compile beside the install did not finish (${compiled.failed}).`);
      return rebuildPackages();
    }
    const placed = placeBuilds(compiled.scratch, packages);
    rmSync(compiled.scratch, { recursive: true, force: true });
    if (!placed) return rebuildPackages();
    writeFileSync(SCRIPTS_MARKER, '');
    return true;
  });
  return { installed, built };
}

/** Everything installed and built, before `npm start` goes on. */
export async function ensureInstall() {
  const { installed, built } = preparePackages();
  await installed;
  if (!(await built)) process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) await ensureInstall();
