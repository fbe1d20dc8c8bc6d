// The lint rules: type-aware TypeScript rules everywhere, React hooks and accessibility in
// the web app, one-way imports and no import cycles (docs/architecture.md), no focused
// tests.

import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The web app's layers, lowest first: each imports only the layers before it, and
// main.tsx imports them all. Features never import each other.
const WEB = 'apps/web/src';
const WEB_LAYERS = ['lib', 'api', 'offline', 'data', 'ui', 'features', 'app'];
const features = readdirSync(new URL(`${WEB}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webZones = [
  ...WEB_LAYERS.map((layer, index) => ({
    target: `${WEB}/${layer}`,
    from: [...WEB_LAYERS.slice(index + 1).map((upper) => `${WEB}/${upper}`), `${WEB}/main.tsx`],
    message: `Web layers import one way (${WEB_LAYERS.join(' <- ')} <- main.tsx): ${layer}/ imports only the layers before it.`,
  })),
  // The trade's page (src/trade, its own entry: trade.html) takes none of the app, and the
  // app none of it (docs/decisions.md, The trade's own link).
  {
    target: `${WEB}/trade`,
    from: [...WEB_LAYERS.map((layer) => `${WEB}/${layer}`), `${WEB}/main.tsx`],
    message: "The trade's page is an entry of its own: it imports none of the signed-in app.",
  },
  {
    target: [...WEB_LAYERS.map((layer) => `${WEB}/${layer}`), `${WEB}/main.tsx`],
    from: `${WEB}/trade`,
    message: "The signed-in app imports nothing of the trade's page (src/trade).",
  },
  ...features.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message:
      'Features do not import each other: move what they share to ui/, data/, offline/ or lib/.',
  })),
];

// The server's layers: http/ (the write pipeline and its context), db/, storage/ and
// config.ts import no module, and nothing imports the assembly (the src root's files other
// than config.ts: main.ts and the app it builds).
const SERVER = 'apps/server/src';
const SERVER_LAYERS = 'config, db, storage <- http <- modules <- assembly';
const SERVER_BASE = [`${SERVER}/http`, `${SERVER}/db`, `${SERVER}/storage`, `${SERVER}/config.ts`];
const serverZones = [
  {
    target: SERVER_BASE,
    from: `${SERVER}/modules`,
    message: `Server layers import one way (${SERVER_LAYERS}): http/, db/, storage/ and config.ts import no module.`,
  },
  {
    target: [...SERVER_BASE, `${SERVER}/modules`],
    from: `${SERVER}/!(config).ts`,
    message: `Server layers import one way (${SERVER_LAYERS}): nothing imports the assembly (main.ts, app.ts).`,
  },
];

/** Marks an import declaration (`import type`, `import { type X }`) as a value import. */
function asValueImport(node) {
  node.importKind = 'value';
  for (const specifier of node.specifiers) specifier.importKind = 'value';
  return node;
}

/**
 * import-x/no-cycle skips type-only imports, but a cycle of types is still two modules
 * that know each other. This copy of the rule reads every import as a value import: the
 * linted file's own (on a copy of each node) and those of the files it follows (parsed
 * again by a parser that says so).
 */
function countingTypeImports(rule) {
  const parser = {
    meta: { name: 'type-imports-as-values' },
    parseForESLint(code, options) {
      const result = tseslint.parser.parseForESLint(code, options);
      for (const node of result.ast.body)
        if (node.type === 'ImportDeclaration') asValueImport(node);
      return result;
    },
  };
  return {
    ...rule,
    create(context) {
      const counting = Object.create(context, {
        languageOptions: { value: { ...context.languageOptions, parser } },
      });
      const listeners = rule.create(counting);
      const { ImportDeclaration: onImport } = listeners;
      return {
        ...listeners,
        ImportDeclaration: (node) =>
          onImport?.(
            asValueImport({ ...node, specifiers: node.specifiers.map((s) => ({ ...s })) }),
          ),
      };
    },
  };
}

const importPlugin = {
  ...importX,
  rules: { ...importX.rules, 'no-cycle': countingTypeImports(importX.rules['no-cycle']) },
};

/**
 * The one-way import rules, exported so a test can prove they bite (lint-zones.test.ts).
 * A test may import any layer to drive the one it tests: nothing imports a test, so it
 * adds no way back.
 */
export const importRules = [
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/src/**/*.ts', 'packages/domain/src/**/*.ts'],
    plugins: { 'import-x': importPlugin },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: [...webZones, ...serverZones] },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
];

/**
 * A file that keeps to one job (docs/architecture.md, "The rules are enforced"): at most 400 lines
 * of code (blank lines and comments not counted) in the layers split for it, and no function
 * of a component file over 150, so a screen is made of parts that each say what they draw.
 * Exported so a test can prove they bite (lint-zones.test.ts).
 */
export const sizeRules = [
  {
    files: [
      'apps/web/src/offline/**/*.{ts,tsx}',
      'apps/web/src/features/walks/**/*.{ts,tsx}',
      'apps/web/src/features/items/**/*.{ts,tsx}',
      'apps/server/src/modules/records/**/*.ts',
    ],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: {
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
];

const focusedTests = ['describe', 'it', 'test'].map((object) => ({
  object,
  property: 'only',
  message: 'A focused test skips the rest of the suite.',
}));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.tsbuild/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.ts', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-properties': ['error', ...focusedTests],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'Use named exports, not export *.' },
      ],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react-*',
                'fastify',
                '@fastify/*',
                'kysely',
                'pg',
                'better-sqlite3',
                'dexie',
                '@field/*',
                'node:*',
              ],
              message: 'The domain package imports no framework, driver or app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@field/server', '**/apps/server/**'],
              message: 'The web app talks to the server over HTTP only.',
            },
          ],
        },
      ],
    },
  },
  ...importRules,
  ...sizeRules,
  { files: ['apps/web/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@field/web', '**/apps/web/**', 'react', 'react-dom'],
              message: 'The server does not import the web app.',
            },
          ],
        },
      ],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
);
