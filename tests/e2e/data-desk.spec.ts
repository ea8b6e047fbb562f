import { readFileSync } from 'node:fs';
import { expect, test, type Locator } from '@playwright/test';
import { openAnotherSite } from './another-site.ts';
import { seriousViolations } from './axe.ts';
import { chartDownload as download, chartPngText, chartText, drawnChart, openChartFigure, serverChart } from './charts.ts';

/** The rows of a table view as the reader sees them: each row's first cell, then its figures. */
async function tableRows(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [tr.querySelector('th')?.textContent ?? '', ...[...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')]),
    );
}

test.describe('the states map and table', () => {
  test('the map is walked by keyboard in the order of the states’ names, says each figure the table shows, and opens a state', async ({ page }) => {
    await page.goto('/states');
    const sectors = page.getByRole('navigation', { name: 'Sector' });
    await expect(sectors.getByRole('link', { name: 'Residential' })).toHaveAttribute('aria-current', 'page');
    // From the last sector link, the next stop is the map's first state, then the next by name.
    await sectors.getByRole('link', { name: 'All sectors' }).focus();
    await page.keyboard.press('Tab');
    const map = page.getByTestId('states-map');
    const focused = map.locator('a:focus');
    await expect(focused).toHaveAttribute('data-state', 'AL');
    await page.keyboard.press('Tab');
    await expect(focused).toHaveAttribute('data-state', 'AK');
    // Focus is visible on the state's outline.
    await expect(focused.locator('path')).toHaveCSS('stroke-width', '3px');

    // The name a screen reader says is the table's figure for the state.
    const label = (await focused.getAttribute('aria-label')) ?? '';
    const price = (await page.locator('[data-testid="states-table"] tr[data-state="AK"] td').first().textContent())?.trim() ?? '';
    expect(label).toMatch(new RegExp(`^Alaska: ${price.replace('.', '\\.')}¢/kWh, \\d+(st|nd|rd|th) most expensive of 51$`));

    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/states\/AK$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Alaska: electricity prices and generation' })).toBeVisible();
    // The price history charts the state against the US average.
    await page.locator('[data-chart-figure="state-ak-price-residential"]').scrollIntoViewIfNeeded();
    await expect(chartText(serverChart(page, 'state-ak-price-residential'), 'US average')).toBeVisible();
  });

  test('the table sorts by a column header by keyboard, and the sector chooser recolors the map', async ({ page }) => {
    await page.goto('/states');
    const table = page.getByTestId('states-table');
    await table.getByRole('link', { name: /^Price \(¢\/kWh\)/ }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/sort=price&dir=desc/);
    await expect(table.locator('th[aria-sort="descending"]')).toContainText('Price');
    const prices = await table.locator('tbody tr td:first-of-type').allTextContents();
    const values = prices.map(Number).filter((v) => !Number.isNaN(v));
    expect(values).toEqual([...values].sort((a, b) => b - a));
    const residentialFill = await page.locator('[data-testid="states-map"] a[data-state="TX"] path').getAttribute('fill');

    await page.getByRole('navigation', { name: 'Sector' }).getByRole('link', { name: 'Industrial' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Industrial electricity prices by state' })).toBeVisible();
    await expect(page).toHaveURL(/sector=industrial/);
    // The same order is kept; the map speaks of the new sector's figures.
    await expect(page).toHaveURL(/sort=price/);
    const industrialLabel = await page.locator('[data-testid="states-map"] a[data-state="TX"]').getAttribute('aria-label');
    const industrialPrice = (await table.locator('tr[data-state="TX"] td').first().textContent())?.trim();
    expect(industrialLabel).toContain(`${industrialPrice}¢/kWh`);
    expect(await page.locator('[data-testid="states-map"] a[data-state="TX"] path').getAttribute('fill')).not.toBe(residentialFill);
  });
});

test('the states table downloads as a CSV of exactly what it shows, in its sector and order', async ({ page }) => {
  await page.goto('/states?sector=industrial&sort=price&dir=desc');
  const table = page.getByTestId('states-table');
  const shown = await table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [tr.getAttribute('data-state') ?? '', ...[...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')]),
    );
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('states-csv').click()]);
  expect(file.suggestedFilename()).toMatch(/^electricity-prices-industrial-\d{4}-\d{2}\.csv$/);
  const lines = readFileSync(await file.path(), 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe('Month,State,Postal code,Price (¢/kWh),Price a year before (¢/kWh),Change over a year (%)');
  expect(lines).toHaveLength(52);
  const records = lines.slice(1).map((l) => l.split(','));
  // The month as a date, the same on every row; the change as shown, and as the two prices give it.
  expect(new Set(records.map(([month]) => month))).toEqual(new Set([expect.stringMatching(/^\d{4}-\d{2}-01$/)]));
  const asShown = (text: string) => (text === '–' ? '' : String(Number(text.replace(/[+%]/g, '').replace('−', '-'))));
  expect(records.map(([, , code = '', price = '', , change = '']) => [code, price, change])).toEqual(
    shown.map(([code = '', price = '', change = '']) => [code, asShown(price), asShown(change)]),
  );
  for (const [, , , price = '', before = '', change = ''] of records)
    if (change !== '') expect(Math.abs((Number(price) / Number(before) - 1) * 100 - Number(change))).toBeLessThanOrEqual(0.06);
});

test.describe('the live grid', () => {
  test('shows the Lower 48 now, its week as charts with their tables, and every region', async ({ page }) => {
    await page.goto('/grid');
    await expect(page.getByRole('heading', { level: 1, name: 'The live US grid' })).toBeVisible();
    await expect(page.getByText('Illustrative sample').first()).toBeVisible();
    const figure = page.locator('[data-chart-figure="grid-us48-demand"]');
    await figure.scrollIntoViewIfNeeded();
    await expect(chartText(serverChart(page, 'grid-us48-demand'), 'Day-ahead forecast')).toBeVisible();
    // The chart's table view: chosen by keyboard (the switch's radio buttons), one row per hour, its hours labeled with their zone.
    await figure.getByRole('radio', { name: 'Chart' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(figure.getByRole('radio', { name: 'Table' })).toBeChecked();
    const table = figure.getByRole('region', { name: /data table$/ });
    await expect(table).toBeVisible();
    await expect(drawnChart(figure)).toBeHidden();
    await expect(table.locator('thead th').first()).toHaveText('Hour ending (ET)');
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(160);
    await page.getByTestId('grid-regions').getByRole('link', { name: 'Texas' }).click();
    await expect(page).toHaveURL(/\/grid\/TEX$/);
    await expect(page.getByRole('heading', { level: 2, name: /^Now: hour ending .+ CT \(.+ ET\)$/ })).toBeVisible();
  });
});

test.describe('the data desk’s charts in the chart toolkit', () => {
  test('a grid chart downloads as a PNG with its title, source and the site drawn in, and its CSV is the table it shows, as a spreadsheet reads it', async ({
    page,
  }) => {
    const figure = await openChartFigure(page, '/grid/tex', 'grid-tex-demand');
    await expect(figure.getByRole('heading', { level: 3, name: 'Texas: hourly demand and day-ahead forecast' })).toBeVisible();
    const source = (await figure.locator('figcaption p').first().textContent()) ?? '';
    expect(source).toMatch(/^Illustrative sample: a seeded week, not EIA figures\. Latest hour: \w{3}, \w{3} \d+, \d+ [AP]M CT \(\d+ [AP]M ET\)\.$/);

    const text = await chartPngText(page, figure, 'grid-tex-demand.png', 1920);
    expect(text).toMatchObject({ Title: 'Texas: hourly demand and day-ahead forecast', Author: 'EnergyPulse' });
    expect(text['Source']).toContain(source);
    expect(text['URL']).toMatch(/\/grid\/TEX$/);

    const svg = readFileSync(await (await download(page, figure, /Vector image \(SVG\)/)).path(), 'utf8');
    for (const text of ['Texas: hourly demand and day-ahead forecast', 'GW', 'Day-ahead forecast', 'EnergyPulse', source])
      expect(svg).toContain(text);

    await figure.locator('label', { hasText: /^Table$/ }).click();
    const table = figure.getByRole('region', { name: /data table$/ });
    const header = await table.locator('thead th').allTextContents();
    expect(header).toEqual(['Hour ending (CT)', 'Demand (GW)', 'Day-ahead forecast (GW)']);
    const rows = await tableRows(table);
    expect(rows.length).toBeGreaterThan(160);
    const csv = readFileSync(await (await download(page, figure, /Data shown \(CSV\)/)).path(), 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(header.join(','));
    // A row per hour the table shows: the hour as ISO 8601 with Texas' offset (one moment a
    // spreadsheet reads), each an hour after the one before, the table's own cell holding it as its
    // machine time; every figure as stored (the API's megawatthours, in gigawatts, every digit),
    // which the table says to a tenth.
    const records = lines.slice(1).map((line) => line.split(','));
    expect(records).toHaveLength(rows.length);
    const hours = records.map(([hour = '']) => hour);
    for (const hour of hours) expect(hour).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00:00-0[56]:00$/);
    hours.slice(1).forEach((hour, i) => expect(Date.parse(hour) - Date.parse(hours[i]!)).toBe(3_600_000));
    expect(await table.locator('tbody th time').first().getAttribute('datetime')).toBe(hours[0]);
    const api = (await (
      await page.request.get(
        `/api/grid/TEX?start=${new Date(hours[0]!).toISOString().slice(0, 13)}&end=${new Date(hours.at(-1)!).toISOString().slice(0, 13)}`,
      )
    ).json()) as { hours: { period: string; demand: number | null; forecast: number | null }[] };
    const stored = new Map(api.hours.map((h) => [Date.parse(h.period), h]));
    const figure2 = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v / 1000));
    expect(records.map(([, ...cells]) => cells.join(','))).toEqual(
      hours.map((hour) => [figure2(stored.get(Date.parse(hour))?.demand), figure2(stored.get(Date.parse(hour))?.forecast)].join(',')),
    );
    const asShown = (text: string) => (text === '–' ? null : Number(text.replace(/,/g, '').replace('−', '-')));
    const tenth = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });
    expect(rows.map(([, ...cells]) => cells.map(asShown))).toEqual(
      records.map(([, ...cells]) => cells.map((c) => (c === '' ? null : Number(tenth.format(Number(c)))))),
    );
  });

  test('a state chart’s CSV gives its months as dates, and its permalink and embed code keep the sector', async ({ page }) => {
    const figure = await openChartFigure(page, '/states/tx?sector=commercial', 'state-tx-price-commercial');
    const csv = readFileSync(await (await download(page, figure, /Data shown \(CSV\)/)).path(), 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Month,Texas (¢/kWh),US average (¢/kWh)');
    expect(lines.slice(1).every((l) => /^\d{4}-\d{2}-01,\d+(\.\d+)?,\d+(\.\d+)?$/.test(l))).toBe(true);
    await figure.getByText('Share', { exact: true }).click();
    await expect(figure.getByLabel('Link')).toHaveValue(/\/states\/TX\?sector=commercial$/);
    await expect(figure.getByLabel('Embed code')).toHaveValue(
      /^<iframe src="http[^"]+\/embed\/states\/TX\?sector=commercial" title="Texas: commercial electricity price against the US average"/,
    );
    // The generation chart's embed names its chart.
    const generation = page.locator('[data-chart-figure="state-tx-generation-by-fuel"]');
    await generation.getByText('Share', { exact: true }).click();
    await expect(generation.getByLabel('Embed code')).toHaveValue(/\/embed\/states\/TX\?chart=generation"/);
  });

  test('a grid chart’s embed is framed by another site and sets no cookie; the grid page itself refuses framing', async ({ page, baseURL }) => {
    const embedPath = '/embed/grid/TEX?chart=generation';
    const { host, responses, close } = await openAnotherSite(page, baseURL, [
      { id: 'embed', title: 'Texas generation', path: embedPath, height: 560 },
      { id: 'site', title: 'The site', path: '/grid', height: 300 },
    ]);
    try {
      expect(host).not.toBe(new URL(baseURL ?? '').origin);
      const embed = page.frameLocator('#embed');
      const chart = embed.locator('[data-chart="grid-tex-generation-by-fuel"] svg').filter({ visible: true });
      await expect(chart).toBeVisible();
      await expect(chartText(chart, 'Natural gas')).toBeVisible();
      await expect(embed.getByText(/^Illustrative sample: a seeded week, not EIA figures\. Latest hour: /)).toBeVisible();
      await expect(embed.getByRole('link', { name: /EnergyPulse: see this chart/ })).toHaveAttribute('href', /\/grid\/TEX$/);
      await expect(embed.locator('header, nav, footer')).toHaveCount(0);
      // The table view is there; the downloads are on the site.
      await expect(embed.getByRole('radio', { name: 'Table' })).toBeAttached();
      await expect(embed.getByText('Download', { exact: true })).toHaveCount(0);

      const headers = (await responses.get(embedPath)?.allHeaders()) ?? {};
      expect(headers['x-frame-options']).toBeUndefined();
      expect(headers['content-security-policy']).toContain('frame-ancestors *');
      expect(headers['set-cookie']).toBeUndefined();
      expect(headers['cache-control']).toMatch(/^public, .*s-maxage=\d+/);
      expect(headers['surrogate-key']?.split(' ')).toContain('g:TEX');

      await expect.poll(() => responses.has('/grid')).toBe(true);
      const grid = (await responses.get('/grid')?.allHeaders()) ?? {};
      expect(grid['x-frame-options']).toBe('DENY');
      expect(grid['content-security-policy']).toContain("frame-ancestors 'none'");
      await expect(page.frameLocator('#site').locator('header')).toHaveCount(0);
    } finally {
      close();
    }
  });
});

for (const scheme of ['light', 'dark'] as const) {
  for (const path of ['/grid', '/grid/tex', '/states', '/states/tx', '/embed/grid/TEX', '/embed/states/TX?chart=generation']) {
    test(`axe finds nothing serious on ${path} (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(path);
      // Each chart drawn, the first one's table view shown (the others' are the
      // same markup, and a week of hours is long work for axe) and every menu open, as a reader opening them sees them.
      const figures = await page.locator('[data-chart-figure]').all();
      for (const figure of figures) {
        await figure.scrollIntoViewIfNeeded();
        await expect(drawnChart(figure)).toBeVisible();
      }
      await figures[0]?.locator('label', { hasText: /^Table$/ }).click();
      await expect(page.getByRole('region', { name: /data table$/ }).filter({ visible: true })).toHaveCount(figures.length > 0 ? 1 : 0);
      for (const details of await page.locator('details').all()) await details.evaluate((d) => d.setAttribute('open', ''));
      expect(await seriousViolations(page, 'main')).toEqual([]);
    });
  }
}
