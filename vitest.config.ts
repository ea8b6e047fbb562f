import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The aliases of tsconfig.json (Astro and scripts/aliases.mjs resolve the same ones).
  resolve: {
    alias: [
      { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
      { find: /^@db\//, replacement: fileURLToPath(new URL('./db/', import.meta.url)) },
    ],
  },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    // A guard against a hang, not a speed budget (those live in `npm run bench`): an API test that
    // imports, starts a server or runs a script takes many times longer on a busy machine (two
    // whole runs beside seven other sessions' tests on two cores, load 25-40, took a hook 121 s).
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // API test files each start a server process; two cores run two at once.
    maxWorkers: 2,
  },
});
