import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { openAnotherSite } from './another-site.ts';
import { seriousViolations } from './axe.ts';
import { chartText, drawnChart } from './charts.ts';
import { waitForIslands } from './hydration.ts';

async function openReports(page: Page, query = '?tab=reports') {
  await page.goto(`/analytics${query}`);
  await waitForIslands(page);
  await expect(page.getByRole('heading', { name: 'Create Custom Report' })).toBeVisible();
}

/**
 * Sends one of the Reports tab's forms with these choices, in this order: a series ticked
 * (`true`) or not (`false`), or an option chosen in a list.
 */
async function sendReportForm(page: Page, form: string, choices: Record<string, boolean | string> = {}) {
  const card = page.getByRole('form', { name: form });
  for (const [label, choice] of Object.entries(choices)) {
    if (typeof choice === 'boolean') await card.getByLabel(label).setChecked(choice);
    else await card.getByLabel(label).selectOption(choice);
  }
  await card.getByRole('button', { name: form === 'Create Custom Report' ? 'Create Custom Report' : 'Generate Report' }).click();
}

/** The generated report's section, once its chart has drawn. */
async function expectReport(page: Page, title: string) {
  const report = page.getByRole('region', { name: title, exact: true });
  await expect(report).toBeVisible();
  await expect(drawnChart(report)).toBeVisible();
  return report;
}

async function downloadCsv(page: Page, report: ReturnType<Page['getByRole']>) {
  // The report's files at its chart address: the CSV of exactly the figures the report shows.
  const [download] = await Promise.all([page.waitForEvent('download'), report.getByRole('link', { name: 'Data shown (CSV)' }).click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), lines: readFileSync(path, 'utf8').trimEnd().split('\r\n') };
}

