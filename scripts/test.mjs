// `npm test`: installs what a fresh clone lacks, then every check of the project. What does
// not depend on each other runs side by side, so both cores of a small machine stay busy:
// the packages' compile (better-sqlite3, begun beside the install), the web app's build,
// the type check and build followed by the unit and server tests (they start the built
// server, so they wait for the compile too), then the browser tests. Lint and formatting
// run behind all of these, at a lower priority, from the start to wherever they end, the
// browser tests included: they take what the cores leave idle. Started beside the unit and
// server tests at the usual priority, on a loaded machine, the browser tests and the server
// tests ran out of time (docs/performance.md). Two browser files at a time unless
// E2E_WORKERS says otherwise (docs/configuration.md). The output of a side-by-side check is
// printed whole when it ends; the run ends with the time of each step.

import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { preparePackages } from './ensure-install.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A step `behind` the others runs at a lower priority (nice 10): lint, formatting and the web
 * app's build wait on nothing, and the tests wait on the compile and the type check. Behind,
 * they take what the cores leave idle instead of slowing those (docs/performance.md).
 * @typedef {{ name: string, command: string, behind?: boolean }} Step
 */
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
    if (step.behind === true && child.pid !== undefined) {
      try {
        setPriority(child.pid, 10);
      } catch {
        // Not allowed here: the step runs at the usual priority.
      }
    }
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
// The packages' compile (better-sqlite3) starts beside the install and goes on beside the
// type check, lint and build, which do not load it; the unit and server tests wait for it.
const { installed, built } = preparePackages();
const packagesBuilt = built.then((ok) => {
  timings.push({ name: 'package compile', seconds: (performance.now() - started) / 1000, ok });
  return ok;
});
await installed;
timings.push({ name: 'install', seconds: (performance.now() - started) / 1000, ok: true });

// The domain package first: the web app's build reads it. Then lint and formatting start
// behind everything else and may go on beside the browser tests: nothing waits on them but
// the run's result. The browser tests wait for the web app's build and for the unit and
// server tests, which wait for the type check and build and the compile.
let ok = await alone({
  name: 'domain build',
  command: 'npm run --silent typecheck -- packages/domain',
});
if (ok) {
  console.log(
    '\nSide by side: lint and formatting (behind the rest), web app build, type check and build, then unit and server tests, then browser tests...',
  );
  const checks = Promise.all([
    run({ name: 'lint', command: 'npm run --silent lint', behind: true }, true),
    run({ name: 'formatting', command: 'prettier --check .', behind: true }, true),
  ]).then((results) => results.every((r) => r.ok));
  const ready = await Promise.all([
    run(
      { name: 'web app build', command: 'npm run --silent build -w apps/web', behind: true },
      true,
    ).then((r) => r.ok),
    (async () =>
      (await run({ name: 'type check and build', command: 'npm run --silent typecheck' }, true))
        .ok &&
      (await packagesBuilt) &&
      (await alone({
        name: 'unit and server tests',
        command: 'vitest run --project domain --project server --project web --project web-fresh',
      })))(),
  ]);
  const tested =
    ready.every(Boolean) &&
    (await alone({
      name: 'browser tests',
      command: 'vitest run --project e2e --outputFile.json=test-results/vitest-e2e.json',
    }));
  ok = (await checks) && tested;
}
// A compile still running when an earlier step failed ends before the summary.
await packagesBuilt;
summary();
console.log(
  `  ${'total'.padEnd(22)} ${((performance.now() - started) / 1000).toFixed(0).padStart(5)} s`,
);
process.exit(ok ? 0 : 1);
