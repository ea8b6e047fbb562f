// @ts-check
// Reads at newsroom size: every read that must stay fast as the archive grows, timed on the seeded site and on
// an archive of 100,000 articles and 1,000,000 comments, side by side, p50 and p99.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'libsql';
import { note, percentile, record, root, startServer } from './lib.mjs';

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
  note(`building a database of 100,000 articles and 1,000,000 comments at ${path} (about a minute)…`);
  const result = spawnSync(
    process.execPath,
    ['--import', './scripts/aliases.mjs', 'scripts/seed-scale.ts', '--articles', '100000', '--comments', '1000000'],
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: `file:${path}` },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (result.status !== 0) throw new Error('The scale seed failed.');
  return path;
}

/** Moves the content version on (as a publish would), so cached pages and counts are rebuilt. @param {string} path */
function bumpContentVersion(path) {
  const db = new Database(path, { timeout: 10_000 });
  db.exec("UPDATE site_state SET value = CAST(value AS INTEGER) + 1 WHERE key = 'content_version'");
  db.close();
}

/**
 * Times each request: `paths(i)` names the i-th request; with `uncached`, a publish comes
 * before each one, so nothing cached (page, count) can answer it.
 * @param {string} base @param {number} count @param {(i: number) => string} paths @param {string | undefined} uncached the database to publish to
 */
async function time(base, count, paths, uncached = undefined) {
  /** @type {number[]} */
  const times = [];
  for (let i = 0; i < count; i++) {
    if (uncached) bumpContentVersion(uncached);
    const start = performance.now();
    const res = await fetch(base + paths(i), { headers: { 'Accept-Encoding': 'gzip' } });
    await res.arrayBuffer();
    if (res.status >= 400) throw new Error(`${paths(i)} answered ${res.status}`);
    times.push(performance.now() - start);
  }
  return times;
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
    ['GET /api/articles/{id}/comments', 50, 30, false, (_i, server) => `/api/articles/${server.comments}/comments`],
  ];
  for (const server of [seeded, large]) {
    const total = Number((await fetch(`${server.base}/api/articles?limit=1&fields=summary`)).headers.get('X-Total-Count'));
    Object.assign(server, { comments: busiest(server.dbPath), pages: Math.max(1, Math.ceil(total / 12)) });
  }
  for (const [name, budget, count, uncached, path] of reads) {
    /** @type {number[][]} */
    const results = [];
    for (const server of [seeded, large]) {
      await time(server.base, 3, (i) => path(i, /** @type {never} */ (server))); // warm up the JIT
      results.push(await time(server.base, count, (i) => path(i, /** @type {never} */ (server)), uncached ? server.dbPath : undefined));
    }
    const [small = [], big = []] = results;
    note(
      `${name}: seeded p50 ${percentile(small, 50).toFixed(1)} ms, p99 ${percentile(small, 99).toFixed(1)} ms | 100,000 articles p50 ${percentile(big, 50).toFixed(1)} ms, p99 ${percentile(big, 99).toFixed(1)} ms`,
    );
    record(`${name} at 100,000 articles, p50`, Math.round(percentile(big, 50) * 10) / 10, ' ms', (v) => v <= budget, `<= ${budget} ms`);
  }
  // Sitemap files are cached like pages: time the first request after a publish.
  /** @type {number[]} */
  const sitemap = [];
  for (let i = 0; i < 3; i++) {
    bumpContentVersion(large.dbPath);
    sitemap.push(...(await time(large.base, 1, () => '/sitemaps/articles-1.xml')));
  }
  note(`sitemap file of 50,000 URLs (uncached): ${sitemap.map((t) => Math.round(t)).join(', ')} ms`);
  record('sitemap file at 100,000 articles (uncached), worst of 3', Math.round(Math.max(...sitemap)), ' ms', (v) => v <= 1000, '<= 1000 ms');
}

/**
 * Starts a server on the big database.
 * @param {string} path
 */
export async function startLargeServer(path) {
  const server = await startServer({ DATABASE_URL: `file:${path}`, SEED: 'false' });
  return { ...server, dbPath: path };
}
