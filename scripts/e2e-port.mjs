// @ts-check
// The browser tests' ports for one `npm test` run: the site on E2E_PORT, the fake Zoho one
// below, the grown archive two below (playwright.config.ts). Two runs side by side on one
// machine (two checkouts) must never share them, even when both start at the same moment.
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** @param {number} port @returns {Promise<boolean>} whether nothing listens on the port of 127.0.0.1 */
const portFree = (port) =>
  new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/** @param {number} pid */
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
};

/**
 * Claims `port` for this process until it exits: a lock file in the temporary folder, made
 * atomically (a run that finds one whose process still lives keeps off the port; one left by a
 * run that died is taken over). A free port alone is no claim: both runs would see 4399 free
 * before either server bound it.
 * @param {number} port @param {string} dir @returns {boolean}
 */
function claim(port, dir) {
  const lock = join(dir, `energy-site-e2e-${port}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lock, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      process.once('exit', () => rmSync(lock, { force: true }));
      return true;
    } catch {
      let owner = 0;
      try {
        owner = Number(readFileSync(lock, 'utf8'));
      } catch {
        continue;
      }
      if (owner > 0 && alive(owner)) return false;
      rmSync(lock, { force: true });
    }
  }
  return false;
}

/**
 * The port for this run: E2E_PORT when set; else the usual 4399 when its three ports are free
 * and unclaimed, else three free ones elsewhere, claimed for this run.
 * @param {{ env?: NodeJS.ProcessEnv, lockDir?: string }} [options]
 * @returns {Promise<string>}
 */
export async function e2ePort({ env = process.env, lockDir = tmpdir() } = {}) {
  if (env['E2E_PORT']) return env['E2E_PORT'];
  const freeTrio = async (/** @type {number} */ p) => (await portFree(p)) && (await portFree(p - 1)) && (await portFree(p - 2));
  const take = async (/** @type {number} */ p) => (await freeTrio(p)) && claim(p, lockDir);
  if (await take(4399)) return '4399';
  for (let tries = 0; tries < 200; tries++) {
    // Multiples of three: no two claimed trios overlap.
    const p = 20_001 + 3 * Math.floor(Math.random() * 13_000);
    if (await take(p)) return String(p);
  }
  throw new Error('No three free ports for the browser tests: set E2E_PORT.');
}
