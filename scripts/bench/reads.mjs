// @ts-check
// Reads at newsroom size: every read that must stay fast as the archive grows, timed on the seeded site and on
// an archive of 100,000 articles and 1,000,000 comments, side by side, p50 and p99.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, constants, existsSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'libsql';
import { ARTICLE, freePort, note, percentile, record, root, signIn, startServer } from './lib.mjs';

const UNCACHED_ARTICLE = '/article/{slug} (uncached render)';

const WORDS = [
  'gas',
  'solar',
  'coal',
  'wind',
  'nuclear',
  'pipeline',
  'storage',
  'grid',
  'permian',
  'battery',
  'rates',
  'lng',
  'refinery',
  'hydrogen',
  'transmission',
];
const PAIRS = ['henry hub', 'natural gas', 'rig count', 'capacity market', 'power prices', 'crude oil', 'offshore wind', 'data centers'];

/**
 * Builds (or reuses, with BENCH_SCALE_DB) the big database: migrated, seeded, then grown.
 * @param {string} dir
 * @returns {string} its file path
 */
export function scaleDatabase(dir) {
  const given = process.env['BENCH_SCALE_DB'];
  const path = given ?? join(dir, 'scale.db');
  if (given && existsSync(given)) return given;
  // Every article with its related stories stored, as a live site settles: the background pass
  // relating a bulk import (a batch a minute) would take the machine's time from what is measured.
  note(`building a database of 100,000 articles and 1,000,000 comments at ${path} (about a minute)…`);
  const result = spawnSync(
    process.execPath,
    ['--import', './scripts/aliases.mjs', 'scripts/seed-scale.ts', '--articles', '100000', '--comments', '1000000', '--related'],
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: `file:${path}` },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (result.status !== 0) throw new Error('The scale seed failed.');
  return path;
}

/**
 * Purges every page and moves the content version on (as an operator's purge would), so
 * cached pages and counts are rebuilt. @param {string} path
 */
export function purgeEverything(path) {
  const db = new Database(path, { timeout: 10_000 });
  db.exec("UPDATE site_state SET value = CAST(value AS INTEGER) + 1 WHERE key = 'content_version'");
  db.prepare("INSERT INTO page_purges (tags, created_at) VALUES ('site any', ?)").run(Date.now());
  db.close();
  // The purge stamp beside the database, changed after the commit as the site's writers do
  // (bumpPurgeStamp in db/change-stamp.ts), so every process reads the log before its next answer.
  const fd = openSync(`${path}-purges`, constants.O_RDWR | constants.O_CREAT, 0o644);
  try {
    writeSync(fd, randomBytes(16), 0, 16, 0);
  } finally {
    closeSync(fd);
  }
}

/**
 * Times each request: `paths(i)` names the i-th request; with `uncached`, a purge of every
 * page comes before each one, so nothing cached (page, count) can answer it (pages are read
 * signed in: an editor is never answered a stale page, so the time is the render's). Answers the times and the
 * largest body (bytes as sent, gzip).
 * @param {string} base @param {number} count @param {(i: number) => string} paths @param {string | undefined} uncached the database to publish to
 * @param {Record<string, string>} [headers]
 */
async function time(base, count, paths, uncached = undefined, headers = {}) {
  /** @type {number[]} */
  const times = [];
  let largest = 0;
  for (let i = 0; i < count; i++) {
    if (uncached) purgeEverything(uncached);
    const start = performance.now();
    const res = await fetch(base + paths(i), { headers: { 'Accept-Encoding': 'gzip', ...headers } });
    const body = await res.arrayBuffer();
    if (res.status >= 400) throw new Error(`${paths(i)} answered ${res.status}`);
    times.push(performance.now() - start);
    largest = Math.max(largest, Number(res.headers.get('Content-Length') ?? body.byteLength));
  }
  return Object.assign(times, { largest });
}

/**
 * The reads, each against both servers: `[name, budget in ms (at 100,000), count, path of request i]`.
 * @param {{ base: string, dbPath: string }} seeded @param {{ base: string, dbPath: string }} large
 */
