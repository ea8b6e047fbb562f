import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { openAnotherSite } from './another-site.ts';
import { seriousViolations } from './axe.ts';
import { chartDownload as download, chartPngText, chartText, drawnChart, serverChart } from './charts.ts';
import { waitForIslands } from './hydration.ts';

const SAMPLE_SOURCE = /^Sample data \(seeded history, not EIA figures\), as of [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/;

/** A series view with its chart drawn and its islands hydrated. */
async function openView(page: Page, path: string, label: string): Promise<Locator> {
  await page.goto(path);
  await waitForIslands(page);
  const figure = page.locator(`[data-chart-figure="${label}"]`);
  await figure.scrollIntoViewIfNeeded();
  await expect(drawnChart(figure)).toBeVisible();
  return figure;
}

/** Opens the compare-and-derive form (it stays open while a comparison is shown) and answers it. */
async function compareForm(page: Page): Promise<Locator> {
  const details = page.locator('details[data-compare-form]');
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await details.getByText('Compare and derive', { exact: true }).click();
  return page.getByRole('form', { name: 'Compare and derive' });
}

test('a chart downloads as a PNG and an SVG with its title, source line and the site drawn in', async ({ page }) => {
  const figure = await openView(page, '/markets/wti', 'WTI Crude Oil');
  const source = (await figure.locator('figcaption p').first().textContent()) ?? '';
  expect(source).toMatch(SAMPLE_SOURCE);

  const svgFile = await download(page, figure, /Vector image \(SVG\)/);
  expect(svgFile.suggestedFilename()).toBe('wti-1y.svg');
  const svg = readFileSync(await svgFile.path(), 'utf8');
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  for (const text of ['WTI Crude Oil', source, 'EnergyPulse', '/markets/wti', 'WTI Crude Oil: EIA forecast (STEO)']) expect(svg).toContain(text);
  // Flat: one <svg>, nothing a design tool cannot draw; and well-formed: an image library draws it.
  expect(svg.match(/<svg\b/g)).toHaveLength(1);
  expect(svg).not.toContain('foreignObject');
  expect((await sharp(Buffer.from(svg)).metadata()).width).toBe(960);

  expect(await chartPngText(page, figure, 'wti-1y.png', 1920)).toMatchObject({ Title: 'WTI Crude Oil', Author: 'EnergyPulse' });
  expect((await chartPngText(page, figure, 'wti-1y.png', 1920))['Source']).toContain(source);
});

test('the downloads are plain links to the chart’s own address, with the view’s query', async ({ page, request }) => {
  const figure = await openView(page, '/markets/henry-hub?range=5y', 'Henry Hub Natural Gas');
  await figure.getByText('Download', { exact: true }).click();
  const links = figure.getByRole('link', { name: /\((SVG|PNG|CSV|JSON)\)$/ });
  await expect(links).toHaveCount(4);
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(hrefs).toEqual(['svg', 'png', 'csv', 'json'].map((ext) => `/charts/markets/henry-hub.${ext}?range=5y`));
  const json = (await (await request.get(hrefs[3] ?? '')).json()) as { title: string; lines: { name: string; points: unknown[] }[] };
  expect(json.title).toBe('Henry Hub Natural Gas');
  expect(json.lines[0]?.points.length).toBeGreaterThan(100);
});

test('the CSV holds exactly the figures the chart shows, as its table view says them', async ({ page }) => {
  const figure = await openView(page, '/markets/wti?range=1m&compare=brent,wti-brent-spread', 'WTI Crude Oil');
  // The switch's radio buttons are drawn as their labels.
  await figure.locator('label', { hasText: /^Table$/ }).click();
  await expect(figure.getByRole('radio', { name: 'Table' })).toBeChecked();
  const table = figure.getByRole('region', { name: /data table$/ });
  await expect(table).toBeVisible();
  await expect(serverChart(figure, 'WTI Crude Oil')).toHaveCount(0);
  const header = await table.locator('thead th').allTextContents();
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [
        tr.querySelector('time')?.getAttribute('datetime') ?? '',
        ...[...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''),
      ]),
    );

  const csv = readFileSync(await (await download(page, figure, /Data shown \(CSV\)/)).path(), 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe(header.map((h) => (h.includes(',') ? `"${h}"` : h)).join(','));
  // A month of history leaves room for a fifth of the width ahead (a week): at most EIA's first forecast month, and the chart says so.
  expect(header.slice(0, 4)).toEqual(['Date', 'WTI Crude Oil ($/bbl)', 'Brent Crude Oil ($/bbl)', 'WTI–Brent spread ($/bbl)']);
  expect(header.slice(4).every((h) => h === 'WTI Crude Oil: EIA forecast (STEO) ($/bbl)')).toBe(true);
  await expect(
    figure.locator('figcaption').getByText(/^EIA’s forecast (runs to .*: this range shows its first month|.* reaches beyond this range)/),
  ).toBeVisible();
  expect(lines.slice(1)).toHaveLength(rows.length);
  const asShown = (text: string) => (text === '–' ? '' : String(Number(text.replace(/,/g, '').replace('−', '-'))));
  expect(lines.slice(1).map((l) => l.split(','))).toEqual(rows.map(([period = '', ...cells]) => [period, ...cells.map(asShown)]));
  // The spread is WTI minus Brent, row by row.
  for (const cells of lines.slice(1, 6).map((l) => l.split(',').map(Number))) expect(cells[3]).toBeCloseTo((cells[1] ?? 0) - (cells[2] ?? 0), 2);
});

