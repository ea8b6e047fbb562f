// @ts-check
// Page weight: no JavaScript on the about and legal pages; the article and analytics pages'
// JavaScript within budget, counted as it travels (the compressed bytes the server sends
// a browser that accepts brotli).
import { chromium } from 'playwright-core';
import { ARTICLE, CHROME_FLAGS, CHROMIUM, note, record } from './lib.mjs';

/** @typedef {{ name: string, bytes: Promise<number> }} Script */

/**
 * Collects every script a page loads with its size on the wire.
 * @param {import('playwright-core').Page} page
 */
function scriptsOf(page) {
  /** @type {Script[]} */
  const scripts = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push({ name: request.url().split('/').pop() ?? '', bytes: request.sizes().then((s) => s.responseBodySize) });
  });
  /** Kilobytes of the scripts loaded so far, and their names. */
  const total = async () => {
    const sizes = await Promise.all(scripts.map((s) => s.bytes));
    return { kb: Math.round(sizes.reduce((a, b) => a + b, 0) / 102.4) / 10, names: scripts.map((s) => s.name).join(' ') };
  };
  return { total, count: () => scripts.length };
}

/** @param {string} base */
export async function benchWeight(base) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
  for (const path of ['/about', '/privacy-policy', '/terms-of-service', ARTICLE, '/analytics']) {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const scripts = scriptsOf(page);
    await page.goto(base + path, { waitUntil: 'networkidle' });
    if (path === '/analytics') {
      // Above the fold only: the charts and the reports load when they are scrolled to or opened.
      const { kb, names } = await scripts.total();
      note(`analytics page scripts: ${names}`);
      record('analytics page JavaScript before charts (on the wire)', kb, ' KB', (v) => v <= 100, '<= 100 KB');
      await page.close();
      continue;
    }
    // Scroll down step by step so every island that hydrates when visible (the comment list) loads.
    for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 400) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(50);
    }
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    if (path !== ARTICLE) {
      // The tiny inline theme script (dark mode before the first paint) is the one script allowed.
      const inline = await page.locator('script:not([type="application/ld+json"]):not([data-theme-script])').count();
      record(`${path} scripts`, scripts.count() + inline, '', (v) => v === 0, '0');
      await page.close();
      continue;
    }
    const before = await scripts.total();
    note(`article page scripts: ${before.names}`);
    record('article page JavaScript before the comment form is touched (on the wire)', before.kb, ' KB', (v) => v <= 80, '<= 80 KB');
    // The reader starts writing: the form hydrates with its validation.
    await page.getByLabel('Name', { exact: true }).focus();
    await page.waitForFunction(() => document.querySelector('astro-island[component-url*="CommentForm"]:not([ssr])') !== null);
    await page.waitForLoadState('networkidle');
    const loaded = await scripts.total();
    note(`with the comment form: ${loaded.names.slice(before.names.length).trim()}`);
    record('article page JavaScript with the comment form loaded (on the wire)', loaded.kb, ' KB', (v) => v <= 100, '<= 100 KB');
    await page.close();
  }
  await browser.close();
}
