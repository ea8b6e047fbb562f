import { expect, test } from '@playwright/test';
import { waitForIslands } from './hydration.ts';

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

test('market data cards say each unit once, with the date and source of the figures', async ({ page }) => {
  await page.goto('/analytics');
  const cards = page.getByRole('region', { name: 'Market data' }).getByRole('listitem');
  await expect(cards).toHaveCount(5);
  const electricity = cards.filter({ hasText: 'US Residential Electricity' });
  await expect(electricity.getByText(/^\d+\.\d{2}¢\/kWh$/)).toBeVisible();
  await expect(electricity.getByText(/^as of [A-Z][a-z]+ \d{4}$/)).toBeVisible();
  await expect(cards.filter({ hasText: 'WTI Crude Oil' }).getByText(/^\$\d+\.\d{2}\/bbl$/)).toBeVisible();
  await expect(page.getByText('Sample data: seeded demonstration figures until the editors import EIA data.')).toBeVisible();
  expect(await page.locator('main').innerText()).not.toMatch(/¢\s*¢|\$[\d.,]+\s*\$\//);
});
