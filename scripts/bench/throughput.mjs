// @ts-check
// Throughput: the article page answered from the page cache by the production server against a
// bare node:http server sending the same bytes, like for like:
//   - the same Node binary for both (this process's, the project's Node 24 under npm);
//   - one process each: the site with WEB_CONCURRENCY=1, the bare server in a process of its
//     own (scripts/bench/bare-server.mjs; not inside this process, which runs the bench);
//   - the same encoding: wrk sends no Accept-Encoding, so both answer identity;
//   - the same bytes: the site's answer to exactly wrk's request is read off the socket first,
//     and the bare server sends its status, headers (in order, as spelled) and body; before
//     measuring, the two answers are compared byte for byte (the Date header aside);
//   - wrk, 2 threads, 50 connections, alternating bare and site in pairs; the ratio of each
//     pair is reported as min / median / max, and the median is held to the budget.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ARTICLE, note, record, startServer, wrk } from './lib.mjs';

const CONNECTIONS = 50;
const SECONDS = 6;
const PAIRS = 5;
/** Headers Node's http writes itself on every answer (the bare server's as the site's). */
const NODE_OWN = new Set(['date', 'connection', 'keep-alive']);

/**
 * One GET read raw off the socket, as wrk asks it (request line and Host only: no
 * Accept-Encoding); answers the status, the header lines as sent and the body.
 * @param {number} port @param {string} path
 */
export function rawGet(port, path) {
  return /** @type {Promise<{ status: number, headers: [string, string][], body: Buffer, raw: Buffer }>} */ (
    new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      /** @type {Buffer[]} */
      const chunks = [];
      const done = () => {
        const raw = Buffer.concat(chunks);
        const end = raw.indexOf('\r\n\r\n');
        if (end < 0) return false;
        const [statusLine = '', ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n');
        /** @type {[string, string][]} */
        const headers = lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon), line.slice(colon + 1).trim()];
        });
        const length = headers.find(([name]) => name.toLowerCase() === 'content-length');
        if (!length) throw new Error(`No Content-Length in the answer to ${path}: ${statusLine}`);
        if (raw.length < end + 4 + Number(length[1])) return false;
        socket.destroy();
        const body = raw.subarray(end + 4, end + 4 + Number(length[1]));
        resolve({ status: Number(statusLine.split(' ')[1]), headers, body, raw: raw.subarray(0, end + 4 + body.length) });
        return true;
      };
      socket.on('data', (chunk) => {
        chunks.push(chunk);
        try {
          done();
        } catch (error) {
          socket.destroy();
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
      socket.once('error', reject);
      socket.once('end', () => reject(new Error(`Connection closed before the whole answer to ${path}`)));
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    })
  );
}

/** An answer's bytes without its Date line (the one header that differs by the second). @param {Buffer} raw */
const withoutDate = (raw) => raw.toString('latin1').replace(/\r\ndate: [^\r]*/i, '');

