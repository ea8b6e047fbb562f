// @ts-check
// Builds the site into a fresh folder under .builds/ and then points `dist` at it with one
// atomic rename, so a server that is already running keeps the build it started with (its
// pages load their code lazily from it). `npm run build` always builds; `npm start` and
// the tests build only when the sources are newer than the live build.
import './require-node.mjs';
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { extname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const BUILDS = join(root, '.builds');
const LIVE = join(root, 'dist');
const STAMP = '.build-stamp';
/** Builds kept besides the live one, for servers still running an older build. */
const KEEP = 3;
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

/** What the live build must have been made from. Nothing about the deployment: settings are read at start. */
function wantedStamp() {
  return JSON.stringify({ inputs: Math.max(...INPUTS.map((p) => newestMtime(join(root, p)))), mode: 'production' });
}

/** The folder of the live build (where `dist` points), or undefined when there is none. */
export function liveBuild() {
  if (!existsSync(join(LIVE, 'server/entry.mjs'))) return undefined;
  return realpathSync(LIVE);
}

/**
 * Points `dist` at `target` in one rename; a plain `dist` folder left by an older checkout is moved aside.
 * @param {string} target
 */
function swapLive(target) {
  const link = join(root, `.dist-${process.pid}`);
  rmSync(link, { force: true });
  symlinkSync(relative(root, target), link, 'dir');
  const current = lstatSync(LIVE, { throwIfNoEntry: false });
  if (current && !current.isSymbolicLink()) renameSync(LIVE, join(BUILDS, `previous-${Date.now().toString(36)}`));
  renameSync(link, LIVE);
}

/** Hashed assets worth compressing; smaller files are sent as they are. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt']);
const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside every compressible hashed
 * asset, once at build time; the server sends the copy a browser accepts instead of
 * compressing on every request at a lower level.
 * @param {string} dir
 */
function precompress(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      precompress(path);
      continue;
    }
    if (!COMPRESSIBLE.has(extname(entry.name))) continue;
    const raw = readFileSync(path);
    if (raw.length < MIN_COMPRESS_BYTES) continue;
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    );
    writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }));
  }
}

/** Removes all but the newest builds (the live one always stays). */
function prune() {
  const live = liveBuild();
  const builds = readdirSync(BUILDS)
    .map((name) => join(BUILDS, name))
    .filter((path) => path !== live)
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  for (const old of builds.slice(KEEP)) rmSync(old, { recursive: true, force: true });
}

/**
 * Builds when there is no build or the sources changed since the live one (always with
 * `force`); exits the process on a failed build, leaving the live build as it was.
 * @param {{ force?: boolean }} [options]
 */
export function buildIfNeeded({ force = false } = {}) {
  const wanted = wantedStamp();
  const live = liveBuild();
  const stamp = live ? join(live, STAMP) : undefined;
  if (!force && stamp && existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return;
  console.log('Building the site…');
  mkdirSync(BUILDS, { recursive: true });
  const out = join(BUILDS, `${Date.now().toString(36)}-${process.pid}`);
  // Always a production build: test runners set NODE_ENV=test, which would bundle React's
  // development build into the site that `npm start` later serves.
  const result = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', ASTRO_OUT_DIR: out },
  });
  if (result.status !== 0) {
    rmSync(out, { recursive: true, force: true });
    process.exit(result.status ?? 1);
  }
  precompress(join(out, 'client/_astro'));
  writeFileSync(join(out, STAMP), wanted);
  swapLive(out);
  prune();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) buildIfNeeded({ force: !process.argv.includes('--if-needed') });
