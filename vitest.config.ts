import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer } from 'vitest/node';
import type { TestSpecification } from 'vitest/node';

const domainSource = fileURLToPath(new URL('./packages/domain/src/index.ts', import.meta.url));
// Vitest keeps a core for itself by default: one worker on a two-core machine, the other core
// idle while its main process waits. The unit and server files run two at a time at least.
const workers = Math.max(2, availableParallelism() - 1);
// Browser files run at once, each on a server of its own (E2E_WORKERS, docs/configuration.md).
// Two by default: they mostly wait on the browser and the server, and every file passed two
// at a time on an idle machine (docs/performance.md); 1 runs them one after another.
const e2eWorkers = Math.max(1, Math.floor(Number(process.env['E2E_WORKERS'] ?? '2')) || 1);

/**
 * The browser files that take longest, longest first, as a run measured them (test-results/
 * vitest-e2e.json, docs/performance.md). They start first, so the two workers end together:
 * Vitest's own order on a fresh clone, largest file first, ran a short file that takes 38 s
 * last, alone. A file not named here runs after them; a stale order costs only that tail.
 */
const E2E_LONGEST_FIRST = [
  'faults',
  'offline',
  'conflicts',
  'shell',
  'newcomer',
  'records',
  'walks',
  'telemetry',
  'trade-link',
  'accounts',
  'manage-homes',
  'items',
  'field-tests',
  'accessibility',
].map((name) => `${name}.test.ts`);

/**
 * Vitest's order, but the browser files of E2E_LONGEST_FIRST first, in its order (unit files
 * of the same names, in other projects, keep Vitest's place).
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification): number => {
      const at =
        file.project.name === 'e2e' ? E2E_LONGEST_FIRST.indexOf(basename(file.moduleId)) : -1;
      return at === -1 ? E2E_LONGEST_FIRST.length : at;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

// The web files: a jsdom each, set up by apps/web/src/test-setup.ts.
const web = {
  include: ['apps/web/src/**/*.test.{ts,tsx}'],
  environment: 'jsdom',
  setupFiles: ['apps/web/src/test-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;
const webSource = fileURLToPath(new URL('./apps/web/src/', import.meta.url));
/**
 * Web files that load the app's modules afresh (Vitest's default); the others share their
 * worker's loaded modules (docs/decisions.md, "How `npm test` installs and isolates"). Every
 * file that replaces a module with vi.mock, which shared modules would carry into the next
 * file, found here by its text; and those that test what a module does on its first load.
 */
const WEB_FRESH_MODULES = [
  ...readdirSync(webSource, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .filter((file) => /\bvi\.(?:mock|doMock)\(/.test(readFileSync(join(webSource, file), 'utf8')))
    .map((file) => `apps/web/src/${file.split(sep).join('/')}`),
  // The toast host loaded by the first toast; the refresh started before the first render.
  'apps/web/src/ui/toast.test.tsx',
  'apps/web/src/data/first-refresh.test.tsx',
];

export default defineConfig({
  resolve: { alias: { '@field/domain': domainSource } },
  test: {
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    maxWorkers: workers,
    sequence: { sequencer: LongestFirst },
    // The domain and server files share their workers' loaded modules (`isolate: false`): each
    // file builds its own server, database and state, and importing Fastify, Kysely and the
    // AWS SDK again for each of 71 files was half the server suite's time (131 s to 76 s
    // alone, docs/performance.md). The web files share theirs too, but for those in
    // WEB_FRESH_MODULES, and each starts with a device database of its own and the app's
    // circuit breaker closed (apps/web/src/test-setup-shared.ts).
    projects: [
      {
        extends: true,
        test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          ...web,
          name: 'web',
          exclude: WEB_FRESH_MODULES,
          isolate: false,
          setupFiles: [...web.setupFiles, 'apps/web/src/test-setup-shared.ts'],
        },
      },
      { extends: true, test: { ...web, name: 'web-fresh', include: WEB_FRESH_MODULES } },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // One Chromium, and a server per worker, that the files share
          // (e2e/support/global-setup.ts).
          globalSetup: ['e2e/support/global-setup.ts'],
          // A worker's files share its loaded modules (playwright-core's bundle above all):
          // loaded afresh for each file, the 28 files' imports took 50.9 s, shared 6 to 8 s.
          // Nothing here is mocked, and what a file starts its afterAll stops
          // (docs/decisions.md, "How `npm test` installs and isolates").
          isolate: false,
          // For a hung test, not a measure: on a loaded two-core machine the eight walk forms,
          // then one test, took 81 s alone (each form is a test of its own now).
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // expect.poll waits as long as Playwright's own waits (session.ts: 30 s) unless a
          // test says otherwise. Vitest's 1 s default failed a run: the homes overview's
          // cards after the first twelve render in the background, alongside the work that
          // carries the homes to the device, and took over a second under the CI's load.
          expect: { poll: { timeout: 30_000 } },
          maxWorkers: e2eWorkers,
        },
      },
    ],
  },
});
