// @vitest-environment node
// The one-way imports and file sizes of docs/architecture.md, proven to bite: the real rules
// of eslint.config.js run over a wrong-way import in the web app, the server and the domain,
// over import cycles (one of type-only imports) and over a file and a component past their
// sizes, and each is refused; imports and sizes the rules allow pass.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import type { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const probeDirs: string[] = [];

/** A fresh folder `parent/lint-probe-*` holding `files` (name → source); removed after the run. */
function probeFiles(parent: string, files: Record<string, string>): string {
  mkdirSync(path.join(root, parent), { recursive: true });
  const dir = mkdtempSync(path.join(root, parent, 'lint-probe-'));
  probeDirs.push(dir);
  for (const [name, code] of Object.entries(files)) writeFileSync(path.join(dir, name), code);
  return path.relative(root, dir);
}

afterAll(() => {
  for (const dir of probeDirs) rmSync(dir, { recursive: true, force: true });
});

async function layerRules(): Promise<Linter.Config[]> {
  const url = pathToFileURL(path.join(root, 'eslint.config.js')).href;
  // Safe: eslint.config.js exports the rule blocks under these names (see there).
  const module = (await import(url)) as {
    importRules: Linter.Config[];
    sizeRules: Linter.Config[];
  };
  return [...module.importRules, ...module.sizeRules];
}

/** Lints `code` as if it were `file` (the files it imports are read from disk). */
async function lint(file: string, code: string): Promise<string> {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts', '**/*.tsx'],
        languageOptions: {
          parser: tseslint.parser,
          parserOptions: { ecmaFeatures: { jsx: true } },
        },
      },
      ...(await layerRules()),
    ],
  });
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`).join('\n');
}

describe('web layers: lib <- api <- offline <- data <- ui <- features <- app', () => {
  it('refuses api/ importing offline/', async () => {
    const messages = await lint(
      'apps/web/src/api/probe.ts',
      "export { ENGINE_TEXTS } from '../offline/texts';\n",
    );
    expect(messages).toMatch(/no-restricted-paths.*api\/ imports only the layers before it/);
  });

  it('refuses data/ importing ui/', async () => {
    const messages = await lint(
      'apps/web/src/data/probe.ts',
      "export { SyncStateChip } from '../ui/sync-state-chip';\n",
    );
    expect(messages).toMatch(/no-restricted-paths.*data\/ imports only the layers before it/);
  });

  it('refuses a feature importing another feature', async () => {
    const messages = await lint(
      'apps/web/src/features/communication/probe.ts',
      "export { Component } from '../items/punch-items-screen';\n",
    );
    expect(messages).toMatch(/no-restricted-paths.*Features do not import each other/);
  });

  it('lets a layer import the layers before it', async () => {
    const feature = await lint(
      'apps/web/src/features/communication/probe.ts',
      "export { SyncStateChip } from '../../ui/sync-state-chip';\nexport { toast } from '../../lib/toast';\n",
    );
    const api = await lint(
      'apps/web/src/api/probe.ts',
      "export { budgetedYield } from '../lib/yield-to-main';\n",
    );
    expect([feature, api]).toEqual(['', '']);
  });

  it('lets a test import any layer to drive the one it tests', async () => {
    const messages = await lint(
      'apps/web/src/data/probe.test.ts',
      "export { SyncStateChip } from '../ui/sync-state-chip';\n",
    );
    expect(messages).toBe('');
  });
});

describe('server layers: config, db, storage <- http <- modules <- assembly', () => {
  it('refuses http/ importing a module', async () => {
    const module = probeFiles('apps/server/src/modules', { 'routes.ts': 'export const x = 1;\n' });
    const messages = await lint(
      'apps/server/src/http/probe.ts',
      `export { x } from '../modules/${path.basename(module)}/routes.js';\n`,
    );
    expect(messages).toMatch(/no-restricted-paths.*config.ts import no module/);
  });

  it('refuses a module importing the assembly', async () => {
    const messages = await lint(
      'apps/server/src/modules/records/probe.ts',
      "import '../../main.js';\n",
    );
    expect(messages).toMatch(/no-restricted-paths.*nothing imports the assembly/);
  });

  it('lets a module import http/ and config.ts', async () => {
    const messages = await lint(
      'apps/server/src/modules/records/probe.ts',
      "export { loadConfig } from '../../config.js';\nexport { AppError } from '../../http/errors.js';\n",
    );
    expect(messages).toBe('');
  });
});

describe('import cycles', () => {
  it('refuses a cycle in the domain', async () => {
    const dir = probeFiles('packages/domain/src', {
      'a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'b.ts': "import { a } from './a.js';\nexport const b = () => a;\n",
    });
    const messages = await lint(
      path.join(dir, 'a.ts'),
      "import { b } from './b.js';\nexport const a = () => b;\n",
    );
    expect(messages).toMatch(/import-x\/no-cycle/);
  });

  it.each(['apps/server/src/modules', 'apps/web/src/data'])(
    'refuses a cycle of type-only imports (in %s)',
    async (parent) => {
      const a = "import type { B } from './b';\nexport interface A {\n  b?: B;\n}\n";
      const dir = probeFiles(parent, {
        'a.ts': a,
        'b.ts': "import type { A } from './a';\nexport interface B {\n  a?: A;\n}\n",
      });
      expect(await lint(path.join(dir, 'a.ts'), a)).toMatch(/import-x\/no-cycle/);
    },
  );
});

describe('one job per file', () => {
  /** `count` lines of code, each a statement of its own. */
  const statements = (count: number) =>
    Array.from({ length: count }, (_v, n) => `  const v${n} = ${n};`).join('\n');
  /** A module of `count` lines of code, with as many comment and blank lines beside them. */
  const moduleOf = (count: number) =>
    `// A probe.\n\n${Array.from({ length: count }, (_v, n) => `export const v${n} = ${n};\n// ${n}\n`).join('\n')}`;
  /** A component whose function is `count` lines of code long, braces included. */
  const componentOf = (count: number) =>
    `export function Probe() {\n${statements(count - 3)}\n  return <p>{v0}</p>;\n}\n`;

  it('refuses a file of more than 400 lines of code in a split layer', async () => {
    expect(await lint('apps/web/src/offline/probe.ts', moduleOf(401))).toMatch(
      /max-lines: File has too many lines \(401\)/,
    );
    expect(await lint('apps/server/src/modules/records/probe.ts', moduleOf(401))).toMatch(
      /max-lines/,
    );
  });

  it('counts code only: 400 lines of it pass, with their comments and blank lines', async () => {
    expect(await lint('apps/web/src/features/walks/probe.ts', moduleOf(400))).toBe('');
  });

  it('refuses a component of more than 150 lines, and lets one of 150 pass', async () => {
    expect(await lint('apps/web/src/ui/probe.tsx', componentOf(151))).toMatch(
      /max-lines-per-function: Function 'Probe' has too many lines \(151\)/,
    );
    expect(await lint('apps/web/src/ui/probe.tsx', componentOf(150))).toBe('');
  });
});
