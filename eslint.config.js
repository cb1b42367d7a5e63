// Lint rules, including the import boundaries of docs/adding-a-screen.md (eslint-plugin-boundaries).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Size limits (issue 29) on non-test source: everything linted but tests, browser tests, fixtures
// and benchmarks; raw lines, blank lines and comments included. No file is excepted: split the
// file or the function (scripts/size-limits.test.ts keeps the rule from going quiet).
const SIZE_LIMITED = ['src/**/*.{ts,tsx}', 'scripts/**/*.{ts,mjs,js}', 'e2e/**/*.ts', '*.{ts,js,mjs}'];
const NOT_SIZE_LIMITED = ['**/*.test.{ts,tsx}', '**/*.e2e.ts', '**/*fixture*.ts', '**/*.bench.ts'];
const SIZE_RULES = {
  'max-lines': ['error', { max: 500, skipBlankLines: false, skipComments: false }],
  'max-lines-per-function': ['error', { max: 150, skipBlankLines: false, skipComments: false }],
};

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'coverage/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['src/**/*'],
      'boundaries/elements': [
        { type: 'shared', pattern: 'src/shared' },
        { type: 'server-http', pattern: 'src/server/http' },
        { type: 'server-module', pattern: 'src/server/modules/*', capture: ['module'] },
        { type: 'server', pattern: 'src/server' },
        { type: 'web-module', pattern: 'src/web/modules/*', capture: ['module'] },
        { type: 'web', pattern: 'src/web' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'shared' } },
              disallow: [{ to: { element: { type: ['server', 'server-*', 'web', 'web-*'] } } }],
              message: 'src/shared is imported by both sides and imports only zod and itself',
            },
            {
              from: { element: { type: ['web', 'web-module'] } },
              disallow: [{ to: { element: { type: ['server', 'server-*'] } } }],
              message: 'the console reaches the server over HTTP only',
            },
            {
              from: { element: { type: ['server', 'server-*'] } },
              disallow: [{ to: { element: { type: ['web', 'web-*'] } } }],
              message: 'the server does not import console code',
            },
            {
              from: { element: { type: 'server-http' } },
              disallow: [{ to: { element: { type: 'server-module' } } }],
              message: 'the HTTP layer is below the modules; inject what it needs instead',
            },
            {
              from: { element: { type: 'server-module' } },
              disallow: [
                {
                  to: {
                    element: {
                      type: 'server-module',
                      captured: { module: '!{{from.element.captured.module}}' },
                      fileInternalPath: '**/*.routes.ts',
                    },
                  },
                },
              ],
              message: "a module may use another module's service, never its routes",
            },
            {
              from: { element: { type: 'web-module' } },
              disallow: [
                {
                  to: {
                    element: {
                      type: 'web-module',
                      captured: { module: '!{{from.element.captured.module}}' },
                    },
                  },
                },
              ],
              message: 'web modules do not import each other; move shared UI to src/web/components',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|zod/|\\.)', message: 'src/shared imports only zod and itself' }] },
      ],
    },
  },
  // A server module reaches another only through its public entry, index.ts (tests and fixtures
  // may set up state through anything; a table may reference another module's table). A file in a
  // module's subfolder (shop/orders/) leaves its module with one more `../`; `../catalog/` is its own.
  ...[
    ['src/server/modules/*/*.ts', '\\.\\./'],
    ['src/server/modules/*/*/*.ts', '\\.\\./\\.\\./'],
  ].flatMap(([files, up]) =>
    [
      { ignores: [], allow: '(?!index\\.ts$|[a-z-]+\\.table\\.ts$)' },
      { ignores: ['**/*.table.ts'], allow: '(?!index\\.ts$)' },
    ].map(({ ignores, allow }) => ({
      files: [files],
      ignores: ['**/*.test.ts', '**/*fixture*.ts', '**/*.bench.ts', ...ignores],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `^${up}[a-z-]+/${allow}`,
                message: 'import another module through its index.ts (its public entry), not its files',
              },
            ],
          },
        ],
      },
    })),
  ),
  {
    files: ['src/server/main.ts', 'scripts/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
  { files: SIZE_LIMITED, ignores: NOT_SIZE_LIMITED, rules: SIZE_RULES },
  prettier,
);
