// @ts-check
// `npm run bench`: the budgets of the foundation issue, measured and printed. A budget that
// is missed makes the exit code non-zero. Not part of `npm test` (timings vary by machine).
//   - Lighthouse (mobile): performance, accessibility, best practices, SEO >= 95 on /, /news
//     and an article page;
//   - no JavaScript on /about, /privacy-policy, /terms-of-service;
//   - article page JavaScript <= 80 KB gzipped before any chart;
//   - analytics page JavaScript <= 100 KB gzipped above the fold (charts and reports load later);
//   - on-demand article throughput >= half of a bare Node HTTP server's, side by side.
import './require-node.mjs';
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { buildIfNeeded } from './build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
const ARTICLE = '/article/permian-output-holds-near-record-as-rig-count-slips';
/** @type {{ name: string, value: number, unit: string, ok: boolean, budget: string }[]} */
const results = [];
/** @param {string} name @param {number} value @param {string} unit @param {(v: number) => boolean} ok @param {string} budget */
const record = (name, value, unit, ok, budget) => {
  results.push({ name, value, unit, ok: ok(value), budget });
  console.log(`${ok(value) ? 'PASS' : 'MISS'}  ${name}: ${value}${unit} (budget ${budget})`);
};

/** @returns {Promise<number>} */
const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(port));
    });
  });

process.env['SITE_URL'] ??= 'http://localhost:4321';
buildIfNeeded();
const dir = mkdtempSync(join(tmpdir(), 'energy-bench-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', './scripts/aliases.mjs', 'scripts/serve.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: `file:${join(dir, 'bench.db')}` },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve, reject) => {
  server.stdout?.on('data', (d) => String(d).includes('Serving ') && resolve(undefined));
  server.once('exit', (code) => reject(new Error(`server exited ${code}`)));
});

try {
  // 1. No JavaScript on static pages, and the article page's JavaScript weight.
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
  for (const path of ['/about', '/privacy-policy', '/terms-of-service', ARTICLE, '/analytics']) {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    /** @type {Promise<number>[]} */
    const sizes = [];
    /** @type {string[]} */
    const names = [];
    page.on('response', (r) => {
      if (r.request().resourceType() !== 'script') return;
      names.push(r.url().split('/').pop() ?? '');
      sizes.push(r.body().then((b) => gzipSync(b).length));
    });
    await page.goto(base + path, { waitUntil: 'networkidle' });
    if (path === '/analytics') {
      // Above the fold only: the charts and the reports load when they are scrolled to or opened.
      const gz = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
      console.log(`      analytics page scripts: ${names.join(' ')}`);
      record('analytics page JavaScript before charts (gzip)', Math.round(gz / 102.4) / 10, ' KB', (v) => v <= 100, '<= 100 KB');
      await page.close();
      continue;
    }
    // Scroll down step by step so every island that hydrates when visible (comments) loads.
    for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 400) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(50);
    }
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const inline = await page.locator('script:not([type="application/ld+json"])').count();
    const gz = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
    if (path === ARTICLE) {
      console.log(`      article page scripts: ${names.join(' ')}`);
      record(`article page JavaScript (gzip)`, Math.round(gz / 102.4) / 10, ' KB', (v) => v <= 80, '<= 80 KB');
    } else record(`${path} scripts`, sizes.length + inline, '', (v) => v === 0, '0');
    await page.close();
  }
  await browser.close();

  // 2. Throughput: the on-demand article page vs a bare Node server sending the same bytes
  //    (the page gzipped, as both answer a client that accepts gzip).
  const gzipped = gzipSync(await (await fetch(base + ARTICLE)).text());
  const barePort = await freePort();
  const bare = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Encoding': 'gzip', 'Content-Length': gzipped.length });
    res.end(gzipped);
  });
  await new Promise((resolve) => bare.listen(barePort, '127.0.0.1', () => resolve(undefined)));
  /** @param {string} url */
  const load = async (url) => (await autocannon({ url, connections: 20, duration: 6, headers: { 'accept-encoding': 'gzip' } })).requests.average;
  await load(base + ARTICLE); // warm the page cache and the JIT
  const bareRps = await load(`http://127.0.0.1:${barePort}/`);
  const siteRps = await load(base + ARTICLE);
  bare.close();
  console.log(`      bare Node: ${Math.round(bareRps)} req/s, article page: ${Math.round(siteRps)} req/s`);
  record('article throughput vs bare Node', Math.round((siteRps / bareRps) * 100), '%', (v) => v >= 50, '>= 50%');

  // 3. Lighthouse, mobile (its default form factor and throttling).
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    for (const path of ['/', '/news', ARTICLE]) {
      // Measure the running site, not its first render after start.
      await (await fetch(base + path)).text();
      const result = await lighthouse(base + path, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const categories = result?.lhr.categories ?? {};
      if (result?.lhr.runtimeError)
        console.log(`      Lighthouse error on ${path}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
      for (const warning of result?.lhr.runWarnings ?? []) console.log(`      Lighthouse warning on ${path}: ${warning}`);
      for (const [id, category] of Object.entries(categories)) {
        if (category.score === null) {
          const failed = category.auditRefs.map((r) => result?.lhr.audits[r.id]).filter((a) => a?.scoreDisplayMode === 'error');
          console.log(`      ${id} on ${path} has no score: ${failed.map((a) => `${a?.id}: ${a?.errorMessage ?? ''}`).join('; ')}`);
        }
      }
      for (const [id, category] of Object.entries(categories)) {
        record(`Lighthouse ${id} ${path === ARTICLE ? '/article/…' : path}`, Math.round((category.score ?? 0) * 100), '', (v) => v >= 95, '>= 95');
      }
    }
  } finally {
    chrome.kill();
  }
} finally {
  server.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}

const missed = results.filter((r) => !r.ok);
console.log(`\n${results.length - missed.length} budgets met, ${missed.length} missed`);
process.exit(missed.length ? 1 : 0);
