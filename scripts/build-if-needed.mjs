// @ts-check
// Builds the site when there is no build, or the build is older than the sources, or it
// was made for another site URL (compiled into canonical URLs and the allowed hosts).
import './require-node.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stampFile = join(root, 'dist', '.build-stamp');
const INPUTS = ['src', 'public', 'db', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];

/**
 * @param {string} path
 * @returns {number}
 */
function newestMtime(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

/** Builds if needed; exits the process on a failed build. */
export function buildIfNeeded() {
  const wanted = JSON.stringify({
    inputs: Math.max(...INPUTS.map((p) => newestMtime(join(root, p)))),
    site: (process.env.SITE_URL || `http://localhost:${process.env.PORT || 4321}`).replace(/\/+$/, ''),
    mode: 'production',
  });
  const built = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';
  if (existsSync(join(root, 'dist/server/entry.mjs')) && built === wanted) return;
  console.log('Building the site…');
  // Always a production build: test runners set NODE_ENV=test, which would bundle React's
  // development build into the site that `npm start` later serves.
  const result = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, wanted);
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfNeeded();
