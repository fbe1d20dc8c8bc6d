// @vitest-environment node
// The one-way imports of docs/architecture.md, proven to bite: the real rules of
// eslint.config.js run over a wrong-way import in the web app, the server and the domain,
// and over import cycles (one of type-only imports), and each is refused; imports the
// layers allow pass.

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

async function importRules(): Promise<Linter.Config[]> {
  const url = pathToFileURL(path.join(root, 'eslint.config.js')).href;
  // Safe: eslint.config.js exports the rule blocks under this name (see there).
  const module = (await import(url)) as { importRules: Linter.Config[] };
  return module.importRules;
}

/** Lints `code` as if it were `file` (the files it imports are read from disk). */
async function lint(file: string, code: string): Promise<string> {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser } },
      ...(await importRules()),
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
