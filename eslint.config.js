// Lint rules shared by every workspace; type-aware rules stay off to keep `npm run check` quick.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The shared layer never reaches up (docs/architecture.md): the web's lib/ imports neither
    // the widgets in components/ nor a feature, and components/ imports no feature. (Import
    // circles are caught by apps/server/src/import-cycles.test.ts.)
    files: ['apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(components|features)/',
              message: 'lib/ is the bottom layer: move the shared part down into lib/ instead.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)features/',
              message: 'A shared component does not import a feature; pass what it needs in.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's shared http/ layer serves every module and imports none (tests may use the
    // modules' fixtures).
    files: ['apps/server/src/http/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)modules/',
              message: 'http/ is shared by every module: move the shared part down into http/.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's test files share a module graph per worker (decision 0043): a module replaced
    // with vi.mock would stay the real one that an earlier file imported. Such a file is named
    // *.isolated.test.ts and runs in a project of its own.
    files: ['apps/server/src/**/*.test.ts'],
    ignores: ['apps/server/src/**/*.isolated.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock'].map((property) => ({
          object: 'vi',
          property,
          message: 'Name this file *.isolated.test.ts: a mocked module needs its own module graph.',
        })),
      ],
    },
  },
  {
    // Tool configuration files are loaded by their tools through a default export.
    files: ['**/*.config.{ts,js}', '**/vite.config.ts', '**/vitest.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
