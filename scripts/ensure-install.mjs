// Installs the workspace's dependencies when they are missing or older than the lock
// file, so `npm start` and `npm test` work on a fresh clone with nothing but Node.js.

import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
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

function installIsCurrent() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (!existsSync(marker)) return false;
  if (!existsSync(lock)) return true;
  return statSync(marker).mtimeMs >= statSync(lock).mtimeMs;
}

export function ensureInstall() {
  checkNodeVersion();
  if (installIsCurrent()) return;
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const args = [
    existsSync(path.join(root, 'package-lock.json')) ? 'ci' : 'install',
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

if (import.meta.url === `file://${process.argv[1]}`) ensureInstall();
