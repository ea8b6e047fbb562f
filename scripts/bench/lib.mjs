// @ts-check
// Shared parts of `npm run bench`: the results table, a server to measure, load helpers.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePackage } from '../ensure-package.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const CHROMIUM = '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
export const ARTICLE = '/article/permian-output-holds-near-record-as-rig-count-slips';
/** The site address the bench servers answer as, and their administrator's password. */
export const BENCH_SITE_URL = 'http://localhost:4321';
export const BENCH_ADMIN_PASSWORD = 'bench-admin-password';

/**
 * Signs in to a bench server as the administrator; answers the session cookie.
 * @param {string} base
 */
export async function signIn(base) {
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: BENCH_SITE_URL },
    body: JSON.stringify({ username: 'admin', password: BENCH_ADMIN_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`Bench sign-in failed: ${res.status} ${await res.text()}`);
  return (res.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';
}

/** @type {{ name: string, value: number, unit: string, ok: boolean, budget: string }[]} */
export const results = [];

/**
 * Records a measurement against its budget and prints it.
 * @param {string} name @param {number} value @param {string} unit @param {(v: number) => boolean} ok @param {string} budget
 */
export function record(name, value, unit, ok, budget) {
  results.push({ name, value, unit, ok: ok(value), budget });
  console.log(`${ok(value) ? 'PASS' : 'MISS'}  ${name}: ${value}${unit} (budget ${budget})`);
}

/** Prints a measurement that has no budget. @param {string} text */
export const note = (text) => console.log(`      ${text}`);

/** @returns {Promise<number>} */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(port));
    });
  });

/**
 * Starts the production server (`scripts/serve.ts`) on a free port; resolves once it serves.
 * @param {Record<string, string>} env
 * @returns {Promise<{ base: string, pid: number, stop: () => void }>}
 */
export async function startServer(env) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', './scripts/aliases.mjs', 'scripts/serve.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SITE_URL: BENCH_SITE_URL, ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout?.on('data', (d) => String(d).includes('Serving ') && resolve(undefined));
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, stop: () => child.kill('SIGTERM') };
}

/** Resident memory of a process and all its children, in MB (Linux /proc). @param {number} pid */
export function residentMb(pid) {
  const children = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .stdout.split('\n')
    .map((s) => Number(s.trim()))
    .filter((n) => n > 0);
  let kb = 0;
  for (const p of [pid, ...children]) {
    const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
    kb += Number(match?.[1] ?? 0);
  }
  return Math.round(kb / 1024);
}

/** The p-th percentile (0-100) of a list of numbers. @param {number[]} values @param {number} p */
export function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * Times `count` calls of `fn`, `concurrency` at a time; answers each call's milliseconds.
 * @param {number} count @param {number} concurrency @param {(i: number) => Promise<unknown>} fn
 */
export async function timeCalls(count, concurrency, fn) {
  /** @type {number[]} */
  const times = [];
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const i = next++;
      const start = performance.now();
      await fn(i);
      times.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return times;
}

/** wrk (C, multi-threaded): a load generator that costs the machine little beside the server it measures. */
export const WRK = '/usr/bin/wrk';

/**
 * Runs wrk on `paths` of `base` (round-robin, `Accept-Encoding` as given), `connections` at a
 * time, for `seconds`; answers requests per second, p99 latency (ms) and the count of errors
 * (socket errors, timeouts and answers other than 2xx/3xx; `non2xx` the answers alone), and with `perSecond` the answers
 * of each wall-clock second (epoch seconds, in order; counting costs wrk a little).
 * Asynchronous: a server in this process keeps answering while wrk runs.
 * With `lua`, that script makes the requests instead (`paths` unused); `threads` is wrk's (2).
 * @param {string} base @param {string[]} paths @param {number} seconds
 * @param {{ connections?: number, encoding?: string, perSecond?: boolean, lua?: string, threads?: number }} [options]
 * @returns {Promise<{ rps: number, p99: number, errors: number, non2xx: number, perSecond: { second: number, answers: number }[] }>}
 */
export async function wrk(base, paths, seconds, options = {}) {
  ensurePackage(WRK, 'wrk', 'Load measurements');
  const dir = mkdtempSync(join(tmpdir(), 'wrk-'));
  const script = join(dir, 'paths.lua');
  const headers = options.encoding ? `{ ["Accept-Encoding"] = ${JSON.stringify(options.encoding)} }` : '{}';
  writeFileSync(
    script,
    `${
      options.lua ??
      `local paths = { ${paths.map((p) => JSON.stringify(p)).join(', ')} }
local headers = ${headers}
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1], headers)
end`
    }
${
  options.perSecond
    ? `threads = {}
counts = {}
setup = function(thread)
  table.insert(threads, thread)
end
response = function()
  local second = os.time()
  counts[second] = (counts[second] or 0) + 1
end
done = function()
  local all = {}
  for _, thread in ipairs(threads) do
    for second, n in pairs(thread:get("counts")) do all[second] = (all[second] or 0) + n end
  end
  for second, n in pairs(all) do io.write(string.format("answers in second %d: %d\\n", second, n)) end
end
`
    : ''
}`,
  );
  const connections = options.connections ?? 50;
  try {
    const output = await /** @type {Promise<string>} */ (
      new Promise((resolve, reject) => {
        const child = spawn(WRK, [`-t${options.threads ?? 2}`, `-c${connections}`, `-d${seconds}s`, '--latency', '-s', script, base]);
        let text = '';
        child.stdout.on('data', (chunk) => (text += String(chunk)));
        child.stderr.on('data', (chunk) => (text += String(chunk)));
        child.once('error', reject);
        child.once('exit', () => resolve(text));
      })
    );
    const text = output;
    const rps = /Requests\/sec:\s+([\d.]+)/.exec(text);
    const p99 = /^\s*99%\s+([\d.]+)(us|ms|s)\s*$/m.exec(text);
    if (!rps || !p99) throw new Error(`wrk failed: ${text}`);
    const scale = { us: 0.001, ms: 1, s: 1000 }[/** @type {'us' | 'ms' | 's'} */ (p99[2])];
    const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
    const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(text);
    const errors = (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0) + Number(non2xx?.[1] ?? 0);
    const perSecond = [...text.matchAll(/^answers in second (\d+): (\d+)$/gm)]
      .map((m) => ({ second: Number(m[1]), answers: Number(m[2]) }))
      .sort((a, b) => a.second - b.second);
    return { rps: Number(rps[1]), p99: Math.round(Number(p99[1]) * scale * 10) / 10, errors, non2xx: Number(non2xx?.[1] ?? 0), perSecond };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * One series of a server's Prometheus metrics (0 while it has no sample).
 * @param {string} metrics the metrics address (`http://host:port/metrics`) @param {string} series
 */
export async function readCounter(metrics, series) {
  const line = (await (await fetch(metrics)).text()).split('\n').find((l) => l.startsWith(`${series} `));
  return Number(line?.slice(series.length + 1) ?? 0);
}
