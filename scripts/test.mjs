// @ts-check
// `npm test`: every suite (vitest unit + API, then Playwright in Chromium), then one
// closing line "N passed, N failed" over all of them. Exits non-zero on any failure.
import './require-node.mjs';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { e2ePort } from './e2e-port.mjs';

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

/** @typedef {{ status: string, fullName: string, failureMessages?: string[] }} VitestAssertion */
/** @typedef {{ numPassedTests: number, numFailedTests: number, numPendingTests: number, numTodoTests?: number, testResults?: { name: string, message?: string, assertionResults?: VitestAssertion[] }[] }} VitestReport */
/** @typedef {{ title: string, file?: string, line?: number, specs?: { title: string, file: string, line: number, tests: { projectName: string, status: string, results: { error?: { message?: string } }[] }[] }[], suites?: PlaywrightSuite[] }} PlaywrightSuite */
/** @typedef {{ stats?: { expected: number, unexpected: number, flaky: number, skipped: number }, suites?: PlaywrightSuite[] }} PlaywrightReport */

/**
 * The failed tests, named again at the very end: a CI log is often read from its tail, and
 * the failures of the first suite would otherwise scroll away behind the second's output.
 * @type {string[]}
 */
const failures = [];
/** @param {string | undefined} message */
const firstLines = (message) =>
  (message ?? '')
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 3)
    .map((line) => `      ${line.trim().slice(0, 240)}`)
    .join('\n');
/** @param {VitestReport} report */
const vitestFailures = (report) => {
  for (const file of report.testResults ?? []) {
    const name = file.name.startsWith(root) ? file.name.slice(root.length) : file.name;
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    if (failed.length === 0 && file.message) failures.push(`  ${name}\n${firstLines(file.message)}`);
    for (const a of failed) failures.push(`  ${name} › ${a.fullName}\n${firstLines(a.failureMessages?.[0])}`);
  }
};
/** @param {PlaywrightSuite[] | undefined} suites */
const playwrightFailures = (suites) => {
  for (const suite of suites ?? []) {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        if (t.status !== 'unexpected') continue;
        failures.push(`  [${t.projectName}] ${spec.file}:${spec.line} › ${spec.title}\n${firstLines(t.results.at(-1)?.error?.message)}`);
      }
    }
    playwrightFailures(suite.suites);
  }
};

const vitestJson = join(out, 'vitest.json');
// The API tests need Java (the Nu HTML Checker), Chromium (pa11y-ci) and Varnish (the shared-cache suite); the browser tests Chromium.
const unitStatus =
  run(process.execPath, ['scripts/ensure-java.mjs']) ||
  run(process.execPath, ['scripts/ensure-chromium.mjs']) ||
  run(process.execPath, ['scripts/ensure-varnish.mjs']) ||
  run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile=${vitestJson}`]);
const vitest = /** @type {VitestReport | undefined} */ (readJson(vitestJson));
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
  vitestFailures(vitest);
} else totals.failed += 1;

let e2eStatus = run(process.execPath, ['scripts/ensure-chromium.mjs']);
if (e2eStatus === 0) {
  const playwrightJson = join(out, 'playwright.json');
  const port = await e2ePort();
  if (port !== '4399') console.log(`Browser tests on port ${port} (4399 is taken).`);
  e2eStatus = run(bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson, E2E_PORT: port });
  const pw = /** @type {PlaywrightReport | undefined} */ (readJson(playwrightJson));
  if (pw?.stats) {
    totals.passed += pw.stats.expected + pw.stats.flaky;
    totals.failed += pw.stats.unexpected;
    totals.skipped += pw.stats.skipped;
    playwrightFailures(pw.suites);
  } else totals.failed += 1;
} else totals.failed += 1;

const failed = unitStatus !== 0 || e2eStatus !== 0 || totals.failed > 0;
if (failed && totals.failed === 0) totals.failed = 1;
if (failures.length > 0) console.log(`\nFailed:\n${failures.join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
