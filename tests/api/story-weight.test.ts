import http from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { latestFigures } from '../helpers/market-figures.ts';
import { publishStoryPage, useNewsroomServer } from '../helpers/newsroom.ts';

// A story holding a figure and a chart block (#33) within the article page's weight budget:
// 100 KB of JavaScript with every island hydrated, counted as the bench's budget counts it (the
// bytes the server sends a browser that accepts brotli), from the page's HTML (its scripts, its
// islands' components, renderers and what they import) and the files the server sends, so it
// does not move with the machine's load. Not counted, as in the bench: modules loaded later on a
// reader's action (the toast region, on the first toast). The gzip total is printed beside it:
// a browser that accepts only gzip gets about 10% more (react-hook-form in the reader forms).
// The chart itself needs no script: its SVG, table, source, permalink and downloads are in the
// HTML. (`npm run bench -- weight lighthouse` measures the article page in a browser.)
const PASSWORD = 'story-weight-admin-password';
const { server, admin, call, currentPage } = useNewsroomServer(PASSWORD);
const BUDGET = 100 * 1024;

/** The bytes the server sends for `path` to a client that accepts `encoding` (as they travel, not decoded; a small file as it is). */
function wireBytes(path: string, encoding: 'br' | 'gzip'): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(path, server.url), { agent: false, headers: { 'Accept-Encoding': encoding } }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      // A file too small to gain from compression is sent as it is.
      const sent = res.headers['content-encoding'];
      const encoded = sent === undefined || sent === encoding;
      res.on('end', () =>
        res.statusCode === 200 && encoded ? resolve(bytes) : reject(new Error(`${path}: ${res.statusCode} ${res.headers['content-encoding']}`)),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

interface Script {
  br: number;
  gzip: number;
}

/**
 * Every script a page runs with all its islands hydrated: its scripts, its islands' components,
 * renderers and hydration scripts, and every module they import (statically: what hydration
 * loads), by path (inline ones as `inline #n`), with the bytes the server sends for each.
 */
async function pageScripts(html: string): Promise<Map<string, Script>> {
  const found = new Map<string, Script>();
  const attr = (name: string) => [...html.matchAll(new RegExp(`\\s${name}="([^"]+)"`, 'g'))].map((m) => m[1]!.replaceAll('&amp;', '&'));
  const modulePreloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]*>/g)].flatMap((m) => /href="([^"]+)"/.exec(m[0])?.[1] ?? []);
  const pending = [
    ...[...html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!),
    ...attr('component-url'),
    ...attr('renderer-url'),
    ...attr('before-hydration-url'),
    ...modulePreloads,
  ].map((src) => new URL(src, server.url).href);
  // Inline scripts run too (Astro's island loader, the theme script); structured data does not.
  // They travel inside the page's HTML: counted as if compressed on their own (an upper bound).
  let inline = 0;
  for (const m of html.matchAll(/<script\b([^>]*)>([^]*?)<\/script>/g)) {
    if (/\ssrc=|application\/ld\+json/.test(m[1]!) || m[2]!.trim() === '') continue;
    found.set(`inline #${++inline}`, { br: brotliCompressSync(m[2]!).length, gzip: gzipSync(m[2]!).length });
  }
  while (pending.length > 0) {
    const url = pending.pop()!;
    const path = new URL(url).pathname;
    if (found.has(path)) continue;
    expect(new URL(url).origin, `${url} is served by the site`).toBe(server.url);
    const res = await fetch(url);
    expect(res.status, path).toBe(200);
    const text = await res.text();
    found.set(path, { br: await wireBytes(path, 'br'), gzip: await wireBytes(path, 'gzip') });
    // Static imports and re-exports: `import{a}from"./x.js"`, `import"./x.js"`, `export{b}from"./y.js"`.
    for (const m of text.matchAll(/(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+\.m?js)["']/g)) {
      pending.push(new URL(m[1]!, url).href);
    }
  }
  return found;
}

const total = (scripts: Map<string, Script>, encoding: keyof Script) => [...scripts.values()].reduce((sum, s) => sum + s[encoding], 0);
const listed = (scripts: Map<string, Script>) =>
  [...scripts]
    .sort((a, b) => b[1].br - a[1].br)
    .map(([name, bytes]) => `${name} ${(bytes.br / 1024).toFixed(1)} KB`)
    .join(', ');

describe('a story with a figure and a chart block', () => {
  it('loads at most 100 KB of JavaScript (brotli, as sent) with every island hydrated, and its chart needs none: SVG, table, source, permalink and downloads in the HTML', async () => {
    const [wti] = await latestFigures(server.database, 'wti', 1);
    const { page } = await publishStoryPage({ call, currentPage }, admin.cookie, {
      title: 'WTI and Brent hold their spread',
      slug: `story-weight-${Date.now()}`,
      excerpt: 'Crude prices moved together.',
      content:
        `<p>WTI settled at <data-figure series="wti" date="${wti!.period}" value="${wti!.value}"></data-figure> on the day.</p>` +
        '<data-chart kind="markets" key="wti" range="5y" compare="brent" caption="WTI and Brent, five years"></data-chart><p>After the chart.</p>',
    });
    expect(page.status).toBe(200);
    const html = page.text;

    // The figure and the chart, as the server drew them.
    expect(html).toContain('class="story-figure"');
    const chart = /<div class="story-chart[^"]*" data-story-chart="markets"[^]*?<\/figure>\s*<\/div>/.exec(html)?.[0] ?? '';
    expect(chart, 'the chart block').not.toBe('');
    expect(chart).not.toMatch(/<script|astro-island|client:/);
    expect(chart).toMatch(/<svg[^>]*role="img"/);
    expect(chart).toMatch(/<table[^]*<th[^]*<td/);
    expect(chart).toContain('WTI and Brent, five years');
    expect(chart).toMatch(/U\.S\. Energy Information Administration|EIA/);
    for (const ext of ['svg', 'png', 'csv', 'json']) {
      expect(chart, ext).toMatch(new RegExp(`<a [^>]*href="/charts/markets/wti\\.${ext}\\?range=5y&amp;compare=brent"[^>]*download=`));
    }
    expect(chart).toMatch(
      /<input [^>]*readonly [^>]*value="http[^"]*\/markets\/wti\?range=5y&amp;compare=brent"|value="http[^"]*\/markets\/wti\?range=5y&amp;compare=brent"[^>]*readonly/,
    );

    // Every island loaded: its component, its renderer and all they import.
    const story = await pageScripts(html);
    const bytes = total(story, 'br');
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    console.info(`story with a figure and a chart: ${kb(bytes)} of JavaScript with brotli (${kb(total(story, 'gzip'))} with gzip): ${listed(story)}`);
    // It counts something real: the islands (the comment form's React) are there.
    expect(
      [...story.keys()].some((name) => /react|client/i.test(name)),
      listed(story),
    ).toBe(true);
    expect(bytes, listed(story)).toBeGreaterThan(20 * 1024);
    expect(bytes, listed(story)).toBeLessThanOrEqual(BUDGET);

    // The figure and the chart add no script to the article page: the same scripts as a story without them.
    const { page: plainPage } = await publishStoryPage({ call, currentPage }, admin.cookie, {
      title: 'Crude prices moved together',
      slug: `story-weight-plain-${Date.now()}`,
      excerpt: 'Crude prices moved together.',
      content: '<p>WTI settled higher on the day.</p><p>After the chart.</p>',
    });
    const without = await pageScripts(plainPage.text);
    expect([...story.keys()].sort()).toEqual([...without.keys()].sort());
  });
});
