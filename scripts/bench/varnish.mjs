// @ts-check
// Breaking news behind a shared cache (#23): the shipped Varnish configuration in front of the
// site, readers at 50 connections through Varnish while an editor saves one article every
// second. Each save purges exactly the pages that show the story (by xkey): the origin renders
// each of them at most once per save, and every other page stays a Varnish hit.
import { join } from 'node:path';
import Database from 'libsql';
import { startVarnish } from '../../tests/helpers/varnish.ts';
import { readerPaths, stories } from './cache.mjs';
import { BENCH_SITE_URL, freePort, note, readCounter, record, signIn, startServer, wrk } from './lib.mjs';

/**
 * What each page names in its Surrogate-Key, asked of the origin (Varnish keeps the header to itself).
 * @param {string} origin @param {string[]} paths
 * @returns {Promise<Map<string, Set<string>>>}
 */
async function keysOf(origin, paths) {
  const keys = new Map();
  for (const path of paths) {
    const response = await fetch(`${origin}${path}`);
    await response.arrayBuffer();
    keys.set(path, new Set((response.headers.get('surrogate-key') ?? '').split(' ')));
  }
  return keys;
}

/**
 * One page through Varnish: whether it was a hit, and its ETag.
 * @param {string} edge @param {string} path
 */
async function throughEdge(edge, path) {
  const response = await fetch(`${edge}${path}`);
  await response.arrayBuffer();
  return { hit: response.headers.get('x-edge-cache') === 'hit', etag: response.headers.get('etag') };
}

/** @param {string} dir a folder for the server's database */
export async function benchVarnish(dir) {
  const [edgePort, metricsPort] = [await freePort(), await freePort()];
  const dbPath = join(dir, 'varnish.db');
  const origin = await startServer({
    WEB_CONCURRENCY: '1',
    TRUST_PROXY: 'true',
    DATABASE_URL: `file:${dbPath}`,
    CACHE_PURGE_URL: `http://127.0.0.1:${edgePort}`,
    METRICS_PORT: String(metricsPort),
  });
  const varnish = await startVarnish(edgePort, Number(new URL(origin.base).port)).catch((error) => {
    origin.stop();
    throw error;
  });
  const edge = `http://127.0.0.1:${edgePort}`;
  const metrics = `http://127.0.0.1:${metricsPort}/metrics`;
  try {
    const paths = await readerPaths(origin.base);
    const cookie = await signIn(origin.base);
    // The story saved: the newest, so it is on the home page, /news and its own page.
    const [story] = await stories(`${origin.base}/api/articles?limit=1&fields=summary`);
    const readers = (/** @type {number} */ seconds) => wrk(edge, paths, seconds, { encoding: 'gzip, br' });
    await readers(3); // Varnish and the origin warm
    /** @type {Map<string, { hit: boolean, etag: string | null }>} */
    const before = new Map();
    for (const path of paths) before.set(path, await throughEdge(edge, path));
    const db = new Database(dbPath, { readonly: true });
    const lastPurge = () => Number(/** @type {{ n: number | null }} */ (db.prepare('SELECT max(id) AS n FROM page_purges').get()).n ?? 0);
    const purgedSince = lastPurge();
    const rendersBefore = await readCounter(metrics, 'site_page_cache_events_total{event="render"}');

    let saves = 0;
    const saver = setInterval(() => {
      void fetch(`${origin.base}/api/articles/${story?.id}`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', Origin: BENCH_SITE_URL, Cookie: cookie },
        body: JSON.stringify({ excerpt: `Live update number ${++saves} behind the shared cache.` }),
      }).then((r) => r.arrayBuffer());
    }, 1000);
    const storm = await readers(15).finally(() => clearInterval(saver));
    // The last save's pages, fetched again by Varnish once their purge arrived.
    await readers(2);
    const renders = (await readCounter(metrics, 'site_page_cache_events_total{event="render"}')) - rendersBefore;

    // The pages the saves purged: those naming a tag of a purge the saves logged.
    const purged = new Set(
      /** @type {{ tags: string }[]} */ (db.prepare('SELECT tags FROM page_purges WHERE id > ?').all(purgedSince)).flatMap((row) =>
        row.tags.split(' ').map((t) => t.replace(/^!/, '')),
      ),
    );
    const purges = Number(/** @type {{ n: number }} */ (db.prepare('SELECT count(*) AS n FROM page_purges WHERE id > ?').get(purgedSince)).n);
    db.close();
    const keys = await keysOf(origin.base, paths);
    const affected = paths.filter((path) => [...(keys.get(path) ?? [])].some((k) => purged.has(k)));
    const unaffected = paths.filter((path) => !affected.includes(path));
    let refetched = 0;
    for (const path of unaffected) {
      const now = await throughEdge(edge, path);
      if (!now.hit || now.etag !== before.get(path)?.etag) refetched++;
    }
    note(
      `through Varnish, a save a second (${saves} saves, ${purges} purges): ${Math.round(storm.rps)} req/s, p99 ${storm.p99} ms; ${affected.length} of ${paths.length} pages show the story; ${renders} origin renders`,
    );
    record(
      'through Varnish: origin renders per save and affected page',
      Math.round((renders / Math.max(1, purges * affected.length)) * 100) / 100,
      '',
      (v) => v <= 1,
      '<= 1',
    );
    record('through Varnish: unaffected pages fetched again from the origin', refetched, ` of ${unaffected.length}`, (v) => v === 0, '0');
    record('through Varnish: errors during the publish storm', storm.errors, '', (v) => v === 0, '0');
  } finally {
    await varnish.close();
    origin.stop();
  }
}
