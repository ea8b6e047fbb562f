// @ts-check
// `npm test`: every suite (vitest unit + API, then Playwright in Chromium), then one
// closing line "N passed, N failed" over all of them. Exits non-zero on any failure.
import './require-node.mjs';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
/** @param {string} name */
const bin = (name) => join(root, 'node_modules/.bin', name);
/** @param {string} cmd @param {string[]} args @param {Record<string, string>} [env] */
const run = (cmd, args, env = {}) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const totals = { passed: 0, failed: 0, skipped: 0 };
/**
 * @template T
 * @param {string} file
 * @returns {T | undefined}
 */
const readJson = (file) => {
  try {
    const parsed = /** @type {unknown} */ (JSON.parse(readFileSync(file, 'utf8')));
    return /** @type {T} */ (parsed);
  } catch {
    return undefined;
  }
};

/** @typedef {{ numPassedTests: number, numFailedTests: number, numPendingTests: number, numTodoTests?: number }} VitestReport */
/** @typedef {{ stats?: { expected: number, unexpected: number, flaky: number, skipped: number } }} PlaywrightReport */

const vitestJson = join(out, 'vitest.json');
// The API tests need Java (the Nu HTML Checker) and Chromium (pa11y-ci); the browser tests Chromium.
const unitStatus =
  run(process.execPath, ['scripts/ensure-java.mjs']) ||
  run(process.execPath, ['scripts/ensure-chromium.mjs']) ||
  run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile=${vitestJson}`]);
const vitest = /** @type {VitestReport | undefined} */ (readJson(vitestJson));
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
} else totals.failed += 1;

let e2eStatus = run(process.execPath, ['scripts/ensure-chromium.mjs']);
if (e2eStatus === 0) {
  const playwrightJson = join(out, 'playwright.json');
  e2eStatus = run(bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson });
  const pw = /** @type {PlaywrightReport | undefined} */ (readJson(playwrightJson));
  if (pw?.stats) {
    totals.passed += pw.stats.expected + pw.stats.flaky;
    totals.failed += pw.stats.unexpected;
    totals.skipped += pw.stats.skipped;
  } else totals.failed += 1;
} else totals.failed += 1;

const failed = unitStatus !== 0 || e2eStatus !== 0 || totals.failed > 0;
if (failed && totals.failed === 0) totals.failed = 1;
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