export async function benchReads(seeded, large) {
  const busiest = (/** @type {string} */ path) => {
    const db = new Database(path, { timeout: 10_000 });
    const row = /** @type {{ id: number } | undefined} */ (
      db.prepare('SELECT article_id AS id FROM comments WHERE approved = 1 GROUP BY article_id ORDER BY count(*) DESC LIMIT 1').get()
    );
    db.close();
    return Number(row?.id ?? 1);
  };
  /** @type {[string, number, number, boolean, (i: number, server: { base: string, dbPath: string, comments: number, pages: number }) => string][]} */
  const reads = [
    ['GET /api/articles?q=<one word>', 50, 30, true, (i) => `/api/articles?q=${WORDS[i % WORDS.length]}&limit=12&fields=summary`],
    [
      'GET /api/articles?q=<two words>',
      50,
      16,
      true,
      (i) => `/api/articles?q=${encodeURIComponent(PAIRS[i % PAIRS.length] ?? '')}&limit=12&fields=summary`,
    ],
    ['/news?q=… (uncached render)', 100, 20, true, (i) => `/news?q=${WORDS[i % WORDS.length]}`],
    ['GET /api/articles (first page)', 50, 30, false, () => '/api/articles?limit=20'],
    ['GET /api/analytics', 50, 30, true, () => '/api/analytics'],
    ['/news?category=… (uncached render)', 100, 20, true, (i) => `/news?category=${['coal', 'nuclear', 'renewables', 'utilities'][i % 4]}`],
    ['/news, the last archive page (uncached)', 100, 10, true, (_i, server) => `/news?page=${server.pages}`],
    [UNCACHED_ARTICLE, 100, 20, true, () => ARTICLE],
    ['GET /api/articles/{id}/comments', 50, 30, false, (_i, server) => `/api/articles/${server.comments}/comments`],
  ];
  for (const server of [seeded, large]) {
    const total = Number((await fetch(`${server.base}/api/articles?limit=1&fields=summary`)).headers.get('X-Total-Count'));
    Object.assign(server, { comments: busiest(server.dbPath), pages: Math.max(1, Math.ceil(total / 12)) });
  }
  // The admin's lists, signed in: 50 rows a page, searched, filtered and sorted.
  /** @type {[string, number, number, boolean, (i: number, server: { base: string, dbPath: string, comments: number, pages: number }) => string][]} */
  const adminReads = [
    ['GET /api/admin/articles (first page)', 50, 20, false, () => '/api/admin/articles'],
    ['GET /api/admin/articles?q=<word>', 50, 20, false, (i) => `/api/admin/articles?q=${WORDS[i % WORDS.length]}`],
    ['GET /api/admin/articles, filtered and sorted deep', 50, 20, false, (i) => `/api/admin/articles?status=published&sort=title&page=${200 + i}`],
    ['GET /api/admin/comments (every comment, pending first)', 50, 20, false, () => '/api/admin/comments'],
    ['GET /api/admin/comments, approved, deep page', 50, 20, false, (i) => `/api/admin/comments?status=approved&sort=oldest&page=${1000 + i}`],
    ['GET /api/admin/comments?q=<word>', 50, 20, false, (i) => `/api/admin/comments?status=all&q=${WORDS[i % WORDS.length]}`],
    ['GET /api/admin/messages', 50, 20, false, () => '/api/admin/messages'],
  ];
  const cookies = new Map([seeded, large].map((server) => [server, '']));
  for (const server of [seeded, large]) cookies.set(server, await signIn(server.base));
  for (const [name, budget, count, uncached, path] of [...reads, ...adminReads]) {
    const admin = name.includes('/api/admin/');
    /** @type {(number[] & { largest: number })[]} */
    const results = [];
    for (const server of [seeded, large]) {
      const headers = admin || uncached ? { Cookie: cookies.get(server) ?? '' } : {};
      const at = (/** @type {number} */ i) => path(i, /** @type {never} */ (server));
      await time(server.base, 3, at, undefined, headers); // warm up the JIT
      results.push(await time(server.base, count, at, uncached ? server.dbPath : undefined, headers));
    }
    const [small = Object.assign([], { largest: 0 }), big = Object.assign([], { largest: 0 })] = results;
    note(
      `${name}: seeded p50 ${percentile(small, 50).toFixed(1)} ms, p99 ${percentile(small, 99).toFixed(1)} ms | 100,000 articles p50 ${percentile(big, 50).toFixed(1)} ms, p99 ${percentile(big, 99).toFixed(1)} ms, largest ${Math.round(big.largest / 1024)} KB`,
    );
    record(`${name} at 100,000 articles, p50`, Math.round(percentile(big, 50) * 10) / 10, ' ms', (v) => v <= budget, `<= ${budget} ms`);
    if (name === UNCACHED_ARTICLE) {
      const ratio = Math.round((percentile(big, 50) / Math.max(0.1, percentile(small, 50))) * 100) / 100;
      record('uncached article page, 100,000 articles against the seeded site (p50)', ratio, 'x', (v) => v <= 1.5, '<= 1.5x');
    }
    if (admin) record(`${name} at 100,000 articles, largest answer`, Math.round(big.largest / 102.4) / 10, ' KB', (v) => v <= 100, '<= 100 KB');
  }
  // Sitemap files are cached like pages: time the first render after a purge (signed in, so never the stale copy).
  const editor = { Cookie: cookies.get(large) ?? '' };
  /** @type {number[]} */
  const sitemap = [];
  for (let i = 0; i < 3; i++) {
    purgeEverything(large.dbPath);
    sitemap.push(...(await time(large.base, 1, () => '/sitemaps/articles-1.xml', undefined, editor)));
  }
  note(`sitemap file of 50,000 URLs (uncached): ${sitemap.map((t) => Math.round(t)).join(', ')} ms`);
  purgeEverything(large.dbPath);
  const index = await time(large.base, 1, () => '/sitemap.xml', undefined, editor);
  record('sitemap index at 100,000 articles (uncached)', Math.round(index[0] ?? 0), ' ms', (v) => v <= 1000, '<= 1000 ms');
  record('sitemap file at 100,000 articles (uncached), worst of 3', Math.round(Math.max(...sitemap)), ' ms', (v) => v <= 1000, '<= 1000 ms');
}

/**
 * Starts a server on the big database.
 * @param {string} path
 */
export async function startLargeServer(path) {
  const metricsPort = await freePort();
  const server = await startServer({ DATABASE_URL: `file:${path}`, SEED: 'false', METRICS_PORT: String(metricsPort) });
  return { ...server, dbPath: path, metrics: `http://127.0.0.1:${metricsPort}/metrics` };
}