test('compare and derive: the form draws two to four lines on two axes or rebased, and its permalink restores the view', async ({
  page,
  browser,
}) => {
  await openView(page, '/markets/wti', 'WTI Crude Oil');
  // Forecast and futures continue the series, each labelled.
  const chart = serverChart(page, 'WTI Crude Oil');
  await expect(chartText(chart, 'WTI Crude Oil: EIA forecast (STEO)')).toBeVisible();
  await expect(chartText(chart, /^WTI Crude Oil: NYMEX futures, settled /)).toBeVisible();

  let form = await compareForm(page);
  await form.getByRole('combobox', { name: 'Series 1' }).selectOption('henry-hub');
  await form.getByRole('combobox', { name: 'Series 2' }).selectOption('gas-storage-vs-five-year');
  await form.getByRole('button', { name: 'Update chart' }).click();
  await expect(page).toHaveURL(/\/markets\/wti\?compare=henry-hub,gas-storage-vs-five-year$/);
  await waitForIslands(page);
  // Three units are more than two axes: the lines are rebased, and the chart says why; the derived gap cannot be rebased.
  const figure = page.locator('[data-chart-figure="WTI Crude Oil"]');
  await expect(figure.locator('figcaption').getByText(/more than two axes can show/)).toBeVisible();
  await expect(figure.locator('figcaption').getByText(/Gas storage vs five-year average is shown only as a level/)).toBeVisible();

  form = await compareForm(page);
  await form.getByRole('combobox', { name: 'Series 2' }).selectOption('');
  await form.getByRole('button', { name: 'Update chart' }).click();
  await expect(page).toHaveURL(/\/markets\/wti\?compare=henry-hub$/);
  await figure.scrollIntoViewIfNeeded();
  const twoAxes = serverChart(page, 'WTI Crude Oil');
  for (const unit of ['$/bbl', '$/MMBtu']) await expect(chartText(twoAxes, unit)).toBeVisible();
  await expect(figure.getByRole('heading', { name: 'WTI Crude Oil compared with Henry Hub Natural Gas' })).toBeVisible();

  // Rebased, over five years: the range link keeps the comparison.
  form = await compareForm(page);
  await form.getByRole('radio', { name: 'Rebased to 100' }).check();
  await form.getByRole('button', { name: 'Update chart' }).click();
  await page.getByRole('navigation', { name: 'Chart range' }).getByRole('link', { name: /^5Y/ }).click();
  await expect(page).toHaveURL(/\/markets\/wti\?range=5y&compare=henry-hub&measure=index$/);
  await waitForIslands(page);
  await figure.scrollIntoViewIfNeeded();
  await expect(chartText(serverChart(page, 'WTI Crude Oil'), 'Index (first observation = 100)')).toBeVisible();

  // The Share menu's link reopens exactly this view for another reader.
  await figure.getByText('Share', { exact: true }).click();
  const link = await figure.getByLabel('Link', { exact: true }).inputValue();
  expect(link).toMatch(/\/markets\/wti\?range=5y&compare=henry-hub&measure=index$/);
  const other = await browser.newPage();
  await other.goto(new URL(link).pathname + new URL(link).search);
  await expect(other.getByRole('heading', { name: 'History: five years' })).toBeVisible();
  await expect(other.getByRole('heading', { name: 'WTI Crude Oil compared with Henry Hub Natural Gas' })).toBeVisible();
  await expect(other.getByRole('combobox', { name: 'Series 1' })).toHaveValue('henry-hub');
  await expect(other.getByRole('radio', { name: 'Rebased to 100' })).toBeChecked();
  await other.close();

  // The embed code names the embed of the same view.
  expect(await figure.getByLabel('Embed code', { exact: true }).inputValue()).toContain(
    '/embed/markets/wti?range=5y&amp;compare=henry-hub&amp;measure=index"',
  );
  expect(await seriousViolations(page, '[data-chart-figure]')).toEqual([]);
});

