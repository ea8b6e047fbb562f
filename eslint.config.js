import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist/', '.builds/', '.astro/', 'node_modules/', 'test-results/', 'playwright-report/', 'db/migrations/', 'data/'] },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.ts', 'src/stores/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      // Islands and isomorphic code never reach server-only code; of db/ only its constants and
      // its catalogs (facts both sides share, importing nothing but each other).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@/server',
                '@/server/**',
                '**/server/**',
                '@db/**',
                '!@db/constants',
                '!@db/catalog',
                '!@db/catalog/*',
                '**/db/**',
                'drizzle-orm',
                'drizzle-orm/*',
                '@libsql/*',
                'libsql',
              ],
              message: 'Server-only code cannot be imported here.',
            },
            {
              regex: '^zod(/|$)',
              allowTypeImports: true,
              message: "Schemas import zod through '@/lib/validation/zod-mini' (the tree-shakable build, jitless).",
            },
          ],
        },
      ],
    },
  },
  {
    // A component does one job: one past about 150 lines is split into parts (a form into its fieldsets, a dialog into browse, upload and details).
    files: ['src/components/**/*.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 160 }] },
  },
  {
    // The one module that brings zod in (see the rule above).
    files: ['src/lib/validation/zod-mini.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Routes are thin adapters and services orchestrate: SQL lives in src/server/queries.
    // Everything in src/server but the queries and the database module itself: the HTTP front, jobs,
    // integrations and the root modules alike. Of db/ only what holds no SQL: constants, the
    // catalogs, text helpers, the commit stamp and the cluster's write lock.
    files: ['src/pages/**/*.{ts,astro}', 'src/middleware.ts', 'src/server/**/*.ts'],
    ignores: ['src/server/queries/**', 'src/server/db.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@/server/db', importNames: ['db'], message: 'Call a query from src/server/queries; pass a transaction as `tx`.' }],
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*', '@libsql/*', 'libsql'], message: 'SQL lives in src/server/queries.' },
            {
              group: [
                '@db/**',
                '!@db/constants',
                '!@db/catalog',
                '!@db/catalog/*',
                '!@db/text',
                '!@db/change-stamp',
                '!@db/cluster-write-lock',
                '!@db/cluster-messages',
                '!@db/group-commit',
                '**/db/**',
              ],
              allowTypeImports: true,
              message: 'SQL lives in src/server/queries.',
            },
          ],
        },
      ],
    },
  },
  {
    // One import style in src/: the @/ alias, never a relative path.
    files: ['src/**/*.{ts,tsx,astro}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'ImportDeclaration[source.value=/^\\.\\.?\\//], ImportExpression[source.value=/^\\.\\.?\\//], ExportAllDeclaration[source.value=/^\\.\\.?\\//], ExportNamedDeclaration[source.value=/^\\.\\.?\\//]',
          message: "Import from src/ through the @/ alias (e.g. '@/lib/format'), not a relative path.",
        },
      ],
    },
  },
  {
    // The database layer is framework-free: it never imports the app.
    files: ['db/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@/*', '@/**', '**/src/**'], message: 'db/ imports nothing from src/.' }] }],
    },
  },
  {
    // The plugins configured here ship no types.
    files: ['eslint.config.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  ...astro.configs.recommended,
  {
    files: ['**/*.astro'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.astro/*.js', '**/*.astro/*.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
);
