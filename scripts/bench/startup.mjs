// @ts-check
// Web process start-up (#35): how long a web process of the cluster takes from its fork to
// listening, and how much memory it holds once idle. A web process that stopped is replaced
// by a new one: the time it takes is time the site serves with one process fewer, and what
// each one loads at start it holds for as long as it runs. Measured on replacements of the
// running bench server's web processes (killed one at a time), so the database is prepared
// and the primary's render service is up, as in production after a crash.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { note, record } from './lib.mjs';

/** Replacements measured (the median is recorded). */
const ROUNDS = 5;
/** How long a new web process idles before its memory is read. */
const IDLE_MS = 10_000;

/** The web processes of a cluster: the primary's children. @param {number} primary */
const webProcesses = (primary) =>
  spawnSync('ps', ['-o', 'pid=', '--ppid', String(primary)], { encoding: 'utf8' })
    .stdout.split('\n')
    .map((s) => Number(s.trim()))
    .filter((n) => n > 0);

/** Socket inodes listening on `port` (IPv4 and IPv6). @param {number} port */
function listeningInodes(port) {
  const inodes = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const local = fields[1] ?? '';
      // State 0A is LISTEN; the local address ends with the port in hex.
      if (fields[3] === '0A' && Number.parseInt(local.split(':').pop() ?? '', 16) === port) inodes.add(fields[9]);
    }
  }
  return inodes;
}

/** Whether process `pid` holds a socket listening on `port`. @param {number} pid @param {number} port */
function listensOn(pid, port) {
  const inodes = listeningInodes(port);
  let fds = [];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return false;
  }
  return fds.some((fd) => {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      return match !== null && inodes.has(match[1]);
    } catch {
      return false;
    }
  });
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** Milliseconds since boot now, and when process `pid` started (its fork). @param {number} [pid] */
function sinceBootMs(pid) {
  if (pid === undefined) return Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]) * 1000;
  // Field 22 of /proc/pid/stat (after the command in parentheses): start time in clock ticks.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[19]) / CLOCK_TICKS) * 1000;
}

/**
 * CPU time process `pid` has used so far (all its threads), ms: what its start cost, nearly
 * the same on a busy machine, where the wall time mostly measures the wait for a core.
 * @param {number} pid
 */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 (utime, stime), in clock ticks.
  return Math.round(((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1000);
}

/** Resident memory of one process, MB. @param {number} pid */
const residentOf = (pid) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Replaces web processes of the running cluster one at a time and measures each new one.
 * @param {string} base the server's address @param {number} primary the primary's pid
 */
export async function benchStartup(base, primary) {
  const port = Number(new URL(base).port);
  /** @type {number[]} */
  const startMs = [];
  /** @type {number[]} */
  const startCpuMs = [];
  /** @type {number[]} */
  const idleMb = [];
  for (let round = 0; round < ROUNDS; round++) {
    const before = webProcesses(primary);
    const victim = before[0];
    if (victim === undefined) throw new Error('The bench server runs no web processes (WEB_CONCURRENCY must be 2 or more)');
    process.kill(victim, 'SIGKILL');
    /** @type {number | undefined} */
    let fresh;
    const deadline = Date.now() + 120_000;
    while (fresh === undefined || !listensOn(fresh, port)) {
      if (Date.now() > deadline) throw new Error('No replacement web process listened within 2 minutes');
      fresh ??= webProcesses(primary).find((pid) => !before.includes(pid));
      await sleep(5);
    }
    startMs.push(Math.round(sinceBootMs() - sinceBootMs(fresh)));
    startCpuMs.push(cpuMs(fresh));
    await sleep(IDLE_MS);
    idleMb.push(residentOf(fresh));
  }
  const median = (/** @type {number[]} */ values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  note(
    `web process fork to listening, ${ROUNDS} replacements: ${startMs.join(', ')} ms (CPU time used meanwhile: ${startCpuMs.join(', ')} ms); idle resident memory ${idleMb.join(', ')} MB`,
  );
  record('web process start-up, fork to listening (median)', median(startMs), ' ms', (v) => v <= 2_000, '<= 2,000 ms');
  record('web process start-up, CPU time to listening (median)', median(startCpuMs), ' ms', (v) => v <= 1_500, '<= 1,500 ms');
  record('web process idle resident memory (median)', median(idleMb), ' MB', (v) => v <= 250, '<= 250 MB');
}