test('an embed is framed by another site, sets no cookie and is cached; the site itself refuses to be framed', async ({ page, baseURL }) => {
  const embedPath = '/embed/markets/gas-storage?range=5y';
  // Another site framing the embed and the home page.
  const { host, responses, close } = await openAnotherSite(page, baseURL, [
    { id: 'embed', title: 'Gas storage', path: embedPath, height: 520 },
    { id: 'site', title: 'The site', path: '/', height: 300 },
  ]);
  expect(host).not.toBe(new URL(baseURL ?? '').origin);
  const embed = page.frameLocator('#embed');
  // (A frame's chart is found inside the frame: drawnChart's filter is the top page's.)
  await expect(embed.locator('[data-chart="Working Gas in Storage (Lower 48)"] svg').filter({ visible: true })).toHaveCount(1);
  await expect(embed.getByText(SAMPLE_SOURCE)).toBeVisible();
  await expect(embed.getByRole('link', { name: /EnergyPulse: see this chart/ })).toHaveAttribute('href', /\/markets\/gas-storage\?range=5y$/);
  // Only the chart: no site header, navigation or footer.
  await expect(embed.locator('header, nav, footer')).toHaveCount(0);

  const embedded = responses.get(embedPath);
  const headers = (await embedded?.allHeaders()) ?? {};
  expect(headers['x-frame-options']).toBeUndefined();
  expect(headers['content-security-policy']).toContain('frame-ancestors *');
  expect(headers['set-cookie']).toBeUndefined();
  expect(headers['cache-control']).toMatch(/^public, .*s-maxage=\d+/);
  expect(headers['surrogate-key']).toContain('market');

  // The home page answered, and refused to be shown in another site's frame.
  await expect.poll(() => responses.has('/')).toBe(true);
  const home = (await responses.get('/')?.allHeaders()) ?? {};
  expect(home['x-frame-options']).toBe('DENY');
  expect(home['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.frameLocator('#site').locator('header')).toHaveCount(0);
  close();
});

test('an embed is light on a dark system, dark when its address asks, and any other theme is sent to its one address', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const ink = () =>
    serverChart(page, 'WTI Crude Oil')
      .locator('.chart-fill-muted')
      .first()
      .evaluate((t) => getComputedStyle(t).fill);
  await page.goto('/embed/markets/wti');
  const light = { background: await background(), ink: await ink() };
  await page.goto('/embed/markets/wti?theme=dark');
  const dark = { background: await background(), ink: await ink() };
  expect(dark.background).not.toBe(light.background);
  expect(dark.ink).not.toBe(light.ink);
  // The site's own pages follow the system: its dark background is the embed's dark one.
  await page.goto('/markets/wti');
  expect(await background()).toBe(dark.background);
  // Each theme has one address (and one cache entry).
  for (const [asked, lands] of [
    ['/embed/markets/wti?theme=light', /\/embed\/markets\/wti$/],
    ['/embed/markets/wti?theme=purple&range=5Y', /\/embed\/markets\/wti\?range=5y$/],
    ['/embed/markets/wti?range=5Y&theme=dark', /\/embed\/markets\/wti\?range=5y&theme=dark$/],
  ] as const) {
    await page.goto(asked);
    await expect(page).toHaveURL(lands);
  }
  await context.close();
});

test('the embed page passes axe', async ({ page }) => {
  await page.goto('/embed/markets/wti?compare=brent');
  await waitForIslands(page);
  await expect(drawnChart(page, 'WTI Crude Oil')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the home page’s cards and an analysis item’s chart take the toolkit too (reports: reports.spec.ts)', async ({ page }) => {
  await page.goto('/');
  const card = page.locator('[data-chart-figure="production"]');
  await card.scrollIntoViewIfNeeded();
  await expect(drawnChart(card)).toBeVisible();
  await card.locator('label', { hasText: /^Table$/ }).click();
  const table = card.getByRole('region', { name: /data table$/ });
  await expect(table.getByRole('row').first()).toBeVisible();
  // A card's chart has no address of its own (the contract's chart kinds are markets, grid, states, reports): its table is its data.
  await expect(table.locator('thead th').first()).toHaveText('Month');
  await card.getByText('Share', { exact: true }).click();
  await expect(card.getByLabel('Link', { exact: true })).toHaveValue(/\/$/);
  await expect(card.getByLabel('Embed code', { exact: true })).toHaveValue(/src="http:\/\/[^"]+\/embed\/cards\/production"/);
  expect(await seriousViolations(page, '[data-chart-figure="production"]')).toEqual([]);

  // An analysis item: its report's table stays under the chart; its link is the item's page.
  await page.goto('/analytics/1');
  const item = page.locator('[data-chart-figure]');
  await item.scrollIntoViewIfNeeded();
  await expect(drawnChart(item)).toBeVisible();
  await expect(item.getByRole('region', { name: /data table$/ })).toBeVisible();
  await item.getByText('Share', { exact: true }).click();
  await expect(item.getByLabel('Link', { exact: true })).toHaveValue(/\/analytics\/1$/);
  await expect(item.getByLabel('Embed code', { exact: true })).toHaveValue(/src="http:\/\/[^"]+\/embed\/analysis\/1"/);
});
