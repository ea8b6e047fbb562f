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
      // Islands and isomorphic code never reach server-only code (STYLE principle 3).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/db/**', 'drizzle-orm', 'drizzle-orm/*', '@libsql/*'],
              message: 'Server-only code cannot be imported here.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/pages/**/*.{ts,astro}'],
    rules: {
      // Routes are thin adapters: queries live in src/server (STYLE principle 1).
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*', '**/db/**'], message: 'Call a query or service from src/server instead.' }] },
      ],
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
