// `npm test`: installs what a fresh clone lacks, then every check of the project. What does
// not depend on each other runs side by side, so both cores of a small machine stay busy:
// lint, formatting, the web app's build, the type check and build followed by the unit and
// server tests (they start the built server), and the browser tests, which start as soon as
// the type check and the web app's build are done (they need the built server and app) and
// run two files at a time unless E2E_WORKERS says otherwise (docs/configuration.md). They
// mostly wait on what a browser and a server do, which leaves room on the cores for the
// rest (docs/performance.md, "How long npm test takes"). The unit and server tests print
// as they go; the output of every other step is printed whole when it ends; the run ends
// with the time of each step.

import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstall } from './ensure-install.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** @typedef {{ name: string, command: string }} Step */
/** @typedef {{ name: string, seconds: number, ok: boolean }} Timing */

/** @type {Timing[]} */
const timings = [];

/**
 * Runs one command through the shell from the repository root (npm has put
 * node_modules/.bin on PATH). Streams its output when `buffered` is false; otherwise keeps
 * it and prints it whole when the command ends, so side-by-side steps do not interleave.
 * @param {Step} step
 * @param {boolean} buffered
 * @returns {Promise<Timing>}
 */
function run(step, buffered) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, {
      cwd: root,
      shell: true,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    /** @type {Buffer[]} */
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    const finish = (/** @type {boolean} */ ok) => {
      const timing = { name: step.name, seconds: (performance.now() - started) / 1000, ok };
      if (buffered) {
        const mark = ok ? 'done' : 'FAILED';
        console.log(
          `\n── ${step.name}: ${mark} in ${timing.seconds.toFixed(0)} s (${step.command})`,
        );
        process.stdout.write(Buffer.concat(output));
      }
      timings.push(timing);
      resolve(timing);
    };
    child.once('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      finish(false);
    });
    child.once('exit', (code) => finish(code === 0));
  });
}

async function alone(/** @type {Step} */ step) {
  console.log(`\n── ${step.name} (${step.command})`);
  return (await run(step, false)).ok;
}

function summary() {
  console.log('\nnpm test, time per step:');
  for (const timing of timings) {
    const mark = timing.ok ? '' : '  FAILED';
    console.log(`  ${timing.name.padEnd(22)} ${timing.seconds.toFixed(0).padStart(5)} s${mark}`);
  }
}

const started = performance.now();
ensureInstall();
timings.push({ name: 'install', seconds: (performance.now() - started) / 1000, ok: true });

/** The steps after the domain's build, side by side; resolves to whether all passed. */
async function sideBySide() {
  console.log(
    '\nSide by side: lint, formatting, web app build, type check and build, then unit and server tests, and the browser tests once the builds are done...',
  );
  const webBuild = run(
    { name: 'web app build', command: 'npm run --silent build -w apps/web' },
    true,
  );
  const typeCheck = run({ name: 'type check and build', command: 'tsc -b' }, true);
  const results = await Promise.all([
    run({ name: 'lint', command: 'npm run --silent lint' }, true).then((r) => r.ok),
    run({ name: 'formatting', command: 'prettier --check .' }, true).then((r) => r.ok),
    webBuild.then((r) => r.ok),
    typeCheck.then(
      async (r) =>
        r.ok &&
        alone({
          name: 'unit and server tests',
          command: 'vitest run --project domain --project server --project web',
        }),
    ),
    Promise.all([webBuild, typeCheck]).then(
      async ([web, types]) =>
        web.ok &&
        types.ok &&
        (
          await run(
            {
              name: 'browser tests',
              command: 'vitest run --project e2e --outputFile.json=test-results/vitest-e2e.json',
            },
            true,
          )
        ).ok,
    ),
  ]);
  return results.every(Boolean);
}

// The domain package first: the web app's build reads it.
const ok =
  (await alone({ name: 'domain build', command: 'tsc -b packages/domain' })) &&
  (await sideBySide());
summary();
console.log(
  `  ${'total'.padEnd(22)} ${((performance.now() - started) / 1000).toFixed(0).padStart(5)} s`,
);
process.exit(ok ? 0 : 1);
