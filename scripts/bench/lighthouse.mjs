// @ts-check
// Lighthouse, mobile (its default form factor and throttling), against the production build the
// bench starts. Budgets (issues 25 and 32):
//   - the data pages (/markets/wti, /grid, /states, /calendar, /analytics): 100 in each of the four
//     categories;
//   - each kind of embed (/embed/markets, grid, states, reports, analysis, cards): 100 performance;
//   - the reading pages (/, /news, an article, and a story holding a figure and a chart block,
//     which the bench publishes first through the editors' API): >= 95 in each category.
// Lighthouse's scores move with the machine's load (Total Blocking Time is CPU time): the budgets
// hold on a quiet machine only. Under each page the audits that cost it points are listed (the
// metric's value or what Lighthouse found), so a miss says what to fix.
// `npm run bench -- lighthouse` runs this section alone; BENCH_LIGHTHOUSE=/grid,/states measures
// only the pages named.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ARTICLE, BENCH_SITE_URL, CHROME_FLAGS, CHROMIUM, note, record, signIn } from './lib.mjs';

const ALL_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** The metrics performance is scored from, printed for every page. */
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];
/** A story citing a figure and holding a chart block (#33), published by `publishDataStory` before it is measured. */
export const DATA_STORY = '/article/bench-wti-figure-and-chart';

/** @type {{ path: string, categories: string[], budget: number }[]} */
export const LIGHTHOUSE_PAGES = [
  ...['/markets/wti', '/grid', '/states', '/calendar', '/analytics'].map((path) => ({ path, categories: ALL_CATEGORIES, budget: 100 })),
  ...['/embed/markets/wti', '/embed/grid/US48', '/embed/states/TX', '/embed/reports/price', '/embed/analysis/1', '/embed/cards/energy-mix'].map(
    (path) => ({ path, categories: ['performance'], budget: 100 }),
  ),
  ...['/', '/news', ARTICLE, DATA_STORY].map((path) => ({ path, categories: ALL_CATEGORIES, budget: 95 })),
];

/**
 * Publishes `DATA_STORY` through the editors' API as a reporter would: WTI's latest figure inline
 * (taken from the data catalog, so it is one the data holds) and a five-year chart of WTI against
 * Brent with a caption, between paragraphs of a story's length.
 * @param {string} base
 */
async function publishDataStory(base) {
  const cookie = await signIn(base);
  const headers = { 'Content-Type': 'application/json', Origin: BENCH_SITE_URL, Cookie: cookie };
  const figureRes = await fetch(`${base}/api/admin/catalog/figure?series=wti`, { headers });
  if (figureRes.status !== 200) throw new Error(`The data catalog answered ${figureRes.status}: ${await figureRes.text()}`);
  const parsed = /** @type {unknown} */ (await figureRes.json());
  const { period, value } = /** @type {{ period: string, value: number }} */ (parsed);
  const paragraph =
    '<p>Crude futures moved with the weekly inventory report, as refiners ran harder ahead of the winter and exports held near their highs.</p>';
  const res = await fetch(`${base}/api/articles`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      title: 'WTI holds its discount to Brent',
      slug: DATA_STORY.slice('/article/'.length),
      excerpt: 'The spread between the two crude benchmarks barely moved.',
      content:
        `<p>WTI settled at <data-figure series="wti" date="${period}" value="${value}"></data-figure> on the day.</p>${paragraph}` +
        `<data-chart kind="markets" key="wti" range="5y" compare="brent" caption="WTI and Brent, five years"></data-chart>${paragraph}${paragraph}`,
      author: 'Markets Desk',
      categoryId: 1,
      publishedAt: new Date(Date.now() - 3_600_000).toISOString(),
    }),
  });
  if (res.status !== 201) throw new Error(`Publishing the data story answered ${res.status}: ${await res.text()}`);
}

/**
 * What cost a page its points: each audit of the measured categories that scored under 0.9 (the
 * metrics with their values, the opportunities with what they would save), worst first.
 * @param {NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']} lhr @param {string[]} categories
 */
