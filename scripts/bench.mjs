// @ts-check
// `npm run bench`: the speed and size budgets, measured and printed; a missed budget makes
// the exit code non-zero. Not part of `npm test` (timings vary by machine). Sections:
//   - page weight (bytes on the wire): no JavaScript on /about and the legal pages; article
//     page <= 80 KB of JavaScript before the comment form is touched and <= 100 KB with it;
//     analytics page <= 100 KB above the fold;
//   - throughput: the article page from the page cache >= 80% of a bare node:http server
//     sending the same bytes (same Node, one process each, identity encoding, wrk with 50
//     connections; the median of five alternating pairs);
//   - load: while 100 comments are posted at once, reads keep p99 < 50 ms and posts < 250 ms;
//     memory stays within 50 MB over 10,000 requests with random query strings;
//   - reads at newsroom size: each read that must stay fast, on the seeded site and on 100,000
//     articles and 1,000,000 comments (BENCH_SCALE_DB=path reuses a grown database);
//   - breaking news: mixed reads at 50 connections keep >= 90% of their throughput and
//     p99 <= 25 ms while an article is saved every second (one process, and one per core); a
//     hot article has no second under 80% of the median across a minute boundary; 1,000
//     random articles of 100,000 render at most once each per process; the uncached article
//     page at 100,000 articles costs at most 1.5 times its cost on the seeded site;
//   - page views beside reads: reads of cached article pages keep >= 90% of their throughput
//     (the median of rounds, each run beside beacons against the runs alone before and after it)
//     while readers' beacons (POST /api/views) arrive at 2,000 a second, each from an address of
//     its own, and again from 500 shared addresses (both budgeted; the server's CPU per beacon
//     and per cached read printed, with the load average; BENCH_SHORT=1: one round, not three);
//   - behind Varnish (the shipped configuration): while an article is saved every second, the
//     origin renders each page that shows it at most once per save, and every other page stays a hit;
//   - Lighthouse (mobile): 100 in every category on the data pages, 100 performance on the embeds,
//     >= 95 in every category on /, /news, an article and a story holding a figure and a chart.
import './require-node.mjs';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfNeeded } from './build.mjs';
import { benchBeacons } from './bench/beacons.mjs';
import { benchCache, benchStorm } from './bench/cache.mjs';
import { results, startServer } from './bench/lib.mjs';
import { benchLighthouse } from './bench/lighthouse.mjs';
import { benchMemory, benchWriteLoad } from './bench/load.mjs';
import { benchReads, scaleDatabase, startLargeServer } from './bench/reads.mjs';
import { benchStartup } from './bench/startup.mjs';
import { benchThroughput } from './bench/throughput.mjs';
import { benchVarnish } from './bench/varnish.mjs';
import { benchWeight } from './bench/weight.mjs';

buildIfNeeded();
const dir = mkdtempSync(join(tmpdir(), 'energy-bench-'));
// One build and one database; the server runs as `npm start` does (one process per core).
// TRUST_PROXY lets the write-load and beacon sections post from many client addresses.
const dbPath = join(dir, 'bench.db');
const server = await startServer({ DATABASE_URL: `file:${dbPath}`, TRUST_PROXY: 'true' });
// `npm run bench -- cache throughput` runs only the sections named (reads, cache, weight,
// throughput, beacons, load, memory, startup, varnish, lighthouse; storm: only the publish storms of cache);
// without names, all of them.
const only = new Set(process.argv.slice(2));
const runs = (/** @type {string} */ section) => only.size === 0 || only.has(section);
try {
  if (runs('reads') || runs('cache')) {
    const largePath = scaleDatabase(dir);
    const large = await startLargeServer(largePath);
    try {
      if (runs('reads')) await benchReads({ base: server.base, dbPath }, large);
      if (runs('cache')) await benchCache(server.base, large, dir);
    } finally {
      large.stop();
    }
  }
  if (only.has('storm') && !runs('cache')) await benchStorm(server.base, dir);
  if (runs('weight')) await benchWeight(server.base);
  if (runs('throughput')) await benchThroughput(dir);
  if (runs('beacons')) await benchBeacons(server.base, server.pid);
  if (runs('load')) await benchWriteLoad(server.base);
  if (runs('memory')) await benchMemory(server.base, server.pid);
  // Replaces web processes one by one: after the sections that measure the running ones.
  if (runs('startup')) await benchStartup(server.base, server.pid);
  if (runs('varnish')) {
    // Debian's varnish and varnish-modules, installed when missing as the test command does.
    if (spawnSync(process.execPath, ['scripts/ensure-varnish.mjs'], { stdio: 'inherit' }).status !== 0) throw new Error('Varnish is not installed');
    await benchVarnish(dir);
  }
  if (runs('lighthouse')) await benchLighthouse(server.base);
} finally {
  server.stop();
  rmSync(dir, { recursive: true, force: true });
}

const missed = results.filter((r) => !r.ok);
console.log(`\n${results.length - missed.length} budgets met, ${missed.length} missed`);
process.exit(missed.length ? 1 : 0);
