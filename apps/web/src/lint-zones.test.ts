// @vitest-environment node
// The import zones of docs/conventions.md, proven to bite: the real rules of
// eslint.config.js run over a cross-feature import, a shared layer importing a feature,
// and an import cycle, and each is refused; an import the zones allow passes.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import type { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const probeDir = mkdtempSync(path.join(root, 'apps/web/src/features/lint-probe-'));

async function importRules(): Promise<Linter.Config> {
  const url = pathToFileURL(path.join(root, 'eslint.config.js')).href;
  // Safe: eslint.config.js exports the rule block under this name (see there).
  const module = (await import(url)) as { webImportRules: Linter.Config };
  return module.webImportRules;
}

/**
 * Lints `code` as if it were `file`. The cycle rule reads the files an import leads to
 * from disk, so it runs only where the linted file is on disk (`onDisk`).
 */
async function lint(file: string, code: string, onDisk = false): Promise<string[]> {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser } },
      await importRules(),
      ...(onDisk ? [] : [{ rules: { 'import/no-cycle': 'off' as const } }]),
    ],
  });
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

afterAll(() => rmSync(probeDir, { recursive: true, force: true }));

describe('import zones of the web app', () => {
  it('refuses a feature importing another feature', async () => {
    const messages = await lint(
      'apps/web/src/features/communication/probe.ts',
      "export { Component } from '../items/punch-items-screen';\n",
    );
    expect(messages.join('\n')).toMatch(/no-restricted-paths.*Features do not import each other/);
  });

  it('refuses a shared layer importing a feature', async () => {
    const messages = await lint(
      'apps/web/src/ui/probe.ts',
      "export { Component } from '../features/communication/notes-screen';\n",
    );
    expect(messages.join('\n')).toMatch(/no-restricted-paths.*Shared layers/);
  });

  it('lets a feature import the shared layers', async () => {
    const messages = await lint(
      'apps/web/src/features/communication/probe.ts',
      "export { SyncStateChip } from '../../ui/sync-state-chip';\n",
    );
    expect(messages).toEqual([]);
  });

  it('refuses an import cycle', async () => {
    const a = path.join(probeDir, 'a.ts');
    const b = path.join(probeDir, 'b.ts');
    writeFileSync(a, "import { b } from './b';\nexport const a = () => b;\n");
    writeFileSync(b, "import { a } from './a';\nexport const b = () => a;\n");
    const messages = await lint(
      path.relative(root, a),
      "import { b } from './b';\nexport const a = () => b;\n",
      true,
    );
    expect(messages.join('\n')).toMatch(/import\/no-cycle/);
  });
});