export function findings(lhr, categories) {
  /** @type {Map<string, { weight: number, score: number, text: string }>} */
  const found = new Map();
  for (const id of categories) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 0.9) continue;
      if (audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'manual' || audit.scoreDisplayMode === 'informative') continue;
      // The metrics are listed on their own line.
      if (METRICS.includes(audit.id)) continue;
      const items = /** @type {{ items?: unknown[] } | undefined} */ (audit.details)?.items;
      const count = Array.isArray(items) && items.length > 0 ? ` (${items.length} item${items.length === 1 ? '' : 's'})` : '';
      const value = audit.displayValue ? `: ${audit.displayValue}` : '';
      const previous = found.get(audit.id);
      const weight = Math.max(previous?.weight ?? 0, ref.weight);
      // An audit of no weight outside performance (an experimental check) costs no points: said so.
      const free = weight === 0 && id !== 'performance' ? ' (no weight)' : '';
      found.set(audit.id, { weight, score: audit.score, text: `${id}/${audit.id}${value}${count}${free}` });
    }
  }
  return [...found.values()].sort((a, b) => b.weight * (1 - b.score) - a.weight * (1 - a.score)).map((f) => f.text);
}

/** @param {string} base */
export async function benchLighthouse(base) {
  const wanted = process.env['BENCH_LIGHTHOUSE']?.split(',').filter(Boolean);
  const pages = wanted ? LIGHTHOUSE_PAGES.filter((p) => wanted.includes(p.path)) : LIGHTHOUSE_PAGES;
  if (pages.some((p) => p.path === DATA_STORY)) await publishDataStory(base);
  note('Lighthouse scores move with the load of the machine: the budgets hold on a quiet machine only.');
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    for (const { path, categories, budget } of pages) {
      // Measure the running site, not its first render after start: the server runs a process per
      // core, each with its page cache, and spreads connections among them, so each is asked a few times.
      for (let i = 0; i < 4; i++) {
        const warm = await fetch(base + path, { headers: { Connection: 'close' } });
        await warm.arrayBuffer();
        if (i === 0 && warm.status !== 200) note(`${path} answers ${warm.status}`);
      }
      const run = () => lighthouse(base + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories });
      let result = await run();
      // A trace Lighthouse failed to record (NO_NAVSTART on a busy machine) is the tool's fault, not the page's: once more.
      if (result?.lhr.runtimeError) {
        note(`Lighthouse error on ${path}: ${result.lhr.runtimeError.code}; measuring again`);
        result = await run();
      }
      const lhr = result?.lhr;
      if (!lhr) {
        record(`Lighthouse ${path}`, 0, '', () => false, 'a report');
        continue;
      }
      if (lhr.runtimeError) note(`Lighthouse error on ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      for (const warning of lhr.runWarnings ?? []) note(`Lighthouse warning on ${path}: ${warning}`);
      const label = path === ARTICLE ? '/article/…' : path === DATA_STORY ? '/article/… (figure and chart)' : path;
      for (const [id, category] of Object.entries(lhr.categories)) {
        if (category.score === null) {
          const failed = category.auditRefs.map((r) => lhr.audits[r.id]).filter((a) => a?.scoreDisplayMode === 'error');
          const first = failed[0];
          note(`${id} on ${path} has no score: ${failed.length} audits failed (${first?.id}: ${first?.errorMessage ?? ''})`);
        }
        record(`Lighthouse ${id} ${label}`, Math.round((category.score ?? 0) * 100), '', (v) => v >= budget, `>= ${budget}`);
      }
      const metrics = METRICS.map((id) => lhr.audits[id])
        .filter((a) => a?.displayValue)
        .map((a) => `${a?.title} ${a?.displayValue}`);
      if (metrics.length > 0) note(`${label}: ${metrics.join(', ')}`);
      for (const text of findings(lhr, categories).slice(0, 8)) note(`${label}: ${text}`);
    }
  } finally {
    chrome.kill();
  }
}
