// @ts-check
// Throughput: the article page through the production server against a bare node:http server
// sending the same bytes (the page and every header the site sends with it), one process
// against one, without compression, measured side by side with wrk, alternating.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { ensurePackage } from '../ensure-package.mjs';
import { join } from 'node:path';
import { ARTICLE, freePort, note, record, startServer } from './lib.mjs';

const WRK = '/usr/bin/wrk';

/**
 * Requests per second wrk measures on `url`. Asynchronous: the bare server runs in this
 * process and must keep answering while wrk runs.
 * @param {string} url
 * @returns {Promise<number>}
 */
function wrk(url) {
  return new Promise((resolve, reject) => {
    const child = spawn(WRK, ['-t2', '-c32', '-d8s', url]);
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    child.once('exit', () => {
      const match = /Requests\/sec:\s+([\d.]+)/.exec(output);
      if (match) resolve(Number(match[1]));
      else reject(new Error(`wrk failed: ${output}`));
    });
  });
}

/** @param {string} dir a folder for the single-process server's database */
export async function benchThroughput(dir) {
  ensurePackage(WRK, 'wrk', 'Throughput measurements');
  const site = await startServer({ WEB_CONCURRENCY: '1', DATABASE_URL: `file:${join(dir, 'throughput.db')}` });
  const base = site.base;
  // The same bytes: the page's body, uncompressed, with every header the site sends with it.
  const page = await fetch(base + ARTICLE, { headers: { 'Accept-Encoding': 'identity' } });
  const body = Buffer.from(await page.arrayBuffer());
  /** @type {Record<string, string>} */
  const headers = {};
  page.headers.forEach((value, name) => {
    if (!['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) headers[name] = value;
  });
  headers['content-length'] = String(body.length);
  const barePort = await freePort();
  const bare = http.createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  });
  await new Promise((resolve) => bare.listen(barePort, '127.0.0.1', () => resolve(undefined)));
  try {
    await wrk(base + ARTICLE); // warm the page cache and the JIT
    await wrk(`http://127.0.0.1:${barePort}/`);
    // Alternated three times, the best of each: a shared machine's slow moment (another
    // process, a stolen core) then does not decide the ratio, in either direction.
    let bareRps = 0;
    let siteRps = 0;
    for (let round = 0; round < 3; round++) {
      bareRps = Math.max(bareRps, await wrk(`http://127.0.0.1:${barePort}/`));
      siteRps = Math.max(siteRps, await wrk(base + ARTICLE));
    }
    note(
      `one process each, no compression: bare node:http ${Math.round(bareRps)} req/s, article page ${Math.round(siteRps)} req/s (wrk, 32 connections)`,
    );
    record('article throughput vs bare node:http', Math.round((siteRps / bareRps) * 100), '%', (v) => v >= 80, '>= 80%');
  } finally {
    bare.close();
    site.stop();
  }
}
