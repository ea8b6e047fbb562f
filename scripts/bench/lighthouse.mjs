// @ts-check
// Lighthouse, mobile (its default form factor and throttling): every category >= 95, on the home
// page, /news, an article, and the data desk's live grid and states map (issue 25).
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ARTICLE, CHROME_FLAGS, CHROMIUM, note, record } from './lib.mjs';

/** @param {string} base */
export async function benchLighthouse(base) {
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    for (const path of ['/', '/news', ARTICLE, '/grid', '/states']) {
      // Measure the running site, not its first render after start.
      await (await fetch(base + path)).text();
      const result = await lighthouse(base + path, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const categories = result?.lhr.categories ?? {};
      if (result?.lhr.runtimeError) note(`Lighthouse error on ${path}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
      for (const warning of result?.lhr.runWarnings ?? []) note(`Lighthouse warning on ${path}: ${warning}`);
      for (const [id, category] of Object.entries(categories)) {
        if (category.score === null) {
          const failed = category.auditRefs.map((r) => result?.lhr.audits[r.id]).filter((a) => a?.scoreDisplayMode === 'error');
          note(`${id} on ${path} has no score: ${failed.map((a) => `${a?.id}: ${a?.errorMessage ?? ''}`).join('; ')}`);
        }
      }
      for (const [id, category] of Object.entries(categories)) {
        record(`Lighthouse ${id} ${path === ARTICLE ? '/article/…' : path}`, Math.round((category.score ?? 0) * 100), '', (v) => v >= 95, '>= 95');
      }
    }
  } finally {
    chrome.kill();
  }
}