/** Starts the bare server on the answer given, with this process's Node. @param {string} dir @param {{ status: number, headers: [string, string][], body: Buffer }} answer */
async function startBare(dir, answer) {
  const answerFile = join(dir, 'bare-answer.json');
  const bodyFile = join(dir, 'bare-body.html');
  const headers = answer.headers.filter(([name]) => !NODE_OWN.has(name.toLowerCase())).flat();
  const keepAlive = answer.headers.find(([name]) => name.toLowerCase() === 'keep-alive')?.[1] ?? '';
  const keepAliveMs = Number(/timeout=(\d+)/.exec(keepAlive)?.[1] ?? 5) * 1000;
  writeFileSync(answerFile, JSON.stringify({ status: answer.status, headers, keepAliveMs }));
  writeFileSync(bodyFile, answer.body);
  const child = spawn(process.execPath, [fileURLToPath(new URL('./bare-server.mjs', import.meta.url)), answerFile, bodyFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await /** @type {Promise<number>} */ (
    new Promise((resolve, reject) => {
      child.stdout.on('data', (d) => {
        const match = /Serving (\d+)/.exec(String(d));
        if (match) resolve(Number(match[1]));
      });
      child.once('exit', (code) => reject(new Error(`bare server exited ${code}`)));
    })
  );
  return { port, pid: child.pid ?? 0, stop: () => child.kill('SIGTERM') };
}

/** Requests per second on one address. @param {number} port */
const rpsOf = async (port) => {
  const { rps, errors } = await wrk(`http://127.0.0.1:${port}`, [ARTICLE], SECONDS, { connections: CONNECTIONS });
  if (errors > 0) throw new Error(`wrk saw ${errors} errors on port ${port}`);
  return rps;
};

/** @param {number[]} values */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** @param {string} dir a folder for the single-process server's database and the bare server's answer */
export async function benchThroughput(dir) {
  const site = await startServer({ WEB_CONCURRENCY: '1', DATABASE_URL: `file:${join(dir, 'throughput.db')}` });
  const sitePort = Number(new URL(site.base).port);
  /** @type {{ port: number, stop: () => void } | undefined} */
  let bare;
  try {
    // The first request renders and stores the page; the answer measured is a fresh hit.
    let answer = await rawGet(sitePort, ARTICLE);
    for (let tries = 0; !answer.headers.some(([n, v]) => n.toLowerCase() === 'x-cache' && v === 'HIT'); tries++) {
      if (tries === 20) throw new Error(`The article page is not answered from the page cache: ${answer.raw.subarray(0, 400).toString()}`);
      answer = await rawGet(sitePort, ARTICLE);
    }
    if (answer.status !== 200) throw new Error(`The article page answered ${answer.status}`);
    if (answer.headers.some(([n]) => n.toLowerCase() === 'content-encoding'))
      throw new Error('The article page came compressed to a request without Accept-Encoding');
    bare = await startBare(dir, answer);
    const bareAnswer = await rawGet(bare.port, ARTICLE);
    if (withoutDate(bareAnswer.raw) !== withoutDate(answer.raw)) {
      throw new Error(
        `The bare server's answer differs from the site's:\n${withoutDate(bareAnswer.raw).slice(0, 2000)}\n---\n${withoutDate(answer.raw).slice(0, 2000)}`,
      );
    }
    await rpsOf(sitePort); // warm the JIT of both
    await rpsOf(bare.port);
    /** @type {{ bare: number, site: number }[]} */
    const pairs = [];
    for (let pair = 0; pair < PAIRS; pair++) {
      // Alternated, so a slow moment of the shared machine falls on one pair, not on one side.
      const bareRps = await rpsOf(bare.port);
      const siteRps = await rpsOf(sitePort);
      pairs.push({ bare: bareRps, site: siteRps });
    }
    const ratios = pairs.map((p) => p.site / p.bare);
    const pct = (/** @type {number} */ r) => Math.round(r * 100);
    note(
      `like for like: Node ${process.version} (${process.execPath}) for both; one process each (site WEB_CONCURRENCY=1, bare node:http in its own process); ` +
        `identity encoding (no Accept-Encoding); the same ${answer.raw.length} bytes per answer (${answer.body.length} body, headers as the site sends them, Date aside); ` +
        `wrk 2 threads, ${CONNECTIONS} connections, ${SECONDS} s per run, ${PAIRS} alternating pairs after a warm-up`,
    );
    note(`bare node:http req/s: ${pairs.map((p) => Math.round(p.bare)).join(', ')}`);
    note(`article page (page-cache hit) req/s: ${pairs.map((p) => Math.round(p.site)).join(', ')}`);
    note(`site / bare per pair: min ${pct(Math.min(...ratios))}%, median ${pct(median(ratios))}%, max ${pct(Math.max(...ratios))}%`);
    record('article hit throughput vs bare node:http (median of pairs)', pct(median(ratios)), '%', (v) => v >= 80, '>= 80%');
  } finally {
    bare?.stop();
    site.stop();
  }
}
