// @ts-check
// Throughput: the article page through the production server against a bare node:http server
// sending the same bytes (the page and every header the site sends with it), one process
// against one, without compression, measured side by side with wrk, alternating.
import http from 'node:http';
import { join } from 'node:path';
import { ARTICLE, freePort, note, record, startServer, wrk } from './lib.mjs';

/** Requests per second on one address, 32 connections for 8 s. @param {string} url */
const rpsOf = async (url) => {
  const { origin, pathname } = new URL(url);
  return (await wrk(origin, [pathname], 8, { connections: 32 })).rps;
};

/** @param {string} dir a folder for the single-process server's database */
export async function benchThroughput(dir) {
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
    await rpsOf(base + ARTICLE); // warm the page cache and the JIT
    await rpsOf(`http://127.0.0.1:${barePort}/`);
    // Alternated three times, the best of each: a shared machine's slow moment (another
    // process, a stolen core) then does not decide the ratio, in either direction.
    let bareRps = 0;
    let siteRps = 0;
    for (let round = 0; round < 3; round++) {
      bareRps = Math.max(bareRps, await rpsOf(`http://127.0.0.1:${barePort}/`));
      siteRps = Math.max(siteRps, await rpsOf(base + ARTICLE));
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
