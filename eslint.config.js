// Lint rules, including the import boundaries of shared/style.md.
import fs from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const dirs = (path) =>
  fs.existsSync(path)
    ? fs
        .readdirSync(path, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];

// Web modules do not import each other (shared UI lives in src/web/components).
const webModuleZones = dirs('src/web/modules').map((name) => ({
  target: `./src/web/modules/${name}`,
  from: './src/web/modules',
  except: [`./${name}`],
  message: 'web modules do not import each other; move shared UI to src/web/components',
}));

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'coverage/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error'] }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/shared',
              from: ['./src/server', './src/web'],
              message: 'src/shared is imported by both sides and imports only zod and itself',
            },
            {
              target: './src/web',
              from: './src/server',
              message: 'the console reaches the server over HTTP only',
            },
            { target: './src/server', from: './src/web', message: 'the server does not import console code' },
            {
              target: './src/server/http',
              from: './src/server/modules',
              message: 'the HTTP layer is below the modules; inject what it needs instead',
            },
            {
              target: './src/server/modules',
              from: './src/server/modules/*/*.routes.ts',
              message: "a module may use another module's service, never its routes",
            },
            ...webModuleZones,
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|zod/|\\.)', message: 'src/shared imports only zod and itself' }] },
      ],
    },
  },
  {
    files: ['src/server/main.ts', 'scripts/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