test('Price Analysis: chosen benchmarks and range, a chart, its table and the CSV', async ({ page }) => {
  await openReports(page);
  await sendReportForm(page, 'Price Analysis', { 'Henry Hub gas': true, 'Brent crude': false, Range: '3m' });

  const report = await expectReport(page, 'Price Analysis');
  // Two series: a legend names each color; the axis says what it measures; a line says where the figures come from.
  const chart = drawnChart(report);
  for (const text of ['WTI Crude Oil', 'Henry Hub Natural Gas', 'Index (start of range = 100)'])
    await expect(chart.getByText(text, { exact: true })).toBeVisible();
  await expect(chart.getByText('Brent Crude Oil', { exact: true })).toHaveCount(0);
  await expect(report.getByText(/^Sample data \(seeded history, not EIA figures\), as of [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/)).toBeVisible();
  await expect(page).toHaveURL(/report=price&series=wti%2Chenry-hub&range=3m/);
  // The page URL keeps the reader's choices and nothing else.
  expect(new URL(page.url()).searchParams.has('format')).toBe(false);
  await expect(report.getByText(/^WTI Crude Oil, Henry Hub Natural Gas · 3 months/)).toBeVisible();
  await expect(report.getByText(/indexed to 100/)).toBeVisible();
  const table = report.getByRole('region', { name: 'Price Analysis data table' });
  await expect(table.getByRole('columnheader')).toHaveText(['Date', 'WTI Crude Oil ($/bbl)', 'Henry Hub Natural Gas ($/MMBtu)']);
  const rows = await table.getByRole('row').count();
  expect(rows).toBeGreaterThan(55);
  // Every price with the same two decimals.
  const prices = await table.getByRole('cell').allTextContents();
  expect(prices.filter((p) => p !== '–').every((p) => /^\d+\.\d{2}$/.test(p))).toBe(true);

  const csv = await downloadCsv(page, report);
  expect(csv.name).toBe('price-analysis-wti-henry-hub-3m.csv');
  expect(csv.lines[0]).toBe('Date,WTI Crude Oil ($/bbl),Henry Hub Natural Gas ($/MMBtu)');
  expect(csv.lines).toHaveLength(rows);
});

test('Market Share and Regional Data generate with their tables and CSVs', async ({ page }) => {
  await openReports(page);
  await sendReportForm(page, 'Market Share', { Period: '12m' });
  let report = await expectReport(page, 'Market Share');
  await expect(report.getByRole('region', { name: 'Market Share data table' }).getByRole('rowheader').first()).toHaveText('Natural gas');
  let csv = await downloadCsv(page, report);
  expect(csv.name).toBe('market-share-12m.csv');
  expect(csv.lines[0]).toBe('Source,Generation (GWh),Share (%)');

  await sendReportForm(page, 'Regional Data', { 'Rank states by': 'renewables' });
  report = await expectReport(page, 'Regional Data');
  await expect(page).toHaveURL(/report=regional&metric=renewables/);
  // The value axis and the legend both name it.
  await expect(drawnChart(report).getByText('Renewable share (%)', { exact: true }).first()).toBeVisible();
  await expect(report.getByText(/^Sample data \(seeded generation history, not EIA figures\), as of [A-Z][a-z]+ \d{4}\.$/)).toBeVisible();
  await expect(report.getByRole('region', { name: 'Regional Data data table' }).getByRole('row')).toHaveCount(52);
  csv = await downloadCsv(page, report);
  expect(csv.lines[0]).toBe('State,Generation (GWh),Renewable share (%),Largest source');
  expect(csv.lines).toHaveLength(52);
});

test('a custom report is built from series, range and chart type, and its shared link rebuilds it', async ({ page, context }) => {
  await openReports(page);
  await sendReportForm(page, 'Create Custom Report', {
    'WTI crude': false,
    'Brent crude': true,
    'US gasoline': true,
    'Date range': '2y',
    'Chart type': 'area',
  });
  const report = await expectReport(page, 'Custom Report');
  await expect(page).toHaveURL(/report=custom&series=brent%2Cgasoline&range=2y&chart=area/);
  expect(new URL(page.url()).searchParams.has('format')).toBe(false);
  // The report heading takes focus, so a screen reader announces the result.
  await expect(report.getByRole('heading', { name: 'Custom Report' })).toBeFocused();

  const shared = await context.newPage();
  await shared.goto(page.url());
  await waitForIslands(shared);
  await expect(shared.getByRole('tab', { name: 'Custom Reports' })).toHaveAttribute('aria-selected', 'true');
  const again = await expectReport(shared, 'Custom Report');
  await expect(again.getByText(/^Brent Crude Oil, US Regular Gasoline · 2 years/)).toBeVisible();
  for (const series of ['Brent Crude Oil', 'US Regular Gasoline']) await expect(drawnChart(again).getByText(series, { exact: true })).toBeVisible();
  const form = shared.getByRole('form', { name: 'Create Custom Report' });
  await expect(form.getByLabel('US gasoline')).toBeChecked();
  await expect(form.getByLabel('WTI crude')).not.toBeChecked();
  await expect(form.getByLabel('Chart type')).toHaveValue('area');
});

test('a custom report of three series has a legend naming all three', async ({ page }) => {
  await openReports(page);
  await sendReportForm(page, 'Create Custom Report', { 'Brent crude': true, 'Henry Hub gas': true });
  const report = await expectReport(page, 'Custom Report');
  for (const series of ['WTI Crude Oil', 'Brent Crude Oil', 'Henry Hub Natural Gas'])
    await expect(drawnChart(report).getByText(series, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\?tab=reports&report=custom&series=wti%2Cbrent%2Chenry-hub&range=1y&chart=line$/);
});

test('a report needs at least one series', async ({ page }) => {
  await openReports(page);
  await sendReportForm(page, 'Price Analysis', { 'WTI crude': false, 'Brent crude': false });
  await expect(page.getByRole('alert')).toHaveText('Choose at least one series.');
});

test('a report’s embed code names its view, which another site frames: no cookie, no downloads, nothing serious for axe', async ({
  page,
  baseURL,
}) => {
  await openReports(page);
  await sendReportForm(page, 'Price Analysis', { 'Henry Hub gas': true });
  const report = await expectReport(page, 'Price Analysis');
  await report.getByText('Share', { exact: true }).click();
  // The view's one address: the settings that differ from the defaults (the range is the default's).
  const embedPath = '/embed/reports/price?series=wti,brent,henry-hub';
  await expect(report.getByLabel('Embed code', { exact: true })).toHaveValue(new RegExp(`src="http://[^"]+${embedPath.replace(/[?]/g, '\\?')}"`));

  const { host, responses, close } = await openAnotherSite(page, baseURL, [{ id: 'embed', title: 'Price Analysis', path: embedPath, height: 620 }]);
  try {
    expect(host).not.toBe(new URL(baseURL ?? '').origin);
    const embed = page.frameLocator('#embed');
    await expect(drawnChart(embed.locator('body'))).toBeVisible();
    for (const name of ['WTI Crude Oil', 'Brent Crude Oil', 'Henry Hub Natural Gas'])
      await expect(chartText(embed.locator('[data-chart] svg').filter({ visible: true }), name)).toBeVisible();
    await expect(embed.getByRole('link', { name: /EnergyPulse: see this chart/ })).toHaveAttribute(
      'href',
      /\/analytics\?tab=reports&report=price&series=wti,brent,henry-hub$/,
    );
    await expect(embed.locator('header, nav, footer')).toHaveCount(0);
    await expect(embed.getByRole('radio', { name: 'Table' })).toBeAttached();
    await expect(embed.getByText('Download', { exact: true })).toHaveCount(0);
    await expect.poll(() => responses.has(embedPath)).toBe(true);
    const headers = (await responses.get(embedPath)?.allHeaders()) ?? {};
    expect(headers['x-frame-options']).toBeUndefined();
    expect(headers['content-security-policy']).toContain('frame-ancestors *');
    expect(headers['set-cookie']).toBeUndefined();
    expect(headers['surrogate-key']?.split(' ')).toContain('market');
  } finally {
    close();
  }

  // The embed page itself, its table view shown, in light and dark.
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(embedPath);
    await expect(drawnChart(page)).toBeVisible();
    await page.locator('label', { hasText: /^Table$/ }).click();
    await expect(page.getByRole('region', { name: /data table$/ })).toBeVisible();
    expect(await seriousViolations(page), scheme).toEqual([]);
  }
});
