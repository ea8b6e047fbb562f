import { expect, test } from '@playwright/test';
import { waitForIslands } from './hydration.ts';
import { chartText, drawnChart } from './charts.ts';

test('analytics has three tabs, Market Overview first, with the tab kept in the URL', async ({ page }) => {
  await page.goto('/analytics');
  await waitForIslands(page);
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText(['Market Overview', 'Analytics', 'Custom Reports']);
  await expect(page.getByRole('tab', { name: 'Market Overview' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('WTI Crude Oil')).toBeVisible();
  await expect(page.getByText('+12.4% vs last quarter')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Analysis and insights' })).toBeVisible();

  await page.getByRole('tab', { name: 'Custom Reports' }).click();
  await expect(page).toHaveURL(/\?tab=reports$/);
  for (const t of ['Price Analysis', 'Market Share', 'Regional Data', 'Create Custom Report'])
    await expect(page.getByRole('heading', { name: t })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate Report' })).toHaveCount(3);

  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/\?tab=analytics$/);

  await page.reload();
  await expect(page.getByRole('tab', { name: 'Analytics' })).toHaveAttribute('aria-selected', 'true');
});

test('the dashboard cards compute what the stored series give and label the fixed example figures as illustrative', async ({ page }) => {
  await page.goto('/analytics');
  await waitForIslands(page);
  const price = page.getByRole('group', { name: 'Price Analysis', exact: true });
  await expect(price.getByText(/^WTI 30-day volatility: \d+\.\d%$/)).toBeVisible();
  await expect(price.getByText(/^Sample data \(seeded history, not EIA figures\), as of /)).toBeVisible();
  const illustrative = price.locator('[data-illustrative]');
  await expect(illustrative.getByText('Illustrative figures', { exact: true })).toBeVisible();
  await expect(illustrative.getByText('+12.4% vs last quarter')).toBeVisible();
  await expect(illustrative.getByText('18.7% 30-day volatility')).toBeVisible();
  await expect(illustrative).toContainText('Week 1 15.2%, Week 2 18.7%, Week 3 22.1%, Week 4 19.4%');

  // A fresh install seeds sample production history: the card charts it, says it is sample
  // data, and keeps the brief's figures apart, labelled.
  const production = page.getByRole('group', { name: 'Production', exact: true });
  await expect(production.locator('[data-illustrative]').getByText('Illustrative figures', { exact: true })).toBeVisible();
  await expect(production.getByText('55,000 bbl/d')).toBeVisible();
  await expect(production.getByText(/^Sample data \(seeded history, not EIA figures\), as of [A-Z][a-z]+ \d{4}\.$/)).toBeVisible();
  await production.scrollIntoViewIfNeeded();
  await expect(chartText(production.locator('[data-chart] svg'), 'Million barrels per day')).toBeVisible();
  const mix = page.getByRole('group', { name: 'Energy Mix', exact: true });
  await expect(mix.getByText(/^Sample data \(seeded generation history, not EIA figures\), as of [A-Z][a-z]+ \d{4}\.$/)).toBeVisible();
});

test('market data cards say each unit once, with the date and source of the figures', async ({ page }) => {
  await page.goto('/analytics');
  const cards = page.getByRole('region', { name: 'Market data' }).getByRole('listitem');
  await expect(cards).toHaveCount(5);
  const electricity = cards.filter({ hasText: 'US Residential Electricity' });
  await expect(electricity.getByText(/^\d+\.\d{2}¢\/kWh$/)).toBeVisible();
  await expect(electricity.getByText(/^Monthly, as of [A-Z][a-z]+ \d{4}$/)).toBeVisible();
  await expect(electricity.getByText('vs previous month')).toBeVisible();
  await expect(electricity.getByText('Illustrative sample', { exact: true })).toBeVisible();
  await expect(electricity.getByRole('link', { name: 'US Residential Electricity' })).toHaveAttribute('href', '/markets/electricity');
  await expect(cards.filter({ hasText: 'WTI Crude Oil' }).getByText(/^\$\d+\.\d{2}\/bbl$/)).toBeVisible();
  await expect(page.getByText('Sample data: seeded demonstration figures until the editors import EIA data.')).toBeVisible();
  expect(await page.locator('main').innerText()).not.toMatch(/¢\s*¢|\$[\d.,]+\s*\$\//);
});

test('an analysis item leads to its own page, with the chart its metadata names', async ({ page }) => {
  await page.goto('/analytics');
  await page.getByRole('link', { name: 'Crude benchmarks: WTI, Brent and the spread this quarter' }).click();
  await expect(page).toHaveURL(/\/analytics\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Crude benchmarks: WTI, Brent and the spread this quarter' })).toBeVisible();
  const figures = page.getByRole('region', { name: 'The figures' });
  for (const series of ['WTI Crude Oil ($/bbl)', 'Brent Crude Oil ($/bbl)'])
    await expect(chartText(figures.locator('[data-chart] svg').filter({ visible: true }), series)).toBeVisible();
  await expect(figures.getByText(/^Sample data \(seeded history, not EIA figures\), as of /)).toBeVisible();
  await figures.getByRole('link', { name: 'Explore in Custom Reports' }).click();
  await expect(page).toHaveURL(/\/analytics\?tab=reports&report=custom&series=wti%2Cbrent&range=3m&chart=line$/);
  await expect(drawnChart(page.getByRole('region', { name: 'Custom Report', exact: true }))).toBeVisible();
});
