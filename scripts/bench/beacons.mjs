// @ts-check
// Page views beside reads (#35): a popular story must not slow the site by being read. Reads
// of cached article pages keep >= 90% of their throughput while readers' beacons
// (`POST /api/views`) arrive at 2,000 a second: once with each beacon from an address of its
// own (every address new to its web process: passes, the primary told after), once from 500
// addresses shared by many readers (seen before: the machine's count of each address's views
// a minute is asked of the cluster's primary, and its allowance of views per story and day).
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { BENCH_SITE_URL, note, record, wrk } from './lib.mjs';
import { stories } from './cache.mjs';

/** Beacons a second the section sends beside the reads. */
const BEACON_RATE = 2_000;
/**
 * Beacon connections: many browsers, each with a view to send. The script paces them to
 * BEACON_RATE in all (each request takes the next free slot of a schedule, whatever the
 * answers' latency, as long as a connection is free); the rate reached is printed.
 */
const BEACON_CONNECTIONS = 200;
const READ_SECONDS = 5;
/**
 * Addresses of the shared-address run: readers behind shared NAT addresses (an office, a mobile
 * carrier), so after its first beacon in a web process every one comes from an address that
 * process has seen, whose minute's count is the primary's (the path the unique addresses never
 * take: each of those passes once as "first time seen"). Each round has 500 addresses of its
 * own (a round's views are never the repeats of an earlier round's, answered before the limit
 * is asked). Each address's beacons go to the 20 stories in turn: about 28 from each address in
 * a round's 7 s (4 a second each), 20 distinct views and 8 repeats, near the 30 a minute an
 * address may send (the last of them may be answered 429).
 */
const SHARED_ADDRESSES = 500;
/** Rounds of each run; `BENCH_SHORT=1` runs one (a quick look, not a verdict). */
const ROUNDS = process.env['BENCH_SHORT'] ? 1 : 3;

/**
 * wrk's script: beacons for the given articles, each from an address of its own, or with
 * `addresses`, from that many addresses in turn (the `round`'s own: 172.16+round.x.y; the bench
 * server trusts X-Forwarded-For), from a browser of the site's own pages, with a referrer.
 * @param {string} host the server's host and port @param {number[]} ids @param {number} [addresses] @param {number} [round]
 */
const beaconScript = (host, ids, addresses, round = 0) => `local ids = { ${ids.join(', ')} }
local ffi = require("ffi")
ffi.cdef[[
typedef struct { long tv_sec; long tv_nsec; } pace_timespec;
int clock_gettime(int clk_id, pace_timespec *tp);
]]
local clock = ffi.new("pace_timespec")
local function now_ms()
  ffi.C.clock_gettime(1, clock)
  return tonumber(clock.tv_sec) * 1000 + tonumber(clock.tv_nsec) / 1e6
end
local next_at = 0
local gap = 1000 / ${BEACON_RATE}
-- Built once (Host too: wrk's own is not known yet when the script loads), so that wrk spends
-- next to nothing a request: 10,000 beacons, from as many addresses or from a few in turn.
local prepared = {}
for k = 1, 10000 do
  local headers = {
    ["Host"] = ${JSON.stringify(host)},
    ["Content-Type"] = "application/json",
    ["Origin"] = ${JSON.stringify(BENCH_SITE_URL)},
    ["User-Agent"] = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
    ["X-Forwarded-For"] = ${
      addresses
        ? `string.format("172.${16 + round}.%d.%d", math.floor((k % ${addresses}) / 254), (k % ${addresses}) % 254 + 1)`
        : 'string.format("10.%d.%d.%d", math.random(0, 255), math.random(0, 255), math.random(1, 254))'
    },
  }
  local body = string.format('{"article":%d,"referrer":"news.google.com"}', ids[(${addresses ? `math.floor(k / ${addresses})` : 'k'} % #ids) + 1])
  prepared[k] = wrk.format("POST", "/api/views", headers, body)
end
local i = 0
request = function()
  i = i + 1
  return prepared[(i % #prepared) + 1]
end
delay = function()
  local t = now_ms()
  if next_at < t then next_at = t end
  local wait = next_at - t
  next_at = next_at + gap
  return math.floor(wait + 0.5)
end`;

/** CPU seconds a process and its children (the web processes) have used so far (Linux /proc). @param {number} pid */
function cpuSeconds(pid) {
  const children = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .stdout.split('\n')
    .map((line) => Number(line.trim()))
    .filter((n) => n > 0);
  let ticks = 0;
  for (const p of [pid, ...children]) {
    // Fields 14 and 15 of /proc/pid/stat (after the command in parentheses): user and system time in clock ticks.
    const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  }
  return ticks / 100;
}

/** The machine's load average over the last minute, as the bench prints it beside a measurement. */
const load = () => loadavg()[0]?.toFixed(1) ?? '?';

/** The middle value. @param {number[]} values */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/**
 * Reads of 20 cached article pages at 50 connections (wrk, gzip), alone and while beacons
 * arrive at 2,000 a second, on the same server (`npm start`'s: a web process per core and the
 * primary), in rounds of 5 s: reads alone, then reads beside beacons, ..., then reads alone
 * again, so each run beside beacons is compared with the runs alone just before and after it
 * (a drift of this shared machine's speed falls on both sides alike). The ratio is the median
 * of the rounds' ratios, and must be >= 90%; the beacons keep their rate, and every one is
 * answered (204, or in the shared-address run 429 once an address is past its views a
 * minute). Both runs, unique and shared addresses, are measured and budgeted alike. The
 * server's CPU per beacon (every process, beacons alone for 5 s) is printed beside its CPU per
 * cached read, with the load average of the machine at each measurement.
 * @param {string} base @param {number} pid the server's (primary) process
 */
