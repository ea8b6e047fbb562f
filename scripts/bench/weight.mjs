// @ts-check
// Page weight: no JavaScript on the about and legal pages; the article and analytics pages'
// JavaScript within budget.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { ARTICLE, CHROME_FLAGS, CHROMIUM, note, record } from './lib.mjs';

/** @param {string} base */
export async function benchWeight(base) {
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
      note(`analytics page scripts: ${names.join(' ')}`);
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
      note(`article page scripts: ${names.join(' ')}`);
      record(`article page JavaScript (gzip)`, Math.round(gz / 102.4) / 10, ' KB', (v) => v <= 80, '<= 80 KB');
    } else record(`${path} scripts`, sizes.length + inline, '', (v) => v === 0, '0');
    await page.close();
  }
  await browser.close();
}