export async function benchBeacons(base, pid) {
  const list = await stories(`${base}/api/articles?limit=20&fields=summary`);
  const paths = list.map((a) => `/article/${a.slug}`);
  const readers = (/** @type {number} */ seconds) => wrk(base, paths, seconds, { encoding: 'gzip, br' });
  /** Beacons for `seconds`, from `addresses` addresses (the round's own) in turn, else each from its own. @param {number} seconds @param {number} [addresses] @param {number} [round] */
  const beacons = (seconds, addresses, round) =>
    wrk(base, [], seconds, {
      lua: beaconScript(
        new URL(base).host,
        list.map((a) => a.id),
        addresses,
        round,
      ),
      connections: BEACON_CONNECTIONS,
      threads: 1,
    });
  /** The server's CPU per request (µs) over `run`, which answers its requests a second over `seconds`. @param {number} seconds @param {() => Promise<{ rps: number }>} run */
  const cpuPer = async (seconds, run) => {
    const before = cpuSeconds(pid);
    const { rps } = await run();
    return Math.round(((cpuSeconds(pid) - before) / (rps * seconds)) * 1e6);
  };
  await readers(3); // warm the page cache and the JIT
  await beacons(2);
  note(
    `server CPU (every process): ${await cpuPer(READ_SECONDS, () => readers(READ_SECONDS))} us per cached read at 50 connections; ${await cpuPer(READ_SECONDS, () => beacons(READ_SECONDS))} us per beacon (2,000 a second, unique addresses), ${await cpuPer(READ_SECONDS, () => beacons(READ_SECONDS, SHARED_ADDRESSES, 9))} us per beacon (${SHARED_ADDRESSES} shared addresses) (load average ${load()})`,
  );
  const mean = (/** @type {number[]} */ values) => values.reduce((sum, v) => sum + v, 0) / values.length;
  /** Reads alone and beside the beacons (from `addresses` addresses, else each its own), ROUNDS rounds. @param {number} [addresses] */
  const measure = async (addresses) => {
    /** @type {number[]} */
    const quiet = [(await readers(READ_SECONDS)).rps];
    /** @type {number[]} */
    const beside = [];
    /** @type {{ rps: number, p99: number, errors: number, non2xx: number }[]} */
    const sent = [];
    /** @type {string[]} */
    const loads = [load()];
    for (let round = 0; round < ROUNDS; round++) {
      // The beacons start a second before the reads and end a second after them.
      const running = beacons(READ_SECONDS + 2, addresses, round);
      await new Promise((r) => setTimeout(r, 1_000));
      beside.push((await readers(READ_SECONDS)).rps);
      sent.push(await running);
      quiet.push((await readers(READ_SECONDS)).rps);
      loads.push(load());
    }
    const ratios = beside.map((rps, i) => rps / (((quiet[i] ?? 0) + (quiet[i + 1] ?? 0)) / 2));
    const rate = mean(sent.map((s) => s.rps));
    const rounds = ROUNDS === 1 ? 'one round, BENCH_SHORT' : `${ROUNDS} rounds`;
    const percent = (/** @type {number} */ r) => `${Math.round(r * 100)}%`;
    return {
      rate,
      ratio: Math.round(median(ratios) * 100),
      non2xx: sent.reduce((sum, s) => sum + s.non2xx, 0),
      unanswered: sent.reduce((sum, s) => sum + s.errors - s.non2xx, 0),
      errors: sent.reduce((sum, s) => sum + s.errors, 0),
      text: `reads alone ${quiet.map(Math.round).join(' / ')} req/s, beside beacons ${beside.map(Math.round).join(' / ')} req/s (each against the runs alone before and after it: ${ratios.map(percent).join(' / ')}); beacons ${Math.round(rate)}/s (p99 ${sent.map((s) => s.p99).join(' / ')} ms); load average ${loads.join(' / ')} (${rounds})`,
    };
  };

  const what = 'cached article reads (50 connections) beside 2,000 beacons a second, against the same reads alone (median of rounds)';
  const unique = await measure();
  note(`beacons each from an address of its own: ${unique.text}`);
  if (unique.rate < BEACON_RATE * 0.9)
    note(`the beacons reached ${Math.round(unique.rate)} a second, short of ${BEACON_RATE}: the server answered them slowly`);
  record(`${what}, each beacon from an address of its own`, unique.ratio, '% of reads alone', (v) => v >= 90, '>= 90%');
  record('beacons sent at 2,000 a second, answered', Math.round(unique.rate), ' a second', (v) => v >= BEACON_RATE * 0.9, `>= ${BEACON_RATE * 0.9}`);
  record('beacons not answered 204', unique.errors, '', (v) => v === 0, '0');

  const shared = await measure(SHARED_ADDRESSES);
  note(
    `beacons from ${SHARED_ADDRESSES} shared addresses a round (seen before: the machine's count asked of the primary): ${shared.text}; ${shared.non2xx} beacons answered 429 (past an address's views a minute)`,
  );
  record(`${what}, beacons from ${SHARED_ADDRESSES} shared addresses`, shared.ratio, '% of reads alone', (v) => v >= 90, '>= 90%');
  record(
    `beacons from ${SHARED_ADDRESSES} addresses sent at 2,000 a second, answered`,
    Math.round(shared.rate),
    ' a second',
    (v) => v >= BEACON_RATE * 0.9,
    `>= ${BEACON_RATE * 0.9}`,
  );
  record(`beacons from ${SHARED_ADDRESSES} addresses not answered (socket errors, timeouts)`, shared.unanswered, '', (v) => v === 0, '0');
}
